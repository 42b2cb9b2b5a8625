import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "../../server/engine/createEngine";
import { ingestEvents, ingestOrders } from "../../server/engine/ingestion";
import { silentLog } from "../../server/log";
import { generateDemoData } from "../../server/seed/demoData";
import { plantDemoData } from "../../server/seed/plantDemoData";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { warehouseFileIn, type WarehouseFile } from "./warehouseFile";

/**
 * Incremental processing (docs/engine.md, "Ingestion") against the full rebuild: events and
 * orders ingested through the validated path and processed incrementally leave exactly the
 * classification, touches, journey paths, journeys that did not convert and daily facts that re-materialising the whole
 * program from the same raw data writes; and sending the same data again changes nothing.
 */

const today = "2025-06-02";
const now = Date.parse(`${today}T09:00:00Z`);
const day = 86_400_000;
const programId = 1;
const northwind = { id: programId, code: "northwind", name: "Northwind Outfitters", currency: "GBP", utc_offset: "+00:00", locale: "en-GB" };

/** The tables an incremental run writes, each read in a fixed order with doubles rounded (sums may add in another order). */
const tables: ReadonlyArray<readonly [string, string]> = [
  ["hits", "hit_id"],
  ["touches", "order_id, touch_index"],
  ["journey_touchpoints", "touchpoint"],
  ["journey_paths", "order_id"],
  ["open_journeys", "visitor_id"],
  ["traffic_facts", "ALL"],
  ["sales_facts", "ALL"],
  ["inclusion_facts", "ALL"],
  ["cost_facts", "ALL"],
];

describe("incremental processing", () => {
  let dir = "";
  let file: WarehouseFile;

  const snapshot = () =>
    file.read(async (reading) => {
      const taken: Record<string, ReadonlyArray<Record<string, unknown>>> = {};
      for (const [table, order] of tables) {
        const doubles = await reading.doubleColumns(table);
        const replace = doubles.length === 0 ? "" : ` REPLACE (${doubles.map((c) => `round(${c}, 6) AS ${c}`).join(", ")})`;
        taken[table] = await reading.rows(`SELECT *${replace} FROM ${table} WHERE program_id = ${programId} ORDER BY ${order}`);
      }
      return taken;
    });

  /** Opens the warehouse in its folder, runs `work` with it and an engine, closes it. */
  const session = async (work: (w: Warehouse, engine: ReturnType<typeof createEngine>) => Promise<void>) => {
    const warehouse = await file.open(() => now);
    try {
      await work(warehouse, createEngine({ warehouse, clock: () => now, log: silentLog }));
    } finally {
      await warehouse.close();
    }
  };

  let events: ReadonlyArray<Record<string, unknown>> = [];
  let orders: ReadonlyArray<Record<string, unknown>> = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "ingest-incremental-"));
    file = warehouseFileIn(dir);
    await session(async (warehouse, engine) => {
      await plantDemoData(warehouse, generateDemoData({ seed: 11, scale: 0.05, today }), { N: 1024, r: 8, p: 1 });
      await engine.materialiseAll();
    });
    // Visitors with orders (their journeys change), one order to cancel, one to move to another day and a cost link of the program's spend.
    const picked = await file.read(async (reading) => ({
      buyers: await reading.rows(
        `SELECT visitor_id, order_id, ts, amount, customer_type, payment FROM orders
         WHERE program_id = ${programId} AND status = 'valid' ORDER BY ts DESC, order_id LIMIT 12`,
      ),
      costLink: String((await reading.rows(`SELECT cost_link FROM variable_costs WHERE program_id = ${programId} ORDER BY id LIMIT 1`))[0]?.["cost_link"]),
      // Visitors whose journey has not converted, with clicks: new clicks after them extend the stored row.
      open: await reading.rows(
        `SELECT visitor_id, first_ts, last_ts FROM open_journeys
         WHERE program_id = ${programId} AND last_ts IS NOT NULL AND last_ts < ${now - 2 * day} AND length(click_ts) >= 2
         ORDER BY last_ts DESC, visitor_id LIMIT 6`,
      ),
    }));
    expect(picked.open).toHaveLength(6);
    const ts = (row: Record<string, unknown>) => Number(row["ts"]);
    events = [
      ...picked.buyers.map((b, i) => ({
        event_id: `buyer-click-${i}`,
        type: "click",
        time: ts(b) - (i + 1) * 3_600_000,
        visitor_id: b["visitor_id"],
        url: `https://shop.example/?utm_source=${i % 2 ? "google" : "newsletter"}&utm_medium=${i % 2 ? "cpc" : "email"}&utm_campaign=Spring_${i}`,
        referrer: "https://www.google.com/",
      })),
      ...Array.from({ length: 30 }, (_, i) => ({
        event_id: `new-${i}`,
        type: i % 4 === 0 ? "impression" : "click",
        time: now - (i + 1) * day,
        visitor_id: `new-visitor-${i % 10}`,
        url: `https://shop.example/p?utm_source=facebook&utm_medium=social&utm_campaign=Launch&gclid=g${i}`,
      })),
      { event_id: "spend", type: "click", time: now - 2 * day, visitor_id: "new-visitor-0", url: "https://shop.example/", cost_link: picked.costLink },
      // The journeys that did not convert: clicks after a visitor's last (appended to its row; two on the first, out of
      // their arrival order), at the same instant as its last (ties go by hit id: written again), and one before its
      // first and one after (written again), and an impression after (no click: the row stands).
      ...picked.open.flatMap((v, i) => {
        const click = (n: number, time: number, source: string) => ({
          event_id: `open-${i}-${n}`,
          type: "click",
          time,
          visitor_id: v["visitor_id"],
          url: `https://shop.example/?utm_source=${source}&utm_medium=${source === "newsletter" ? "email" : "cpc"}&utm_campaign=Open_${i}`,
        });
        const last = Number(v["last_ts"]);
        if (i === 0) return [click(0, last + 7_200_000, "newsletter"), click(1, last + 3_600_000, "google")];
        if (i === 3) return [click(0, last, "newsletter")];
        if (i === 4) return [click(0, Number(v["first_ts"]) - 60_000, "google"), click(1, last + 60_000, "newsletter")];
        if (i === 5) return [{ ...click(0, last + 60_000, "google"), type: "impression" }];
        return [click(0, last + 60_000 * i, i % 2 ? "google" : "newsletter")];
      }),
    ];
    const first = picked.buyers[0] ?? {};
    const second = picked.buyers[1] ?? {};
    orders = [
      ...Array.from({ length: 10 }, (_, i) => ({
        order_id: `FEED-${i}`,
        time: now - i * 3_600_000,
        amount: 40 + i,
        currency: "GBP",
        status: "valid",
        customer_type: i % 3 ? "returning" : "new",
        payment: "credit",
        visitor_id: `new-visitor-${i}`,
      })),
      {
        order_id: first["order_id"],
        time: ts(first),
        amount: Number(first["amount"]),
        currency: "GBP",
        status: "cancelled",
        customer_type: first["customer_type"],
        payment: first["payment"],
        visitor_id: first["visitor_id"],
      },
      // An order corrected to two days earlier: its old conversion day loses it.
      {
        order_id: second["order_id"],
        time: ts(second) - 2 * day,
        amount: Number(second["amount"]) + 1,
        currency: "GBP",
        status: "valid",
        customer_type: second["customer_type"],
        payment: second["payment"],
        visitor_id: second["visitor_id"],
      },
    ];
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("leaves the same classification, touches, journey paths and facts as a full rebuild", async () => {
    const before = await snapshot();
    await session(async (warehouse, engine) => {
      const answer = await ingestEvents(warehouse.ingestion, northwind, events, now);
      expect(answer).toMatchObject({ accepted: events.length, refused: 0 });
      expect(await ingestOrders(warehouse.ingestion, northwind, orders, now)).toMatchObject({ accepted: orders.length, refused: 0 });
      expect(await warehouse.ingestion.programsDue()).toEqual([programId]);
      await engine.processIngested(programId);
      expect(await warehouse.ingestion.programsDue()).toEqual([]);
    });
    const incremental = await snapshot();
    expect(incremental["traffic_facts"]).not.toEqual(before["traffic_facts"]);
    expect(incremental["sales_facts"]).not.toEqual(before["sales_facts"]);
    await session((_, engine) => engine.materialise(programId));
    const full = await snapshot();
    for (const [table] of tables) expect(incremental[table], table).toEqual(full[table]);
  });

  it("changes nothing when the same events and orders are sent again", async () => {
    const before = await snapshot();
    await session(async (warehouse, engine) => {
      expect(await ingestEvents(warehouse.ingestion, northwind, events, now)).toMatchObject({ duplicates: events.length });
      expect(await ingestOrders(warehouse.ingestion, northwind, orders, now)).toMatchObject({ duplicates: orders.length });
      expect(await warehouse.ingestion.programsDue()).toEqual([]);
      await engine.processIngested(programId);
    });
    expect(await snapshot()).toEqual(before);
  });
});
