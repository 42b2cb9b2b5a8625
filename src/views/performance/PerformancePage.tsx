import { performanceTexts } from "../../domain/performance/performanceTexts";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { useDocumentTitle } from "../components/useDocumentTitle";
import type { PerformanceTableActorRef } from "../../machines/performance/performanceTable.machine";
import { performanceCrumbs, performanceTitle } from "./performanceTitles";
import { PerformanceTable, tableLabel } from "./PerformanceTable";
import { usePerformanceTable } from "./usePerformanceTable";
import { SpendPanel } from "../spend/SpendPanel";
import { PerformanceChart } from "./PerformanceChart";
import { SearchResults } from "./SearchResults";
import { TableExportControls } from "../exports/TableExportControls";
import { useSelector } from "@xstate/react";
import { comparisonSelectors } from "../../machines/performance/comparison.machine";
import { ColumnSetControls } from "./ColumnSetControls";
import { ComparisonControls } from "./ComparisonControls";
import { useComparison } from "./useComparison";

interface Props {
  readonly searchTerm?: string;
  /** The taxonomy values of the route (0 to 4). */
  readonly path: ReadonlyArray<string>;
}

/**
 * /performance, its taxonomy pages and /performance/search/{term}: title, breadcrumb,
 * then the chart and the table of the level.
 */
export const PerformancePage = ({ searchTerm, path }: Props) => {
  const title = performanceTitle(path, searchTerm);
  useDocumentTitle(title);
  const tables = usePerformanceTable(path, searchTerm);
  /** The page's table (load, sort, page): `performanceTableSelectors` read it (exports use `sortedRows`). */
  const table: PerformanceTableActorRef = tables.table;
  /** Comparison mode of the page's table: its previous rows (null when off) go to the table. */
  const comparison = useComparison(path);
  const previous = useSelector(comparison, comparisonSelectors.previousRows);
  return (
    <article className="report">
      <Breadcrumbs crumbs={performanceCrumbs(path, searchTerm)} />
      <h1 className="report-title">{title}</h1>
      {/* region: spend entry (level-one page) */}
      {searchTerm === undefined && path.length === 0 ? <SpendPanel /> : null}
      {/* region: chart */}
      {searchTerm === undefined ? <PerformanceChart path={path} /> : null}
      {searchTerm !== undefined ? (
        <>
          {/* region: search results */}
          <SearchResults term={searchTerm} />
        </>
      ) : tables.config ? (
        <section className="report-table" aria-label={tableLabel(path)}>
          {/* region: table */}
          <div role="toolbar" aria-label={performanceTexts.performanceTable.tableControls} className="table-toolbar">
            {/* toolbar: comparison */}
            <ComparisonControls comparison={comparison} />
            {/* toolbar: columns */}
            <ColumnSetControls />
            {/* toolbar: exports */}
            <TableExportControls table={table} path={path} />
          </div>
          <PerformanceTable table={table} expansion={tables.expansion} previous={previous} />
        </section>
      ) : null}
    </article>
  );
};
