import { customReportColumns, customReportFirstDirection, customReportPerPage } from "../../domain/customReports/customReportTable";
import type { PerformanceRow } from "../../domain/performance/performance";
import { localTableAssignments, type LocalTable } from "../reports/reportData";

/**
 * The assignments of a custom report's table, the same in the builder's preview and the
 * saved report's view: its rows a page, how a column sorts first, every column shown.
 */
export const customReportTableAssignments = <TContext extends LocalTable<PerformanceRow>>() =>
  localTableAssignments<PerformanceRow, TContext>({
    perPage: customReportPerPage,
    firstDirectionOf: (_, column) => customReportFirstDirection(column),
    columnNames: customReportColumns,
    defaultColumns: customReportColumns,
    columnsOf: () => customReportColumns,
  });
