import type { ChartSeries, PerformanceRow } from "../performance/performance";
import { cardCpa, metricDefinitions, metricsFromSums, sumsOf, addSums, zeroSums, type MetricName, type Metrics } from "../report/metrics";
import { metricNames } from "../report/metricNames";
import { taxonomyColumnsOf } from "../report/taxonomyLevels";
import { noneValue } from "../report/reportCrumbs";
import { numberOfChoice, oneOfChoice, pageChoice, type ReportQueryShape } from "../report/reportQuery";
import type { SortDirection } from "../table/tableSort";

/**
 * The channel breakdown: a card per taxonomy value of a level, each with a chart of two
 * metrics over the range and, in its footer, each metric's value over the whole range.
 * Cards are sorted by the first metric's value (descending by default, 'None' last) and
 * paged 6, 12 or 24 at a time.
 */

export const breakdownTexts = {
  title: "Channel Breakdown",
  metricOne: "First metric",
  metricTwo: "Second metric",
  chartType: "Chart type",
  chartTypes: { area: "Area", bar: "Bar" },
  interval: "Interval",
  intervals: { day: "Day", week: "Week", month: "Month" },
  direction: "Sort direction",
  directions: { desc: "Descending", asc: "Ascending" },
  exportData: "Export",
  exportKind: "Channel Breakdown",
  pagination: "Channel breakdown pages",
  date: "Date",
  cards: "Channels",
  chartName: (name: string) => `${name} chart`,
} as const;

/** The metrics only tables carry: a chart's points (the multi chart call) do not. */
const tableOnlyMetrics = ["attributed_revenue_variance", "introducer_ratio", "roi", "sales_including", "proportional_credit"] as const;
export type BreakdownMetric = Exclude<MetricName, (typeof tableOnlyMetrics)[number]>;

/** The 20 metrics a card may chart: every metric but the table-only ones, in the standard order. */
export const breakdownMetrics: ReadonlyArray<BreakdownMetric> = metricNames.filter(
  (metric): metric is BreakdownMetric => !(tableOnlyMetrics as ReadonlyArray<string>).includes(metric),
);

export const breakdownMetricLabel = (metric: BreakdownMetric): string => metricDefinitions[metric].label;

/**
 * A card's figures over its whole range: the additive metrics summed over its dates, every
 * ratio from those sums (AOV = revenue / sales, conversion rate = sales / clicks × 100,
 * ROAS = attributed revenue / total cost, variance percent = (attributed − last-click
 * revenue) / last-click revenue × 100, each 0 when its divisor is 0), and the card's CPA =
 * total cost / max(attributed sales, 1).
 */
export const cardTotals = (points: ReadonlyArray<Metrics>): Metrics => {
  const totals = metricsFromSums(points.reduce((sums, point) => addSums(sums, sumsOf(point)), zeroSums));
  return { ...totals, cpa: cardCpa(totals) };
};

/** One card: a taxonomy value, its points in date order and its figures over the range. */
export interface BreakdownCard {
  readonly name: string;
  /** The value's taxonomy path, up to and including its own level. */
  readonly taxonomy: ReadonlyArray<string>;
  readonly points: ReadonlyArray<PerformanceRow>;
  readonly totals: Metrics;
}

const byDate = (a: PerformanceRow, b: PerformanceRow): number => ((a.conversion_date ?? "") < (b.conversion_date ?? "") ? -1 : (a.conversion_date ?? "") > (b.conversion_date ?? "") ? 1 : 0);

/** The cards of a multi chart answer for the level below `path`. */
export const breakdownCards = (series: ReadonlyArray<ChartSeries>, path: ReadonlyArray<string>): BreakdownCard[] =>
  series.map((s) => {
    const points = [...s.data].sort(byDate);
    return { name: s.name, taxonomy: [...path.slice(0, 3), s.name], points, totals: cardTotals(points) };
  });

/** The cards by the first metric's value over the range, in the direction chosen, 'None' last; equal values by name. */
export const sortedCards = (cards: ReadonlyArray<BreakdownCard>, metric: BreakdownMetric, direction: SortDirection): BreakdownCard[] => {
  const sign = direction === "asc" ? 1 : -1;
  return [...cards].sort((a, b) => {
    const none = Number(a.name === noneValue) - Number(b.name === noneValue);
    if (none !== 0) return none;
    const diff = a.totals[metric] - b.totals[metric];
    return diff !== 0 ? sign * diff : a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: "base" });
  });
};

export const cardsPerPage = [6, 12, 24] as const;
export const breakdownIntervals = ["day", "week", "month"] as const;
export type BreakdownInterval = (typeof breakdownIntervals)[number];
export const chartTypes = ["area", "bar"] as const;
export type BreakdownChartType = (typeof chartTypes)[number];

/** Every choice of the report, as its URL carries it. */
export interface BreakdownChoices {
  readonly metricOne: BreakdownMetric;
  readonly metricTwo: BreakdownMetric;
  readonly chartType: BreakdownChartType;
  readonly interval: BreakdownInterval;
  readonly direction: SortDirection;
  readonly page: number;
  readonly perPage: number;
}

export const breakdownQuery: ReportQueryShape<BreakdownChoices> = {
  metricOne: oneOfChoice("metric_one", breakdownMetrics, "clicks"),
  metricTwo: oneOfChoice("metric_two", breakdownMetrics, "attributed_revenue"),
  chartType: oneOfChoice("chart", chartTypes, "area"),
  interval: oneOfChoice("interval", breakdownIntervals, "day"),
  direction: oneOfChoice("order", ["asc", "desc"] as const, "desc"),
  page: pageChoice(),
  perPage: numberOfChoice("per_page", cardsPerPage),
};

/** The choices as opened: two equal metrics (a hand-made link) are the defaults. */
export const openingChoices = (c: BreakdownChoices): BreakdownChoices =>
  c.metricOne === c.metricTwo ? { ...c, metricOne: breakdownQuery.metricOne.fallback, metricTwo: breakdownQuery.metricTwo.fallback } : c;

/** The export's rows: every card's points, cards in their order, each point with its card's taxonomy columns, its date and the 20 metrics. */
export const exportRowsOf = (cards: ReadonlyArray<BreakdownCard>): Array<Record<string, string | number>> =>
  cards.flatMap((card) => {
    const taxonomy = taxonomyColumnsOf(card.taxonomy);
    return card.points.map((p) => ({ ...taxonomy, conversion_date: p.conversion_date ?? "", ...Object.fromEntries(breakdownMetrics.map((m) => [m, p[m]])) }));
  });
