import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine, type Engine } from "../../server/engine/createEngine";
import { fittingWindowDays } from "../../server/engine/modelFitting";
import { ingestEvents, ingestOrders } from "../../server/engine/ingestion";
import { silentLog } from "../../server/log";
import type { FittingPath, HitRow, OrderRow } from "../../server/warehouse/engineQueries";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { openFreshWarehouse } from "../warehouseUnderTest";
import { seededRandom } from "../support/seededRandom";

/**
 * The journeys a data-driven model learns from (docs/engine.md, "Data-driven models"), as the warehouse reads them
 * (`fittingPaths`), against their definition worked out here from the raw rows and the stored touches: the orders
 * of the window with their touches as attributed, and each visitor's clicks of the window after its last order.
 * Seeded random data over 150 days, so the 90-day window cuts through visitors' clicks and orders fall before it,
 * inside it and between a visitor's clicks; at both levels, after a materialisation and after new clicks and
 * orders are processed incrementally.
 */

const program = { id: 994, code: "fitpaths", name: "Fitting Paths", currency: "GBP", utc_offset: "+00:00", locale: "en-GB" };
const day = 86_400_000;
const start = Date.UTC(2025, 0, 1);
const span = 150;
const isoDay = (ts: number): string => new Date(ts).toISOString().slice(0, 10);

/** Channels at two levels, with an empty second level (read as 'None') among them. */
const taxonomies: ReadonlyArray<readonly [string, string, string, string]> = [
  ["Paid Search", "Brand", "None", "None"],
  ["Paid Search", "Generic", "None", "None"],
  ["Email", "Newsletter", "None", "None"],
  ["Display", "", "None", "None"],
  ["Social", "Brand", "None", "None"],
];

const generate = (seed: number) => {
  const r = seededRandom(seed);
  const hits: HitRow[] = [];
  for (let i = 1; i <= 900; i++) {
    const ts = start + Math.floor(r.next() * span * day);
    hits.push({
      programId: program.id,
      hitId: i,
      visitorId: `v${r.int(1, 90)}`,
      ts,
      hitDate: isoDay(ts),
      eventType: r.next() < 0.85 ? "click" : "impression",
      taxonomy: r.pick(taxonomies),
    });
  }
  // two clicks of one visitor at one instant: ties go by hit id
  const tie = hits.find((h) => h.eventType === "click" && h.ts > start + (span - 30) * day);
  if (tie) hits.push({ ...tie, hitId: 901, taxonomy: taxonomies[2] });
  const orders: OrderRow[] = [];
  for (let i = 1; i <= 70; i++) {
    const ts = start + Math.floor(r.next() * span * day);
    orders.push({
      programId: program.id,
      orderId: `order-${i}`,
      visitorId: `v${r.int(1, 100)}`, // some buyers never clicked: Direct
      ts,
      orderDate: isoDay(ts),
      amount: r.int(5, 300),
      status: r.next() < 0.9 ? "valid" : "cancelled",
      customerType: "new",
      payment: "card",
      customerId: r.next() < 0.2 ? `c${r.int(1, 5)}` : null,
    });
  }
  return { hits, orders };
};

const channelOf = (taxonomy: ReadonlyArray<string>, level: 1 | 2): string => {
  const named = taxonomy.map((t) => (t === "" ? "None" : t));
  return level === 1 ? named[0]! : `${named[0]}\u001e${named[1]}`;
};

/** The definition: the window's orders with their touches, and each visitor's clicks of the window after its last order. */
const expectedPaths = async (warehouse: Warehouse, level: 1 | 2): Promise<ReadonlyArray<FittingPath>> => {
  const hits = await warehouse.attribution.classifiedHits(program.id);
  const touches = await warehouse.attribution.touches(program.id);
  const raw = new Map(written.hits.map((h) => [h.hitId, h] as const));
  const clicks = hits.map((h) => ({ ...h, row: raw.get(h.hitId)! })).filter((h) => h.row.eventType === "click");
  const orderTs = new Map(written.orders.map((o) => [o.orderId, o] as const));
  const newest = Math.max(...written.orders.map((o) => o.ts), ...clicks.map((c) => c.row.ts));
  const from = newest - fittingWindowDays * day;
  const counts = new Map<string, { conversions: number; nulls: number }>();
  const add = (channels: ReadonlyArray<string>, converted: boolean) => {
    const key = channels.join("\u001f");
    const count = counts.get(key) ?? { conversions: 0, nulls: 0 };
    counts.set(key, converted ? { ...count, conversions: count.conversions + 1 } : { ...count, nulls: count.nulls + 1 });
  };
  for (const [orderId, order] of orderTs) {
    if (order.ts < from) continue;
    const own = touches.filter((t) => t.orderId === orderId).sort((a, b) => a.touchIndex - b.touchIndex);
    add(
      own.map((t) => channelOf(t.taxonomy, level)),
      true,
    );
  }
  const lastOrder = new Map<string, number>();
  for (const o of written.orders) lastOrder.set(o.visitorId, Math.max(lastOrder.get(o.visitorId) ?? 0, o.ts));
  const byVisitor = new Map<string, typeof clicks>();
  for (const c of clicks) {
    if (c.row.ts < from || c.row.ts <= (lastOrder.get(c.row.visitorId) ?? 0)) continue;
    byVisitor.set(c.row.visitorId, [...(byVisitor.get(c.row.visitorId) ?? []), c]);
  }
  for (const open of byVisitor.values()) {
    add(
      [...open].sort((a, b) => a.row.ts - b.row.ts || a.hitId - b.hitId).map((c) => channelOf(c.taxonomy, level)),
      false,
    );
  }
  return [...counts].map(([key, count]) => ({ channels: key.split("\u001f"), ...count }));
};

const sorted = (paths: ReadonlyArray<FittingPath>) =>
  [...paths].map((p) => ({ ...p, channels: [...p.channels] })).sort((a, b) => (a.channels.join("|") < b.channels.join("|") ? -1 : 1));

let written = generate(20261129);

describe("the journeys a data-driven model is fitted on", () => {
  let warehouse: Warehouse;
  let engine: Engine;
  let now = start + span * day;

  beforeAll(async () => {
    warehouse = await openFreshWarehouse(() => now);
    await warehouse.demoData.load({ programs: [program], users: [], memberships: [], messages: [] });
    await warehouse.attribution.append({
      hits: written.hits,
      orders: written.orders,
      classifications: [],
      settings: [{ programId: program.id, model: "markov", lookbackDays: 30 }],
      dataSets: [],
    });
    engine = createEngine({ warehouse, clock: () => now, log: silentLog });
    await engine.materialise(program.id);
  });
  afterAll(() => warehouse.close());

  const expectSame = async () => {
    for (const level of [1, 2] as const) {
      const expected = await expectedPaths(warehouse, level);
      expect(expected.length, "the data set has several paths").toBeGreaterThan(20);
      expect(sorted(await warehouse.attribution.fittingPaths(program.id, fittingWindowDays, level)), `level ${level}`).toEqual(sorted(expected));
    }
  };

  it("are the window's orders as attributed and each visitor's clicks after its last order", expectSame);

  it("stay so after new clicks and orders are processed incrementally", async () => {
    const r = seededRandom(7);
    now += day;
    const events = Array.from({ length: 40 }, (_, i) => ({
      event_id: `late-${i}`,
      type: "click",
      time: now - r.int(1, 20 * 24) * 3_600_000,
      visitor_id: `v${r.int(1, 110)}`,
      url: `https://shop.example/?utm_source=s${i % 3}&utm_medium=cpc`,
    }));
    const fed = Array.from({ length: 8 }, (_, i) => ({
      order_id: i < 2 ? `order-${i + 1}` : `late-order-${i}`, // two orders sent again at a new instant
      time: now - r.int(1, 10 * 24) * 3_600_000,
      amount: 20,
      currency: "GBP",
      status: "valid",
      customer_type: "new",
      payment: "card",
      visitor_id: `v${r.int(1, 110)}`,
    }));
    expect(await ingestEvents(warehouse.ingestion, program, events, now)).toMatchObject({ accepted: events.length });
    expect(await ingestOrders(warehouse.ingestion, program, fed, now)).toMatchObject({ accepted: fed.length });
    await engine.processIngested(program.id);
    const stored = await warehouse.attribution.classifiedHits(program.id);
    // the reference reads the rows as stored now: the new hits (classified 'None' without a saved classification)
    // and the orders as replaced
    const byId = new Map(written.hits.map((h) => [h.hitId, h] as const));
    const newHits: HitRow[] = [];
    for (const h of stored) {
      if (byId.has(h.hitId)) continue;
      const event = events[newHits.length]!;
      newHits.push({ programId: program.id, hitId: h.hitId, visitorId: event.visitor_id, ts: event.time, hitDate: isoDay(event.time), eventType: "click" });
    }
    const replaced = new Map(written.orders.map((o) => [o.orderId, o] as const));
    for (const o of fed) {
      replaced.set(o.order_id, {
        programId: program.id,
        orderId: o.order_id,
        visitorId: o.visitor_id,
        ts: o.time,
        orderDate: isoDay(o.time),
        amount: o.amount,
        status: o.status,
        customerType: o.customer_type,
        payment: o.payment,
      });
    }
    written = { hits: [...written.hits, ...newHits], orders: [...replaced.values()] };
    await expectSame();
  });
});
