/**
 * Paging of report tables: rows per page, and a page past the last page after a per-page
 * or record-count change moves to the last page.
 */

/** Which kind of table a pager belongs to. */
export type PagedTable = "taxonomyTwo" | "level" | "search";

/** Rows per page offered: 10, 15, 30 on a channel's taxonomy-two table; elsewhere only 15 (no other is offered). */
export const perPageOptions: Readonly<Record<PagedTable, ReadonlyArray<number>>> = {
  taxonomyTwo: [10, 15, 30],
  level: [15],
  search: [15],
};

/** Rows per page at first: 10 on the taxonomy-two table, 15 on level and search tables. */
export const defaultPerPage: Readonly<Record<PagedTable, number>> = {
  taxonomyTwo: 10,
  level: 15,
  search: 15,
};

/** A per-page value that can divide: a whole number, at least 1. */
const validPerPage = (perPage: number): number => (Number.isFinite(perPage) && perPage >= 1 ? Math.floor(perPage) : 1);

/** Number of pages; at least 1, so an empty table still reads "page 1 of 1". */
export const pageCount = (total: number, perPage: number): number =>
  Math.max(1, Math.ceil((Number.isFinite(total) ? Math.max(0, total) : 0) / validPerPage(perPage)));

/**
 * The page to show after a per-page or record-count change: a page past the last moves
 * to the last page; never below 1; a fractional or invalid page is taken as 1 / rounded down.
 */
export const clampPage = (page: number, total: number, perPage: number): number => {
  const p = Number.isFinite(page) ? Math.floor(page) : 1;
  return Math.min(Math.max(1, p), pageCount(total, perPage));
};

/** The rows of a page (the page is clamped first). */
export const pageSlice = <T>(rows: ReadonlyArray<T>, page: number, perPage: number): T[] => {
  const size = validPerPage(perPage);
  const start = (clampPage(page, rows.length, size) - 1) * size;
  return rows.slice(start, start + size);
};

/** The 1-based numbers of the first and last row on a page, for "1–15 of 40"; 0–0 for no rows. */
export const pageBounds = (page: number, total: number, perPage: number): { readonly first: number; readonly last: number } => {
  const size = validPerPage(perPage);
  const n = Number.isFinite(total) ? Math.max(0, Math.floor(total)) : 0;
  if (n === 0) return { first: 0, last: 0 };
  const first = (clampPage(page, n, size) - 1) * size + 1;
  return { first, last: Math.min(n, first + size - 1) };
};

/** Rows a nested tree level shows before its 'Show me more' link. */
export const peekLimit = 10;

/** A nested level's rows: at most 10, and whether the 'Show me more' link shows (more than 10). */
export const peekRows = <T>(rows: ReadonlyArray<T>): { readonly shown: T[]; readonly showMore: boolean } => ({
  shown: rows.slice(0, peekLimit),
  showMore: rows.length > peekLimit,
});
