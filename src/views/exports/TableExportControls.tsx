import { useSelector } from "@xstate/react";
import { availableColumns } from "../../domain/performance/columnSelection";
import { metricNames } from "../../domain/report/metrics";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { taxonomyLevels } from "../../domain/report/treeSelection";
import { csvDownloadSelectors, type CsvDownloadActorRef } from "../../machines/exports/csvDownload.machine";
import { performanceReportSelectors, type PerformanceReportActorRef } from "../../machines/performance/performanceReport.machine";
import { performanceTableSelectors as tableSel, type PerformanceTableActorRef } from "../../machines/performance/performanceTable.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "../shell/AppActorsContext";

const t = performanceTexts.tableExports;

/** The 25 metrics a level table offers, in the standard order: the export's column list. */
const levelColumns: ReadonlyArray<string> = availableColumns(metricNames, "level");

/** The taxonomy columns of a table listing `levelColumn` (taxonomy_1 .. taxonomy_4): that level and the ones above it. */
const taxonomyColumnsUpTo = (levelColumn: string): ReadonlyArray<string> => {
  const depth = taxonomyLevels.indexOf(levelColumn as (typeof taxonomyLevels)[number]);
  return taxonomyLevels.slice(0, depth < 0 ? 1 : depth + 1);
};

interface Props {
  /** The page's report: 'Export as CSV' asks it for the server's CSV of its table. */
  readonly report: PerformanceReportActorRef;
  /** The page's table: its rows in the current sort, its sort and headers. */
  readonly table: PerformanceTableActorRef;
  /** The report's CSV download. */
  readonly csv: CsvDownloadActorRef;
}

/**
 * The table's exports: 'Export as CSV'
 * saves the server's CSV of the table (overview.csv, or the taxonomy names joined by
 * underscores); 'Export Data' opens the Export Data dialog with the table's rows in its
 * current sort, the visible columns for 'Reset to visible' and the taxonomy columns
 * always selected; the file is made on the device.
 */
export const TableExportControls = ({ report, table, csv }: Props) => {
  const { session } = useAppActors();
  const program = useSelector(session, sessionSelectors.program);
  const range = useSelector(session, sessionSelectors.range);
  const visibleColumns = useSelector(session, sessionSelectors.columns);
  // The report's one Export Data dialog.
  const dialog = useSelector(report, performanceReportSelectors.exportDialog);
  const downloading = useSelector(csv, csvDownloadSelectors.isDownloading);
  const loading = useSelector(table, tableSel.isLoading);
  const rowCount = useSelector(table, tableSel.total);

  if (!program || !range || !dialog) return null;

  const exportCsv = () => report.send({ type: "report.csvRequested" });

  const exportData = () => {
    const snapshot = table.getSnapshot();
    const taxonomyColumns = taxonomyColumnsUpTo(tableSel.levelColumn(snapshot));
    const headers = tableSel.headers(snapshot);
    dialog.send({
      type: "export.opened",
      kind: "table",
      columns: levelColumns,
      visibleColumns,
      taxonomyColumns,
      labels: { ...headers, ...Object.fromEntries(taxonomyColumns.map((c, i) => [c, performanceTexts.performanceTable.levelNames[i] ?? c])) },
      naming: { programName: program.name, reportKind: t.exportKind, from: range.from, to: range.to },
      rows: tableSel.sortedRows(snapshot),
      sort: tableSel.sort(snapshot),
      sheetName: t.exportKind,
    });
  };

  return (
    <>
      <button type="button" className="button" onClick={exportCsv} disabled={downloading} aria-busy={downloading || undefined}>
        {t.exportCsv}
      </button>
      {downloading ? (
        <span role="status" className="loading">
          {t.downloadingCsv}
        </span>
      ) : null}
      <button type="button" className="button" onClick={exportData} disabled={loading || rowCount === 0}>
        {t.exportData}
      </button>
    </>
  );
};
