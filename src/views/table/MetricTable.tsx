import { createContext, Fragment, memo, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentProps, type ReactNode } from "react";
import { comparisonCell, directionTone, formatChange } from "../../domain/report/comparison";
import { metricDefinitions, type MetricKind } from "../../domain/report/metrics";
import { formatMetric, isMetricName, type NumberFormatOptions } from "../../domain/report/numberFormat";
import type { SortSpec } from "../../domain/table/tableSort";
import { reportTexts } from "../../domain/report/reportTexts";
import { performanceTexts } from "../../domain/performance/performanceTexts";
import { Pagination } from "./Pagination";
import "./metricTable.css";

/**
 * The one table of the product (spec performance-report.md sections 2 and 9), for every
 * report and list: a semantic <table> with a caption, columns described by data, sortable
 * column headers (buttons inside `th`, `aria-sort`), rows that open to show nested rows
 * (disclosure buttons with `aria-expanded`), the footer row, the empty state, a loading
 * status, comparison cells beside a previous period, the visible columns, and the
 * pagination under it. Bodies longer than `virtualiseAbove` rows are windowed: only the
 * rows in view (and a margin) are in the document.
 *
 * The first column is the rows' header (`th scope="row"`). The table draws what it is
 * given and reports clicks; the machines own sorting, paging and what is open.
 *
 * Column widths are fixed (`table-layout: fixed` and a `<col>` width per column), so opening
 * a row or paging never moves the headers; text longer than its column is cut with an
 * ellipsis and the whole text in its tooltip (`title`). The rows' header column stays in
 * place while the table scrolls sideways.
 */

/** A row of the table: named fields (taxonomy_1 .. taxonomy_4, metrics, or another list's fields). */
export type MetricTableRow = Readonly<Record<string, unknown>>;

/** What a cell renderer knows besides its row. */
export interface CellContext {
  /** 0 for the table's own rows, 1 for their children... */
  readonly depth: number;
}

/** A column, described by data. */
export interface TableColumn<R extends MetricTableRow = MetricTableRow> {
  /** The field it shows, and the key a sort names. */
  readonly key: string;
  /** The header's text. */
  readonly header: string;
  /** Numbers align to the end (default for columns with a `value`), text to the start. */
  readonly align?: "start" | "end";
  /** A header button sorts by it when the table has `onSort` (default true). */
  readonly sortable?: boolean;
  /** The number a row or the footer holds in this column (null when none). */
  readonly value?: (row: MetricTableRow) => number | null;
  /** How `value` reads on screen. */
  readonly format?: (value: number | null) => string;
  /** Draws the cell's content for a row (default: the formatted value, else the field's text). */
  readonly cell?: (row: R, context: CellContext) => ReactNode;
  /**
   * Comparison mode: the metric whose direction colours the change (CPA is better going
   * down) and the locale the change reads in; the column is not compared without it.
   */
  readonly compare?: { readonly metric: string; readonly locale?: string };
  /** A class for the column's body cells. */
  readonly className?: string;
  /** The column's width in rem (default: by its metric's kind for metric columns, 12 for text, 8 for numbers; the first column's comes from the CSS). */
  readonly width?: number;
}

export interface RowExpansionControls<R extends MetricTableRow> {
  /** Whether the row has a disclosure button. */
  readonly canExpand: (row: R) => boolean;
  readonly isExpanded: (row: R) => boolean;
  readonly onToggle: (row: R) => void;
  /** The rows shown under an open row: `<tr>`s, e.g. `MetricRow`s and `MetricNoteRow`s at depth 1. */
  readonly renderNested: (row: R) => ReactNode;
}

export interface MetricTableProps<R extends MetricTableRow> {
  /** The table's accessible name, also its (visually hidden) caption. */
  readonly label: string;
  /** Every column the table can show; the first is the rows' header and always shows. */
  readonly columns: ReadonlyArray<TableColumn<R>>;
  /** The column choice: keys of the other columns to show, in order (default: all of them). */
  readonly visibleColumns?: ReadonlyArray<string>;
  /** The rows to draw, in order (one page, or every row of a long table). */
  readonly rows: ReadonlyArray<R>;
  /** A row's name: its disclosure button's label and how a previous period's row is matched (default: the first column's field). */
  readonly rowName?: (row: R) => string;
  /** A stable key per row (default: its name and place). */
  readonly rowKey?: (row: R, index: number) => string;
  /** The footer row's values (e.g. sums, rates recomputed from sums); no footer when absent or when there are no rows. */
  readonly footer?: MetricTableRow | null;
  /** The footer row's header (default 'Total'). */
  readonly footerLabel?: string;
  readonly sort?: SortSpec | null;
  /** A header click; headers are plain text without it. */
  readonly onSort?: (column: string) => void;
  readonly loading?: boolean;
  /** The status while loading (default 'Loading the table…'). */
  readonly loadingText?: string;
  /** The empty state (default 'There is no data to display'). */
  readonly emptyText?: string;
  /** A failed load, shown in place of the rows and of the empty state (e.g. the failure and 'Try again'). */
  readonly failure?: ReactNode;
  /** Comparison mode: the previous period's rows, matched by `rowName`. */
  readonly previous?: ReadonlyArray<MetricTableRow> | null;
  /** The previous period's footer, compared with `footer`. */
  readonly previousFooter?: MetricTableRow | null;
  readonly expansion?: RowExpansionControls<R>;
  /** The pagination under the table; none when absent. */
  readonly paging?: ComponentProps<typeof Pagination>;
  /** Window the body when it has more rows than this (default 60). */
  readonly virtualiseAbove?: number;
  /** A class for the table (beside `metric-table`). */
  readonly className?: string;
  /** An id for the first rows (focusable by script only): where a skip link lands, so the next Tab is in the first row. */
  readonly rowsId?: string;
}

/** What rows, nested rows and note rows need from the table around them. */
interface Layout {
  readonly columns: ReadonlyArray<TableColumn<MetricTableRow>>;
  /** Whether rows keep room for a disclosure button (the table has nested rows). */
  readonly expandable: boolean;
}

const LayoutContext = createContext<Layout>({ columns: [], expandable: false });

/** The visible columns of the table a nested row is drawn in. */
export const useMetricTableLayout = (): Layout => useContext(LayoutContext);

/** A metric column's header: the catalogue's label, else the response's, else the name. */
export const columnLabel = (column: string, headers?: Readonly<Record<string, string>>): string =>
  isMetricName(column) ? metricDefinitions[column].label : (headers?.[column] ?? column);

const numberOf = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const textOf = (v: unknown): string => (typeof v === "string" ? v : v == null ? "" : String(v));

/** Room for a metric's values (and its comparison cells), in rem, by kind. */
const metricWidths: Readonly<Record<MetricKind, number>> = { money: 9, count: 7.5, percent: 7, rate: 6.5 };

/** A metric's column: its number in the program's currency and locale, sortable, compared by its own direction. */
export const metricColumn = (key: string, header: string, format: NumberFormatOptions = {}): TableColumn => ({
  key,
  header,
  align: "end",
  width: isMetricName(key) ? metricWidths[metricDefinitions[key].kind] : undefined,
  value: (row) => numberOf(row[key]),
  format: (value) => formatMetric(value, key, format),
  compare: { metric: key, locale: format.locale ?? undefined },
});

/** The metric columns of the catalogue (labels from `headers` for the others), in order. */
export const metricColumns = (keys: ReadonlyArray<string>, headers?: Readonly<Record<string, string>>, format?: NumberFormatOptions): TableColumn[] =>
  keys.map((key) => metricColumn(key, columnLabel(key, headers), format));

const ariaSort = (sort: SortSpec | null | undefined, column: string): "ascending" | "descending" | undefined =>
  sort?.column === column ? (sort.direction === "asc" ? "ascending" : "descending") : undefined;

const alignOf = (column: TableColumn<MetricTableRow>): "start" | "end" => column.align ?? (column.value ? "end" : "start");

/** A column's width in rem (not the first column's: see `--metric-name-width`). */
const widthOf = (column: TableColumn<MetricTableRow>): number => column.width ?? (alignOf(column) === "end" ? 8 : 12);

const SortHeader = ({ column, sort, onSort, isName }: { column: TableColumn<MetricTableRow>; sort?: SortSpec | null; onSort?: (column: string) => void; isName: boolean }) => {
  const direction = ariaSort(sort, column.key);
  const sortable = onSort !== undefined && column.sortable !== false;
  const className = isName ? "metric-name-header" : alignOf(column) === "end" ? "metric-header" : "metric-header is-start";
  return (
    <th scope="col" aria-sort={sortable ? direction : undefined} className={className}>
      {sortable ? (
        <button type="button" className="metric-sort" onClick={() => onSort(column.key)}>
          <span>{column.header}</span>
          <span className={`metric-sort-icon${direction ? " is-active" : ""}`} aria-hidden="true">
            {direction === "ascending" ? "▲" : direction === "descending" ? "▼" : "↕"}
          </span>
        </button>
      ) : (
        column.header
      )}
    </th>
  );
};

/** A cell's content without comparison: the column's renderer, else its formatted value, else the field's text. */
const contentOf = (column: TableColumn<MetricTableRow>, row: MetricTableRow, context: CellContext): ReactNode => {
  if (column.cell) return column.cell(row, context);
  if (column.value) {
    const value = column.value(row);
    return column.format ? column.format(value) : textOf(value);
  }
  return textOf(row[column.key]);
};

/** One body or footer cell: its content, or in comparison mode the value, the previous value and the change. */
const ValueCell = ({ column, row, previous, comparing, context }: { column: TableColumn<MetricTableRow>; row: MetricTableRow; previous?: MetricTableRow | null; comparing: boolean; context: CellContext }) => {
  const className = `${alignOf(column) === "end" ? "metric-value" : "metric-text"}${column.className ? ` ${column.className}` : ""}`;
  if (!comparing || !column.compare || !column.value) {
    const content = contentOf(column, row, context);
    return (
      <td className={className} title={typeof content === "string" && content !== "" ? content : undefined}>
        {content}
      </td>
    );
  }
  const format = column.format ?? textOf;
  const cell = comparisonCell(column.compare.metric, column.value(row), previous ? column.value(previous) : null);
  const tone = directionTone[cell.direction];
  return (
    <td className={`${className} is-comparison`}>
      <span className="metric-current">{format(cell.current)}</span>
      <span className="metric-previous">
        <span className="visually-hidden">{performanceTexts.performanceTable.previousValue} </span>
        {format(cell.previous)}
      </span>
      <span className={`metric-change tone-${tone}`} data-tone={tone}>
        <span className="visually-hidden">{performanceTexts.performanceTable.change} </span>
        {formatChange(cell.change, column.compare.locale)}
      </span>
    </td>
  );
};

/** The value cells of a row or of the footer (every visible column after the first). */
const ValueCells = ({ row, previous, comparing, depth }: { row: MetricTableRow; previous?: MetricTableRow | null; comparing: boolean; depth: number }) => {
  const { columns } = useMetricTableLayout();
  const context = useMemo<CellContext>(() => ({ depth }), [depth]);
  return (
    <>
      {columns.slice(1).map((column) => (
        <ValueCell key={column.key} column={column} row={row} previous={previous} comparing={comparing} context={context} />
      ))}
    </>
  );
};

export interface MetricRowProps {
  readonly row: MetricTableRow;
  /** Its name, for the disclosure button's label ('Expand {name}'). */
  readonly name: string;
  /** 0 for the table's own rows, 1 for their children... */
  readonly depth?: number;
  /** The row header's content when it is not the first column's (a nested row of another level). */
  readonly header?: ReactNode;
  readonly expandable?: boolean;
  readonly expanded?: boolean;
  /** The disclosure button's click, given the row (keep it stable: rows are memoised). */
  readonly onToggle?: (row: MetricTableRow) => void;
  /** Comparison mode: the matching previous row (undefined when none). */
  readonly comparing?: boolean;
  readonly previous?: MetricTableRow;
}

const indent = (depth: number, extra = 0) => ({ paddingLeft: `${0.75 + depth * 1.5 + extra}rem` });

/** A row: its header (a disclosure button when it opens, then the first column's cell), then the other visible columns. */
export const MetricRow = memo(function MetricRow({ row, name, depth = 0, header, expandable = false, expanded = false, onToggle, comparing = false, previous }: MetricRowProps) {
  const { columns, expandable: roomForDisclosure } = useMetricTableLayout();
  const first = columns[0];
  const context = useMemo<CellContext>(() => ({ depth }), [depth]);
  return (
    <tr className={`metric-row${depth > 0 ? " is-nested" : ""}${expanded ? " is-open" : ""}`} data-depth={depth}>
      <th scope="row" className={`metric-name${first?.className ? ` ${first.className}` : ""}`} style={depth > 0 ? indent(depth) : undefined} title={name || undefined}>
        <span className="metric-name-inner">
          {expandable ? (
            <button type="button" className="metric-disclosure" aria-expanded={expanded} aria-label={`Expand ${name}`} onClick={() => onToggle?.(row)}>
              <span aria-hidden="true">▸</span>
            </button>
          ) : roomForDisclosure ? (
            <span className="metric-disclosure-space" aria-hidden="true" />
          ) : null}
          {header ?? (first ? contentOf(first, row, context) : null)}
        </span>
      </th>
      <ValueCells row={row} previous={previous} comparing={comparing} depth={depth} />
    </tr>
  );
});

/** The footer row (memoised: a sort or a page change does not draw it again). */
const FooterRow = memo(function FooterRow({ label, footer, previousFooter, comparing }: { label: string; footer: MetricTableRow; previousFooter?: MetricTableRow | null; comparing: boolean }) {
  const { expandable } = useMetricTableLayout();
  return (
    <tfoot>
      <tr className="metric-total">
        <th scope="row" className="metric-name">
          <span className="metric-name-inner">
            {expandable ? <span className="metric-disclosure-space" aria-hidden="true" /> : null}
            {label}
          </span>
        </th>
        <ValueCells row={footer} previous={previousFooter} comparing={comparing} depth={0} />
      </tr>
    </tfoot>
  );
});

/** A full-width row under an open row: a status, the empty state or the 'Show me more' link. */
export const MetricNoteRow = ({ depth = 1, children, status = false }: { depth?: number; children: ReactNode; status?: boolean }) => {
  const { columns } = useMetricTableLayout();
  return (
    <tr className="metric-note is-nested" data-depth={depth}>
      <td colSpan={Math.max(1, columns.length)} style={indent(depth, 1.75)}>
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
/**
 * Whether columns lie past the right edge of the table's scroller (its frame then draws a
 * shade at that edge, so a phone's reader sees that the table goes on), followed as the
 * table scrolls and as the scroller or the table changes size.
 */
const useMoreColumns = (container: { readonly current: HTMLDivElement | null }): [boolean, () => void] => {
  const [more, setMore] = useState(false);
  const check = useCallback(() => {
    const el = container.current;
    setMore(el !== null && el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
  }, [container]);
  useLayoutEffect(() => {
    const el = container.current;
    check();
    if (!el || typeof ResizeObserver === "undefined") return undefined;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    const table = el.querySelector("table");
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [container, check]);
  return [more, check];
};

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

const noRows: ReadonlyArray<MetricTableRow> = [];

export const MetricTable = <R extends MetricTableRow>(props: MetricTableProps<R>) => {
  const {
    label,
    columns,
    visibleColumns,
    rows,
    rowName,
    rowKey,
    footer,
    footerLabel = performanceTexts.performanceTable.total,
    sort,
    onSort,
    loading = false,
    loadingText = performanceTexts.performanceTable.loading,
    emptyText = reportTexts.empty.table,
    failure,
    previous,
    previousFooter,
    expansion,
    paging,
    virtualiseAbove = 60,
    className,
    rowsId,
  } = props;
  const comparing = previous != null;
  const first = columns[0];
  const nameOf = useCallback((row: R): string => (rowName ? rowName(row) : first ? textOf(row[first.key]) : ""), [rowName, first]);
  const shown = useMemo(() => {
    if (!visibleColumns) return columns;
    const byKey = new Map(columns.slice(1).map((c) => [c.key, c]));
    return [...columns.slice(0, 1), ...visibleColumns.flatMap((key) => byKey.get(key) ?? [])];
  }, [columns, visibleColumns]) as ReadonlyArray<TableColumn<MetricTableRow>>;
  const previousByName = useMemo(() => {
    const byName = new Map<string, MetricTableRow>();
    for (const row of previous ?? noRows) byName.set(nameOf(row as R), row);
    return byName;
  }, [previous, nameOf]);
  const keys = useMemo(() => rows.map((row, i) => (rowKey ? rowKey(row, i) : `${nameOf(row)}\u0000${i}`)), [rows, rowKey, nameOf]);
  const virtual = rows.length > virtualiseAbove;
  const { container, onScroll, measure, visible } = useWindowing(keys, virtual);
  const [moreColumns, checkMoreColumns] = useMoreColumns(container);
  const layout = useMemo<Layout>(() => ({ columns: shown, expandable: expansion !== undefined }), [shown, expansion]);
  const empty = rows.length === 0;
  const width = shown.length;
  // Never narrower than its columns; wider when the page has room (the extra shared out in proportion).
  const tableWidth = `max(100%, calc(${first?.width !== undefined ? `${first.width}rem` : "var(--metric-name-width)"} + ${shown.slice(1).reduce((sum, c) => sum + widthOf(c), 0)}rem))`;

  return (
    <LayoutContext.Provider value={layout}>
      <div className="metric-table-frame" data-more-columns={moreColumns || undefined}>
        <div
          className={`metric-table-wrap${virtual ? " is-windowed" : ""}${loading ? " is-loading" : ""}`}
          ref={container}
          onScroll={() => {
            if (virtual) onScroll();
            checkMoreColumns();
          }}
        >
          {loading ? (
            <p className="metric-table-status" role="status">
              {loadingText}
            </p>
          ) : null}
          <table
            className={`metric-table${comparing ? " is-comparing" : ""}${className ? ` ${className}` : ""}`}
            aria-busy={loading || undefined}
            aria-rowcount={virtual ? rows.length + (footer ? 2 : 1) : undefined}
            style={{ width: tableWidth }}
          >
            <caption className="visually-hidden">{label}</caption>
            <colgroup>
              {shown.map((column, i) => (
                <col key={column.key} className={i === 0 ? "metric-name-col" : undefined} style={i === 0 && column.width === undefined ? undefined : { width: `${widthOf(column)}rem` }} />
              ))}
            </colgroup>
            <thead>
              <tr>
                {shown.map((column, i) => (
                  <SortHeader key={column.key} column={column} sort={sort} onSort={onSort} isName={i === 0} />
                ))}
              </tr>
            </thead>
            {empty ? (
              <tbody id={rowsId} tabIndex={rowsId ? -1 : undefined}>
                <tr className="metric-empty">
                  <td colSpan={width}>{loading ? null : (failure ?? emptyText)}</td>
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
                  const name = nameOf(row);
                  const expandable = expansion?.canExpand(row) ?? false;
                  const expanded = expandable && (expansion?.isExpanded(row) ?? false);
                  const landing = index === 0 && rowsId !== undefined;
                  return (
                    <tbody key={key} className="metric-group" data-group-key={key} ref={virtual ? measure : undefined} id={landing ? rowsId : undefined} tabIndex={landing ? -1 : undefined}>
                      <MetricRow
                        row={row}
                        name={name}
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
            {footer && !empty ? <FooterRow label={footerLabel} footer={footer} previousFooter={previousFooter} comparing={comparing} /> : null}
          </table>
        </div>
      </div>
      {paging ? <Pagination {...paging} /> : null}
    </LayoutContext.Provider>
  );
};
