import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JourneyTouch } from "../../src/domain/journeys/journeys";
import { journeyPage, journeySummary } from "../../server/engine/analysis";
import { createEngine } from "../../server/engine/createEngine";
import { validOrders, type ReportFactScope } from "../../server/engine/reports";
import { silentLog } from "../../server/log";
import { openFreshWarehouse } from "../warehouseUnderTest";
import type { HitRow, OrderRow } from "../../server/warehouse/engineQueries";
import type { Warehouse } from "../../server/warehouse/warehouse";

/**
 * The journeys summary on a data set small enough to work out by hand: eight orders, each
 * of its own visitor clicking a few hours before it. At level Two the valid orders' paths
 * (consecutive identical touches merged) are:
 *
 *   Email / Newsletter > Paid Search / Google Ads   o1 100, o2 50, o3 70   (3 orders, 220)
 *   SEO / Organic                                   o4 60, o5 40, o7 20    (3 orders, 120)
 *   Paid Search / Google Ads > Email / Newsletter   o6 30                  (1 order, 30)
 *
 * o1's journey is Email, Google, Google (merged to two steps), o7's SEO, SEO (one step);
 * o3's Google touch is another campaign (Generic), the same at level Two but not at Three;
 * o8 (Email, 999) is cancelled and counts nowhere. Every order: 7, revenue 370.
 */

const programId = 7;
const hour = 3_600_000;
const day0 = Date.UTC(2025, 3, 10, 12);
const isoDay = (ts: number): string => new Date(ts).toISOString().slice(0, 10);

type Taxonomy = readonly [string, string, string, string];
const email: Taxonomy = ["Email", "Newsletter", "Weekly", "Issue 7"];
const brand: Taxonomy = ["Paid Search", "Google Ads", "Brand", "Exact"];
const generic: Taxonomy = ["Paid Search", "Google Ads", "Generic", "Broad"];
const seo: Taxonomy = ["SEO", "Organic", "None", "None"];

const journeys: ReadonlyArray<{ readonly order: string; readonly amount: number; readonly status: string; readonly clicks: ReadonlyArray<Taxonomy> }> = [
  { order: "o1", amount: 100, status: "valid", clicks: [email, brand, brand] },
  { order: "o2", amount: 50, status: "valid", clicks: [email, brand] },
  { order: "o3", amount: 70, status: "valid", clicks: [email, generic] },
  { order: "o4", amount: 60, status: "valid", clicks: [seo] },
  { order: "o5", amount: 40, status: "valid", clicks: [seo] },
  { order: "o6", amount: 30, status: "valid", clicks: [brand, email] },
  { order: "o7", amount: 20, status: "valid", clicks: [seo, seo] },
  { order: "o8", amount: 999, status: "cancelled", clicks: [email] },
];

const hits: HitRow[] = [];
const orders: OrderRow[] = journeys.map((j, n) => {
  const ts = day0 + n * hour;
  j.clicks.forEach((taxonomy, i) => {
    const at = ts - (j.clicks.length - i) * 600_000;
    hits.push({ programId, hitId: hits.length + 1, visitorId: `v-${j.order}`, ts: at, hitDate: isoDay(at), eventType: "click", taxonomy });
  });
  return { programId, orderId: j.order, visitorId: `v-${j.order}`, ts, orderDate: isoDay(ts), amount: j.amount, status: j.status, customerType: "new", payment: "cash" };
});

const scope: ReportFactScope = { programId, from: isoDay(day0 - 86_400_000), to: isoDay(day0 + 86_400_000), orders: validOrders };

let warehouse: Warehouse;

beforeAll(async () => {
  warehouse = await openFreshWarehouse(() => 0);
  await warehouse.attribution.append({ hits, orders });
  await createEngine({ warehouse, clock: () => 1, log: silentLog }).materialiseAll();
});
afterAll(() => warehouse.close());

const ask = (request: Partial<Parameters<typeof journeySummary>[2]> = {}) =>
  journeySummary(warehouse.analysis, scope, { level: 2, search: undefined, path: undefined, ...request });

const emailGoogle = [
  ["Email", "Newsletter"],
  ["Paid Search", "Google Ads"],
];

describe("the journeys summary", () => {
  it("holds the journeys the data set was built with", async () => {
    const stored = new Map<string, JourneyTouch["taxonomy_1"][]>();
    for (const t of await warehouse.attribution.touches(programId)) stored.set(t.orderId, [...(stored.get(t.orderId) ?? []), t.taxonomy[2]]);
    expect(stored.get("o1")).toEqual(["Weekly", "Brand", "Brand"]);
    expect(stored.get("o3")).toEqual(["Weekly", "Generic"]);
    expect(stored.get("o7")).toEqual(["None", "None"]);
  });

  it("counts every order and its most common paths at level Two", async () => {
    const summary = await ask();
    expect(summary.level).toBe(2);
    expect(summary.all).toEqual({ orders: 7, revenue: 370, aov: 370 / 7 });
    expect(summary.filtered).toEqual({ orders: 7, revenue: 370, aov: 370 / 7, share: 100 });
    expect(summary.paths).toEqual([
      { steps: emailGoogle, orders: 3, revenue: 220, aov: 220 / 3, share: (3 / 7) * 100 },
      { steps: [["SEO", "Organic"]], orders: 3, revenue: 120, aov: 40, share: (3 / 7) * 100 },
      { steps: [["Paid Search", "Google Ads"], ["Email", "Newsletter"]], orders: 1, revenue: 30, aov: 30, share: (1 / 7) * 100 },
    ]);
    expect(summary.other).toEqual({ orders: 0, revenue: 0, aov: 0, share: 0 });
    expect(summary.chosen).toBeNull();
  });

  it("puts the paths past the most common into 'Other'", async () => {
    const summary = await journeySummary(warehouse.analysis, scope, { level: 2, search: undefined, path: undefined, limit: 1 });
    expect(summary.paths.map((p) => p.orders)).toEqual([3]);
    expect(summary.other).toEqual({ orders: 4, revenue: 150, aov: 37.5, share: (4 / 7) * 100 });
  });

  it("tells paths apart at level Three ('None' levels kept in the steps)", async () => {
    const summary = await ask({ level: 3 });
    expect(summary.paths.map((p) => [p.steps, p.orders, p.revenue])).toEqual([
      [[["SEO", "Organic", "None"]], 3, 120],
      [[["Email", "Newsletter", "Weekly"], ["Paid Search", "Google Ads", "Brand"]], 2, 150],
      [[["Email", "Newsletter", "Weekly"], ["Paid Search", "Google Ads", "Generic"]], 1, 70],
      [[["Paid Search", "Google Ads", "Brand"], ["Email", "Newsletter", "Weekly"]], 1, 30],
    ]);
  });

  it("summarises the orders a filter keeps against every order", async () => {
    const summary = await ask({ search: { first: [{ taxonomy_one: "Email" }] } });
    expect(summary.all).toEqual({ orders: 7, revenue: 370, aov: 370 / 7 });
    expect(summary.filtered).toEqual({ orders: 3, revenue: 220, aov: 220 / 3, share: (3 / 7) * 100 });
    expect(summary.paths).toEqual([{ steps: emailGoogle, orders: 3, revenue: 220, aov: 220 / 3, share: 100 }]);
    const none = await ask({ search: { first: [{ taxonomy_one: "Display" }] } });
    expect(none.filtered).toEqual({ orders: 0, revenue: 0, aov: 0, share: 0 });
    expect(none.paths).toEqual([]);
  });

  it("counts a chosen path's orders, also one no journey has", async () => {
    expect((await ask({ path: emailGoogle })).chosen).toEqual({ steps: emailGoogle, orders: 3, revenue: 220, aov: 220 / 3, share: (3 / 7) * 100 });
    expect((await ask({ path: [["Nowhere", "Else"]] })).chosen).toEqual({ steps: [["Nowhere", "Else"]], orders: 0, revenue: 0, aov: 0, share: 0 });
  });

  it("filters the journeys call to a chosen path's orders, exactly", async () => {
    const page = (path: ReadonlyArray<ReadonlyArray<string>>) =>
      journeyPage(warehouse.analysis, scope, { sortBy: "conversion_date", direction: "asc", page: 1, perPage: 50, search: undefined, path, timeZone: "+00:00" });
    expect((await page(emailGoogle)).data.map((r) => r.order_id)).toEqual(["o1", "o2", "o3"]);
    expect((await page([["SEO", "Organic"]])).data.map((r) => r.order_id)).toEqual(["o4", "o5", "o7"]);
    expect((await page([["Email", "Newsletter", "Weekly"], ["Paid Search", "Google Ads", "Brand"]])).data.map((r) => r.order_id)).toEqual(["o1", "o2"]);
    expect((await page([["Paid Search", "Google Ads"]])).total).toBe(0);
    expect((await page([["Nowhere", "Else"]])).total).toBe(0);
  });
});
