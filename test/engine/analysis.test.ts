import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journeyMatches, type JourneySearch, type JourneyTouch } from "../../src/domain/journeys/journeys";
import { createEngine } from "../../server/engine/createEngine";
import { diminishingSeries, funnelRows, funnelTrends, journeyPage } from "../../server/engine/analysis";
import { validOrders, type ReportFactScope } from "../../server/engine/reports";
import { silentLog } from "../../server/log";
import { openFreshWarehouse } from "../warehouseUnderTest";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { fixtureBatch, programId } from "./fixture";

/**
 * The analysis reports over the hand-built data of fixture.ts (linear model, 30 days).
 * Valid orders: O1 01-27 70 (PS/Brand upper, Email mid, PS/Generic lower: 70/3 each),
 * O3 02-03 30 (Email upper, None lower: 15 each), O4 02-01 40 (Direct solo).
 * O2 (cancelled) has O1's journey.
 */

const scope: ReportFactScope = { programId, from: "2025-01-01", to: "2025-02-28", orders: validOrders };
let warehouse: Warehouse;

beforeAll(async () => {
  warehouse = await openFreshWarehouse(() => 0);
  await warehouse.attribution.append(fixtureBatch);
  await createEngine({ warehouse, clock: () => 1, log: silentLog }).materialiseAll();
});
afterAll(() => warehouse.close());

describe("funnel", () => {
  it("answers each role's revenue, credit and share of the four roles' revenue", async () => {
    const rows = await funnelRows(warehouse.analysis, scope, []);
    expect(rows.map((r) => r.taxonomy_1)).toEqual(["Direct", "Email", "Paid Search", "None"]);
    const [direct, email, paid, none] = rows;
    expect(direct).toMatchObject({ solo_revenue: 40, solo_revenue_percent: 100, solo_credit: 1, upper_funnel_revenue: 0 });
    expect(email?.mid_funnel_revenue).toBeCloseTo(70 / 3);
    expect(email?.upper_funnel_revenue).toBeCloseTo(15);
    expect(email?.mid_funnel_revenue_percent).toBeCloseTo((70 / 3 / (70 / 3 + 15)) * 100);
    expect(email?.upper_funnel_revenue_percent).toBeCloseTo((15 / (70 / 3 + 15)) * 100);
    expect(email?.mid_funnel_credit).toBeCloseTo(1 / 3);
    expect(email?.upper_funnel_credit).toBeCloseTo(0.5);
    expect(paid?.upper_funnel_revenue_percent).toBeCloseTo(50);
    expect(paid?.lower_funnel_revenue_percent).toBeCloseTo(50);
    expect(paid?.solo_revenue_percent).toBe(0);
    expect(none).toMatchObject({ lower_funnel_revenue: 15, lower_funnel_revenue_percent: 100, lower_funnel_credit: 0.5 });
  });

  it("drills down and answers the one row of a full path", async () => {
    const rows = await funnelRows(warehouse.analysis, scope, ["Paid Search"]);
    expect(rows.map((r) => [r.taxonomy_1, r.taxonomy_2])).toEqual([
      ["Paid Search", "Brand"],
      ["Paid Search", "Generic"],
    ]);
    expect(rows[0]?.upper_funnel_revenue_percent).toBe(100);
    const leaf = await funnelRows(warehouse.analysis, scope, ["Paid Search", "Brand", "Brand_Campaign", "adA"]);
    expect(leaf).toHaveLength(1);
    expect(leaf[0]?.taxonomy_4).toBe("adA");
  });

  it("fills every day of the range in the trends and rolls up to weeks", async () => {
    const days = await funnelTrends(warehouse.analysis, warehouse.reports, { ...scope, from: "2025-01-27", to: "2025-02-03" }, [], "day");
    const email = days.find((s) => s.name === "Email");
    expect(email?.data).toHaveLength(8);
    expect(email?.children).toEqual(["None"]);
    expect(email?.data[0]).toMatchObject({ conversion_date: "2025-01-27", mid_funnel_revenue_percent: 100 });
    expect(email?.data[1]).toMatchObject({ conversion_date: "2025-01-28", mid_funnel_revenue: 0, mid_funnel_revenue_percent: 0 });
    expect(email?.data[7]).toMatchObject({ conversion_date: "2025-02-03", upper_funnel_revenue: 15 });
    const weeks = await funnelTrends(warehouse.analysis, warehouse.reports, scope, [], "week");
    const weekly = weeks.find((s) => s.name === "Email")?.data.find((p) => p.conversion_date === "2025-01-27");
    expect(weekly?.mid_funnel_revenue).toBeCloseTo(70 / 3);
  });
});

describe("diminishing returns", () => {
  it("answers weekly spend and revenue with the week's seasonality type", async () => {
    const id = await warehouse.seasonality.addType(programId, "Winter sale", 1);
    if (id === "duplicate") throw new Error("duplicate");
    await warehouse.seasonality.tagWeek(programId, "2025-01-27", id);
    const series = await diminishingSeries(warehouse.analysis, warehouse.reports, warehouse.seasonality, scope, []);
    const email = series.find((s) => s.name === "Email");
    // fixed: 12 single on 01-31 + 1 a day 01-30..02-02 (yearly); revenue: O1's mid 70/3; then O3's upper 15.
    expect(email?.data.map((p) => p.conversion_date)).toEqual(["2025-01-27", "2025-02-03"]);
    expect(email?.data[0]?.total_cost).toBeCloseTo(16);
    expect(email?.data[0]?.attributed_revenue).toBeCloseTo(70 / 3);
    expect(email?.data[0]?.seasonality).toBe("Winter sale");
    expect(email?.data[1]).toMatchObject({ total_cost: 0, attributed_revenue: 15, seasonality: null });
  });
});

describe("journeys", () => {
  const searches: ReadonlyArray<JourneySearch> = [
    {},
    { first: [{ taxonomy_one: "Paid Search" }] },
    { first: [{ taxonomy_one: "Paid Search", taxonomy_two: "Generic" }, { taxonomy_one: "Direct" }] },
    { last: [{ taxonomy_one: "None" }] },
    { anywhere: [{ taxonomy_one: "Email" }, { taxonomy_one: "Direct" }] },
    { anywhere: [{ taxonomy_one: "Email" }, { taxonomy_one: "Direct" }], anywhere_connector: "and" },
    { anywhere: [{ taxonomy_one: "Paid Search" }, { taxonomy_one: "Email" }], anywhere_connector: "and" },
    { comparison: [{ before: { taxonomy_one: "Email" }, after: { taxonomy_one: "Paid Search", taxonomy_two: "Generic" }, immediately: false }] },
    { comparison: [{ before: { taxonomy_one: "Paid Search" }, after: { taxonomy_one: "Paid Search" }, immediately: false }] },
    { comparison: [{ before: { taxonomy_one: "Paid Search" }, after: { taxonomy_one: "Paid Search" }, immediately: true }] },
    { comparison: [{ before: { taxonomy_one: "Email" }, after: { taxonomy_one: "None" }, immediately: true }] },
    { comparison: [{ before: { taxonomy_one: "Paid Search", taxonomy_two: "Generic" }, after: { taxonomy_one: "Email" }, immediately: false }] },
    { first: [{ taxonomy_two: "Brand" }], comparison: [{ before: {}, after: { taxonomy_one: "Email" }, immediately: true }] },
    { first: [{ taxonomy_one: "Paid Search" }], last: [{ taxonomy_one: "Paid Search", taxonomy_two: "Generic", taxonomy_three: "generic_shoes" }] },
  ];

  it("filters in SQL exactly as journeyMatches does (every order, any status)", async () => {
    const touches = await warehouse.attribution.touches(programId);
    const paths = new Map<string, JourneyTouch[]>();
    for (const t of touches) {
      const [taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4] = t.taxonomy;
      paths.set(t.orderId, [...(paths.get(t.orderId) ?? []), { taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4 }]);
    }
    for (const search of searches) {
      const expected = [...paths.entries()].filter(([, path]) => journeyMatches(path, search)).map(([id]) => id).sort();
      const page = await journeyPage(warehouse.analysis, { ...scope, orders: [] }, {
        sortBy: "conversion_date",
        direction: "asc",
        page: 1,
        perPage: 50,
        search,
        timeZone: "+00:00",
      });
      expect([...page.data.map((r) => r.order_id)].sort(), JSON.stringify(search)).toEqual(expected);
      expect(page.total).toBe(expected.length);
      for (const row of page.data) expect(row.journey_path).toEqual(paths.get(row.order_id));
    }
    // Hand check of two of them.
    expect([...paths.entries()].filter(([, p]) => journeyMatches(p, searches[1] ?? {})).map(([id]) => id).sort()).toEqual(["O1", "O2"]);
    expect([...paths.entries()].filter(([, p]) => journeyMatches(p, searches[10] ?? {})).map(([id]) => id)).toEqual(["O3"]);
  });

  it("sorts, pages and dates the valid orders in range", async () => {
    const ask = (sortBy: "conversion_date" | "journey_length", direction: "asc" | "desc", page: number, perPage: number) =>
      journeyPage(warehouse.analysis, scope, { sortBy, direction, page, perPage, search: undefined, timeZone: "+01:00" });
    const byDate = await ask("conversion_date", "desc", 1, 160);
    expect(byDate.total).toBe(3);
    expect(byDate.data.map((r) => r.order_id)).toEqual(["O3", "O4", "O1"]);
    expect(byDate.data[0]).toMatchObject({ conversion_date: "2025-02-03T21:00:00+01:00", order_amount: 30 });
    expect((await ask("journey_length", "asc", 1, 160)).data.map((r) => r.order_id)).toEqual(["O4", "O3", "O1"]);
    const second = await ask("conversion_date", "asc", 2, 2);
    expect(second).toMatchObject({ total: 3 });
    expect(second.data.map((r) => r.order_id)).toEqual(["O3"]);
    expect(await ask("conversion_date", "asc", 9, 2)).toEqual({ total: 3, data: [] });
  });
});
