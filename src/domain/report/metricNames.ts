/**
 * The names of the performance metrics and the default visible columns: plain lists, apart
 * from the catalogue in metrics.ts, so the session (and so the /login page) loads them
 * without the catalogue's labels and formulas.
 */

/** The 25 metrics of a performance row, in the standard order. */
export const metricNames = [
  "variable_cost",
  "fixed_cost",
  "total_cost",
  "clicks",
  "impressions",
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

/** The default visible columns. */
export const defaultColumns: ReadonlyArray<MetricName> = [
  "total_cost",
  "clicks",
  "last_click_sales",
  "last_click_revenue",
  "attributed_sales",
  "attributed_revenue",
  "cpa",
  "roas",
  "attributed_revenue_variance_percent",
];
