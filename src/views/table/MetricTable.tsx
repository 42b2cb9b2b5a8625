import { createContext, Fragment, memo, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { comparisonCell, directionTone, formatChange } from "../../domain/report/comparison";
import { metricDefinitions } from "../../domain/report/metrics";
import { formatMetric, isMetricName, type NumberFormatOptions } from "../../domain/report/numberFormat";
import { noneTaxonomy, type PerformanceRow } from "../../domain/performance/performance";
import type { SortSpec } from "../../domain/table/tableSort";
import { texts } from "../../domain/shell/texts";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import "./metricTable.css";

/**
 * A table of metrics by one taxonomy level, for every report: a semantic <table> with a caption, sortable column headers, the
 * visible metric columns in the program's currency and locale, the footer 'Total', the
 * empty state, a loading status, rows that open to show nested rows, and an optional
 * comparison with a previous period. Bodies longer than `virtualiseAbove` rows are
 * windowed: only the rows in view (and a margin) are in the document.
 *
 * It draws what it is given and reports clicks; the machines own sorting, paging and
 * what is open.
 */

/** A row of metrics, named by one of its fields (taxonomy_1 .. taxonomy_4 or another name). */
export type MetricTableRow = Readonly<Record<string, unknown>>;

export interface RowExpansionControls<R extends MetricTableRow> {
  /** Whether the row has a disclosure button ('None' rows never do: the table checks that too). */
  readonly canExpand: (row: R) => boolean;
  readonly isExpanded: (row: R) => boolean;
  readonly onToggle: (row: R) => void;
  /** The rows shown under an open row: `<tr>`s, e.g. `MetricRow`s and `MetricNoteRow`s at depth 1. */
  readonly renderNested: (row: R) => ReactNode;
}

export interface MetricTableProps<R extends MetricTableRow = PerformanceRow> {
  /** The table's accessible name, also its (visually hidden) caption. */
  readonly label: string;
  /** The field naming each row (e.g. "taxonomy_2"). */
  readonly nameColumn: string;
  /** The first column's header. */
  readonly nameLabel: string;
  /** The rows to draw, in order (one page, or every row of a long table). */
  readonly rows: ReadonlyArray<R>;
  /** The visible metric columns, in order. */
  readonly columns: ReadonlyArray<string>;
  /** Labels for columns the metric catalogue does not know (a response's column_headers). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The footer 'Total' (sums, rates recomputed from sums); no footer when absent. */
  readonly footer?: Readonly<Record<string, number>> | null;
  readonly sort?: SortSpec | null;
  /** A header click; headers are plain text without it. */
  readonly onSort?: (column: string) => void;
  readonly loading?: boolean;
  /** The program's currency and locale. */
  readonly format?: NumberFormatOptions;
  /** Comparison mode: the previous period's rows, matched by `nameColumn`. */
  readonly previous?: ReadonlyArray<R> | null;
  /** The previous period's footer, compared with `footer`. */
  readonly previousFooter?: Readonly<Record<string, number>> | null;
  /** Where a row's name links to ('None' rows are never linked). */
  readonly hrefOf?: (row: R) => string | undefined;
  readonly expansion?: RowExpansionControls<R>;
  /** Window the body when it has more rows than this (default 60). */
  readonly virtualiseAbove?: number;
  /** A stable key per row (default: its name). */
  readonly rowKey?: (row: R, index: number) => string;
}

/** What nested rows need from the table around them. */
interface Layout {
  readonly columns: ReadonlyArray<string>;
  readonly format: NumberFormatOptions;
}

const LayoutContext = createContext<Layout>({ columns: [], format: {} });

/** The columns and number format of the table a nested row is drawn in. */
export const useMetricTableLayout = (): Layout => useContext(LayoutContext);

/** A column's header: the catalogue's label, else the response's, else the name. */
export const columnLabel = (column: string, headers?: Readonly<Record<string, string>>): string =>
  isMetricName(column) ? metricDefinitions[column].label : (headers?.[column] ?? column);

const numberOf = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const nameOf = (row: MetricTableRow, nameColumn: string): string => {
  const v = row[nameColumn];
  return typeof v === "string" ? v : v == null ? "" : String(v);
};

const ariaSort = (sort: SortSpec | null | undefined, column: string): "ascending" | "descending" | undefined =>
  sort?.column === column ? (sort.direction === "asc" ? "ascending" : "descending") : undefined;

const SortHeader = ({ column, label, sort, onSort, isName }: { column: string; label: string; sort?: SortSpec | null; onSort?: (column: string) => void; isName?: boolean }) => {
  const direction = ariaSort(sort, column);
  return (
    <th scope="col" aria-sort={direction} className={isName ? "metric-name-header" : "metric-header"}>
      {onSort ? (
        <button type="button" className="metric-sort" onClick={() => onSort(column)}>
          <span>{label}</span>
          <span className={`metric-sort-icon${direction ? " is-active" : ""}`} aria-hidden="true">
            {direction === "ascending" ? "▲" : direction === "descending" ? "▼" : "↕"}
          </span>
        </button>
      ) : (
        label
      )}
    </th>
  );
};

/** One metric cell: the value, or in comparison mode the value, the previous value and the change. */
const MetricCell = ({ column, value, previous, comparing, format }: { column: string; value: number | null; previous: number | null; comparing: boolean; format: NumberFormatOptions }) => {
  if (!comparing) return <td className="metric-value">{formatMetric(value, column, format)}</td>;
  const cell = comparisonCell(column, value, previous);
  const tone = directionTone[cell.direction];
  return (
    <td className="metric-value is-comparison">
      <span className="metric-current">{formatMetric(cell.current, column, format)}</span>
      <span className="metric-previous">
        <span className="visually-hidden">{performanceTexts.performanceTable.previousValue} </span>
        {formatMetric(cell.previous, column, format)}
      </span>
      <span className={`metric-change tone-${tone}`} data-tone={tone}>
        <span className="visually-hidden">{performanceTexts.performanceTable.change} </span>
        {formatChange(cell.change, format.locale)}
      </span>
    </td>
  );
};

/** The visible metric columns of a row or of the footer, each beside its previous value when comparing. */
const MetricCells = ({ values, previous, comparing }: { values: Readonly<Record<string, unknown>>; previous?: Readonly<Record<string, unknown>> | null; comparing: boolean }) => {
  const { columns, format } = useMetricTableLayout();
  return (
    <>
      {columns.map((column) => (
        <MetricCell
          key={column}
          column={column}
          value={numberOf(values[column])}
          previous={previous ? numberOf(previous[column]) : null}
          comparing={comparing}
          format={format}
        />
      ))}
    </>
  );
};

export interface MetricRowProps {
  readonly row: MetricTableRow;
  readonly nameColumn: string;
  /** 0 for the table's own rows, 1 for their children... */
  readonly depth?: number;
  readonly href?: string;
  readonly expandable?: boolean;
  readonly expanded?: boolean;
  /** The disclosure button's click, given the row (keep it stable: rows are memoised). */
  readonly onToggle?: (row: MetricTableRow) => void;
  /** Comparison mode: the matching previous row (undefined when none). */
  readonly comparing?: boolean;
  readonly previous?: MetricTableRow;
}

/** A row: its name (a disclosure button when it opens, a link unless 'None'), then its metrics. */
export const MetricRow = memo(function MetricRow({ row, nameColumn, depth = 0, href, expandable = false, expanded = false, onToggle, comparing = false, previous }: MetricRowProps) {
  const name = nameOf(row, nameColumn);
  const isNone = name === noneTaxonomy;
  return (
    <tr className={`metric-row${depth > 0 ? " is-nested" : ""}${expanded ? " is-open" : ""}`} data-depth={depth}>
      <th scope="row" className="metric-name" style={{ paddingLeft: `${0.75 + depth * 1.5}rem` }}>
        <span className="metric-name-inner">
          {expandable && !isNone ? (
            <button type="button" className="metric-disclosure" aria-expanded={expanded} aria-label={`Expand ${name}`} onClick={() => onToggle?.(row)}>
              <span aria-hidden="true">▸</span>
            </button>
          ) : (
            <span className="metric-disclosure-space" aria-hidden="true" />
          )}
          {href && !isNone ? <Link href={href}>{name}</Link> : <span>{name}</span>}
        </span>
      </th>
      <MetricCells values={row} previous={previous} comparing={comparing} />
    </tr>
  );
});

/** The footer 'Total' (memoised: a sort or a page change does not draw it again). */
const TotalRow = memo(function TotalRow({ footer, previousFooter, comparing }: { footer: Readonly<Record<string, number>>; previousFooter?: Readonly<Record<string, number>> | null; comparing: boolean }) {
  return (
    <tfoot>
      <tr className="metric-total">
        <th scope="row" className="metric-name">
          <span className="metric-name-inner">
            <span className="metric-disclosure-space" aria-hidden="true" />
            {performanceTexts.performanceTable.total}
          </span>
        </th>
        <MetricCells values={footer} previous={previousFooter} comparing={comparing} />
      </tr>
    </tfoot>
  );
});

/** A full-width row under an open row: a status, the empty state or the 'Show me more' link. */
export const MetricNoteRow = ({ depth = 1, children, status = false }: { depth?: number; children: ReactNode; status?: boolean }) => {
  const { columns } = useMetricTableLayout();
  return (
    <tr className="metric-note is-nested" data-depth={depth}>
      <td colSpan={columns.length + 1} style={{ paddingLeft: `${0.75 + depth * 1.5 + 1.75}rem` }}>
        {status ? <span role="status">{children}</span> : children}
      </td>
    </tr>
  );
};

// ---------------------------------------------------------------------------------------
// Windowing

const estimatedRowHeight = 41;
const overscanPx = 600;

interface Visible {
  readonly start: number;
  readonly end: number;
  readonly before: number;
  readonly after: number;
}

/**
 * Which row groups of a long body to draw: measured heights (a group grows when its row
 * is open), an estimate for the others, and the scroll position of the container.
 */
const useWindowing = (keys: ReadonlyArray<string>, enabled: boolean) => {
  const container = useRef<HTMLDivElement | null>(null);
  const heights = useRef(new Map<string, number>());
  const [scroll, setScroll] = useState({ top: 0, height: 800 });
  const [version, setVersion] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const frame = useRef(0);

  const resizeObserver = useCallback((): ResizeObserver | null => {
    if (observer.current || typeof ResizeObserver === "undefined") return observer.current;
    observer.current = new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const el = entry.target as HTMLElement;
        const key = el.dataset.groupKey;
        const h = Math.round(el.getBoundingClientRect().height);
        if (key !== undefined && h > 0 && heights.current.get(key) !== h) {
          heights.current.set(key, h);
          changed = true;
        }
      }
      if (changed) setVersion((v) => v + 1);
    });
    return observer.current;
  }, []);

  useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      observer.current?.disconnect();
      observer.current = null;
    },
    [],
  );

  useLayoutEffect(() => {
    const el = container.current;
    if (enabled && el) setScroll({ top: el.scrollTop, height: el.clientHeight || 800 });
  }, [enabled]);

  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const el = container.current;
      if (el) setScroll({ top: el.scrollTop, height: el.clientHeight || 800 });
    });
  }, []);

  /** A row group's ref: its height is watched while it is drawn. */
  const measure = useCallback(
    (el: HTMLTableSectionElement | null) => {
      const o = el ? resizeObserver() : null;
      if (!el || !o) return undefined;
      o.observe(el);
      return () => o.unobserve(el);
    },
    [resizeObserver],
  );

  const visible = useMemo((): Visible => {
    if (!enabled) return { start: 0, end: keys.length, before: 0, after: 0 };
    const from = Math.max(0, scroll.top - overscanPx);
    const to = scroll.top + scroll.height + overscanPx;
    const heightOf = (i: number) => heights.current.get(keys[i] as string) ?? estimatedRowHeight;
    let offset = 0;
    let start = 0;
    while (start < keys.length && offset + heightOf(start) <= from) offset += heightOf(start++);
    const before = offset;
    let end = start;
    while (end < keys.length && offset < to) offset += heightOf(end++);
    let after = 0;
    for (let i = end; i < keys.length; i++) after += heightOf(i);
    return { start, end, before, after };
    // `version` re-runs the walk when a measured height changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys, enabled, scroll, version]);

  return { container, onScroll, measure, visible };
};

// ---------------------------------------------------------------------------------------

const noFormat: NumberFormatOptions = {};

export const MetricTable = <R extends MetricTableRow = PerformanceRow>(props: MetricTableProps<R>) => {
  const {
    label,
    nameColumn,
    nameLabel,
    rows,
    columns,
    headers,
    footer,
    sort,
    onSort,
    loading = false,
    format = noFormat,
    previous,
    previousFooter,
    hrefOf,
    expansion,
    virtualiseAbove = 60,
    rowKey,
  } = props;
  const comparing = previous != null;
  const previousByName = useMemo(() => {
    const byName = new Map<string, R>();
    for (const row of previous ?? []) byName.set(nameOf(row, nameColumn), row);
    return byName;
  }, [previous, nameColumn]);
  const keys = useMemo(() => rows.map((row, i) => (rowKey ? rowKey(row, i) : `${nameOf(row, nameColumn)}\u0000${i}`)), [rows, rowKey, nameColumn]);
  const virtual = rows.length > virtualiseAbove;
  const { container, onScroll, measure, visible } = useWindowing(keys, virtual);
  const layout = useMemo<Layout>(() => ({ columns, format }), [columns, format]);
  const empty = rows.length === 0;
  const width = columns.length + 1;

  return (
    <LayoutContext.Provider value={layout}>
      <div className={`metric-table-wrap${virtual ? " is-windowed" : ""}${loading ? " is-loading" : ""}`} ref={container} onScroll={virtual ? onScroll : undefined}>
        {loading ? (
          <p className="metric-table-status" role="status">
            {performanceTexts.performanceTable.loading}
          </p>
        ) : null}
        <table className={`metric-table${comparing ? " is-comparing" : ""}`} aria-busy={loading || undefined} aria-rowcount={virtual ? rows.length + (footer ? 2 : 1) : undefined}>
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              <SortHeader column={nameColumn} label={nameLabel} sort={sort} onSort={onSort} isName />
              {columns.map((column) => (
                <SortHeader key={column} column={column} label={columnLabel(column, headers)} sort={sort} onSort={onSort} />
              ))}
            </tr>
          </thead>
          {empty ? (
            <tbody>
              <tr className="metric-empty">
                <td colSpan={width}>{loading ? null : texts.empty.table}</td>
              </tr>
            </tbody>
          ) : (
            <>
              {visible.before > 0 ? (
                <tbody aria-hidden="true">
                  <tr className="metric-spacer" style={{ height: visible.before }}>
                    <td colSpan={width} />
                  </tr>
                </tbody>
              ) : null}
              {rows.slice(visible.start, visible.end).map((row, i) => {
                const index = visible.start + i;
                const key = keys[index] as string;
                const name = nameOf(row, nameColumn);
                const isNone = name === noneTaxonomy;
                const expandable = !isNone && (expansion?.canExpand(row) ?? false);
                const expanded = expandable && (expansion?.isExpanded(row) ?? false);
                return (
                  <tbody key={key} className="metric-group" data-group-key={key} ref={virtual ? measure : undefined}>
                    <MetricRow
                      row={row}
                      nameColumn={nameColumn}
                      href={isNone ? undefined : hrefOf?.(row)}
                      expandable={expandable}
                      expanded={expanded}
                      onToggle={expansion?.onToggle as ((row: MetricTableRow) => void) | undefined}
                      comparing={comparing}
                      previous={previousByName.get(name)}
                    />
                    {expanded && expansion ? <Fragment>{expansion.renderNested(row)}</Fragment> : null}
                  </tbody>
                );
              })}
              {visible.after > 0 ? (
                <tbody aria-hidden="true">
                  <tr className="metric-spacer" style={{ height: visible.after }}>
                    <td colSpan={width} />
                  </tr>
                </tbody>
              ) : null}
            </>
          )}
          {footer && !empty ? <TotalRow footer={footer} previousFooter={previousFooter} comparing={comparing} /> : null}
        </table>
      </div>
    </LayoutContext.Provider>
  );
};
