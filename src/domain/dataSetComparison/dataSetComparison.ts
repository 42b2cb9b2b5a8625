import type { DataSet, ReportMeta } from "../customReports/customReports";
import type { ChartSeries as MultiSeries, OrderRule, PerformanceRow } from "../performance/performance";
import type { ChartSeries } from "../performance/performanceChart";
import { defaultColumns } from "../report/defaultColumns";
import { clickModelMetrics } from "../report/metricNames";
import { metricsFromSums, ratio, totalsOf, zeroSums, type MetricName, type Metrics } from "../report/metrics";
import { taxonomyLevels, type TaxonomyLevel } from "../report/taxonomyLevels";
import { oneOfChoice, pushingHistory, type ReportQueryShape } from "../report/reportQuery";

/**
 * The custom report screen (/custom-reports/{report}, taxonomy nesting to level four): a
 * report compares two sides of the program's orders, its first data set (the valid orders,
 * named by the report's `validName`) against its second (the cancelled ones,
 * `cancelledName`), at one taxonomy level, as cards (Visual) or as one table (Tabular).
 */

/** The screen's base route. */
export const dataSetComparisonBase = "/custom-reports";

/** The deepest level shown: a route with four values still shows level four. */
export const deepestLevel = 4;

export type ReportLevelNumber = 1 | 2 | 3 | 4;

/** The level shown: 1 with no taxonomy value in the route, 2 with one, 3 with two, 4 with three (or four). */
export const dataSetComparisonLevel = (path: ReadonlyArray<string>): ReportLevelNumber => Math.min(path.length + 1, deepestLevel) as ReportLevelNumber;

/** The taxonomy values the level's calls are made under (at most three). */
export const levelPrefix = (path: ReadonlyArray<string>): ReadonlyArray<string> => path.slice(0, dataSetComparisonLevel(path) - 1);

/** The row field naming a value of the level (taxonomy_1 … taxonomy_4). */
export const levelField = (level: ReportLevelNumber): TaxonomyLevel => taxonomyLevels[level - 1] as TaxonomyLevel;

/** The two compared sides: `first` reads dataset_one (valid orders), `second` dataset_two (cancelled orders). */
export const sides = ["first", "second"] as const;
export type Side = (typeof sides)[number];

/** The sides' names as the report calls them (Valid and Cancelled when its meta says nothing). */
export const sideNames = (meta: ReportMeta): Readonly<Record<Side, string>> => ({
  first: meta.validName?.trim() || "Valid",
  second: meta.cancelledName?.trim() || "Cancelled",
});

/**
 * Where the report reads its orders: the program's named data sets when the report's
 * dataset_one and dataset_two are both registered for the program (the new source), else
 * the old-source meta calls with the cancellation filters (valid: status != cancelled;
 * cancelled: status = cancelled).
 */
export type DataSetComparisonSource =
  | { readonly kind: "named"; readonly tags: Readonly<Record<Side, string>> }
  | { readonly kind: "meta"; readonly rules: Readonly<Record<Side, OrderRule>> };

export const cancellationRules: Readonly<Record<Side, OrderRule>> = {
  first: { field: "status", operator: "!=", value: "cancelled" },
  second: { field: "status", operator: "=", value: "cancelled" },
};

export const reportSource = (meta: ReportMeta, dataSets: ReadonlyArray<DataSet>): DataSetComparisonSource => {
  const tagOf = (id: number | undefined) => (id === undefined ? undefined : dataSets.find((set) => set.id === id)?.data_set_tag);
  const first = tagOf(meta.dataset_one?.id);
  const second = tagOf(meta.dataset_two?.id);
  return first !== undefined && second !== undefined ? { kind: "named", tags: { first, second } } : { kind: "meta", rules: cancellationRules };
};

// ---------------------------------------------------------------------------------------
// Columns

/** The metrics each side offers as table columns, in the Columns modal's order. */
export const tableMetrics: ReadonlyArray<MetricName> = [...clickModelMetrics, "attributed_revenue_variance_percent", "cpa", "roas", "roi"];

/**
 * The metrics shown after a reset of the columns: the default visible columns this table
 * offers (last click and attributed sales and revenue, CPA, ROAS, variance %).
 */
export const defaultTableMetrics: ReadonlyArray<MetricName> = defaultColumns.filter((metric) => tableMetrics.includes(metric));

/** A table column: a side's metric, `first.cpa`, `second.roi` (the names excludedColumns uses). */
export const columnKey = (side: Side, metric: MetricName): string => `${side}.${metric}`;

/** A column's side and metric, or null for a key that is no column. */
export const columnParts = (key: string): { readonly side: Side; readonly metric: MetricName } | null => {
  const [side, metric] = key.split(".");
  return (side === "first" || side === "second") && tableMetrics.includes(metric as MetricName) ? { side, metric: metric as MetricName } : null;
};

/** Every column, each metric's first side then its second. */
export const tableColumns: ReadonlyArray<string> = tableMetrics.flatMap((metric) => sides.map((side) => columnKey(side, metric)));

/** Whether a column may be shown: not listed in the report's excludedColumns. */
export const isColumnAvailable = (column: string, excluded: ReadonlyArray<string>): boolean => !excluded.includes(column);

/** The columns the report may show, in order. */
export const availableColumns = (excluded: ReadonlyArray<string>): ReadonlyArray<string> => tableColumns.filter((c) => isColumnAvailable(c, excluded));

/** The columns shown at first and after a reset: the default metrics of both sides the report does not exclude. */
export const defaultVisibleColumns = (excluded: ReadonlyArray<string>): ReadonlyArray<string> =>
  defaultTableMetrics.flatMap((metric) => sides.map((side) => columnKey(side, metric))).filter((c) => isColumnAvailable(c, excluded));

/**
 * The Columns modal's list in two halves, interleaved: the first half holds items 0, 2, 4…
 * and the second 1, 3, 5…, so each line of the two lists pairs a metric's first side with its second.
 */
export const interleavedHalves = <T>(items: ReadonlyArray<T>): readonly [ReadonlyArray<T>, ReadonlyArray<T>] => [
  items.filter((_, i) => i % 2 === 0),
  items.filter((_, i) => i % 2 === 1),
];

// ---------------------------------------------------------------------------------------
// Table rows

/** A table row: the level's taxonomy value (under taxonomy_1 … taxonomy_4) and every column's number. */
export type DataSetComparisonRow = Readonly<Record<string, string | number>>;

const zeroMetrics: Metrics = metricsFromSums(zeroSums);

const metricsOf = (row: PerformanceRow | undefined): Metrics => (row === undefined ? zeroMetrics : row);

const flatColumns = (metrics: Readonly<Record<Side, Metrics>>): Record<string, number> =>
  Object.fromEntries(tableColumns.map((key) => {
    const parts = columnParts(key) as { side: Side; metric: MetricName };
    return [key, metrics[parts.side][parts.metric]];
  }));

/**
 * The two sides' tables of a level as one: a row per taxonomy value either side has, in
 * the first side's order then the second's, a side without the value counting zero.
 */
export const mergedRows = (first: ReadonlyArray<PerformanceRow>, second: ReadonlyArray<PerformanceRow>, level: ReportLevelNumber): ReadonlyArray<DataSetComparisonRow> => {
  const field = levelField(level);
  const byName = (rows: ReadonlyArray<PerformanceRow>) => new Map(rows.map((row) => [row[field] ?? "", row]));
  const one = byName(first);
  const two = byName(second);
  const names = [...new Set([...one.keys(), ...two.keys()])];
  return names.map((name) => ({ [field]: name, ...flatColumns({ first: metricsOf(one.get(name)), second: metricsOf(two.get(name)) }) }));
};

/** The 'Total' footer: each side's sums, its rates recomputed from them (0 when a divisor is 0). */
export const footerOf = (first: ReadonlyArray<PerformanceRow>, second: ReadonlyArray<PerformanceRow>): DataSetComparisonRow =>
  flatColumns({ first: totalsOf(first), second: totalsOf(second) });

/** The key a row is known by (for its detail and its comparison row): its taxonomy value at the level. */
export const rowKeyOf = (row: DataSetComparisonRow, level: ReportLevelNumber): string => String(row[levelField(level)] ?? "");

// ---------------------------------------------------------------------------------------
// Cards

/** The metric the cards draw and the donuts share out. */
export const cardMetric = "attributed_sales" satisfies MetricName;

/** Each side's part of a whole in percent (both 0 when the whole is 0). */
export const donutShares = (first: number, second: number): Readonly<Record<Side, number>> => {
  const whole = Math.max(first, 0) + Math.max(second, 0);
  return { first: ratio(Math.max(first, 0), whole) * 100, second: ratio(Math.max(second, 0), whole) * 100 };
};

/** A card: a taxonomy value, both sides' sales over the range, and each side's sales in the current and previous periods. */
export interface DataSetComparisonCard {
  readonly name: string;
  readonly series: ChartSeries;
  readonly current: Readonly<Record<Side, number>>;
  readonly previous: Readonly<Record<Side, number>>;
}

/** A side's period tables, as loaded. */
export interface SideTables {
  readonly current: ReadonlyArray<PerformanceRow>;
  readonly previous: ReadonlyArray<PerformanceRow>;
}

/** A day-by-day answer of the old source (a row per value and day) as a series per value. */
export const seriesFromDailyRows = (rows: ReadonlyArray<PerformanceRow>, level: ReportLevelNumber): ReadonlyArray<MultiSeries> => {
  const field = levelField(level);
  const byName = new Map<string, PerformanceRow[]>();
  for (const row of rows) {
    const name = row[field] ?? "";
    const list = byName.get(name) ?? [];
    list.push(row);
    byName.set(name, list);
  }
  return [...byName].map(([name, data]) => ({ name, data }));
};

const salesByDate = (series: MultiSeries | undefined): Map<string, number> =>
  new Map((series?.data ?? []).flatMap((p) => (p.conversion_date ? [[p.conversion_date, p[cardMetric]] as const] : [])));

const salesOf = (rows: ReadonlyArray<PerformanceRow>, field: TaxonomyLevel, name: string): number =>
  rows.filter((row) => row[field] === name).reduce((sum, row) => sum + row[cardMetric], 0);

/**
 * A card per taxonomy value either side's chart has, the most sales (both sides, current
 * period) first, 'None' last: its two series on the dates either side has (a missing day
 * counts zero), and each side's sales in the current and the previous period's tables.
 */
export const dataSetComparisonCards = (
  charts: Readonly<Record<Side, ReadonlyArray<MultiSeries>>>,
  tables: Readonly<Record<Side, SideTables>>,
  level: ReportLevelNumber,
): ReadonlyArray<DataSetComparisonCard> => {
  const field = levelField(level);
  const names = [...new Set([...charts.first.map((s) => s.name), ...charts.second.map((s) => s.name)])];
  const cards = names.map((name): DataSetComparisonCard => {
    const one = salesByDate(charts.first.find((s) => s.name === name));
    const two = salesByDate(charts.second.find((s) => s.name === name));
    const dates = [...new Set([...one.keys(), ...two.keys()])].sort();
    return {
      name,
      series: {
        dates,
        one: dates.map((date, x) => ({ x, y: one.get(date) ?? 0 })),
        two: dates.map((date, x) => ({ x, y: two.get(date) ?? 0 })),
      },
      current: { first: salesOf(tables.first.current, field, name), second: salesOf(tables.second.current, field, name) },
      previous: { first: salesOf(tables.first.previous, field, name), second: salesOf(tables.second.previous, field, name) },
    };
  });
  const weight = (card: DataSetComparisonCard) => card.current.first + card.current.second;
  return cards
    .map((card, index) => ({ card, index }))
    .sort((a, b) => Number(a.card.name === "None") - Number(b.card.name === "None") || weight(b.card) - weight(a.card) || a.index - b.index)
    .map((k) => k.card);
};

// ---------------------------------------------------------------------------------------
// Query

export const dataSetComparisonTabs = ["visual", "tabular"] as const;
export type DataSetComparisonTab = (typeof dataSetComparisonTabs)[number];

/** The URL query of the screen: `tab` (visual by default, or tabular); a tab change is a history entry, so Back goes to the tab before. */
export const dataSetComparisonQuery: ReportQueryShape<{ readonly tab: DataSetComparisonTab }> = {
  tab: pushingHistory(oneOfChoice("tab", dataSetComparisonTabs, "visual")),
};

/** Rows per page of the table. */
export const dataSetComparisonPerPage = 15;
