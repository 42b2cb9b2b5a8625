import { useSelector } from "@xstate/react";
import { Fragment, useCallback, useMemo } from "react";
import { Link } from "wouter";
import { totalsOf } from "../../domain/report/metrics";
import type { NumberFormatOptions } from "../../domain/report/numberFormat";
import { noneTaxonomy, type PerformanceRow } from "../../domain/performance/performance";
import { reportTexts } from "../../domain/report/reportTexts";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { peekComparisonSelectors, type PeekComparisonActorRef } from "../../machines/performance/peekComparison.machine";
import { peekTableSelectors, type PeekTableActorRef } from "../../machines/performance/peekTable.machine";
import { performanceTableSelectors as tableSel, type PerformanceTableActorRef } from "../../machines/performance/performanceTable.machine";
import { rowExpansionSelectors as expansionSel, type RowExpansionActorRef } from "../../machines/performance/rowExpansion.machine";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "../shell/AppActorsContext";
import { taxonomyPath } from "../shell/performancePaths";
import { metricColumns, MetricNoteRow, MetricRow, MetricTable, type RowExpansionControls, type TableColumn } from "../table/MetricTable";
import { useSelected } from "../components/useSelected";

/** Arrays equal item by item (selectors that slice return a new array each time). */
export const sameItems = <T,>(a: ReadonlyArray<T>, b: ReadonlyArray<T>): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

const nameIn = (row: PerformanceRow, column: string): string => {
  const v = (row as Readonly<Record<string, unknown>>)[column];
  return typeof v === "string" ? v : "";
};

/** A taxonomy value: a link to its page, except 'None', which is never linked. */
const TaxonomyName = ({ name, href }: { name: string; href: string }) => (name === noneTaxonomy ? <span>{name}</span> : <Link href={href}>{name}</Link>);

/** The taxonomy level names ('Taxonomy 1' .. 'Taxonomy 4'). */
export const levelName = (depth: number): string => performanceTexts.performanceTable.levelNames[Math.min(Math.max(depth, 0), 3)] as string;

/** Where a report page's skip link lands: the first rows of its table (level tables and search results). */
export const reportRowsId = "report-rows";

/** The accessible name of a page's table: its level, and the values above it. */
export const tableLabel = (path: ReadonlyArray<string>): string =>
  path.length === 0 ? levelName(0) : `${levelName(path.length)} of ${path.join(" › ")}`;

interface NestedProps {
  readonly expansion: RowExpansionActorRef;
  /** The open row whose children these are. */
  readonly path: ReadonlyArray<string>;
  readonly depth: number;
}

/** The children of an open row: its peek table's first 10 rows (each may open in turn) and 'Show me more'. */
const NestedRows = ({ expansion, path, depth }: NestedProps) => {
  const peek = useSelector(expansion, (s) => expansionSel.peekOf(s, path));
  const comparison = useSelector(peek, (s) => (s ? peekTableSelectors.comparison(s) : undefined));
  return peek && comparison ? <PeekRows peek={peek} comparison={comparison} expansion={expansion} depth={depth} /> : null;
};

const noPreviousRows = new Map<string, PerformanceRow>();

interface PeekRowsProps {
  readonly peek: PeekTableActorRef;
  /** The peek's comparison: the previous period's children while comparison mode is on. */
  readonly comparison: PeekComparisonActorRef;
  readonly expansion: RowExpansionActorRef;
  readonly depth: number;
}

const PeekRows = ({ peek, comparison, expansion, depth }: PeekRowsProps) => {
  const rows = useSelector(peek, peekTableSelectors.shownRows, sameItems);
  const previous = useSelector(comparison, peekComparisonSelectors.previousRows);
  const { showMore, isLoading: loading, path, levelColumn } = useSelected(peek, peekTableSelectors, ["showMore", "isLoading", "path", "levelColumn"]);
  const questions = useSelector(expansion, expansionSel.rows);
  const toggle = useCallback(
    (row: Readonly<Record<string, unknown>>) => expansion.send({ type: "expansion.toggled", path: [...path, nameIn(row as PerformanceRow, levelColumn)] }),
    [expansion, path, levelColumn],
  );
  const previousByName = useMemo(() => {
    if (!previous) return noPreviousRows;
    const byName = new Map<string, PerformanceRow>();
    for (const row of previous) byName.set(nameIn(row, levelColumn), row);
    return byName;
  }, [previous, levelColumn]);

  if (rows.length === 0) {
    return (
      <MetricNoteRow depth={depth} status={loading}>
        {loading ? performanceTexts.performanceTable.loading : reportTexts.empty.table}
      </MetricNoteRow>
    );
  }
  return (
    <>
      {rows.map((row, i) => {
        const name = nameIn(row, levelColumn);
        const rowPath = [...path, name];
        const expandable = questions.canOpen(rowPath);
        const open = questions.isOpen(rowPath);
        return (
          <Fragment key={`${name}\u0000${i}`}>
            <MetricRow
              row={row}
              name={name}
              depth={depth}
              header={<TaxonomyName name={name} href={taxonomyPath(rowPath)} />}
              expandable={expandable && name !== noneTaxonomy}
              expanded={open}
              onToggle={toggle}
              comparing={previous !== null}
              previous={previousByName.get(name)}
            />
            {open ? <NestedRows expansion={expansion} path={rowPath} depth={depth + 1} /> : null}
          </Fragment>
        );
      })}
      {showMore ? (
        <MetricNoteRow depth={depth}>
          <Link href={taxonomyPath(path)}>{performanceTexts.performanceTable.showMore}</Link>
        </MetricNoteRow>
      ) : null}
    </>
  );
};

/** A failed load, told apart from an empty table: what happened and 'Try again'. */
const TableFailure = ({ onRetry }: { readonly onRetry: () => void }) => (
  <div className="metric-table-failure" role="alert">
    <p>{performanceTexts.performanceTable.loadFailed}</p>
    <button type="button" className="button" onClick={onRetry}>
      {performanceTexts.performanceTable.tryAgain}
    </button>
  </div>
);

interface Props {
  readonly table: PerformanceTableActorRef;
  readonly expansion: RowExpansionActorRef;
  /** Comparison mode: the previous period's rows of this table (null when off). */
  readonly previous?: ReadonlyArray<PerformanceRow> | null;
}

/**
 * A performance page's table: the page of rows of its machine, in the session's visible
 * columns and the program's currency, rows that open into peek tables, the footer
 * 'Total' and the pagination.
 */
export const PerformanceTable = ({ table, expansion, previous = null }: Props) => {
  const { session } = useAppActors();
  const columns = useSelector(session, sessionSelectors.columns);
  const program = useSelector(session, sessionSelectors.program);
  const format = useMemo<NumberFormatOptions>(() => ({ currency: program?.currency, locale: program?.locale }), [program?.currency, program?.locale]);

  const rows = useSelector(table, tableSel.pageRows, sameItems);
  const { sort, footer, headers, isLoading: loading, hasFailed: failed, levelColumn, path, page, perPage, perPageOptions, pageCount, total } = useSelected(table, tableSel, ["sort", "footer", "headers", "isLoading", "hasFailed", "levelColumn", "path", "page", "perPage", "perPageOptions", "pageCount", "total"]);
  const questions = useSelector(expansion, expansionSel.rows);
  const previousFooter = useMemo(() => (previous ? totalsOf(previous) : null), [previous]);

  // The peek tables follow the table's sort.
  const rowPath = useCallback((row: PerformanceRow) => [...path, nameIn(row, levelColumn)], [path, levelColumn]);
  const rowName = useCallback((row: PerformanceRow) => nameIn(row, levelColumn), [levelColumn]);
  const tableColumns = useMemo<ReadonlyArray<TableColumn<PerformanceRow>>>(
    () => [
      { key: levelColumn, header: levelName(path.length), cell: (row) => <TaxonomyName name={nameIn(row, levelColumn)} href={taxonomyPath([...path, nameIn(row, levelColumn)])} /> },
      ...metricColumns(columns, headers, format),
    ],
    [levelColumn, path, columns, headers, format],
  );
  const onSort = useCallback((column: string) => table.send({ type: "table.sortChanged", column }), [table]);
  const controls = useMemo<RowExpansionControls<PerformanceRow>>(
    () => ({
      canExpand: (row) => nameIn(row, levelColumn) !== noneTaxonomy && questions.canOpen(rowPath(row)),
      isExpanded: (row) => questions.isOpen(rowPath(row)),
      onToggle: (row) => expansion.send({ type: "expansion.toggled", path: rowPath(row) }),
      renderNested: (row) => <NestedRows expansion={expansion} path={rowPath(row)} depth={1} />,
    }),
    [questions, rowPath, expansion, levelColumn],
  );

  return (
    <MetricTable
      label={tableLabel(path)}
      rowsId={reportRowsId}
      columns={tableColumns}
      rows={rows}
      rowName={rowName}
      footer={footer}
      sort={sort}
      onSort={onSort}
      loading={loading}
      failure={failed ? <TableFailure onRetry={() => table.send({ type: "table.retried" })} /> : undefined}
      previous={previous}
      previousFooter={previousFooter}
      expansion={controls}
      paging={{
        label: `${performanceTexts.performanceTable.pagination} of ${tableLabel(path)}`,
        page,
        pageCount,
        total,
        perPage,
        perPageOptions,
        onPage: (p) => table.send({ type: "table.pageChanged", page: p }),
        onPerPage: (n) => table.send({ type: "table.perPageChanged", perPage: n }),
      }}
    />
  );
};
