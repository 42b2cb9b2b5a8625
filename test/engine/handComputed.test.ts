import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metricNames, totalsOf, type Metrics } from "../../src/domain/report/metrics";
import type { PerformanceRow } from "../../src/domain/performance/performance";
import { createEngine, type Engine } from "../../server/engine/createEngine";
import {
  chartRows,
  multiChartSeries,
  dailyRows,
  namedOrders,
  searchRows,
  tableRows,
  validOrders,
  type ReportFactScope,
} from "../../server/engine/reports";
import { silentLog } from "../../server/log";
import { openFreshWarehouse } from "../warehouseUnderTest";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { fixtureBatch, programId } from "./fixture";

/**
 * Every number below is worked out by hand from the rows of fixture.ts (the arithmetic
 * is in the comments). Recap of the data set:
 *
 * Traffic (hit day, classified path):
 *   h1 01-06 click PS/Brand/Brand_Campaign/adA   h2 01-13 click Email        h3 01-20 click PS/Generic/generic_shoes/None
 *   h4 01-27 click Email                         h5 2024-12-01 click PS/Brand/Brand_Campaign/adA (outside the ranges)
 *   h6 01-31 impression PS/Brand/Brand_Campaign/adB                          h7 02-03 click None
 *   h8 02-01 impression None                     h9 01-31 click PS/None/Spring/None
 * Journeys (lookback 30 days):
 *   O1 01-27 valid new 70:        h1 (21 days before), h2 (14), h3 (7)   roles upper, mid, lower
 *   O2 02-03 cancelled new 35:    h1 (28), h2 (21), h3 (14)
 *   O3 02-03 valid returning 30:  h4 (7), h7 (0)                        roles upper, lower (h5 is 63 days old)
 *   O4 02-01 valid new 40:        Direct (v3 only has an impression)    solo
 * Credits:            first        last        linear        position      time decay
 *   O1, O2 (n = 3)    1,0,0        0,0,1       1/3 each      .4,.2,.4      2^-3,2^-2,2^-1 (O1) or 2^-4,2^-3,2^-2 (O2)
 *                                                                           normalised: 1/7, 2/7, 4/7
 *   O3 (n = 2)        1,0          0,1         .5,.5         .5,.5         2^-1, 2^0 normalised: 1/3, 2/3
 *   O4 (n = 1)        1            1           1             1             1
 * Costs:
 *   variable 25 on 01-28 (CL-BRAND, carried by h1 and h5) -> PS/Brand/Brand_Campaign/adA
 *   variable 5 on 02-01 (CL-NOBODY, no hit)               -> Affiliates/None/None/None
 *   fixed single 12 on 01-31 -> Email; yearly 365 -> 1/day 01-30..02-02 -> Email (4)
 *   fixed daily 2/day 01-30..02-02 -> PS/Brand/None/None (8)
 *   fixed monthly 31 -> 31/31 = 1/day 01-20..01-31 (12) + 31/28/day 02-01..02-14 (14 x 31/28 = 15.5) -> PS/None/None/None (27.5)
 */

const range: ReportFactScope = { programId, from: "2025-01-01", to: "2025-02-28", orders: validOrders };

let warehouse: Warehouse;
let engine: Engine;

beforeAll(async () => {
  warehouse = await openFreshWarehouse(() => 0);
  await warehouse.attribution.append(fixtureBatch);
  engine = createEngine({ warehouse, clock: () => 1, log: silentLog });
  await engine.materialiseAll();
});
afterAll(() => warehouse.close());

const useModel = async (model: string): Promise<void> => {
  await warehouse.attribution.append({ settings: [{ programId, model, lookbackDays: 30 }] });
  await engine.reattribute(programId);
};

/** Every one of the 25 metrics, to 9 decimals. */
const expectMetrics = (actual: PerformanceRow | Metrics | undefined, expected: Metrics, label: string): void => {
  expect(actual, `${label}: row missing`).toBeDefined();
  for (const name of metricNames) {
    expect(actual?.[name], `${label}: ${name}`).toBeCloseTo(expected[name], 9);
  }
};

const byName = (rows: ReadonlyArray<PerformanceRow>, level: 1 | 2 | 3 | 4) => (name: string) =>
  rows.find((r) => r[`taxonomy_${level}`] === name);

// ---------------------------------------------------------------------------------------
// Level 1, default (valid orders O1, O3, O4), linear

/** Cost only: zero sales, zero clicks. */
const affiliates: Metrics = {
  variable_cost: 5, fixed_cost: 0, total_cost: 5, // CL-NOBODY
  clicks: 0, impressions: 0,
  first_click_sales: 0, first_click_revenue: 0, first_click_conversion_rate: 0, first_click_aov: 0, // 0 / 0 clicks, 0 / 0 sales
  last_click_sales: 0, last_click_revenue: 0, last_click_conversion_rate: 0, last_click_aov: 0,
  attributed_sales: 0, attributed_revenue: 0, attributed_conversion_rate: 0, attributed_aov: 0,
  attributed_revenue_variance: 0, attributed_revenue_variance_percent: 0, // 0 / last revenue 0
  introducer_ratio: 0, // 0 / last sales 0
  cpa: 0, // 5 / attributed sales 0
  roas: 0, // 0 / 5
  roi: -1, // (0 - 5) / 5
  sales_including: 0, proportional_credit: 0, // 0 / 0
};

/** O4 alone: no traffic, no cost. */
const direct: Metrics = {
  variable_cost: 0, fixed_cost: 0, total_cost: 0,
  clicks: 0, impressions: 0,
  first_click_sales: 1, first_click_revenue: 40, first_click_conversion_rate: 0, first_click_aov: 40, // 1 / 0 clicks -> 0; 40 / 1
  last_click_sales: 1, last_click_revenue: 40, last_click_conversion_rate: 0, last_click_aov: 40,
  attributed_sales: 1, attributed_revenue: 40, attributed_conversion_rate: 0, attributed_aov: 40,
  attributed_revenue_variance: 0, attributed_revenue_variance_percent: 0, // 40 - 40; 0 / 40
  introducer_ratio: 1, // 1 / 1
  cpa: 0, // 0 / 1
  roas: 0, roi: 0, // divisor total cost 0
  sales_including: 1, proportional_credit: 100, // 1 / 1 x 100
};

const emailLinear: Metrics = {
  variable_cost: 0, fixed_cost: 16, total_cost: 16, // single 12 + yearly 4 x 1
  clicks: 2, impressions: 0, // h2, h4
  first_click_sales: 1, first_click_revenue: 30, first_click_conversion_rate: 50, first_click_aov: 30, // O3 via h4; 1 / 2 x 100
  last_click_sales: 0, last_click_revenue: 0, last_click_conversion_rate: 0, last_click_aov: 0, // 0 / 0 sales
  attributed_sales: 0.8333333333333334, // O1 h2 1/3 + O3 h4 1/2 = 5/6
  attributed_revenue: 38.333333333333336, // 70/3 + 30/2 = 115/3
  attributed_conversion_rate: 41.66666666666667, // (5/6) / 2 x 100
  attributed_aov: 46, // (115/3) / (5/6)
  attributed_revenue_variance: 38.333333333333336, // 115/3 - 0
  attributed_revenue_variance_percent: 0, // / last revenue 0
  introducer_ratio: 0, // 1 / last sales 0
  cpa: 19.2, // 16 / (5/6)
  roas: 2.3958333333333335, // (115/3) / 16
  roi: 1.3958333333333335, // (115/3 - 16) / 16
  sales_including: 2, // O1, O3
  proportional_credit: 41.66666666666667, // (5/6) / 2 x 100
};

const paidSearchLinear: Metrics = {
  variable_cost: 25, fixed_cost: 35.5, total_cost: 60.5, // 25; daily 8 + monthly 27.5
  clicks: 3, impressions: 1, // h1, h3, h9; h6
  first_click_sales: 1, first_click_revenue: 70, first_click_conversion_rate: 33.333333333333336, first_click_aov: 70, // O1 h1; 1/3 x 100
  last_click_sales: 1, last_click_revenue: 70, last_click_conversion_rate: 33.333333333333336, last_click_aov: 70, // O1 h3
  attributed_sales: 0.6666666666666666, // 1/3 + 1/3
  attributed_revenue: 46.666666666666664, // 70 x 2/3 = 140/3
  attributed_conversion_rate: 22.22222222222222, // (2/3) / 3 x 100
  attributed_aov: 70, // (140/3) / (2/3)
  attributed_revenue_variance: -23.333333333333336, // 140/3 - 70
  attributed_revenue_variance_percent: -33.333333333333336, // (-70/3) / 70 x 100
  introducer_ratio: 1, // 1 / 1
  cpa: 90.75, // 60.5 / (2/3)
  roas: 0.7713498622589531, // (140/3) / 60.5
  roi: -0.22865013774104687, // (140/3 - 60.5) / 60.5
  sales_including: 1, // O1
  proportional_credit: 66.66666666666667, // (2/3) / 1 x 100
};

const noneLinear: Metrics = {
  variable_cost: 0, fixed_cost: 0, total_cost: 0,
  clicks: 1, impressions: 1, // h7; h8
  first_click_sales: 0, first_click_revenue: 0, first_click_conversion_rate: 0, first_click_aov: 0,
  last_click_sales: 1, last_click_revenue: 30, last_click_conversion_rate: 100, last_click_aov: 30, // O3 h7; 1 / 1 x 100
  attributed_sales: 0.5, attributed_revenue: 15, attributed_conversion_rate: 50, attributed_aov: 30, // 1/2; 30/2; .5/1 x 100; 15/.5
  attributed_revenue_variance: -15, // 15 - 30
  attributed_revenue_variance_percent: -50, // -15 / 30 x 100
  introducer_ratio: 0, // 0 / 1
  cpa: 0, // 0 / .5
  roas: 0, roi: 0, // total cost 0
  sales_including: 1, // O3
  proportional_credit: 50, // .5 / 1 x 100
};

/** The footer: sums of the five rows, rates from the sums. */
const totalLinear: Metrics = {
  variable_cost: 30, fixed_cost: 51.5, total_cost: 81.5, // 5 + 25; 16 + 35.5
  clicks: 6, impressions: 2,
  first_click_sales: 3, first_click_revenue: 140, first_click_conversion_rate: 50, first_click_aov: 46.666666666666664, // 3 / 6 x 100; 140 / 3
  last_click_sales: 3, last_click_revenue: 140, last_click_conversion_rate: 50, last_click_aov: 46.666666666666664,
  attributed_sales: 3, attributed_revenue: 140, attributed_conversion_rate: 50, attributed_aov: 46.666666666666664, // 2/3 + 5/6 + 1/2 + 1
  attributed_revenue_variance: 0, attributed_revenue_variance_percent: 0, // 140 - 140
  introducer_ratio: 1, // 3 / 3
  cpa: 27.166666666666668, // 81.5 / 3
  roas: 1.7177914110429449, // 140 / 81.5
  roi: 0.7177914110429447, // (140 - 81.5) / 81.5
  sales_including: 5, // 0 + 1 + 2 + 1 + 1 (rows summed, as the spec's footer does)
  proportional_credit: 60, // 3 / 5 x 100
};

describe("hand-computed: linear (the default model)", () => {
  it("level 1, default: every metric of every row, 'None' last, and the total", async () => {
    const rows = await tableRows(warehouse.reports, range, []);
    expect(rows.map((r) => r.taxonomy_1)).toEqual(["Affiliates", "Direct", "Email", "Paid Search", "None"]);
    const row = byName(rows, 1);
    expectMetrics(row("Affiliates"), affiliates, "Affiliates");
    expectMetrics(row("Direct"), direct, "Direct");
    expectMetrics(row("Email"), emailLinear, "Email");
    expectMetrics(row("Paid Search"), paidSearchLinear, "Paid Search");
    expectMetrics(row("None"), noneLinear, "None");
    expectMetrics(totalsOf(rows), totalLinear, "Total");
    expect(rows.every((r) => r.taxonomy_2 === undefined && r.conversion_date === undefined)).toBe(true);
  });

  it("level 1, named 'new' (valid O1, O4)", async () => {
    const orders = await namedOrders(warehouse.reports, programId, "new");
    const rows = await tableRows(warehouse.reports, { ...range, orders: orders ?? [] }, []);
    expect(rows.map((r) => r.taxonomy_1)).toEqual(["Affiliates", "Direct", "Email", "Paid Search", "None"]);
    const row = byName(rows, 1);
    expectMetrics(row("Affiliates"), affiliates, "Affiliates");
    expectMetrics(row("Direct"), direct, "Direct"); // O4 is new
    expectMetrics(row("Paid Search"), paidSearchLinear, "Paid Search"); // only O1 touched it
    expectMetrics(
      row("Email"),
      {
        ...emailLinear,
        first_click_sales: 0, first_click_revenue: 0, first_click_conversion_rate: 0, first_click_aov: 0, // O3 is returning
        attributed_sales: 0.3333333333333333, // O1 h2 1/3
        attributed_revenue: 23.333333333333332, // 70/3
        attributed_conversion_rate: 16.666666666666668, // (1/3) / 2 x 100
        attributed_aov: 70, // (70/3) / (1/3)
        attributed_revenue_variance: 23.333333333333332, // 70/3 - 0
        attributed_revenue_variance_percent: 0,
        introducer_ratio: 0,
        cpa: 48, // 16 / (1/3)
        roas: 1.4583333333333333, // (70/3) / 16
        roi: 0.45833333333333326, // (70/3 - 16) / 16
        sales_including: 1, // O1
        proportional_credit: 33.333333333333336, // (1/3) / 1 x 100
      },
      "Email",
    );
    expectMetrics(
      row("None"),
      {
        ...noneLinear,
        last_click_sales: 0, last_click_revenue: 0, last_click_conversion_rate: 0, last_click_aov: 0,
        attributed_sales: 0, attributed_revenue: 0, attributed_conversion_rate: 0, attributed_aov: 0,
        attributed_revenue_variance: 0, attributed_revenue_variance_percent: 0,
        sales_including: 0, proportional_credit: 0,
      },
      "None",
    );
    expectMetrics(
      totalsOf(rows),
      {
        ...totalLinear,
        first_click_sales: 2, first_click_revenue: 110, first_click_conversion_rate: 33.333333333333336, first_click_aov: 55, // 2/6 x 100; 110/2
        last_click_sales: 2, last_click_revenue: 110, last_click_conversion_rate: 33.333333333333336, last_click_aov: 55,
        attributed_sales: 2, attributed_revenue: 110, attributed_conversion_rate: 33.333333333333336, attributed_aov: 55, // 1 + 1/3 + 2/3
        cpa: 40.75, // 81.5 / 2
        roas: 1.3496932515337423, // 110 / 81.5
        roi: 0.3496932515337423, // 28.5 / 81.5
        sales_including: 3, // 1 (Direct) + 1 (Email) + 1 (Paid Search)
        proportional_credit: 66.66666666666667, // 2 / 3 x 100
      },
      "Total",
    );
  });

  it("level 1, named 'returning' (valid O3): no Direct row", async () => {
    const orders = await namedOrders(warehouse.reports, programId, "returning");
    const rows = await tableRows(warehouse.reports, { ...range, orders: orders ?? [] }, []);
    expect(rows.map((r) => r.taxonomy_1)).toEqual(["Affiliates", "Email", "Paid Search", "None"]);
    const row = byName(rows, 1);
    expectMetrics(row("Affiliates"), affiliates, "Affiliates");
    expectMetrics(
      row("Email"),
      {
        ...emailLinear,
        attributed_sales: 0.5, attributed_revenue: 15, attributed_conversion_rate: 25, attributed_aov: 30, // O3 h4 1/2; .5/2 x 100
        attributed_revenue_variance: 15, attributed_revenue_variance_percent: 0,
        cpa: 32, // 16 / .5
        roas: 0.9375, // 15 / 16
        roi: -0.0625, // (15 - 16) / 16
        sales_including: 1, proportional_credit: 50, // .5 / 1 x 100
      },
      "Email",
    );
    expectMetrics(
      row("Paid Search"),
      {
        ...paidSearchLinear,
        first_click_sales: 0, first_click_revenue: 0, first_click_conversion_rate: 0, first_click_aov: 0,
        last_click_sales: 0, last_click_revenue: 0, last_click_conversion_rate: 0, last_click_aov: 0,
        attributed_sales: 0, attributed_revenue: 0, attributed_conversion_rate: 0, attributed_aov: 0,
        attributed_revenue_variance: 0, attributed_revenue_variance_percent: 0, introducer_ratio: 0,
        cpa: 0, // 60.5 / 0 sales
        roas: 0, // 0 / 60.5
        roi: -1, // (0 - 60.5) / 60.5
        sales_including: 0, proportional_credit: 0,
      },
      "Paid Search",
    );
    expectMetrics(row("None"), noneLinear, "None"); // O3 is its only order
    expectMetrics(
      totalsOf(rows),
      {
        ...totalLinear,
        first_click_sales: 1, first_click_revenue: 30, first_click_conversion_rate: 16.666666666666668, first_click_aov: 30, // 1/6 x 100
        last_click_sales: 1, last_click_revenue: 30, last_click_conversion_rate: 16.666666666666668, last_click_aov: 30,
        attributed_sales: 1, attributed_revenue: 30, attributed_conversion_rate: 16.666666666666668, attributed_aov: 30,
        cpa: 81.5, // 81.5 / 1
        roas: 0.36809815950920244, // 30 / 81.5
        roi: -0.6319018404907976, // (30 - 81.5) / 81.5
        sales_including: 2, proportional_credit: 50, // 1 + 1; 1 / 2 x 100
      },
      "Total",
    );
  });

  it("level 1, named 'cancelled' (O2 alone)", async () => {
    const orders = await namedOrders(warehouse.reports, programId, "cancelled");
    const rows = await tableRows(warehouse.reports, { ...range, orders: orders ?? [] }, []);
    expect(rows.map((r) => r.taxonomy_1)).toEqual(["Affiliates", "Email", "Paid Search", "None"]);
    const row = byName(rows, 1);
    expectMetrics(
      row("Email"),
      {
        ...emailLinear,
        first_click_sales: 0, first_click_revenue: 0, first_click_conversion_rate: 0, first_click_aov: 0,
        attributed_sales: 0.3333333333333333, // O2 h2 1/3
        attributed_revenue: 11.666666666666666, // 35/3
        attributed_conversion_rate: 16.666666666666668, // (1/3) / 2 x 100
        attributed_aov: 35, // (35/3) / (1/3)
        attributed_revenue_variance: 11.666666666666666, attributed_revenue_variance_percent: 0,
        cpa: 48, // 16 / (1/3)
        roas: 0.7291666666666666, // (35/3) / 16
        roi: -0.27083333333333337, // (35/3 - 16) / 16
        sales_including: 1, proportional_credit: 33.333333333333336,
      },
      "Email",
    );
    expectMetrics(
      row("Paid Search"),
      {
        ...paidSearchLinear,
        first_click_revenue: 35, first_click_aov: 35, last_click_revenue: 35, last_click_aov: 35, // O2 amount 35
        attributed_revenue: 23.333333333333332, // 35 x 2/3
        attributed_aov: 35,
        attributed_revenue_variance: -11.666666666666666, // 70/3 - 35
        attributed_revenue_variance_percent: -33.333333333333336, // (-35/3) / 35 x 100
        roas: 0.38567493112947654, // (70/3) / 60.5
        roi: -0.6143250688705235, // (70/3 - 60.5) / 60.5
      },
      "Paid Search",
    );
    expectMetrics(
      row("None"),
      {
        ...noneLinear,
        last_click_sales: 0, last_click_revenue: 0, last_click_conversion_rate: 0, last_click_aov: 0,
        attributed_sales: 0, attributed_revenue: 0, attributed_conversion_rate: 0, attributed_aov: 0,
        attributed_revenue_variance: 0, attributed_revenue_variance_percent: 0,
        sales_including: 0, proportional_credit: 0,
      },
      "None",
    );
    expectMetrics(
      totalsOf(rows),
      {
        ...totalLinear,
        first_click_sales: 1, first_click_revenue: 35, first_click_conversion_rate: 16.666666666666668, first_click_aov: 35,
        last_click_sales: 1, last_click_revenue: 35, last_click_conversion_rate: 16.666666666666668, last_click_aov: 35,
        attributed_sales: 1, attributed_revenue: 35, attributed_conversion_rate: 16.666666666666668, attributed_aov: 35,
        cpa: 81.5,
        roas: 0.4294478527607362, // 35 / 81.5
        roi: -0.5705521472392638, // (35 - 81.5) / 81.5
        sales_including: 2, proportional_credit: 50, // Email 1 + Paid Search 1
      },
      "Total",
    );
  });

  it("a registered data set tag counts by its rule alone (payment = cash: O3 and O4)", async () => {
    const orders = await namedOrders(warehouse.reports, programId, "cash_payments");
    expect(orders).toEqual([{ field: "payment", operator: "=", value: "cash" }]);
    const rows = await tableRows(warehouse.reports, { ...range, orders: orders ?? [] }, []);
    const row = byName(rows, 1);
    expect(row("Direct")?.first_click_sales).toBe(1); // O4
    expect(row("Email")?.first_click_sales).toBe(1); // O3 h4
    expect(row("Paid Search")?.first_click_sales).toBe(0); // O1 pays by credit
    expect(await namedOrders(warehouse.reports, programId, "no such tag")).toBeNull();
  });

  it("level 2 under Paid Search: sales_including is per level (children 1 + 1, parent 1)", async () => {
    const rows = await tableRows(warehouse.reports, range, ["Paid Search"]);
    expect(rows.map((r) => r.taxonomy_2)).toEqual(["Brand", "Generic", "None"]);
    expect(rows.every((r) => r.taxonomy_1 === "Paid Search")).toBe(true);
    const row = byName(rows, 2);
    const brand: Metrics = {
      variable_cost: 25, fixed_cost: 8, total_cost: 33, // CL-BRAND; daily 2 x 4
      clicks: 1, impressions: 1, // h1; h6
      first_click_sales: 1, first_click_revenue: 70, first_click_conversion_rate: 100, first_click_aov: 70, // O1 h1; 1/1 x 100
      last_click_sales: 0, last_click_revenue: 0, last_click_conversion_rate: 0, last_click_aov: 0,
      attributed_sales: 0.3333333333333333, attributed_revenue: 23.333333333333332, // 1/3; 70/3
      attributed_conversion_rate: 33.333333333333336, attributed_aov: 70, // (1/3)/1 x 100; (70/3)/(1/3)
      attributed_revenue_variance: 23.333333333333332, attributed_revenue_variance_percent: 0, // / last revenue 0
      introducer_ratio: 0, // 1 / 0
      cpa: 99, // 33 / (1/3)
      roas: 0.7070707070707071, // (70/3) / 33
      roi: -0.292929292929293, // (70/3 - 33) / 33
      sales_including: 1, proportional_credit: 33.333333333333336,
    };
    expectMetrics(row("Brand"), brand, "Brand");
    expectMetrics(
      row("Generic"),
      {
        variable_cost: 0, fixed_cost: 0, total_cost: 0,
        clicks: 1, impressions: 0, // h3
        first_click_sales: 0, first_click_revenue: 0, first_click_conversion_rate: 0, first_click_aov: 0,
        last_click_sales: 1, last_click_revenue: 70, last_click_conversion_rate: 100, last_click_aov: 70, // O1 h3
        attributed_sales: 0.3333333333333333, attributed_revenue: 23.333333333333332,
        attributed_conversion_rate: 33.333333333333336, attributed_aov: 70,
        attributed_revenue_variance: -46.666666666666664, // 70/3 - 70
        attributed_revenue_variance_percent: -66.66666666666667, // (-140/3) / 70 x 100
        introducer_ratio: 0, // 0 / 1
        cpa: 0, roas: 0, roi: 0, // no cost
        sales_including: 1, proportional_credit: 33.333333333333336,
      },
      "Generic",
    );
    expectMetrics(
      row("None"),
      {
        ...affiliates,
        variable_cost: 0, fixed_cost: 27.5, total_cost: 27.5, // monthly 12 + 15.5
        clicks: 1, // h9 (Spring)
        roi: -1, // (0 - 27.5) / 27.5
      },
      "None",
    );
    // The parent counts O1 once; its children count it once each.
    const parent = byName(await tableRows(warehouse.reports, range, []), 1)("Paid Search");
    expect(parent?.sales_including).toBe(1);
    expect(totalsOf(rows).sales_including).toBe(2);
    // Additive metrics of the children add up to the parent's.
    const totals = totalsOf(rows);
    for (const name of ["total_cost", "clicks", "impressions", "first_click_revenue", "last_click_revenue", "attributed_revenue"] as const) {
      expect(totals[name], name).toBeCloseTo(paidSearchLinear[name], 9);
    }
  });

  it("level 3 under Paid Search / Brand, level 4 under Paid Search / Brand / Brand_Campaign", async () => {
    const three = await tableRows(warehouse.reports, range, ["Paid Search", "Brand"]);
    expect(three.map((r) => r.taxonomy_3)).toEqual(["Brand_Campaign", "None"]);
    const campaign: Metrics = {
      variable_cost: 25, fixed_cost: 0, total_cost: 25,
      clicks: 1, impressions: 1, // h1 (adA); h6 (adB)
      first_click_sales: 1, first_click_revenue: 70, first_click_conversion_rate: 100, first_click_aov: 70,
      last_click_sales: 0, last_click_revenue: 0, last_click_conversion_rate: 0, last_click_aov: 0,
      attributed_sales: 0.3333333333333333, attributed_revenue: 23.333333333333332,
      attributed_conversion_rate: 33.333333333333336, attributed_aov: 70,
      attributed_revenue_variance: 23.333333333333332, attributed_revenue_variance_percent: 0,
      introducer_ratio: 0,
      cpa: 75, // 25 / (1/3)
      roas: 0.9333333333333332, // (70/3) / 25
      roi: -0.06666666666666671, // (70/3 - 25) / 25
      sales_including: 1, proportional_credit: 33.333333333333336,
    };
    expectMetrics(byName(three, 3)("Brand_Campaign"), campaign, "Brand_Campaign");
    expectMetrics(
      byName(three, 3)("None"),
      { ...affiliates, variable_cost: 0, fixed_cost: 8, total_cost: 8, roi: -1 }, // the daily fixed cost, (0 - 8) / 8
      "Brand / None",
    );

    const four = await tableRows(warehouse.reports, range, ["Paid Search", "Brand", "Brand_Campaign"]);
    expect(four.map((r) => [r.taxonomy_1, r.taxonomy_2, r.taxonomy_3, r.taxonomy_4])).toEqual([
      ["Paid Search", "Brand", "Brand_Campaign", "adA"],
      ["Paid Search", "Brand", "Brand_Campaign", "adB"],
    ]);
    expectMetrics(byName(four, 4)("adA"), { ...campaign, impressions: 0 }, "adA");
    expectMetrics(
      byName(four, 4)("adB"),
      { ...affiliates, variable_cost: 0, total_cost: 0, impressions: 1, roi: 0 }, // only h6; no cost: roi 0
      "adB",
    );
    // Email has no second level: one 'None' row carrying all of Email.
    const email = await tableRows(warehouse.reports, range, ["Email"]);
    expect(email.map((r) => r.taxonomy_2)).toEqual(["None"]);
    expectMetrics(email[0], emailLinear, "Email / None");
  });

  it("unknown taxonomy values and quote-holding names give empty tables, not errors", async () => {
    expect(await tableRows(warehouse.reports, range, ["No such channel"])).toEqual([]);
    expect(await tableRows(warehouse.reports, range, ["'; DROP TABLE hits; --", "%"])).toEqual([]);
    expect(await chartRows(warehouse.reports, range, ["_"], "day")).toEqual([]);
    expect((await warehouse.attribution.classifiedHits(programId)).length).toBe(9);
  });

  it("chart, month interval, every channel: January and February", async () => {
    const rows = await chartRows(warehouse.reports, range, [], "month");
    expect(rows.map((r) => r.conversion_date)).toEqual(["2025-01-01", "2025-02-01"]);
    expect(rows.every((r) => r.taxonomy_1 === undefined)).toBe(true);
    expectMetrics(
      rows[0],
      {
        variable_cost: 25, // 01-28
        fixed_cost: 30, // daily 2 x 2 (30th, 31st) + monthly 12 + single 12 + yearly 2
        total_cost: 55,
        clicks: 5, impressions: 1, // h1 h2 h3 h4 h9; h6
        first_click_sales: 1, first_click_revenue: 70, first_click_conversion_rate: 20, first_click_aov: 70, // O1; 1/5 x 100
        last_click_sales: 1, last_click_revenue: 70, last_click_conversion_rate: 20, last_click_aov: 70,
        attributed_sales: 1, attributed_revenue: 70, attributed_conversion_rate: 20, attributed_aov: 70,
        attributed_revenue_variance: 0, attributed_revenue_variance_percent: 0,
        introducer_ratio: 1,
        cpa: 55, // 55 / 1
        roas: 1.2727272727272727, // 70 / 55
        roi: 0.2727272727272727, // 15 / 55
        sales_including: 1, // every order at level 0: O1
        proportional_credit: 100,
      },
      "January",
    );
    expectMetrics(
      rows[1],
      {
        variable_cost: 5, // 02-01
        fixed_cost: 21.5, // daily 2 x 2 + monthly 15.5 + yearly 2
        total_cost: 26.5,
        clicks: 1, impressions: 1, // h7; h8
        first_click_sales: 2, first_click_revenue: 70, first_click_conversion_rate: 200, first_click_aov: 35, // O3 30 + O4 40; 2/1 x 100
        last_click_sales: 2, last_click_revenue: 70, last_click_conversion_rate: 200, last_click_aov: 35,
        attributed_sales: 2, attributed_revenue: 70, attributed_conversion_rate: 200, attributed_aov: 35,
        attributed_revenue_variance: 0, attributed_revenue_variance_percent: 0,
        introducer_ratio: 1,
        cpa: 13.25, // 26.5 / 2
        roas: 2.641509433962264, // 70 / 26.5
        roi: 1.6415094339622642, // 43.5 / 26.5
        sales_including: 2, proportional_credit: 100,
      },
      "February",
    );
  });

  it("chart, week interval, Email: Mondays 2025-01-27 and 2025-02-03", async () => {
    const rows = await chartRows(warehouse.reports, { ...range, from: "2025-01-27", to: "2025-02-09" }, ["Email"], "week");
    expect(rows.map((r) => [r.taxonomy_1, r.conversion_date])).toEqual([
      ["Email", "2025-01-27"],
      ["Email", "2025-02-03"],
    ]);
    expectMetrics(
      rows[0],
      {
        variable_cost: 0, fixed_cost: 16, total_cost: 16, // single 12 (31st) + yearly 1 x 4 (30th..2nd)
        clicks: 1, impressions: 0, // h4 (27th)
        first_click_sales: 0, first_click_revenue: 0, first_click_conversion_rate: 0, first_click_aov: 0,
        last_click_sales: 0, last_click_revenue: 0, last_click_conversion_rate: 0, last_click_aov: 0,
        attributed_sales: 0.3333333333333333, attributed_revenue: 23.333333333333332, // O1 h2
        attributed_conversion_rate: 33.333333333333336, attributed_aov: 70, // (1/3)/1 x 100
        attributed_revenue_variance: 23.333333333333332, attributed_revenue_variance_percent: 0,
        introducer_ratio: 0,
        cpa: 48, roas: 1.4583333333333333, roi: 0.45833333333333326, // 16/(1/3); (70/3)/16; (70/3-16)/16
        sales_including: 1, proportional_credit: 33.333333333333336,
      },
      "week of 01-27",
    );
    expectMetrics(
      rows[1],
      {
        variable_cost: 0, fixed_cost: 0, total_cost: 0,
        clicks: 0, impressions: 0,
        first_click_sales: 1, first_click_revenue: 30, first_click_conversion_rate: 0, first_click_aov: 30, // O3 h4; 0 clicks
        last_click_sales: 0, last_click_revenue: 0, last_click_conversion_rate: 0, last_click_aov: 0,
        attributed_sales: 0.5, attributed_revenue: 15, attributed_conversion_rate: 0, attributed_aov: 30,
        attributed_revenue_variance: 15, attributed_revenue_variance_percent: 0,
        introducer_ratio: 0, // 1 / 0
        cpa: 0, roas: 0, roi: 0, // 0 / .5; no cost
        sales_including: 1, proportional_credit: 50,
      },
      "week of 02-03",
    );
  });

  it("chart, day interval, every channel, 2025-02-01..2025-02-03 (monthly cost 31/28 a day)", async () => {
    const rows = await chartRows(warehouse.reports, { ...range, from: "2025-02-01", to: "2025-02-03" }, [], "day");
    expect(rows.map((r) => r.conversion_date)).toEqual(["2025-02-01", "2025-02-02", "2025-02-03"]);
    expectMetrics(
      rows[0],
      {
        variable_cost: 5, fixed_cost: 4.107142857142858, total_cost: 9.107142857142858, // daily 2 + monthly 31/28 + yearly 1
        clicks: 0, impressions: 1, // h8
        first_click_sales: 1, first_click_revenue: 40, first_click_conversion_rate: 0, first_click_aov: 40, // O4
        last_click_sales: 1, last_click_revenue: 40, last_click_conversion_rate: 0, last_click_aov: 40,
        attributed_sales: 1, attributed_revenue: 40, attributed_conversion_rate: 0, attributed_aov: 40,
        attributed_revenue_variance: 0, attributed_revenue_variance_percent: 0,
        introducer_ratio: 1,
        cpa: 9.107142857142858, // 9.107... / 1
        roas: 4.3921568627450975, // 40 / 9.107...
        roi: 3.392156862745098, // (40 - 9.107...) / 9.107...
        sales_including: 1, proportional_credit: 100,
      },
      "02-01",
    );
    expectMetrics(
      rows[1],
      { ...affiliates, variable_cost: 0, fixed_cost: 4.107142857142858, total_cost: 4.107142857142858, roi: -1 },
      "02-02",
    );
    expectMetrics(
      rows[2],
      {
        variable_cost: 0, fixed_cost: 1.1071428571428572, total_cost: 1.1071428571428572, // monthly 31/28
        clicks: 1, impressions: 0, // h7
        first_click_sales: 1, first_click_revenue: 30, first_click_conversion_rate: 100, first_click_aov: 30, // O3
        last_click_sales: 1, last_click_revenue: 30, last_click_conversion_rate: 100, last_click_aov: 30,
        attributed_sales: 1, attributed_revenue: 30, attributed_conversion_rate: 100, attributed_aov: 30,
        attributed_revenue_variance: 0, attributed_revenue_variance_percent: 0,
        introducer_ratio: 1,
        cpa: 1.1071428571428572,
        roas: 27.096774193548384, // 30 / (31/28)
        roi: 26.096774193548384, // (30 - 31/28) / (31/28)
        sales_including: 1, proportional_credit: 100,
      },
      "02-03",
    );
  });

  it("multi chart by month: one series per level-1 value with its level-2 children", async () => {
    const series = await multiChartSeries(warehouse.reports, range, [], "month");
    expect(series.map((s) => s.name)).toEqual(["Affiliates", "Direct", "Email", "Paid Search", "None"]);
    const paid = series.find((s) => s.name === "Paid Search");
    expect(paid?.children).toEqual(["Brand", "Generic", "None"]);
    expect(series.find((s) => s.name === "Email")?.children).toEqual(["None"]);
    expect(paid?.data.map((r) => r.conversion_date)).toEqual(["2025-01-01", "2025-02-01"]);
    expectMetrics(
      paid?.data[0],
      {
        variable_cost: 25, fixed_cost: 16, total_cost: 41, // daily 2 x 2 + monthly 12
        clicks: 3, impressions: 1,
        first_click_sales: 1, first_click_revenue: 70, first_click_conversion_rate: 33.333333333333336, first_click_aov: 70,
        last_click_sales: 1, last_click_revenue: 70, last_click_conversion_rate: 33.333333333333336, last_click_aov: 70,
        attributed_sales: 0.6666666666666666, attributed_revenue: 46.666666666666664,
        attributed_conversion_rate: 22.22222222222222, attributed_aov: 70,
        attributed_revenue_variance: -23.333333333333336, attributed_revenue_variance_percent: -33.333333333333336,
        introducer_ratio: 1,
        cpa: 61.5, // 41 / (2/3)
        roas: 1.1382113821138211, // (140/3) / 41
        roi: 0.13821138211382114, // (140/3 - 41) / 41
        sales_including: 1, proportional_credit: 66.66666666666667,
      },
      "Paid Search, January",
    );
    expectMetrics(
      paid?.data[1],
      { ...affiliates, variable_cost: 0, fixed_cost: 19.5, total_cost: 19.5, roi: -1 }, // daily 2 x 2 + monthly 15.5
      "Paid Search, February",
    );
  });

  it("search: level-4 rows with 'BRAND' in any level, case-insensitively", async () => {
    const rows = await searchRows(warehouse.reports, range, "BRAND");
    expect(rows.map((r) => [r.taxonomy_1, r.taxonomy_2, r.taxonomy_3, r.taxonomy_4])).toEqual([
      ["Paid Search", "Brand", "Brand_Campaign", "adA"],
      ["Paid Search", "Brand", "Brand_Campaign", "adB"],
      ["Paid Search", "Brand", "None", "None"],
    ]);
    expect(rows[0]?.attributed_revenue).toBeCloseTo(23.333333333333332, 9);
    expect(await searchRows(warehouse.reports, range, "%")).toEqual([]); // % is literal
  });

  it("meta daily rows: per day and value, days without facts absent", async () => {
    const rows = await dailyRows(warehouse.reports, { ...range, from: "2025-02-01", to: "2025-02-03", orders: [{ field: "status", operator: "!=", value: "valid" }] }, []);
    // O2 (cancelled, 02-03): Email h2 1/3, Paid Search h1 and h3
    const email = rows.filter((r) => r.taxonomy_1 === "Email");
    expect(email.map((r) => r.conversion_date)).toEqual(["2025-02-01", "2025-02-02", "2025-02-03"]); // yearly cost on the 1st and 2nd
    expect(email[2]?.attributed_sales).toBeCloseTo(0.3333333333333333, 9);
    expect(email[2]?.fixed_cost).toBe(0);
    expect(rows.filter((r) => r.taxonomy_1 === "Paid Search").map((r) => r.first_click_sales)).toEqual([0, 0, 1]);
  });
});

describe("hand-computed: position based (40/20/40, n = 2: 50/50)", () => {
  beforeAll(() => useModel("position_based"));

  it("level 1, default", async () => {
    const rows = await tableRows(warehouse.reports, range, []);
    const row = byName(rows, 1);
    expectMetrics(row("Affiliates"), affiliates, "Affiliates");
    expectMetrics(row("Direct"), direct, "Direct");
    expectMetrics(row("None"), noneLinear, "None"); // O3 h7: 1/2 under both models
    expectMetrics(
      row("Paid Search"),
      {
        ...paidSearchLinear,
        attributed_sales: 0.8, // O1 h1 .4 + h3 .4
        attributed_revenue: 56, // 70 x .8
        attributed_conversion_rate: 26.666666666666668, // .8 / 3 x 100
        attributed_aov: 70,
        attributed_revenue_variance: -14, // 56 - 70
        attributed_revenue_variance_percent: -20, // -14 / 70 x 100
        cpa: 75.625, // 60.5 / .8
        roas: 0.9256198347107438, // 56 / 60.5
        roi: -0.0743801652892562, // -4.5 / 60.5
        proportional_credit: 80, // .8 / 1 x 100
      },
      "Paid Search",
    );
    expectMetrics(
      row("Email"),
      {
        ...emailLinear,
        attributed_sales: 0.7, // O1 h2 .2 + O3 h4 .5
        attributed_revenue: 29, // 70 x .2 + 30 x .5
        attributed_conversion_rate: 35, // .7 / 2 x 100
        attributed_aov: 41.42857142857143, // 29 / .7
        attributed_revenue_variance: 29,
        cpa: 22.857142857142858, // 16 / .7
        roas: 1.8125, // 29 / 16
        roi: 0.8125, // 13 / 16
        proportional_credit: 35, // .7 / 2 x 100
      },
      "Email",
    );
    expectMetrics(totalsOf(rows), totalLinear, "Total"); // .8 + .7 + .5 + 1 = 3; 56 + 29 + 15 + 40 = 140
  });

  it("level 2 under Paid Search, cancelled: O2's ends get .4 each", async () => {
    const rows = await tableRows(warehouse.reports, { ...range, orders: [{ field: "status", operator: "=", value: "cancelled" }] }, ["Paid Search"]);
    const row = byName(rows, 2);
    expect(row("Brand")?.attributed_sales).toBeCloseTo(0.4, 9);
    expect(row("Brand")?.attributed_revenue).toBeCloseTo(14, 9); // 35 x .4
    expect(row("Generic")?.attributed_revenue).toBeCloseTo(14, 9);
    expect(row("Generic")?.attributed_revenue_variance_percent).toBeCloseTo(-60, 9); // (14 - 35) / 35 x 100
  });
});

describe("hand-computed: time decay (half-life 7 days)", () => {
  beforeAll(() => useModel("time_decay"));

  it("level 1, default", async () => {
    const rows = await tableRows(warehouse.reports, range, []);
    const row = byName(rows, 1);
    expectMetrics(row("Affiliates"), affiliates, "Affiliates");
    expectMetrics(row("Direct"), direct, "Direct");
    expectMetrics(
      row("Paid Search"),
      {
        ...paidSearchLinear,
        attributed_sales: 0.7142857142857143, // O1 h1 1/7 + h3 4/7
        attributed_revenue: 50, // 70 x 5/7
        attributed_conversion_rate: 23.80952380952381, // (5/7) / 3 x 100
        attributed_aov: 70,
        attributed_revenue_variance: -20, // 50 - 70
        attributed_revenue_variance_percent: -28.57142857142857, // -20 / 70 x 100
        cpa: 84.7, // 60.5 / (5/7)
        roas: 0.8264462809917356, // 50 / 60.5
        roi: -0.17355371900826447, // -10.5 / 60.5
        proportional_credit: 71.42857142857143, // (5/7) x 100
      },
      "Paid Search",
    );
    expectMetrics(
      row("Email"),
      {
        ...emailLinear,
        attributed_sales: 0.6190476190476191, // O1 h2 2/7 + O3 h4 1/3 = 13/21
        attributed_revenue: 30, // 70 x 2/7 + 30 x 1/3 = 20 + 10
        attributed_conversion_rate: 30.952380952380953, // (13/21) / 2 x 100
        attributed_aov: 48.46153846153846, // 30 / (13/21) = 630/13
        attributed_revenue_variance: 30,
        cpa: 25.846153846153847, // 16 / (13/21) = 336/13
        roas: 1.875, // 30 / 16
        roi: 0.875, // 14 / 16
        proportional_credit: 30.952380952380953, // (13/21) / 2 x 100
      },
      "Email",
    );
    expectMetrics(
      row("None"),
      {
        ...noneLinear,
        attributed_sales: 0.6666666666666666, // O3 h7 2/3
        attributed_revenue: 20, // 30 x 2/3
        attributed_conversion_rate: 66.66666666666667, // (2/3) / 1 x 100
        attributed_aov: 30,
        attributed_revenue_variance: -10, // 20 - 30
        attributed_revenue_variance_percent: -33.333333333333336, // -10 / 30 x 100
        proportional_credit: 66.66666666666667,
      },
      "None",
    );
    expectMetrics(totalsOf(rows), totalLinear, "Total"); // 5/7 + 13/21 + 2/3 + 1 = 3; 50 + 30 + 20 + 40 = 140
  });

  it("cancelled O2 (ages 28, 21, 14 days) gets the same normalised weights 1/7, 2/7, 4/7", async () => {
    const touches = (await warehouse.attribution.touches(programId)).filter((t) => t.orderId === "O2");
    expect(touches.map((t) => t.hitId)).toEqual([1, 2, 3]);
    expect(touches.map((t) => t.funnelRole)).toEqual(["upper_funnel", "mid_funnel", "lower_funnel"]);
    const credits = touches.map((t) => t.attributedCredit);
    [1 / 7, 2 / 7, 4 / 7].forEach((c, i) => expect(credits[i]).toBeCloseTo(c, 12));
  });

  it("level 2 under Paid Search, default", async () => {
    const rows = await tableRows(warehouse.reports, range, ["Paid Search"]);
    const row = byName(rows, 2);
    expect(row("Brand")?.attributed_sales).toBeCloseTo(0.14285714285714285, 9); // 1/7
    expect(row("Brand")?.attributed_revenue).toBeCloseTo(10, 9); // 70 / 7
    expect(row("Brand")?.cpa).toBeCloseTo(231, 9); // 33 / (1/7)
    expect(row("Generic")?.attributed_revenue).toBeCloseTo(40, 9); // 70 x 4/7
    expect(row("Generic")?.attributed_revenue_variance_percent).toBeCloseTo(-42.857142857142854, 9); // (40 - 70) / 70 x 100
  });
});

describe("materialising", () => {
  it("materialiseMissing builds the programs never materialised, and only those", async () => {
    expect(await warehouse.attribution.unmaterialisedProgramIds()).toEqual([]);
    await warehouse.attribution.append({
      orders: [{ programId: 2, orderId: "X1", visitorId: "x", ts: Date.UTC(2025, 0, 10), orderDate: "2025-01-10", amount: 9, status: "valid", customerType: "new", payment: "cash" }],
    });
    expect(await warehouse.attribution.unmaterialisedProgramIds()).toEqual([2]);
    await engine.materialiseMissing();
    expect(await warehouse.attribution.unmaterialisedProgramIds()).toEqual([]);
    const rows = await tableRows(warehouse.reports, { ...range, programId: 2 }, []);
    expect(rows.map((r) => [r.taxonomy_1, r.first_click_revenue])).toEqual([["Direct", 9]]);
  });
});

describe("hand-computed: settings", () => {
  it("a shorter lookback turns journeys into Direct; an unknown model falls back to linear", async () => {
    await warehouse.attribution.append({ settings: [{ programId, model: "not a model", lookbackDays: 10 }] });
    await engine.reattribute(programId);
    const touches = await warehouse.attribution.touches(programId);
    // O1: h3 is 7 days old (h1 21, h2 14 fall out); O2: all 14+ days old -> Direct; O3: h4 (7), h7 (0)
    expect(touches.filter((t) => t.orderId === "O1").map((t) => t.hitId)).toEqual([3]);
    expect(touches.filter((t) => t.orderId === "O2").map((t) => [t.hitId, t.taxonomy[0]])).toEqual([[null, "Direct"]]);
    expect(touches.filter((t) => t.orderId === "O3").map((t) => t.attributedCredit)).toEqual([0.5, 0.5]);
  });
});
