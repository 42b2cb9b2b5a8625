import { useSelector } from "@xstate/react";
import { useSearch } from "wouter";
import { performanceRouteKey } from "../../domain/performance/performancePage";
import { performanceQueryLink } from "../../domain/performance/reportLink";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { comparisonSelectors, type ComparisonActorRef } from "../../machines/performance/comparison.machine";
import type { PerformanceTableActorRef } from "../../machines/performance/performanceTable.machine";
import type { RowExpansionActorRef } from "../../machines/performance/rowExpansion.machine";
import { performanceReportMachine, performanceReportSelectors as reportSel, type PerformanceReportActorRef } from "../../machines/performance/performanceReport.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { useDocumentTitle } from "../components/useDocumentTitle";
import { createPortal } from "react-dom";
import { ExportDialog } from "../exports/ExportDialog";
import { TableExportControls } from "../exports/TableExportControls";
import { useAppActors } from "../shell/AppActorsContext";
import { screenQuery, useScreenActor } from "../shell/appChildren";
import { SpendPanel } from "../spend/SpendPanel";
import { ColumnSetControls } from "./ColumnSetControls";
import { ComparisonControls } from "./ComparisonControls";
import { HeadlineFigures } from "./HeadlineFigures";
import { PerformanceChart } from "./PerformanceChart";
import { performanceCrumbs, performanceTitle } from "./performanceTitles";
import { PerformanceTable, tableLabel } from "./PerformanceTable";
import { SearchResults } from "./SearchResults";

interface Props {
  readonly searchTerm?: string;
  /** The taxonomy values of the route (0 to 4). */
  readonly path: ReadonlyArray<string>;
}

/**
 * /performance, its taxonomy pages and /performance/search/{term}: title, breadcrumb,
 * then the chart and the table of the level. The page's report actor (one per route: the
 * screen keys the page by it) owns the scope and spawns every piece; the page shows the
 * pieces it has.
 */
export const PerformancePage = ({ searchTerm, path }: Props) => {
  const title = performanceTitle(path, searchTerm);
  useDocumentTitle(title);
  // The report reads its URL's query once, when it opens (a shared link's program, dates and choices).
  const urlQuery = useSearch();
  // The report is the app root's screen child (one per route), given the session and toasts by the root.
  const report = useScreenActor("performance", performanceRouteKey({ path, searchTerm }), performanceReportMachine, { path, searchTerm, search: urlQuery }, screenQuery(performanceQueryLink, reportSel.choices));
  return report ? <PerformanceReport report={report} searchTerm={searchTerm} path={path} title={title} /> : null;
};

const PerformanceReport = ({ report, searchTerm, path, title }: Props & { readonly report: PerformanceReportActorRef; readonly title: string }) => {
  const { session } = useAppActors();
  const spendForm = useSelector(report, reportSel.spendForm);
  const spendBatch = useSelector(report, reportSel.spendBatch);
  const chart = useSelector(report, reportSel.chart);
  const notes = useSelector(report, reportSel.notes);
  const search = useSelector(report, reportSel.search);
  const columnSets = useSelector(report, reportSel.columnSets);
  const exportDialog = useSelector(report, reportSel.exportDialog);
  // Spend management is the admins' (the spend calls refuse anyone else): only they get the spend entry.
  const managesSpend = useSelector(session, sessionSelectors.user)?.is_admin === true;
  return (
    <article className="report">
      <Breadcrumbs crumbs={performanceCrumbs(path, searchTerm)} />
      <h1 className="report-title">{title}</h1>
      {/* region: spend entry (level-one page) */}
      {managesSpend && spendForm && spendBatch ? <SpendPanel form={spendForm} batch={spendBatch} /> : null}
      {/* region: headline figures (pages with a table) */}
      <ReportHeadline report={report} />
      {/* region: chart */}
      {chart && notes && exportDialog ? <PerformanceChart chart={chart} notes={notes} exportDialog={exportDialog} /> : null}
      {/* region: search results */}
      {search && columnSets && exportDialog ? <SearchResults results={search} columnSets={columnSets} exportDialog={exportDialog} /> : null}
      {/* region: table */}
      <ReportTable report={report} path={path} />
      {/* The report's one Export Data dialog (chart, table, search results), modal: drawn at the end of the document. */}
      {exportDialog ? createPortal(<ExportDialog dialog={exportDialog} />, document.body) : null}
    </article>
  );
};

/** The headline figures of the page's table, when the page has one. */
const ReportHeadline = ({ report }: { readonly report: PerformanceReportActorRef }) => {
  const table = useSelector(report, reportSel.table);
  const comparison = useSelector(report, reportSel.comparison);
  return table && comparison ? <HeadlineFigures table={table} comparison={comparison} /> : null;
};

/** The page's table with its toolbar (comparison, columns, exports), when the page has one. */
const ReportTable = ({ report, path }: { readonly report: PerformanceReportActorRef; readonly path: ReadonlyArray<string> }) => {
  const table = useSelector(report, reportSel.table);
  const expansion = useSelector(report, reportSel.expansion);
  const comparison = useSelector(report, reportSel.comparison);
  const columnSets = useSelector(report, reportSel.columnSets);
  const csv = useSelector(report, reportSel.csvDownload);
  if (!table || !expansion || !comparison || !columnSets || !csv) return null;
  return (
    <section className="report-table" aria-label={tableLabel(path)}>
      <div role="toolbar" aria-label={performanceTexts.performanceTable.tableControls} className="table-toolbar">
        {/* toolbar: comparison */}
        <ComparisonControls comparison={comparison} />
        {/* toolbar: columns */}
        <ColumnSetControls sets={columnSets} />
        {/* toolbar: exports */}
        <TableExportControls report={report} table={table} csv={csv} />
      </div>
      <ComparedTable table={table} expansion={expansion} comparison={comparison} />
    </section>
  );
};

interface ComparedTableProps {
  readonly table: PerformanceTableActorRef;
  readonly expansion: RowExpansionActorRef;
  /** Comparison mode of the table: its previous rows (null when off) go to the table. */
  readonly comparison: ComparisonActorRef;
}

const ComparedTable = ({ table, expansion, comparison }: ComparedTableProps) => {
  const previous = useSelector(comparison, comparisonSelectors.previousRows);
  return <PerformanceTable table={table} expansion={expansion} previous={previous} />;
};
