/**
 * The names of the performance metrics: a plain list, apart from the catalogue in
 * metrics.ts, so screens that only need the names load them without the catalogue's labels
 * and formulas. The default visible columns are apart again (defaultColumns.ts): the
 * session, and so the /login entry chunk, needs only them.
 */

/**
 * Sales, revenue, conversion rate and AOV under each way of crediting an order (first
 * click, last click, attributed), in the standard order: the rows' and the custom
 * report's columns share them.
 */
export const clickModelMetrics = [
  "first_click_sales",
  "first_click_revenue",
  "first_click_conversion_rate",
  "first_click_aov",
  "last_click_sales",
  "last_click_revenue",
  "last_click_conversion_rate",
  "last_click_aov",
  "attributed_sales",
  "attributed_revenue",
  "attributed_conversion_rate",
  "attributed_aov",
] as const;

/** The 25 metrics of a performance row, in the standard order. */
export const metricNames = [
  "variable_cost",
  "fixed_cost",
  "total_cost",
  "clicks",
  "impressions",
  ...clickModelMetrics,
  "attributed_revenue_variance",
  "attributed_revenue_variance_percent",
  "introducer_ratio",
  "cpa",
  "roas",
  "roi",
  "sales_including",
  "proportional_credit",
] as const;
export type MetricName = (typeof metricNames)[number];

