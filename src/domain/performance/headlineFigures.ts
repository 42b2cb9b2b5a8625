import { comparisonCell, directionTone, formatChange } from "../report/comparison";
import { metricDefinitions, totalsOf, type MetricName, type Metrics } from "../report/metrics";
import { formatMetric, type NumberFormatOptions } from "../report/numberFormat";

/**
 * The row of headline figures above a report's chart: the table footer's 'Total' of four
 * metrics, read as the footer reads them, with the change against the comparison period
 * while comparing. Nothing is computed here that the footer does not compute: the figures
 * are the footer's own totals (sums, rates recomputed from the sums) and the previous
 * period's totals come from the comparison rows the same way.
 */

/** Cost, attributed sales, attributed revenue and ROAS, in that order. */
export const headlineMetrics = ["total_cost", "attributed_sales", "attributed_revenue", "roas"] as const satisfies ReadonlyArray<MetricName>;
export type HeadlineMetric = (typeof headlineMetrics)[number];

export interface HeadlineChange {
  /** As a comparison cell shows it: '12.50%', 'P', 'N' or '–'. */
  readonly text: string;
  /** Green an improvement, red a worsening, yellow no change (CPA's colours reversed; none of these is CPA). */
  readonly tone: "green" | "red" | "yellow" | "none";
}

export interface HeadlineFigure {
  readonly metric: HeadlineMetric;
  /** The metric's column header. */
  readonly label: string;
  /** The footer's value, formatted as the footer formats it. */
  readonly value: string;
  /** The change against the comparison period; null when not comparing. */
  readonly change: HeadlineChange | null;
}

/**
 * The headline figures of a table whose footer is `footer` (the table's totals). While
 * comparing, `previousRows` are the comparison rows (empty while they load or after a
 * failed load, as the footer's comparison cells then read); null when comparison is off.
 */
export const headlineFigures = (footer: Metrics, previousRows: ReadonlyArray<Metrics> | null, format: NumberFormatOptions = {}): ReadonlyArray<HeadlineFigure> => {
  const previous = previousRows ? totalsOf(previousRows) : null;
  return headlineMetrics.map((metric) => {
    const cell = previous ? comparisonCell(metric, footer[metric], previous[metric]) : null;
    return {
      metric,
      label: metricDefinitions[metric].label,
      value: formatMetric(footer[metric], metric, format),
      change: cell ? { text: formatChange(cell.change, format.locale), tone: directionTone[cell.direction] } : null,
    };
  });
};
