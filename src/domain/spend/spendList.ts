import { configurationDays, isEmptyLevel, type FixedCost, type FixedCostFields, type Frequency, type VariableCost } from "./costs";
import { isCalendarDate } from "../report/configuration";
import { formatNumber } from "../report/numberFormat";
import { sortRows, type SortSpec } from "../table/tableSort";
import { pageBounds, pageCount, pageSlice, clampPage } from "../table/pagination";

/**
 * The rules of the fixed and variable spend lists (/account/costs/fixed and
 * /account/costs/variable): the rows they show, their search (case-insensitive, ignoring a
 * currency symbol), their sortable columns (id descending at first), the derived days of a
 * fixed configuration, taxonomy 3 and 4 cut after 30 characters with the full text for a
 * tooltip, 15 rows a page, and their words.
 */

/** A fixed configuration as its list row shows it: `meta` flattened to its frequency, `days` derived. */
export type FixedSpendRow = FixedCostFields & {
  readonly id: number;
  /** Inclusive day count; null when the dates cannot be read or the end is before the start. */
  readonly days: number | null;
  readonly frequency: Frequency;
};

/** A variable spend entry as its list row shows it (the wire row itself). */
export type VariableSpendRow = VariableCost;

/** The columns of the fixed list, in order; every one is sortable. */
export const fixedSpendColumns = [
  "id",
  "taxonomy_1",
  "taxonomy_2",
  "taxonomy_3",
  "taxonomy_4",
  "cost",
  "start_date",
  "end_date",
  "days",
  "frequency",
] as const satisfies ReadonlyArray<keyof FixedSpendRow>;
export type FixedSpendColumn = (typeof fixedSpendColumns)[number];

/** The columns of the variable list, in order; every one is sortable. */
export const variableSpendColumns = ["id", "taxonomy_1", "cost", "date", "cost_link"] as const satisfies ReadonlyArray<keyof VariableSpendRow>;
export type VariableSpendColumn = (typeof variableSpendColumns)[number];

/** Lists sort by id descending at first. */
export const defaultSpendSort: SortSpec = { column: "id", direction: "desc" };

/** Rows per page of both lists. */
export const spendListPerPage = 15;

/** Taxonomy 3 and 4 cells are cut after this many characters (code points). */
export const cutTaxonomyLength = 30;

/** The levels whose cells are cut in the fixed list. */
export const cutTaxonomyLevels = ["taxonomy_3", "taxonomy_4"] as const;

/**
 * The inclusive number of days of a fixed configuration from its start to its end date
 * (day-number maths, no Date): 1 for a single configuration or one without an end date,
 * 1 when start and end are the same day; null when a date is not a calendar date
 * (YYYY-MM-DD) or the end is before the start.
 */
export const fixedSpendDays = (startDate: string, endDate: string | null, frequency: Frequency): number | null => {
  if (!isCalendarDate(startDate)) return null;
  if (frequency === "single" || endDate === null || endDate === "") return 1;
  if (!isCalendarDate(endDate)) return null;
  const days = configurationDays(startDate, endDate, frequency);
  return days >= 1 ? days : null;
};

/** A fixed configuration as a list row: frequency out of `meta`, days derived from its dates and frequency. */
export const fixedSpendRow = (cost: FixedCost): FixedSpendRow => ({
  id: cost.id,
  taxonomy_1: cost.taxonomy_1,
  taxonomy_2: cost.taxonomy_2,
  taxonomy_3: cost.taxonomy_3,
  taxonomy_4: cost.taxonomy_4,
  cost: cost.cost,
  start_date: cost.start_date,
  end_date: cost.end_date === "" ? null : cost.end_date,
  days: fixedSpendDays(cost.start_date, cost.end_date, cost.meta.frequency),
  frequency: cost.meta.frequency,
});

/**
 * A currency symbol: any Unicode currency sign (£, $, €, ¥, ₹, ₩, …), with the one or two
 * letters written straight before it at the start of a word (A$, C$, US$, HK$, R$).
 */
const currencySymbolPattern = /(?<!\p{L})\p{L}{1,2}(?=\p{Sc})\p{Sc}|\p{Sc}/gu;

/**
 * A text as the search compares it: currency symbols removed, lower case, every run of
 * white space (including no-break spaces) one space, trimmed.
 */
export const searchKey = (text: string): string =>
  text.replace(currencySymbolPattern, "").toLocaleLowerCase("en").replace(/\s+/gu, " ").trim();

/** What a person may type for an amount: 1200, 1200.00, and the locale's grouping 1,200.00 (en-GB). */
const amountForms = (value: number, locale: string | null | undefined): ReadonlyArray<string> =>
  Number.isFinite(value) ? [String(value), value.toFixed(2), formatNumber(value, 2, locale)] : [];

/** A taxonomy level as searched: its text, or nothing when the level is empty ('None'). */
const levelForms = (value: string): ReadonlyArray<string> => (isEmptyLevel(value) ? [] : [value]);

export interface SpendSearchOptions {
  /** The program's locale, for the grouped form of amounts; en-GB when unset. */
  readonly locale?: string | null;
}

/** Stands between two fields while their keys are worked out together: no white space, letter or currency sign. */
const fieldBreak = "\u0000";

/**
 * The search keys of a row's fields, one per line, empty ones left out: the same as
 * `searchKey` of each field joined by line breaks, worked out in one pass over the
 * joined text (a field break is neither a letter nor white space, so a currency symbol or
 * a run of spaces never reaches across two fields), five to ten times quicker than ten
 * passes for a list of thousands.
 */
export const searchKeysOf = (fields: ReadonlyArray<string>): string =>
  fields
    .join(fieldBreak)
    .replace(currencySymbolPattern, "")
    .toLocaleLowerCase("en")
    .replace(/\s+/gu, " ")
    .replace(/ ?\u0000 ?/gu, "\n")
    .replace(/\n{2,}/gu, "\n")
    .replace(/^[\n ]+|[\n ]+$/gu, "");

/**
 * The search text of a fixed row: every column the list shows — id, the filled taxonomy
 * levels, the cost (as 1200, 1200.00 and 1,200.00), start date, end date, days and
 * frequency — as search keys, one per line (a query never matches across two fields).
 */
export const fixedSpendSearchText = (row: FixedSpendRow, options: SpendSearchOptions = {}): string =>
  searchKeysOf([
    String(row.id),
    ...levelForms(row.taxonomy_1),
    ...levelForms(row.taxonomy_2),
    ...levelForms(row.taxonomy_3),
    ...levelForms(row.taxonomy_4),
    ...amountForms(row.cost, options.locale),
    row.start_date,
    row.end_date ?? "",
    row.days === null ? "" : String(row.days),
    row.frequency,
  ]);

/** The search text of a variable row: id, taxonomy 1, the cost (three forms), date and cost link. */
export const variableSpendSearchText = (row: VariableSpendRow, options: SpendSearchOptions = {}): string =>
  searchKeysOf([String(row.id), ...levelForms(row.taxonomy_1), ...amountForms(row.cost, options.locale), row.date, row.cost_link]);

/**
 * Whether a row's search text matches a query: the query's search key is found inside one
 * of its fields. A query that is empty once its currency symbols and spaces are removed
 * matches every row. A key holds no line break (`searchKey` makes every run of white space
 * one space), so finding it in the whole text finds it inside one field.
 */
export const matchesSpendSearch = (searchText: string, query: string): boolean => {
  const key = searchKey(query);
  return key === "" || searchText.includes(key);
};

/** The rows whose search text matches the query, in their order (the query's key is worked out once). */
export const searchSpendRows = <R>(rows: ReadonlyArray<R>, query: string, searchText: (row: R) => string): R[] => {
  const key = searchKey(query);
  if (key === "") return [...rows];
  return rows.filter((row) => searchText(row).includes(key));
};

/**
 * The rows sorted by one column with the table sort; rows equal in that column keep id
 * descending between them (the default order), whatever order they came in.
 */
export const sortSpendRows = <R extends FixedSpendRow | VariableSpendRow>(rows: ReadonlyArray<R>, sort: SortSpec = defaultSpendSort): R[] =>
  sortRows(sortRows(rows, defaultSpendSort), sort);

const sortedLists = new WeakMap<ReadonlyArray<unknown>, Map<string, ReadonlyArray<unknown>>>();

/**
 * `sortSpendRows` worked out once per list and sort (a list's rows are an answer, never
 * changed in place): typing a search over 5,000 rows then only filters the sorted list,
 * which keeps its order (every tie is broken by the unique id, so sorting the matches
 * gives the same order as filtering the sorted list).
 */
export const rememberedSort = <R extends FixedSpendRow | VariableSpendRow>(rows: ReadonlyArray<R>, sort: SortSpec): ReadonlyArray<R> => {
  const sorts = sortedLists.get(rows) ?? new Map<string, ReadonlyArray<unknown>>();
  sortedLists.set(rows, sorts);
  const key = `${sort.column} ${sort.direction}`;
  const known = sorts.get(key) as ReadonlyArray<R> | undefined;
  if (known) return known;
  const sorted = sortSpendRows(rows, sort);
  sorts.set(key, sorted);
  return sorted;
};

/** A taxonomy cell: the text shown, the full text (for the tooltip), and whether it was cut. */
export interface TaxonomyCell {
  readonly shown: string;
  readonly full: string;
  readonly cut: boolean;
}

/**
 * A text cut after 30 characters, counted by code point so an emoji or other character
 * outside the Basic Multilingual Plane is never split: up to 30 characters it is shown
 * whole; longer, its first 30 characters followed by '…' are shown and the full text goes
 * in the tooltip.
 */
export const cutText = (text: string, length: number = cutTaxonomyLength): TaxonomyCell => {
  const characters = Array.from(text);
  if (characters.length <= length) return { shown: text, full: text, cut: false };
  return { shown: `${characters.slice(0, length).join("")}…`, full: text, cut: true };
};

/** A fixed row's taxonomy cell: taxonomy 3 and 4 are cut after 30 characters, 1 and 2 shown whole. */
export const taxonomyCell = (level: "taxonomy_1" | "taxonomy_2" | "taxonomy_3" | "taxonomy_4", text: string): TaxonomyCell =>
  (cutTaxonomyLevels as ReadonlyArray<string>).includes(level) ? cutText(text) : { shown: text, full: text, cut: false };

/** One page of a list and where it stands. */
export interface SpendListPage<R> {
  readonly rows: ReadonlyArray<R>;
  /** The page shown (a page past the last moves to the last). */
  readonly page: number;
  readonly pageCount: number;
  /** Rows matching the search, over all pages. */
  readonly total: number;
  /** 1-based numbers of the first and last row shown; 0–0 for none. */
  readonly first: number;
  readonly last: number;
}

/** A page of rows, 15 a page. */
export const spendListPage = <R>(rows: ReadonlyArray<R>, page: number): SpendListPage<R> => {
  const total = rows.length;
  const bounds = pageBounds(page, total, spendListPerPage);
  return {
    rows: pageSlice(rows, page, spendListPerPage),
    page: clampPage(page, total, spendListPerPage),
    pageCount: pageCount(total, spendListPerPage),
    total,
    first: bounds.first,
    last: bounds.last,
  };
};

export interface SpendListQuery {
  readonly search: string;
  readonly sort: SortSpec;
  readonly page: number;
}

/** The first view of a list: no search, id descending, page 1. */
export const initialSpendListQuery: SpendListQuery = { search: "", sort: defaultSpendSort, page: 1 };

/**
 * A search text worked out once per row and locale: rows are immutable answers, so a
 * keystroke over thousands of rows only compares texts (working out 5,000 texts takes
 * tens of milliseconds, comparing them a few).
 */
export const rememberedSearchText = <R extends object>(
  searchText: (row: R, options: SpendSearchOptions) => string,
): ((row: R, options?: SpendSearchOptions) => string) => {
  const texts = new WeakMap<R, { readonly locale: string | null; readonly text: string }>();
  return (row, options = {}) => {
    const locale = options.locale ?? null;
    const known = texts.get(row);
    if (known !== undefined && known.locale === locale) return known.text;
    const text = searchText(row, options);
    texts.set(row, { locale, text });
    return text;
  };
};

const fixedRowText = rememberedSearchText(fixedSpendSearchText);
const variableRowText = rememberedSearchText(variableSpendSearchText);

/**
 * The search text the fixed list's search compares (`fixedSpendSearchText`, remembered per
 * row and locale): the list works its rows' texts out ahead, between tasks, so the first
 * keystroke over 5,000 rows does not.
 */
export const rememberedFixedSearchText = fixedRowText;

/** What the fixed list shows: rows searched, sorted (the sorted list remembered), then paged. */
export const fixedSpendListPage = (
  rows: ReadonlyArray<FixedSpendRow>,
  query: SpendListQuery,
  options: SpendSearchOptions = {},
): SpendListPage<FixedSpendRow> =>
  spendListPage(searchSpendRows(rememberedSort(rows, query.sort), query.search, (r) => fixedRowText(r, options)), query.page);

/** What the variable list shows: rows searched, sorted (the sorted list remembered), then paged. */
export const variableSpendListPage = (
  rows: ReadonlyArray<VariableSpendRow>,
  query: SpendListQuery,
  options: SpendSearchOptions = {},
): SpendListPage<VariableSpendRow> =>
  spendListPage(searchSpendRows(rememberedSort(rows, query.sort), query.search, (r) => variableRowText(r, options)), query.page);

/** The words of the fixed and variable spend lists and of deleting and saving a configuration. */
export const spendListTexts = {
  fixedTitle: "Fixed Spend",
  variableTitle: "Variable Spend",
  /** The notice on the fixed list. */
  dateRangeNotice: "Data now loads with the selected date range.",
  /** The fixed list's search box. */
  fixedSearch: "Search fixed spend",
  /** The fixed list's status while it loads. */
  fixedLoading: "Loading fixed spend…",
  /** The variable list's search box. */
  variableSearch: "Search variable spend",
  /** The variable list's status while it loads. */
  variableLoading: "Loading variable spend…",
  /** A variable entry's delete button, its accessible name, and the confirmation's way back. */
  delete: "Delete",
  deleteEntry: (id: number): string => `Delete variable spend ${id}`,
  cancel: "Cancel",
  addFixedSpend: "Add Fixed Spend",
  batchImport: "Batch Import",
  create: "Create",
  fixedColumns: {
    id: "ID",
    taxonomy_1: "Taxonomy 1",
    taxonomy_2: "Taxonomy 2",
    taxonomy_3: "Taxonomy 3",
    taxonomy_4: "Taxonomy 4",
    cost: "Cost",
    start_date: "Start Date",
    end_date: "End Date",
    days: "Days",
    frequency: "Frequency",
  } satisfies Readonly<Record<FixedSpendColumn, string>>,
  variableColumns: {
    id: "ID",
    taxonomy_1: "Taxonomy 1",
    cost: "Cost",
    date: "Cost Date",
    cost_link: "Cost Link",
  } satisfies Readonly<Record<VariableSpendColumn, string>>,
  fixedEmpty: "There are no fixed spend configurations to show",
  variableEmpty: "There are no variable spend configurations to show",
  saved: "The spend configuration has been saved",
  removeConfirmation: "Are you sure you want to remove this spend configuration?",
  removeConfirm: "I'm sure",
  removed: "The spend configuration was successfully removed",
  forbidden: "You don't have access to this spend configuration",
} as const;
