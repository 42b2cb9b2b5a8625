/** Shared data for the search results and CSV download machines' tests and models. */
import { columnHeaders, metricsFromSums, searchMetricNames, zeroSums, type MetricSums } from "../../../src/domain/report/metrics";
import type { PerformanceRow, TableResponse, TaxonomiesResponse, TaxonomyPath } from "../../../src/domain/performance/performance";
import type { SearchResultsInput, SearchScope } from "../../../src/machines/performance/searchResults.machine";
import { signedInApi } from "../fixtures";

/** A search row at level four: its path and a few summed bases; every ratio derived as the server does. */
export const searchRow = (path: readonly [string, string, string, string], sums: Partial<MetricSums>): PerformanceRow => ({
  taxonomy_1: path[0],
  taxonomy_2: path[1],
  taxonomy_3: path[2],
  taxonomy_4: path[3],
  ...metricsFromSums({ ...zeroSums, ...sums }),
});

const taxonomyPath = (p: readonly [string, string, string, string]): TaxonomyPath => ({ taxonomy_1: p[0], taxonomy_2: p[1], taxonomy_3: p[2], taxonomy_4: p[3] });

/** The filter tree: Paid Search (Brand: two keywords; Generic: one) and Email (one path), and a 'None' channel. */
export const treePaths = [
  ["Paid Search", "Brand", "Shoes", "red shoes"],
  ["Paid Search", "Brand", "Shoes", "blue shoes"],
  ["Paid Search", "Generic", "Boots", "boots"],
  ["Email", "Newsletter", "January", "None"],
  ["None", "None", "None", "None"],
] as const;

export const taxonomiesResponse: TaxonomiesResponse = { data: treePaths.map(taxonomyPath) };
/** One path fewer: a reload whose data size differs (the previous selection is kept). */
export const smallerTaxonomies: TaxonomiesResponse = { data: treePaths.slice(0, 4).map(taxonomyPath) };

export const searchRows: ReadonlyArray<PerformanceRow> = [
  searchRow(treePaths[0], { clicks: 100, attributed_sales: 4, attributed_revenue: 400, last_click_revenue: 300, variable_cost: 50, last_click_sales: 3 }),
  searchRow(treePaths[1], { clicks: 50, attributed_sales: 1, attributed_revenue: 90, last_click_revenue: 100, variable_cost: 20, last_click_sales: 1 }),
  searchRow(treePaths[2], { clicks: 300, attributed_sales: 6, attributed_revenue: 700, last_click_revenue: 650, variable_cost: 120, last_click_sales: 6 }),
  searchRow(treePaths[3], { clicks: 80, attributed_sales: 2, attributed_revenue: 120, last_click_revenue: 100, fixed_cost: 10, last_click_sales: 2 }),
  searchRow(treePaths[4], { clicks: 10 }),
];

export const searchResponse: TableResponse = { data: searchRows, column_headers: columnHeaders(searchMetricNames), total: searchRows.length };
export const emptySearch: TableResponse = { data: [], column_headers: columnHeaders(searchMetricNames), total: 0 };

/** `n` rows under one channel, each its own leaf (paging). */
export const manyRows = (n: number): TableResponse => {
  const data = Array.from({ length: n }, (_, i) => searchRow(["Display", "Network", "Banner", `Ad ${i + 1}`], { clicks: i + 1 }));
  return { data, column_headers: columnHeaders(searchMetricNames), total: n };
};
export const manyTaxonomies = (n: number): TaxonomiesResponse => ({
  data: Array.from({ length: n }, (_, i) => taxonomyPath(["Display", "Network", "Banner", `Ad ${i + 1}`])),
});

export const searchScope: SearchScope = { api: signedInApi, program: "acme", range: { from: "2026-01-01", to: "2026-01-31" }, term: "shoes" };
export const searchInput: SearchResultsInput = { ...searchScope, sort: { column: "attributed_revenue", direction: "desc" } };
export const laterScope: SearchScope = { ...searchScope, range: { from: "2026-02-01", to: "2026-02-28" } };
