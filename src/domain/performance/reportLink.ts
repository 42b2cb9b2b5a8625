import { unreadableLinkMessage, type QueryLink } from "../report/reportQuery";
import { parseRange, type DateRange } from "../report/dateRange";
import { metricNames } from "../report/metricNames";
import { perPageOptions } from "../table/pagination";
import { intervals, namedFilters, type ChartType, type Interval, type NamedFilter, type SortDirection } from "../shell/session";

/**
 * Every choice a person makes on a performance report, as its URL carries it, so that a
 * link reproduces the view exactly. Program and dates travel beside them (`program`,
 * `date_from`, `date_to`, kept by the session).
 *
 * The query: `interval` (day, week, month), `chart` (area, bar), `metrics` (the two
 * chart metrics, comma-separated), `filter` (default, new, returning), `compare_from` and
 * `compare_to` (the comparison dates, only while Compare is on), `columns` (the visible
 * columns in order, comma-separated), `sort` and `order` (the table's sort column and
 * direction), `page` and `per_page` (the table's page and rows per page, on a page with a
 * table), `notes=off` ('Campaign Notes' not drawn) and `notes_table=on` (the notes table
 * open), the last two only when not the default. On a search results page `page` and
 * `per_page` are the results' paging, and `search_filter` lists the Filter's unticked
 * nodes, the fewest that cover the unticked leaves (a whole unticked channel is one entry;
 * only while some leaf is unticked): each node's taxonomy path with its levels joined by
 * U+001F, the nodes joined by U+001E. Reading takes each part that is valid and
 * falls back, part by part, to the choices given (the session's): a link without a part
 * keeps the person's own choice.
 */
export interface ReportChoices {
  readonly interval: Interval;
  readonly chartType: ChartType;
  readonly metricOne: string;
  readonly metricTwo: string;
  readonly filter: NamedFilter;
  /** The comparison dates while Compare is on; null while it is off. */
  readonly comparison: DateRange | null;
  readonly columns: ReadonlyArray<string>;
  readonly sort: { readonly column: string; readonly direction: SortDirection };
  /** The table's page and rows per page; null on a page without a table (nothing written). */
  readonly paging: TablePaging | null;
  /** 'Campaign Notes' drawn on the chart (the default). */
  readonly notesShown: boolean;
  /** The notes table open (closed by default). */
  readonly notesTableOpen: boolean;
  /** The search Filter's unticked nodes (their node keys); null on a page without search results (nothing written). */
  readonly searchFilter: ReadonlyArray<string> | null;
}

export interface TablePaging {
  readonly page: number;
  readonly perPage: number;
}

export const reportLinkKeys = {
  interval: "interval",
  chartType: "chart",
  metrics: "metrics",
  filter: "filter",
  compareFrom: "compare_from",
  compareTo: "compare_to",
  columns: "columns",
  sort: "sort",
  order: "order",
  page: "page",
  perPage: "per_page",
  notes: "notes",
  notesTable: "notes_table",
  searchFilter: "search_filter",
} as const;

/** Between the nodes of `search_filter` (the levels of one node are joined as node keys are, by U+001F). */
const nodeSeparator = "\u001e";
const levelSeparator = "\u001f";

/** The notes toggles when a report opens without a link saying otherwise: notes drawn, their table closed. */
export const notesDefaults = { notesShown: true, notesTableOpen: false } as const;

const on = "on";
const off = "off";

const chartTypes: ReadonlyArray<ChartType> = ["area", "bar"];
const directions: ReadonlyArray<SortDirection> = ["asc", "desc"];
const metrics: ReadonlyArray<string> = metricNames;
/** What a table may be sorted by: a metric or a taxonomy level. */
const isSortColumn = (c: string): boolean => metrics.includes(c) || /^taxonomy_[1-4]$/.test(c);

const oneOf = <T extends string>(values: ReadonlyArray<T>, raw: string | null): T | null =>
  raw !== null && (values as ReadonlyArray<string>).includes(raw) ? (raw as T) : null;

const listOf = (raw: string | null): string[] => (raw === null || raw === "" ? [] : raw.split(","));

/** Two distinct known metrics, or null. */
const chartPair = (raw: string | null): { metricOne: string; metricTwo: string } | null => {
  const [one, two, ...rest] = listOf(raw);
  return one !== undefined && two !== undefined && rest.length === 0 && one !== two && metrics.includes(one) && metrics.includes(two)
    ? { metricOne: one, metricTwo: two }
    : null;
};

/** Known metrics, each once, in the link's order; null when none is left. */
const columnList = (raw: string | null): string[] | null => {
  const columns = [...new Set(listOf(raw))].filter((c) => metrics.includes(c));
  return columns.length > 0 ? columns : null;
};

/** A whole number from 1 written plainly (no sign, fraction or leading zero), or null. */
const pageNumber = (raw: string | null): number | null => (raw !== null && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null);

/** The unticked nodes a `search_filter` names: each a path of one to four non-empty levels, each once. */
const uncheckedLeaves = (raw: string | null): string[] =>
  raw === null
    ? []
    : [...new Set(raw.split(nodeSeparator))].filter((key) => {
        const levels = key.split(levelSeparator);
        return levels.length <= 4 && levels.every((level) => level !== "");
      });

/** `on` / `off` as true / false; anything else null. */
const onOff = (raw: string | null): boolean | null => (raw === on ? true : raw === off ? false : null);

/**
 * The choices a query string carries, each falling back to `fallback`'s when missing or
 * invalid. Compare is on only with two valid, ordered comparison dates; without them it
 * is off (a link never turns it on by a fallback). The page is any whole number from 1
 * (the table moves a page past the last to the last once it has loaded); rows per page
 * only one of `perPageOffered` (the table's options). A page without a table (a null
 * `fallback.paging`) reads no paging, and a page without search results (a null
 * `fallback.searchFilter`) no Filter; a link's Filter is all of its own (no fallback: without
 * `search_filter` every leaf is ticked). The notes toggles are written only when not the
 * default, so a link without them (or with another value) has them as by default, whatever
 * the fallback.
 */
export const readReportLink = (search: string, fallback: ReportChoices, perPageOffered: ReadonlyArray<number> = []): ReportChoices => {
  const q = new URLSearchParams(search);
  const k = reportLinkKeys;
  const pair = chartPair(q.get(k.metrics));
  const sortColumn = q.get(k.sort);
  return {
    interval: oneOf(intervals, q.get(k.interval)) ?? fallback.interval,
    chartType: oneOf(chartTypes, q.get(k.chartType)) ?? fallback.chartType,
    metricOne: pair?.metricOne ?? fallback.metricOne,
    metricTwo: pair?.metricTwo ?? fallback.metricTwo,
    filter: oneOf(namedFilters, q.get(k.filter)) ?? fallback.filter,
    comparison: q.has(k.compareFrom) || q.has(k.compareTo) ? parseRange(q.get(k.compareFrom), q.get(k.compareTo)) : null,
    columns: columnList(q.get(k.columns)) ?? fallback.columns,
    sort: {
      column: sortColumn !== null && isSortColumn(sortColumn) ? sortColumn : fallback.sort.column,
      direction: oneOf(directions, q.get(k.order)) ?? fallback.sort.direction,
    },
    paging: fallback.paging && {
      page: pageNumber(q.get(k.page)) ?? fallback.paging.page,
      perPage: perPageOffered.find((n) => String(n) === q.get(k.perPage)) ?? fallback.paging.perPage,
    },
    notesShown: onOff(q.get(k.notes)) ?? notesDefaults.notesShown,
    notesTableOpen: onOff(q.get(k.notesTable)) ?? notesDefaults.notesTableOpen,
    searchFilter: fallback.searchFilter && uncheckedLeaves(q.get(k.searchFilter)),
  };
};

/** The query parameters of the choices (the comparison dates only while Compare is on; paging only with a table; the notes toggles only when not the default). */
export const reportLinkParams = (c: ReportChoices): Record<string, string> => ({
  [reportLinkKeys.interval]: c.interval,
  [reportLinkKeys.chartType]: c.chartType,
  [reportLinkKeys.metrics]: `${c.metricOne},${c.metricTwo}`,
  [reportLinkKeys.filter]: c.filter,
  ...(c.comparison ? { [reportLinkKeys.compareFrom]: c.comparison.from, [reportLinkKeys.compareTo]: c.comparison.to } : {}),
  [reportLinkKeys.columns]: c.columns.join(","),
  [reportLinkKeys.sort]: c.sort.column,
  [reportLinkKeys.order]: c.sort.direction,
  ...(c.paging ? { [reportLinkKeys.page]: String(c.paging.page), [reportLinkKeys.perPage]: String(c.paging.perPage) } : {}),
  ...(c.notesShown ? {} : { [reportLinkKeys.notes]: off }),
  ...(c.notesTableOpen ? { [reportLinkKeys.notesTable]: on } : {}),
  ...(c.searchFilter && c.searchFilter.length > 0 ? { [reportLinkKeys.searchFilter]: c.searchFilter.join(nodeSeparator) } : {}),
});

/** The parameters written only with some choices: removed before the choices are written in. */
const optionalKeys = [
  reportLinkKeys.compareFrom,
  reportLinkKeys.compareTo,
  reportLinkKeys.page,
  reportLinkKeys.perPage,
  reportLinkKeys.notes,
  reportLinkKeys.notesTable,
  reportLinkKeys.searchFilter,
] as const;

/** The query string with the choices written in: every other parameter kept, a part the choices do not write (Compare off, no table, a default notes toggle) removed. */
export const withReportLink = (search: string, c: ReportChoices): string => {
  const q = new URLSearchParams(search);
  for (const key of optionalKeys) q.delete(key);
  for (const [key, value] of Object.entries(reportLinkParams(c))) q.set(key, value);
  return q.toString();
};

/**
 * The keys of a link's query that `readReportLink` cannot read (present, but not valid):
 * each is dropped for the fallback. Rows per page are checked against `perPageOffered`;
 * the Filter's nodes (`search_filter`) are read node by node and never refused whole.
 */
export const unreadableReportLinkKeys = (search: string, perPageOffered: ReadonlyArray<number>): ReadonlyArray<string> => {
  const q = new URLSearchParams(search);
  const k = reportLinkKeys;
  const refused = (key: string, readable: (raw: string) => boolean): ReadonlyArray<string> => {
    const raw = q.get(key);
    return raw === null || readable(raw) ? [] : [key];
  };
  const comparisonReadable = !(q.has(k.compareFrom) || q.has(k.compareTo)) || parseRange(q.get(k.compareFrom), q.get(k.compareTo)) !== null;
  return [
    ...refused(k.interval, (raw) => oneOf(intervals, raw) !== null),
    ...refused(k.chartType, (raw) => oneOf(chartTypes, raw) !== null),
    ...refused(k.metrics, (raw) => chartPair(raw) !== null),
    ...refused(k.filter, (raw) => oneOf(namedFilters, raw) !== null),
    ...(comparisonReadable ? [] : [k.compareFrom, k.compareTo].filter((key) => q.has(key))),
    ...refused(k.columns, (raw) => columnList(raw) !== null),
    ...refused(k.sort, isSortColumn),
    ...refused(k.order, (raw) => oneOf(directions, raw) !== null),
    ...refused(k.page, (raw) => pageNumber(raw) !== null),
    ...refused(k.perPage, (raw) => perPageOffered.some((n) => String(n) === raw)),
    ...refused(k.notes, (raw) => onOff(raw) !== null),
    ...refused(k.notesTable, (raw) => onOff(raw) !== null),
  ];
};

/** The performance report's `QueryLink`: its unreadable keys (rows per page any the report's tables offer) and `withReportLink`. */
export const performanceQueryLink: QueryLink<ReportChoices> = {
  unreadable: (search) => unreadableLinkMessage(unreadableReportLinkKeys(search, [...new Set(Object.values(perPageOptions).flat())])),
  written: withReportLink,
};
