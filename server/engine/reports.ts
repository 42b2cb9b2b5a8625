import "temporal-polyfill/global";
import { columnHeaders, metricDefinitions, metricNames, metricsFromSums, searchMetricNames, type MetricSums } from "../../src/domain/report/metrics";
import {
  periodStarts,
  type ChartSeries,
  type Interval,
  type OrderRule,
  type PerformanceRow,
  type TaxonomyPath,
} from "../../src/domain/performance/performance";
import { zeroSums } from "../../src/domain/report/metrics";
import type { FactQuery, FactRow, ReportQueries } from "../warehouse/engineQueries";
import { taxonomyLevels } from "../../src/domain/report/taxonomyLevels";
import { exportValue, toCsv } from "../../src/domain/exports/exportCells";

/**
 * Reports over the facts (docs/engine.md, "Performance calls" and "Metrics"): tables,
 * charts, search, taxonomies, CSV and custom reports. The warehouse sums the additive bases per group; every ratio comes from
 * `metricsFromSums` (src/domain/report/metrics.ts), the same code the browser uses for footer
 * totals, so a row and its total can never disagree about a definition.
 */

/** The facts a report reads: the program, the range (inclusive) and the orders it counts. */
export interface ReportFactScope {
  readonly programId: number;
  readonly from: string;
  readonly to: string;
  readonly orders: ReadonlyArray<OrderRule>;
}

/** Default reports count valid orders. */
export const validOrders: ReadonlyArray<OrderRule> = [{ field: "status", operator: "=", value: "valid" }];

/**
 * The orders a named filter or data set counts: new / returning (valid orders of that
 * customer type), valid, cancelled, or the rules of a data set tag the program
 * registered; null for an unknown name.
 */
export const namedOrders = async (
  reports: ReportQueries,
  programId: number,
  name: string,
): Promise<ReadonlyArray<OrderRule> | null> => {
  switch (name) {
    case "new":
    case "returning":
      return [...validOrders, { field: "customer_type", operator: "=", value: name }];
    case "valid":
      return validOrders;
    case "cancelled":
      return [{ field: "status", operator: "=", value: "cancelled" }];
    default: {
      const rules = await reports.dataSetRules(programId, name);
      return rules.length > 0 ? rules : null;
    }
  }
};


/** A row of the wire: its taxonomy levels, its period start, its 25 metrics. */
export const performanceRow = (taxonomy: ReadonlyArray<string>, period: string | null, sums: MetricSums): PerformanceRow => {
  const m = metricsFromSums(sums);
  return {
    taxonomy_1: taxonomy[0],
    taxonomy_2: taxonomy[1],
    taxonomy_3: taxonomy[2],
    taxonomy_4: taxonomy[3],
    conversion_date: period ?? undefined,
    ...m,
  };
};

const query = (scope: ReportFactScope, rest: Omit<FactQuery, "programId" | "from" | "to" | "orders">): FactQuery => ({
  programId: scope.programId,
  from: scope.from,
  to: scope.to,
  orders: scope.orders,
  ...rest,
});

const levelOf = (n: number): 0 | 1 | 2 | 3 | 4 => Math.max(0, Math.min(4, n)) as 0 | 1 | 2 | 3 | 4;

/** The rows of one level under a prefix (level = prefix length + 1). */
export const tableRows = async (
  reports: ReportQueries,
  scope: ReportFactScope,
  prefix: ReadonlyArray<string>,
): Promise<ReadonlyArray<PerformanceRow>> =>
  (await reports.sums(query(scope, { prefix, groupLevel: levelOf(prefix.length + 1), period: null }))).map((r) =>
    performanceRow(r.taxonomy, null, r.sums),
  );

/**
 * The orders a custom report counts: its rules ANDed, with no implicit status (as a data
 * set or the meta filter); a report without rules counts valid orders, like the default table.
 */
export const reportOrders = (rules: ReadonlyArray<OrderRule>): ReadonlyArray<OrderRule> =>
  rules.length > 0 ? rules : validOrders;

/**
 * A custom report's table (preview and view): every path of its level (taxonomy_1..level,
 * no prefix), counting the orders its rules choose; traffic and cost are not order
 * properties and stay as in the default table.
 */
export const customReportRows = (
  reports: ReportQueries,
  range: { readonly programId: number; readonly from: string; readonly to: string },
  level: 1 | 2 | 3 | 4,
  rules: ReadonlyArray<OrderRule>,
): Promise<ReadonlyArray<PerformanceRow>> =>
  reports
    .sums({ ...range, orders: reportOrders(rules), prefix: [], groupLevel: level, period: null })
    .then((rows) => rows.map((r) => performanceRow(r.taxonomy, null, r.sums)));

/** Fills the periods of a series that have no facts with zero rows (a series with no facts at all stays empty). */
const filled = (
  periods: ReadonlyArray<string>,
  taxonomy: ReadonlyArray<string>,
  rows: ReadonlyArray<FactRow>,
): ReadonlyArray<PerformanceRow> => {
  if (rows.length === 0) return [];
  const byPeriod = new Map(rows.map((r) => [r.period, r.sums]));
  return periods.map((period) =>
    performanceRow(taxonomy, period, byPeriod.get(period) ?? zeroSums),
  );
};

/** One series over time for a path (the empty path: every channel together), every period present. */
export const chartRows = async (
  reports: ReportQueries,
  scope: ReportFactScope,
  path: ReadonlyArray<string>,
  interval: Interval,
): Promise<ReadonlyArray<PerformanceRow>> => {
  const rows = await reports.sums(query(scope, { prefix: path, groupLevel: levelOf(path.length), period: interval }));
  return filled(periodStarts(scope.from, scope.to, interval), path, rows);
};

/** The distinct values of level + 1 among paths whose level value is `name`. */
const childrenOf = (paths: ReadonlyArray<TaxonomyPath>, level: number, name: string): ReadonlyArray<string> => {
  const key = taxonomyLevels[level - 1] ?? "taxonomy_1";
  const childKey = taxonomyLevels[level] ?? "taxonomy_4";
  return [...new Set(paths.filter((p) => p[key] === name).map((p) => p[childKey]))];
};

/** One series per value of the level under a prefix, each with its next-level values and every period. */
export const multiChartSeries = async (
  reports: ReportQueries,
  scope: ReportFactScope,
  prefix: ReadonlyArray<string>,
  interval: Interval,
): Promise<ReadonlyArray<ChartSeries>> => {
  const level = levelOf(prefix.length + 1);
  const rows = await reports.sums(query(scope, { prefix, groupLevel: level, period: interval }));
  const paths = level < 4 ? await reports.taxonomies(scope.programId, scope.from, scope.to, prefix, levelOf(level + 1) as 1 | 2 | 3 | 4) : [];
  const periods = periodStarts(scope.from, scope.to, interval);
  const groups = new Map<string, { taxonomy: ReadonlyArray<string>; rows: FactRow[] }>();
  for (const row of rows) {
    const name = row.taxonomy[level - 1] ?? "";
    const group = groups.get(name) ?? { taxonomy: row.taxonomy, rows: [] };
    group.rows.push(row);
    groups.set(name, group);
  }
  return [...groups.entries()].map(([name, group]) => {
    const children = level < 4 ? childrenOf(paths, level, name) : null;
    return {
      name,
      ...(children === null ? {} : { children }),
      data: filled(periods, group.taxonomy, group.rows),
    };
  });
};

/** Per-day rows of each value of the level under a prefix (the old-source meta 'daily' call); days without facts are absent. */
export const dailyRows = async (
  reports: ReportQueries,
  scope: ReportFactScope,
  prefix: ReadonlyArray<string>,
): Promise<ReadonlyArray<PerformanceRow>> =>
  (await reports.sums(query(scope, { prefix, groupLevel: levelOf(prefix.length + 1), period: "day" }))).map((r) =>
    performanceRow(r.taxonomy, r.period, r.sums),
  );

/** Level-4 rows with any taxonomy value containing the text, case-insensitively. */
export const searchRows = async (
  reports: ReportQueries,
  scope: ReportFactScope,
  text: string,
): Promise<ReadonlyArray<PerformanceRow>> =>
  (await reports.sums(query(scope, { prefix: [], groupLevel: 4, period: null, search: text }))).map((r) =>
    performanceRow(r.taxonomy, null, r.sums),
  );

/** Distinct full paths with traffic or sales in the range. */
export const taxonomyPaths = (reports: ReportQueries, scope: ReportFactScope): Promise<ReadonlyArray<TaxonomyPath>> =>
  reports.taxonomies(scope.programId, scope.from, scope.to, []);

/** The level tables' headers (25 metrics) and the search table's (23). */
export const tableHeaders = columnHeaders(metricNames);
export const searchHeaders = columnHeaders(searchMetricNames);

// ---------------------------------------------------------------------------------------
// CSV

/**
 * A table as CSV, written by the app's one CSV writer (`toCsv`: RFC 4180, CRLF, text cells
 * formula-safe): labels in the header row, the taxonomy columns of the level first, numbers
 * written as the device's exports write them (`exportValue`: rounded to their metric's display
 * decimals, no floating-point noise; the conversion rates and the variance percent as
 * fractions, 5.61% as 0.0561) and unquoted, a number that is not finite as 0. No byte-order mark.
 */
export const tableCsv = (rows: ReadonlyArray<PerformanceRow>, level: number): string => {
  const taxonomy = taxonomyLevels.slice(0, Math.max(1, Math.min(4, level)));
  const header = [...taxonomy.map((_, i) => `Taxonomy ${i + 1}`), ...metricNames.map((m) => metricDefinitions[m].label)];
  return toCsv([header, ...rows.map((row) => [...taxonomy.map((k) => row[k] ?? ""), ...metricNames.map((m) => exportValue(m, row[m]) ?? 0)])]);
};

/** The download name: overview.csv, or the taxonomy names joined by underscores. */
export const csvFileName = (path: ReadonlyArray<string>): string => (path.length === 0 ? "overview.csv" : `${path.join("_")}.csv`);

/** A Content-Disposition header carrying any file name safely (RFC 6266 / 5987). */
export const attachment = (fileName: string): string => {
  const ascii = fileName.replace(/[^A-Za-z0-9._ -]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
};
