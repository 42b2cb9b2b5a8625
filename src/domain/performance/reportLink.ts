import { Schema } from "effect";
import {
  columnListText,
  decodeReportQuery,
  OnOffText,
  optionalChoice,
  PageText,
  queryChoice,
  queryText,
  unreadableLinkMessage,
  withReportQuery,
  type QueryLink,
  type ReportQueryShape,
} from "../report/reportQuery";
import { parseRange, type DateRange } from "../report/dateRange";
import { IsoDate } from "./performance";
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
 *
 * The query is a `ReportQueryShape` like every screen's (`reportLinkShape`): each key read
 * by its Schema, an invalid one dropped and named (`decodeReportLink`), so the screen
 * frame can say which part of a link could not be read. Its parts have no fixed default:
 * a part the link lacks is null in the shape (`optionalChoice`) and the session's choice
 * in `ReportChoices`, so every part the report holds is written, whatever the person's
 * own preferences, and the link opens the same view for anyone.
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

const chartTypes: ReadonlyArray<ChartType> = ["area", "bar"];
const directions: ReadonlyArray<SortDirection> = ["asc", "desc"];
const metrics: ReadonlyArray<string> = metricNames;
/** What a table may be sorted by: a metric or a taxonomy level. */
const isSortColumn = (c: string): boolean => metrics.includes(c) || /^taxonomy_[1-4]$/.test(c);

/** The chart's two metrics. */
interface ChartMetrics {
  readonly metricOne: string;
  readonly metricTwo: string;
}

/** Two distinct known metrics, or null. */
const chartPair = (raw: string): ChartMetrics | null => {
  const [one, two, ...rest] = raw === "" ? [] : raw.split(",");
  return one !== undefined && two !== undefined && rest.length === 0 && one !== two && metrics.includes(one) && metrics.includes(two)
    ? { metricOne: one, metricTwo: two }
    : null;
};

/** The unticked nodes a `search_filter` names: each a path of one to four non-empty levels, each once. */
const uncheckedLeaves = (raw: string): string[] =>
  [...new Set(raw.split(nodeSeparator))].filter((key) => {
    const levels = key.split(levelSeparator);
    return levels.length <= 4 && levels.every((level) => level !== "");
  });

/** A `search_filter`: read node by node (a node that is no path is left out), never refused whole. */
const SearchFilterText: Schema.Schema<ReadonlyArray<string>, string> = Schema.transform(Schema.String, Schema.Array(Schema.String), {
  strict: true,
  decode: uncheckedLeaves,
  encode: (nodes) => nodes.join(nodeSeparator),
});

/**
 * The report's query as its parts, each as the link has it: null (the toggles: their
 * default) where the link has none, so the report takes the session's choice.
 */
export interface ReportLinkQuery {
  readonly interval: Interval | null;
  readonly chartType: ChartType | null;
  readonly metrics: ChartMetrics | null;
  readonly filter: NamedFilter | null;
  readonly compareFrom: string | null;
  readonly compareTo: string | null;
  readonly columns: ReadonlyArray<string> | null;
  readonly sortColumn: string | null;
  readonly order: SortDirection | null;
  readonly page: number | null;
  readonly perPage: number | null;
  readonly notesShown: boolean;
  readonly notesTableOpen: boolean;
  readonly searchFilter: ReadonlyArray<string>;
}

/** The report's query shape; rows per page only one of `perPageOffered` (the table's options). */
export const reportLinkShape = (perPageOffered: ReadonlyArray<number>): ReportQueryShape<ReportLinkQuery> => {
  const k = reportLinkKeys;
  return {
    interval: optionalChoice(k.interval, Schema.Literal(...intervals)),
    chartType: optionalChoice(k.chartType, Schema.Literal(...chartTypes)),
    metrics: optionalChoice(k.metrics, queryText("two different known metrics", chartPair, (pair) => `${pair.metricOne},${pair.metricTwo}`)),
    filter: optionalChoice(k.filter, Schema.Literal(...namedFilters)),
    compareFrom: optionalChoice(k.compareFrom, IsoDate),
    compareTo: optionalChoice(k.compareTo, IsoDate),
    columns: optionalChoice(k.columns, columnListText(metrics)),
    sortColumn: optionalChoice(k.sort, Schema.String.pipe(Schema.filter((column) => isSortColumn(column) || "Expected a metric or a taxonomy level"))),
    order: optionalChoice(k.order, Schema.Literal(...directions)),
    page: optionalChoice(k.page, PageText),
    perPage: optionalChoice(
      k.perPage,
      queryText("rows per page the table offers", (raw) => perPageOffered.find((n) => String(n) === raw) ?? null, String),
    ),
    notesShown: queryChoice(k.notes, OnOffText, notesDefaults.notesShown),
    notesTableOpen: queryChoice(k.notesTable, OnOffText, notesDefaults.notesTableOpen),
    searchFilter: queryChoice(k.searchFilter, SearchFilterText, []),
  };
};

/** The keys in the order the shape names them (the order the person is told them in). */
const keyOrder: ReadonlyArray<string> = Object.values(reportLinkShape([])).map((choice) => choice.key);

/**
 * A link's query: each part its Schema reads, and the keys of the parts it could not.
 * Compare is on only with two valid, ordered comparison dates: a comparison date alone,
 * or two out of order, are both dropped and Compare is off.
 */
export const decodeReportLinkQuery = (
  search: string,
  perPageOffered: ReadonlyArray<number>,
): { readonly query: ReportLinkQuery; readonly comparison: DateRange | null; readonly dropped: ReadonlyArray<string> } => {
  const { choices: query, dropped } = decodeReportQuery(search, reportLinkShape(perPageOffered));
  const present = new URLSearchParams(search);
  const k = reportLinkKeys;
  const comparison = parseRange(query.compareFrom, query.compareTo);
  const unmatched = comparison === null ? [k.compareFrom, k.compareTo].filter((key) => present.has(key) && !dropped.includes(key)) : [];
  const all = [...dropped, ...unmatched].sort((a, b) => keyOrder.indexOf(a) - keyOrder.indexOf(b));
  return { query, comparison, dropped: all };
};

/**
 * The choices a query string carries, each falling back to `fallback`'s when missing or
 * invalid, and the keys dropped (`decodeReportLinkQuery`). Compare is on only with two
 * valid, ordered comparison dates; without them it is off (a link never turns it on by a
 * fallback). The page is any whole number from 1 (the table moves a page past the last to
 * the last once it has loaded); rows per page only one of `perPageOffered` (the table's
 * options). A page without a table (a null `fallback.paging`) reads no paging, and a page
 * without search results (a null `fallback.searchFilter`) no Filter; a link's Filter is all
 * of its own (no fallback: without `search_filter` every leaf is ticked). The notes toggles
 * are written only when not the default, so a link without them (or with another value)
 * has them as by default, whatever the fallback.
 */
export const decodeReportLink = (
  search: string,
  fallback: ReportChoices,
  perPageOffered: ReadonlyArray<number> = [],
): { readonly choices: ReportChoices; readonly dropped: ReadonlyArray<string> } => {
  const { query: q, comparison, dropped } = decodeReportLinkQuery(search, perPageOffered);
  return {
    choices: {
      interval: q.interval ?? fallback.interval,
      chartType: q.chartType ?? fallback.chartType,
      metricOne: q.metrics?.metricOne ?? fallback.metricOne,
      metricTwo: q.metrics?.metricTwo ?? fallback.metricTwo,
      filter: q.filter ?? fallback.filter,
      comparison,
      columns: q.columns ?? fallback.columns,
      sort: { column: q.sortColumn ?? fallback.sort.column, direction: q.order ?? fallback.sort.direction },
      paging: fallback.paging && { page: q.page ?? fallback.paging.page, perPage: q.perPage ?? fallback.paging.perPage },
      notesShown: q.notesShown,
      notesTableOpen: q.notesTableOpen,
      searchFilter: fallback.searchFilter && q.searchFilter,
    },
    dropped,
  };
};

/** The choices a query string carries, each falling back to `fallback`'s when missing or invalid (`decodeReportLink`). */
export const readReportLink = (search: string, fallback: ReportChoices, perPageOffered: ReadonlyArray<number> = []): ReportChoices =>
  decodeReportLink(search, fallback, perPageOffered).choices;

/** The choices as the query's parts: every one the report holds (the comparison dates only while Compare is on, paging only with a table). */
const linkQueryOf = (c: ReportChoices): ReportLinkQuery => ({
  interval: c.interval,
  chartType: c.chartType,
  metrics: { metricOne: c.metricOne, metricTwo: c.metricTwo },
  filter: c.filter,
  compareFrom: c.comparison?.from ?? null,
  compareTo: c.comparison?.to ?? null,
  columns: c.columns,
  sortColumn: c.sort.column,
  order: c.sort.direction,
  page: c.paging?.page ?? null,
  perPage: c.paging?.perPage ?? null,
  notesShown: c.notesShown,
  notesTableOpen: c.notesTableOpen,
  searchFilter: c.searchFilter ?? [],
});

/**
 * The query string with the choices written in: every other parameter kept, a part the
 * choices do not write (Compare off, no table, a default notes toggle, every leaf ticked)
 * removed. (The rows per page written are the ones the report holds, which its table offers.)
 */
export const withReportLink = (search: string, c: ReportChoices): string =>
  withReportQuery(search, reportLinkShape(c.paging ? [c.paging.perPage] : []), linkQueryOf(c));

/** The query parameters of the choices (the comparison dates only while Compare is on; paging only with a table; the notes toggles only when not the default). */
export const reportLinkParams = (c: ReportChoices): Record<string, string> => Object.fromEntries(new URLSearchParams(withReportLink("", c)));

/**
 * The keys of a link's query that `readReportLink` cannot read (present, but not valid):
 * each is dropped for the fallback. Rows per page are checked against `perPageOffered`;
 * the Filter's nodes (`search_filter`) are read node by node and never refused whole.
 */
export const unreadableReportLinkKeys = (search: string, perPageOffered: ReadonlyArray<number>): ReadonlyArray<string> =>
  decodeReportLinkQuery(search, perPageOffered).dropped;

/** The performance report's `QueryLink`: its unreadable keys (rows per page any the report's tables offer) and `withReportLink`. */
export const performanceQueryLink: QueryLink<ReportChoices> = {
  unreadable: (search) => unreadableLinkMessage(unreadableReportLinkKeys(search, [...new Set(Object.values(perPageOptions).flat())])),
  written: withReportLink,
};
