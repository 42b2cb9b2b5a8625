/** Shared data for the performance table, peek table and row expansion machines' tests and models. */
import { columnHeaders, metricsFromSums, zeroSums, type MetricSums } from "../../../src/domain/report/metrics";
import type { PerformanceRow, TableResponse } from "../../../src/domain/performance/performance";
import type { PerformanceTableInput } from "../../../src/machines/performance/performanceTable.machine";
import type { ReportParams, TableParams } from "../../../src/machines/performance/reportParams";
import { signedInApi } from "../fixtures";

/** A row of one level: its taxonomy values and a few summed bases; every ratio derived as the server does. */
export const levelRow = (path: ReadonlyArray<string>, sums: Partial<MetricSums>): PerformanceRow => ({
  ...Object.fromEntries(path.map((value, i) => [`taxonomy_${i + 1}`, value])),
  ...metricsFromSums({ ...zeroSums, ...sums }),
});

export const tableOf = (data: ReadonlyArray<PerformanceRow>): TableResponse => ({ data, column_headers: columnHeaders(), total: data.length });

export const report: ReportParams = { api: signedInApi, program: "acme", range: { from: "2026-01-01", to: "2026-01-31" }, filter: "default" };
export const laterReport: ReportParams = { ...report, range: { from: "2026-02-01", to: "2026-02-28" } };

export const levelOneParams: TableParams = { ...report, path: [] };
export const channelParams: TableParams = { ...report, path: ["Paid Search"] };
export const levelFourParams: TableParams = { ...report, path: ["Paid Search", "Brand", "Shoes"] };

/** Level one: three channels and 'None'. */
export const levelOne = tableOf([
  levelRow(["Email"], { clicks: 80, attributed_sales: 2, attributed_revenue: 120, last_click_revenue: 100, fixed_cost: 10, last_click_sales: 2 }),
  levelRow(["Paid Search"], { clicks: 400, attributed_sales: 10, attributed_revenue: 1100, last_click_revenue: 950, variable_cost: 170, last_click_sales: 9 }),
  levelRow(["None"], { clicks: 999, attributed_sales: 50, attributed_revenue: 5000, last_click_revenue: 5000 }),
  levelRow(["Display"], { clicks: 20, attributed_sales: 0, attributed_revenue: 0, variable_cost: 30 }),
]);

/** The taxonomy-two values of Paid Search, with a 'None' row that has the most revenue. */
export const paidSearchChildren = tableOf([
  levelRow(["Paid Search", "Brand"], { clicks: 150, attributed_sales: 5, attributed_revenue: 490, last_click_revenue: 400, variable_cost: 70, last_click_sales: 4 }),
  levelRow(["Paid Search", "None"], { clicks: 50, attributed_sales: 3, attributed_revenue: 900, last_click_revenue: 50, last_click_sales: 1 }),
  levelRow(["Paid Search", "Generic"], { clicks: 200, attributed_sales: 2, attributed_revenue: 110, last_click_revenue: 500, variable_cost: 100, last_click_sales: 4 }),
]);

/** `n` rows of one level under `path` (paging, peeks): row i has i clicks and 10·i revenue. */
export const manyRows = (n: number, path: ReadonlyArray<string> = []): TableResponse =>
  tableOf(Array.from({ length: n }, (_, i) => levelRow([...path, `Campaign ${i + 1}`], { clicks: i + 1, attributed_revenue: 10 * (i + 1), attributed_sales: 1 })));

export const tableInput = (overrides: Partial<PerformanceTableInput> = {}): PerformanceTableInput => ({
  params: levelOneParams,
  sort: { column: "attributed_revenue", direction: "desc" },
  kind: "level",
  levelFour: false,
  ...overrides,
});
