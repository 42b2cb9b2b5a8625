/**
 * The performance metric catalogue (docs/engine.md, metrics): names, labels, kinds and
 * display decimals, and the one definition of every ratio. The server sums the additive bases (costs, traffic, credits, revenue, distinct
 * orders) over its facts and derives every ratio here, so table rows, chart points and
 * footer totals are computed by the same code in the server and in the browser.
 *
 * Pure: no dependency at all, importable by the browser.
 */

import { defaultColumns } from "./defaultColumns";
import { metricNames, type MetricName } from "./metricNames";

export { defaultColumns, metricNames, type MetricName };

/** Every metric of one row (or one total). */
export type Metrics = Readonly<Record<MetricName, number>>;

/**
 * count: a number of things (or of credited sales); money: in the program's currency;
 * rate: a plain ratio (introducer ratio, ROAS, ROI); percent: a ratio times 100.
 */
export type MetricKind = "count" | "money" | "rate" | "percent";

export interface MetricDefinition {
  readonly name: MetricName;
  /** The column header. */
  readonly label: string;
  readonly kind: MetricKind;
  /** Decimals shown: 2 for numbers and money, 0 for whole counts, 1 for two percents. */
  readonly decimals: 0 | 1 | 2;
  /** A sum of its rows (true) or a ratio recomputed from the sums (false). */
  readonly additive: boolean;
  /** Exports divide the three conversion rates and the variance percent by 100. */
  readonly exportDivisor: 1 | 100;
}

const define = (
  name: MetricName,
  label: string,
  kind: MetricKind,
  decimals: 0 | 1 | 2,
  additive: boolean,
  exportDivisor: 1 | 100 = 1,
): MetricDefinition => ({ name, label, kind, decimals, additive, exportDivisor });

/** The catalogue, by name. */
export const metricDefinitions: Readonly<Record<MetricName, MetricDefinition>> = {
  variable_cost: define("variable_cost", "Variable Cost", "money", 2, true),
  fixed_cost: define("fixed_cost", "Fixed Cost", "money", 2, true),
  total_cost: define("total_cost", "Total Cost", "money", 2, true),
  clicks: define("clicks", "Page Lands", "count", 0, true),
  impressions: define("impressions", "Impressions", "count", 0, true),
  first_click_sales: define("first_click_sales", "First Click Sales", "count", 0, true),
  first_click_revenue: define("first_click_revenue", "First Click Revenue", "money", 2, true),
  first_click_conversion_rate: define("first_click_conversion_rate", "First Click Conversion Rate", "percent", 2, false, 100),
  first_click_aov: define("first_click_aov", "First Click AOV", "money", 2, false),
  last_click_sales: define("last_click_sales", "Last Click Sales", "count", 0, true),
  last_click_revenue: define("last_click_revenue", "Last Click Revenue", "money", 2, true),
  last_click_conversion_rate: define("last_click_conversion_rate", "Last Click Conversion Rate", "percent", 2, false, 100),
  last_click_aov: define("last_click_aov", "Last Click AOV", "money", 2, false),
  attributed_sales: define("attributed_sales", "Attributed Sales", "count", 2, true),
  attributed_revenue: define("attributed_revenue", "Attributed Revenue", "money", 2, true),
  attributed_conversion_rate: define("attributed_conversion_rate", "Attributed Conversion Rate", "percent", 2, false, 100),
  attributed_aov: define("attributed_aov", "Attributed AOV", "money", 2, false),
  attributed_revenue_variance: define("attributed_revenue_variance", "Attributed Revenue Variance", "money", 2, false),
  attributed_revenue_variance_percent: define(
    "attributed_revenue_variance_percent",
    "Attributed Revenue Variance %",
    "percent",
    1,
    false,
    100,
  ),
  introducer_ratio: define("introducer_ratio", "Introducer Ratio", "rate", 2, false),
  cpa: define("cpa", "CPA", "money", 2, false),
  roas: define("roas", "ROAS", "rate", 2, false),
  roi: define("roi", "ROI", "rate", 2, false),
  sales_including: define("sales_including", "Sales Involved", "count", 0, true),
  proportional_credit: define("proportional_credit", "Proportional Credit", "percent", 1, false),
};

/** Whether a metric only takes whole values (a count shown without decimals: page lands, sales, orders), so a chart's axis steps by whole numbers. */
export const isWholeMetric = (name: MetricName): boolean => metricDefinitions[name].kind === "count" && metricDefinitions[name].decimals === 0;

/** The 23 metrics offered on the search table (the level tables' 25 without the two journey-inclusion metrics). */
export const searchMetricNames: ReadonlyArray<MetricName> = metricNames.filter(
  (name) => name !== "sales_including" && name !== "proportional_credit",
);



/** `column_headers` of a response: metric name to label. */
export const columnHeaders = (names: ReadonlyArray<MetricName> = metricNames): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, metricDefinitions[name].label]));

/**
 * The additive bases every metric is derived from. Each is a plain sum over facts (or
 * rows); sales_including is a count of distinct orders, kept per taxonomy level by the
 * engine, and summed across rows only for footers.
 */
export const sumNames = [
  "variable_cost",
  "fixed_cost",
  "clicks",
  "impressions",
  "first_click_sales",
  "first_click_revenue",
  "last_click_sales",
  "last_click_revenue",
  "attributed_sales",
  "attributed_revenue",
  "sales_including",
] as const;
export type SumName = (typeof sumNames)[number];
export type MetricSums = Readonly<Record<SumName, number>>;

export const zeroSums: MetricSums = Object.fromEntries(sumNames.map((name) => [name, 0])) as Record<SumName, number>;

/** a / b, or 0 when b is 0 (every ratio is 0 when its divisor is 0: docs/engine.md, metrics). */
export const ratio = (a: number, b: number): number => (b === 0 ? 0 : a / b);

/** Every metric from the summed bases: the one definition of each ratio (docs/engine.md, metrics). */
export const metricsFromSums = (s: MetricSums): Metrics => {
  const totalCost = s.variable_cost + s.fixed_cost;
  const variance = s.attributed_revenue - s.last_click_revenue;
  return {
    variable_cost: s.variable_cost,
    fixed_cost: s.fixed_cost,
    total_cost: totalCost,
    clicks: s.clicks,
    impressions: s.impressions,
    first_click_sales: s.first_click_sales,
    first_click_revenue: s.first_click_revenue,
    first_click_conversion_rate: ratio(s.first_click_sales, s.clicks) * 100,
    first_click_aov: ratio(s.first_click_revenue, s.first_click_sales),
    last_click_sales: s.last_click_sales,
    last_click_revenue: s.last_click_revenue,
    last_click_conversion_rate: ratio(s.last_click_sales, s.clicks) * 100,
    last_click_aov: ratio(s.last_click_revenue, s.last_click_sales),
    attributed_sales: s.attributed_sales,
    attributed_revenue: s.attributed_revenue,
    attributed_conversion_rate: ratio(s.attributed_sales, s.clicks) * 100,
    attributed_aov: ratio(s.attributed_revenue, s.attributed_sales),
    attributed_revenue_variance: variance,
    attributed_revenue_variance_percent: ratio(variance, s.last_click_revenue) * 100,
    introducer_ratio: ratio(s.first_click_sales, s.last_click_sales),
    cpa: ratio(totalCost, s.attributed_sales),
    roas: ratio(s.attributed_revenue, totalCost),
    roi: ratio(s.attributed_revenue - totalCost, totalCost),
    sales_including: s.sales_including,
    proportional_credit: ratio(s.attributed_sales, s.sales_including) * 100,
  };
};

/** The bases of a row (its additive metrics). */
export const sumsOf = (m: Metrics): MetricSums =>
  Object.fromEntries(sumNames.map((name) => [name, m[name]])) as Record<SumName, number>;

/** Adds bases. */
export const addSums = (a: MetricSums, b: MetricSums): MetricSums =>
  Object.fromEntries(sumNames.map((name) => [name, a[name] + b[name]])) as Record<SumName, number>;

/**
 * The footer 'Total' of a table: counts and money are sums of the rows;
 * rates are recomputed from those sums, never averaged.
 */
export const totalsOf = (rows: ReadonlyArray<Metrics>): Metrics =>
  metricsFromSums(rows.reduce<MetricSums>((total, row) => addSums(total, sumsOf(row)), zeroSums));

/** The breakdown cards' CPA: total cost / max(attributed sales, 1). */
export const cardCpa = (m: Pick<Metrics, "total_cost" | "attributed_sales">): number =>
  m.total_cost / Math.max(m.attributed_sales, 1);

// Funnel roles (docs/engine.md, attribution: {role}_revenue, {role}_credit, {role}_revenue_percent).

export const funnelRoles = ["solo", "upper_funnel", "mid_funnel", "lower_funnel"] as const;
export type FunnelRole = (typeof funnelRoles)[number];

/** Attributed revenue and attributed credit of the touches in each funnel role. */
export type FunnelSums = Readonly<Record<`${FunnelRole}_revenue` | `${FunnelRole}_credit`, number>>;
export type FunnelMetrics = FunnelSums & Readonly<Record<`${FunnelRole}_revenue_percent`, number>>;

/** The funnel metrics: each role's revenue percent is of the four roles' revenue together. */
export const funnelFromSums = (s: FunnelSums): FunnelMetrics => {
  const all = s.solo_revenue + s.upper_funnel_revenue + s.mid_funnel_revenue + s.lower_funnel_revenue;
  return {
    ...s,
    solo_revenue_percent: ratio(s.solo_revenue, all) * 100,
    upper_funnel_revenue_percent: ratio(s.upper_funnel_revenue, all) * 100,
    mid_funnel_revenue_percent: ratio(s.mid_funnel_revenue, all) * 100,
    lower_funnel_revenue_percent: ratio(s.lower_funnel_revenue, all) * 100,
  };
};
