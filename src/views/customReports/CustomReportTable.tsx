import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import { customReportColumns, customRowName, levelColumnsOf } from "../../domain/customReports/customReportTable";
import type { ReportLevel } from "../../domain/customReports/customReports";
import type { PerformanceRow } from "../../domain/performance/performance";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import type { Metrics } from "../../domain/report/metrics";
import { taxonomyLevels } from "../../domain/report/taxonomyLevels";
import type { SortSpec } from "../../domain/table/tableSort";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "../shell/AppActorsContext";
import { columnLabel, metricColumn, MetricTable, type TableColumn } from "../table/MetricTable";

/** The level's taxonomy words ('Taxonomy 2'). */
export const levelHeader = (level: ReportLevel): string => performanceTexts.performanceTable.levelNames[taxonomyLevels.indexOf(level)] ?? level;

/** The export's labels: each taxonomy column's and each metric's. */
export const customReportLabels: Readonly<Record<string, string>> = {
  ...Object.fromEntries(taxonomyLevels.map((level) => [level, levelHeader(level)])),
  ...Object.fromEntries(customReportColumns.map((metric) => [metric, columnLabel(metric)])),
};

interface Props {
  readonly label: string;
  readonly level: ReportLevel;
  readonly rows: ReadonlyArray<PerformanceRow>;
  readonly footer: Metrics;
  readonly sort: SortSpec;
  readonly onSort: (column: string) => void;
  readonly page: number;
  readonly pageCount: number;
  readonly total: number;
  readonly perPage: number;
  readonly onPage: (page: number) => void;
  readonly pageLabel: string;
  readonly emptyText: string;
}

/**
 * A custom report's table (the preview's and the saved view's): the row's taxonomy path to
 * the report's level, then the report's metrics in the program's currency, sortable, the
 * footer 'Total' and the pages under it. Draws what it is given; the machine sorts and pages.
 */
export const CustomReportTable = ({ label, level, rows, footer, sort, onSort, page, pageCount, total, perPage, onPage, pageLabel, emptyText }: Props) => {
  const { session } = useAppActors();
  const program = useSelector(session, sessionSelectors.program);
  const currency = program?.currency ?? null;
  const locale = program?.locale ?? null;
  const columns = useMemo((): ReadonlyArray<TableColumn<PerformanceRow>> => {
    const name: TableColumn<PerformanceRow> = { key: level, header: levelHeader(level), align: "start", cell: (row) => customRowName(row, level) };
    return [name, ...customReportColumns.map((metric) => metricColumn(metric, columnLabel(metric), { currency, locale }))];
  }, [level, currency, locale]);
  const rowName = useMemo(() => (row: PerformanceRow) => customRowName(row, level), [level]);
  return (
    <MetricTable<PerformanceRow>
      label={label}
      className="custom-report-table"
      columns={columns}
      rows={rows}
      rowName={rowName}
      rowKey={rowName}
      footer={footer}
      sort={sort}
      onSort={onSort}
      emptyText={emptyText}
      paging={{ label: pageLabel, page, pageCount, total, perPage, onPage }}
    />
  );
};

/** The taxonomy columns of a level's export. */
export const exportTaxonomyColumns = (level: ReportLevel): ReadonlyArray<string> => levelColumnsOf(level);
