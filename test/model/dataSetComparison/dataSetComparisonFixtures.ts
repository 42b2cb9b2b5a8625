/** Answers of the custom report's calls for its scenario tests and model-based paths. */
import type { DataSetComparisonData, ReportAccess } from "../../../src/services/dataSetComparison/dataSetComparison";
import type { PerformanceRow } from "../../../src/domain/performance/performance";
import { metricsFromSums, zeroSums, type MetricSums } from "../../../src/domain/report/metrics";

/** A table row or chart point of level one with the bases given (the rates derived from them). */
export const rowOf = (taxonomy_1: string, sums: Partial<MetricSums>, conversion_date?: string): PerformanceRow => ({
  taxonomy_1,
  ...(conversion_date === undefined ? {} : { conversion_date }),
  ...metricsFromSums({ ...zeroSums, ...sums }),
});

export const report = {
  id: 1,
  name: "Active / Not Active Report",
  level: "taxonomy_1",
  rules: [],
  meta: { validName: "Valid", cancelledName: "Cancelled", dataset_one: { id: 1 }, dataset_two: { id: 2 }, excludedColumns: ["first.cpa", "second.roi"] },
} as const;

export const granted: ReportAccess = { kind: "granted", report, source: { kind: "named", tags: { first: "valid", second: "cancelled" } } };
export const grantedOldSource: ReportAccess = { kind: "granted", report: { ...report, meta: { excludedColumns: [] } }, source: { kind: "meta", rules: { first: { field: "status", operator: "!=", value: "cancelled" }, second: { field: "status", operator: "=", value: "cancelled" } } } };
export const denied: ReportAccess = { kind: "denied" };

const day = (d: number) => `2026-01-${String(d).padStart(2, "0")}`;

/** Two channels (Email, Search) on both sides, and 'None' on the valid side only. */
export const twoChannels: DataSetComparisonData = {
  charts: {
    first: [
      { name: "Email", data: [rowOf("Email", { attributed_sales: 3 }, day(1)), rowOf("Email", { attributed_sales: 5 }, day(2))] },
      { name: "Search", data: [rowOf("Search", { attributed_sales: 10 }, day(2))] },
      { name: "None", data: [rowOf("None", { attributed_sales: 1 }, day(1))] },
    ],
    second: [{ name: "Email", data: [rowOf("Email", { attributed_sales: 2 }, day(1))] }, { name: "Search", data: [rowOf("Search", { attributed_sales: 1 }, day(3))] }],
  },
  tables: {
    first: {
      current: [rowOf("Email", { attributed_sales: 8, attributed_revenue: 800, clicks: 100 }), rowOf("Search", { attributed_sales: 10, attributed_revenue: 500, clicks: 50 }), rowOf("None", { attributed_sales: 1, attributed_revenue: 10 })],
      previous: [rowOf("Email", { attributed_sales: 6, attributed_revenue: 600 })],
    },
    second: {
      current: [rowOf("Email", { attributed_sales: 2, attributed_revenue: 150 }), rowOf("Search", { attributed_sales: 1, attributed_revenue: 40 })],
      previous: [rowOf("Email", { attributed_sales: 2, attributed_revenue: 100 })],
    },
  },
};

/** Twenty channels on the valid side: two pages of the table. */
export const twentyChannels: DataSetComparisonData = {
  charts: { first: Array.from({ length: 20 }, (_, i) => ({ name: `Channel ${i + 1}`, data: [rowOf(`Channel ${i + 1}`, { attributed_sales: i + 1 }, day(1))] })), second: [] },
  tables: {
    first: { current: Array.from({ length: 20 }, (_, i) => rowOf(`Channel ${i + 1}`, { attributed_sales: i + 1 })), previous: [] },
    second: { current: [], previous: [] },
  },
};

export const noData: DataSetComparisonData = { charts: { first: [], second: [] }, tables: { first: { current: [], previous: [] }, second: { current: [], previous: [] } } };

/** The comparison period's tables: Email on both sides. */
export const comparisonTables = { first: [rowOf("Email", { attributed_sales: 6, attributed_revenue: 600 })], second: [rowOf("Email", { attributed_sales: 2 })] };
export const noComparison = { first: [], second: [] };
