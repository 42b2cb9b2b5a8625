import type { MetricName } from "./metricNames";

// Apart from metricNames.ts: the session needs these columns from the first load (the /login
// entry chunk), the list of all metric names only signed-in screens do.

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
