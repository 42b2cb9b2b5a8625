/** Shared data for the comparison machine's scenario test and model. */
import { columnHeaders, metricsFromSums, zeroSums, type MetricSums } from "../../../src/domain/report/metrics";
import type { PerformanceRow, TableResponse } from "../../../src/domain/performance/performance";
import type { ComparisonInput, ComparisonScope } from "../../../src/machines/performance/comparison.machine";
import { signedInApi } from "../fixtures";

/** A level-one row with a few summed bases; every ratio derived as the server does. */
export const levelOneRow = (channel: string, sums: Partial<MetricSums>): PerformanceRow => ({
  taxonomy_1: channel,
  ...metricsFromSums({ ...zeroSums, ...sums }),
});

const table = (data: ReadonlyArray<PerformanceRow>): TableResponse => ({ data, column_headers: columnHeaders(), total: data.length });

/** The comparison table of February (the previous period of March). */
export const februaryTable = table([
  levelOneRow("Paid Search", { clicks: 100, attributed_sales: 4, attributed_revenue: 400 }),
  levelOneRow("Email", { clicks: 40, attributed_sales: 1, attributed_revenue: 60 }),
]);
/** Another comparison table (a year earlier). */
export const lastYearTable = table([levelOneRow("Paid Search", { clicks: 70, attributed_sales: 2, attributed_revenue: 150 })]);

/** The main range is March 2026; today is 10 April 2026. */
export const march = { from: "2026-03-01", to: "2026-03-31" } as const;
export const comparisonInput: ComparisonInput = {
  api: signedInApi,
  program: "acme",
  path: [],
  filter: "default",
  range: march,
  today: "2026-04-10",
};

/** The main range moves to the first week of April. */
export const aprilWeek: ComparisonScope = { ...comparisonInput, range: { from: "2026-04-01", to: "2026-04-07" } };
/** The table moves down to a channel. */
export const paidSearchScope: ComparisonScope = { ...comparisonInput, path: ["Paid Search"] };
