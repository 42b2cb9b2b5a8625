import type { SortDirection } from "../shell/session";
import { taxonomyLevels } from "../report/taxonomyLevels";

/**
 * Local sorting of tables (sorting never calls the server). In the report tables a row
 * named 'None' is always sorted last, whatever the column and direction (`sortReportRows`).
 */

export type { SortDirection };

export interface SortSpec {
  /** A metric or taxonomy column of the rows. */
  readonly column: string;
  readonly direction: SortDirection;
}

export type SortableRow = Readonly<Record<string, unknown>>;

export interface SortOptions {
  /** Locale for comparing texts; the runtime's default when unset. */
  readonly locale?: string;
}

export const noneName = "None";

export const toggleDirection = (d: SortDirection): SortDirection => (d === "asc" ? "desc" : "asc");

/**
 * The sort after a click on a column header: the same column toggles its direction; a
 * new column starts with `firstDirection` (desc by default: the biggest values first).
 */
export const nextSort = (current: SortSpec | null | undefined, column: string, firstDirection: SortDirection = "desc"): SortSpec =>
  current && current.column === column ? { column, direction: toggleDirection(current.direction) } : { column, direction: firstDirection };

type Rank = { readonly group: 0; readonly n: number } | { readonly group: 1; readonly s: string } | { readonly group: 2 };

/** Numbers first (numerically), then texts, then missing values (null, undefined, NaN, "", other types). */
const rank = (v: unknown): Rank => {
  if (typeof v === "number") return Number.isNaN(v) ? { group: 2 } : { group: 0, n: v };
  if (typeof v === "bigint") return { group: 0, n: Number(v) };
  if (typeof v === "string" && v !== "") return { group: 1, s: v };
  return { group: 2 };
};

const compareRanks = (a: Rank, b: Rank, collator: Intl.Collator): number => {
  if (a.group === 0 && b.group === 0) return a.n < b.n ? -1 : a.n > b.n ? 1 : 0;
  if (a.group === 1 && b.group === 1) return collator.compare(a.s, b.s);
  return a.group - b.group;
};

const sortRowsPinning = <R extends SortableRow>(rows: ReadonlyArray<R>, spec: SortSpec, options: SortOptions, pinnedLast: (row: R) => boolean): R[] => {
  const collator = new Intl.Collator(options.locale, { numeric: true, sensitivity: "base" });
  const sign = spec.direction === "asc" ? 1 : -1;
  const keyed = rows.map((row, index) => ({ row, index, pinned: pinnedLast(row), rank: rank(row[spec.column]) }));
  keyed.sort((a, b) => {
    if (a.pinned !== b.pinned) return a.pinned ? 1 : -1;
    const aMissing = a.rank.group === 2;
    const bMissing = b.rank.group === 2;
    if (aMissing !== bMissing) return aMissing ? 1 : -1;
    return sign * compareRanks(a.rank, b.rank, collator) || a.index - b.index;
  });
  return keyed.map((k) => k.row);
};

const pinsNothing = (): boolean => false;

/**
 * The rows sorted by one column, stable (equal values keep their order). Numbers compare
 * numerically; texts with the locale's collation, ignoring case and with numbers inside
 * texts compared as numbers ("Campaign 2" before "Campaign 10"). Missing values go after
 * present ones in both directions. In a column mixing numbers and texts, numbers come
 * first when ascending.
 */
export const sortRows = <R extends SortableRow>(rows: ReadonlyArray<R>, spec: SortSpec, options: SortOptions = {}): R[] =>
  sortRowsPinning(rows, spec, options, pinsNothing);

/**
 * A report row's name: the value of its deepest taxonomy level (taxonomy_1 on the
 * level-one table, the child level in a peek table); undefined for a row without a
 * taxonomy value. A search result is named by its whole path instead (`sortPathRows`).
 */
export const reportRowName = (row: SortableRow): string | undefined => {
  for (let level = taxonomyLevels.length - 1; level >= 0; level--) {
    const value = row[taxonomyLevels[level] as string];
    if (typeof value === "string") return value;
  }
  return undefined;
};

const isNoneRow = (row: SortableRow): boolean => reportRowName(row) === noneName;

/**
 * The rows of a report table (a level table, its peek rows and their exports) in the order of `sortRows`, with every row named 'None' (`reportRowName`) after
 * all the others in both directions (sorted the same way among themselves).
 */
export const sortReportRows = <R extends SortableRow>(rows: ReadonlyArray<R>, spec: SortSpec, options: SortOptions = {}): R[] =>
  sortRowsPinning(rows, spec, options, isNoneRow);

/**
 * Whether a row named by its whole path (a search result) is named 'None': every taxonomy
 * level it holds is 'None'. 'SEO › Google Organic › None › None' is named by its path, not
 * by its last level, and sorts with the others.
 */
export const isNonePath = (row: SortableRow): boolean => {
  const values = taxonomyLevels.map((level) => row[level]).filter((v): v is string => typeof v === "string");
  return values.length > 0 && values.every((v) => v === noneName);
};

/**
 * The rows of a table whose rows are whole taxonomy paths (the search results and their
 * exports) in the order of `sortRows`, with every path that is 'None' throughout after all
 * the others in both directions.
 */
export const sortPathRows = <R extends SortableRow>(rows: ReadonlyArray<R>, spec: SortSpec, options: SortOptions = {}): R[] =>
  sortRowsPinning(rows, spec, options, isNonePath);
