import { useSelector } from "@xstate/react";
import { useCallback, useMemo, useState } from "react";
import { Link } from "wouter";
import { availableColumns } from "../../domain/performance/columnSelection";
import { metricDefinitions, metricNames, searchMetricNames } from "../../domain/report/metrics";
import { isMetricName, type NumberFormatOptions } from "../../domain/report/numberFormat";
import { noneTaxonomy, type PerformanceRow } from "../../domain/performance/performance";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { nodeKey, rowPath, taxonomyLevels } from "../../domain/report/treeSelection";
import { columnSetsSelectors, type ColumnSetsActorRef } from "../../machines/performance/columnSets.machine";
import type { ExportDialogActorRef } from "../../machines/exports/exportDialog.machine";
import { searchResultsSelectors as sel, type SearchResultsActorRef } from "../../machines/performance/searchResults.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "../shell/AppActorsContext";
import { taxonomyPath } from "../shell/performancePaths";
import { ColumnsDialog } from "./ColumnsDialog";
import { FilterTree } from "./FilterTree";
import { reportRowsId } from "./PerformanceTable";
import { metricColumn, MetricTable, type TableColumn } from "../table/MetricTable";
import "./search.css";

const t = performanceTexts.searchResults;

/** The 23 metrics the search table offers, in the standard order. */
const searchColumns: ReadonlyArray<string> = availableColumns(metricNames, "search");

/** Labels of the four taxonomy columns of a search export. */
const taxonomyLabels: Readonly<Record<string, string>> = Object.fromEntries(
  taxonomyLevels.map((level, i) => [level, performanceTexts.performanceTable.levelNames[i] ?? level]),
);

/** A column's header: the response's label, else the catalogue's, else its name. */
const labelOf = (column: string, headers: Readonly<Record<string, string>>): string =>
  headers[column] ?? (isMetricName(column) ? metricDefinitions[column].label : column);

/** The 'Taxonomies' column: each row's taxonomy path as breadcrumb links. */
const taxonomiesColumn: TableColumn<PerformanceRow> = {
  key: "taxonomies",
  header: t.taxonomies,
  sortable: false,
  className: "search-taxonomies",
  width: 24,
  cell: (row) => <TaxonomyCrumbs row={row} />,
};

const searchRowKey = (row: PerformanceRow): string => nodeKey(rowPath(row));

/**
 * /performance/search/{term}: the rows whose taxonomy path holds the term, with a 'Taxonomies' breadcrumb
 * column, the chosen metric columns (the session's columns the search table offers),
 * the footer 'Total', the Filter tree, export and pagination. The report's search actor
 * searches again for a new program or date range.
 */
export const SearchResults = ({
  results,
  columnSets,
  exportDialog,
}: {
  readonly results: SearchResultsActorRef;
  readonly columnSets: ColumnSetsActorRef;
  /** The report's Export Data dialog. */
  readonly exportDialog: ExportDialogActorRef;
}) => {
  const { session } = useAppActors();
  const program = useSelector(session, sessionSelectors.program);
  const chosenColumns = useSelector(session, sessionSelectors.columns);
  if (!program) return null;
  return (
    <SearchResultsTable
      results={results}
      exportDialog={exportDialog}
      columnSets={columnSets}
      chosenColumns={chosenColumns}
      programName={program.name}
      format={{ currency: program.currency, locale: program.locale }}
    />
  );
};

interface TableProps {
  readonly results: SearchResultsActorRef;
  readonly exportDialog: ExportDialogActorRef;
  readonly columnSets: ColumnSetsActorRef;
  readonly chosenColumns: ReadonlyArray<string>;
  readonly programName: string;
  readonly format: NumberFormatOptions;
}

const SearchResultsTable = ({ results, exportDialog, columnSets, chosenColumns, programName, format }: TableProps) => {
  const range = useSelector(results, sel.range);
  const headers = useSelector(results, sel.headers);
  const searching = useSelector(results, sel.isSearching);
  const rows = useSelector(results, sel.pageRows);
  const rowCount = useSelector(results, sel.rowCount);
  const totals = useSelector(results, sel.totals);
  const currentSort = useSelector(results, sel.sort);
  const page = useSelector(results, sel.page);
  const pageCount = useSelector(results, sel.pageCount);
  const perPage = useSelector(results, sel.perPage);

  // The session's columns that the search table offers and the answer holds (none after a failed search).
  const columns = useMemo(() => chosenColumns.filter((c) => searchColumns.includes(c) && c in headers), [chosenColumns, headers]);
  const { currency, locale } = format;
  const tableColumns = useMemo<ReadonlyArray<TableColumn<PerformanceRow>>>(
    () => [taxonomiesColumn, ...searchColumns.map((c) => metricColumn(c, labelOf(c, headers), { currency, locale }))],
    [headers, currency, locale],
  );
  const onSort = useCallback((column: string) => results.send({ type: "search.sortChanged", column }), [results]);

  const openExport = () => {
    const snapshot = results.getSnapshot();
    exportDialog.send({
      type: "export.opened",
      kind: "table",
      columns: searchMetricNames,
      visibleColumns: columns,
      taxonomyColumns: taxonomyLevels,
      labels: { ...taxonomyLabels, ...Object.fromEntries(searchColumns.map((c) => [c, labelOf(c, headers)])) },
      naming: { programName, reportKind: t.exportKind, from: range.from, to: range.to },
      // Already in the table's order (search results are named by their whole path), so the
      // export keeps them as given rather than re-sorting them as level rows.
      rows: sel.sortedRows(snapshot),
      sort: null,
      sheetName: t.exportKind,
    });
  };

  return (
    <section className="search-results" aria-label={t.region}>
      <div role="toolbar" aria-label="Table controls" className="search-toolbar">
        <FilterTree results={results} />
        <SearchColumns available={searchColumns} sets={columnSets} />
        <button type="button" className="button" onClick={openExport} disabled={rowCount === 0}>
          {t.exportData}
        </button>
      </div>
      <MetricTable
        label={t.region}
        rowsId={reportRowsId}
        className="search-table"
        columns={tableColumns}
        visibleColumns={columns}
        rows={rows}
        rowKey={searchRowKey}
        footer={totals}
        sort={currentSort}
        onSort={onSort}
        loading={searching}
        loadingText={t.loading}
        footerLabel={t.total}
        paging={rowCount > 0 ? { page, pageCount, total: rowCount, perPage, onPage: (p) => results.send({ type: "search.pageChanged", page: p }) } : undefined}
      />
    </section>
  );
};

/**
 * The 'Columns' button and its modal ('Column Selection', 'Reset to Defaults', 'Close')
 * offering the search table's 23 metrics. The column sets machine owns the selection, as
 * on the level tables: a change that matches a saved set selects it, and the columns go
 * to the session, which the table reads.
 */
const SearchColumns = ({ available, sets }: { readonly available: ReadonlyArray<string>; readonly sets: ColumnSetsActorRef }) => {
  const columns = useSelector(sets, columnSetsSelectors.columns);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t.columns}
      </button>
      {open ? (
        <ColumnsDialog
          available={available}
          selected={columns}
          onToggle={(column) => sets.send({ type: "columnSets.columnToggled", column })}
          onReset={() => sets.send({ type: "columnSets.columnsReset" })}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
};

/** A row's taxonomy path as a breadcrumb: each value links to its page; a path through 'None' is never linked. */
export const TaxonomyCrumbs = ({ row }: { readonly row: PerformanceRow }) => {
  const path = rowPath(row);
  const firstNone = path.indexOf(noneTaxonomy);
  return (
    <ol className="taxonomy-crumbs">
      {path.map((value, i) => (
        <li key={i}>{firstNone === -1 || i < firstNone ? <Link href={taxonomyPath(path.slice(0, i + 1))}>{value}</Link> : <span>{value}</span>}</li>
      ))}
    </ol>
  );
};
