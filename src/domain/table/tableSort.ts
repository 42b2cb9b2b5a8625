import type { SortDirection } from "../shell/session";

/**
 * Local sorting of report tables (sorting never calls the server; a row named 'None' is
 * always sorted last in the taxonomy-two table).
 */

export type { SortDirection };

export interface SortSpec {
  /** A metric or taxonomy column of the rows. */
  readonly column: string;
  readonly direction: SortDirection;
}

export type SortableRow = Readonly<Record<string, unknown>>;

export interface SortOptions {
  /**
   * The column holding the row's taxonomy name (e.g. "taxonomy_2"): rows whose value
   * there is 'None' go last whatever the sort. Unset: no row is pinned.
   */
  readonly noneLastColumn?: string;
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

/**
 * The rows sorted by one column, stable (equal values keep their order). Numbers compare
 * numerically; texts with the locale's collation, ignoring case and with numbers inside
 * texts compared as numbers ("Campaign 2" before "Campaign 10"). Missing values go after
 * present ones in both directions; 'None' rows (see `noneLastColumn`) go after everything.
 * In a column mixing numbers and texts, numbers come first when ascending.
 */
export const sortRows = <R extends SortableRow>(rows: ReadonlyArray<R>, spec: SortSpec, options: SortOptions = {}): R[] => {
  const collator = new Intl.Collator(options.locale, { numeric: true, sensitivity: "base" });
  const sign = spec.direction === "asc" ? 1 : -1;
  const isNone = (r: R) => options.noneLastColumn !== undefined && r[options.noneLastColumn] === noneName;
  const keyed = rows.map((row, index) => ({ row, index, none: isNone(row), rank: rank(row[spec.column]) }));
  keyed.sort((a, b) => {
    if (a.none !== b.none) return a.none ? 1 : -1;
    const aMissing = a.rank.group === 2;
    const bMissing = b.rank.group === 2;
    if (aMissing !== bMissing) return aMissing ? 1 : -1;
    return sign * compareRanks(a.rank, b.rank, collator) || a.index - b.index;
  });
  return keyed.map((k) => k.row);
};
