import type { PerformanceRow } from "../performance/performance";
import type { MetricName } from "../report/metrics";
import type { SortDirection, SortSpec } from "../table/tableSort";
import { defaultColumns } from "../report/defaultColumns";
import { taxonomyLevels } from "../report/taxonomyLevels";
import type { ReportLevel } from "./customReports";

/**
 * The table of a custom report (its preview and its saved view): one row per taxonomy
 * value of the report's level counting the orders its rules choose, the metric columns
 * below, 15 rows a page, sorted in the browser, with the footer 'Total' of every row.
 */

/** Rows a page of a custom report's table. */
export const customReportPerPage = 15;

/** The metric columns of a custom report's table, in order: the default visible columns. */
export const customReportColumns: ReadonlyArray<MetricName> = defaultColumns;

/** The taxonomy columns a report of the level names, top level first (taxonomy_1 … its level). */
export const levelColumnsOf = (level: ReportLevel): ReadonlyArray<ReportLevel> => taxonomyLevels.slice(0, taxonomyLevels.indexOf(level) + 1);

/** A row's name: its taxonomy path to the report's level ('Email / Newsletter'). */
export const customRowName = (row: PerformanceRow, level: ReportLevel): string =>
  levelColumnsOf(level)
    .map((column) => row[column] ?? "")
    .join(" / ");

/** The sort a report's table opens with: attributed revenue, biggest first. */
export const customReportDefaultSort: SortSpec = { column: "attributed_revenue", direction: "desc" };

/** How a column sorts first: a taxonomy column A to Z, a metric biggest first. */
export const customReportFirstDirection = (column: string): SortDirection => ((taxonomyLevels as ReadonlyArray<string>).includes(column) ? "asc" : "desc");
