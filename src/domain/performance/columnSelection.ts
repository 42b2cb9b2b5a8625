import { metricNames, searchMetricNames } from "../report/metrics";
import { defaultColumns } from "../shell/session";

/**
 * Column sets and the Columns dialog: the default columns, the dialog's layout (two
 * interleaved halves), saving, deleting and choosing sets.
 */

/** Id of the built-in default set. */
export const defaultSetId = 0;
/** Id of an unsaved custom selection. */
export const customSetId = -1;

/** A column set as this module needs it (the wire record has at least these fields). */
export interface ColumnSet {
  readonly id: number;
  readonly name: string;
  readonly columns: ReadonlyArray<string>;
}

/** The built-in set 0: the default columns. Its name 'Default' is this module's own. */
export const defaultColumnSet: ColumnSet = { id: defaultSetId, name: "Default", columns: defaultColumns };

/** The built-in set followed by the saved sets (the built-in one once, even when `sets` holds it). */
export const withDefaultSet = (sets: ReadonlyArray<ColumnSet>): ColumnSet[] => [defaultColumnSet, ...sets.filter((s) => s.id !== defaultSetId)];

const sameMembers = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean => {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((c) => y.has(c));
};

/**
 * The set whose columns are the same members as `columns` (any order, repeats ignored):
 * the built-in set first, then `sets` in order; -1 (custom) when none matches.
 */
export const matchingSet = (columns: ReadonlyArray<string>, sets: ReadonlyArray<ColumnSet>): number =>
  withDefaultSet(sets).find((s) => sameMembers(s.columns, columns))?.id ?? customSetId;

/** The columns a chosen set loads; the default columns for an unknown id. */
export const columnsOfSet = (id: number, sets: ReadonlyArray<ColumnSet>): ReadonlyArray<string> =>
  withDefaultSet(sets).find((s) => s.id === id)?.columns ?? defaultColumns;

export type SaveRefusal = "notCustom" | "nameMissing" | "nameUsed" | "noColumns";

export const saveRefusalMessages: Readonly<Record<SaveRefusal, string>> = {
  notCustom: "This selection is already saved as a column set.",
  nameMissing: "Please give the column set a name.",
  nameUsed: "A column set with this name already exists.",
  noColumns: "Please select at least one column.",
};

export type CanSave = { readonly ok: true } | { readonly ok: false; readonly reasons: ReadonlyArray<SaveRefusal> };

/** Names compare trimmed and case-insensitively. */
const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether the current selection may be saved as a set: only when it is
 * custom (-1), the name (trimmed) is not empty and not used by a set (the built-in
 * "Default" included), and at least one column is selected. All refusals are listed.
 */
export const canSave = (selectedId: number, name: string, columns: ReadonlyArray<string>, sets: ReadonlyArray<ColumnSet>): CanSave => {
  const reasons: SaveRefusal[] = [];
  if (selectedId !== customSetId) reasons.push("notCustom");
  if (name.trim() === "") reasons.push("nameMissing");
  else if (withDefaultSet(sets).some((s) => sameName(s.name, name))) reasons.push("nameUsed");
  if (columns.length === 0) reasons.push("noColumns");
  return reasons.length === 0 ? { ok: true } : { ok: false, reasons };
};

export interface ColumnSetChoice {
  readonly sets: ReadonlyArray<ColumnSet>;
  readonly selectedId: number;
  readonly favouriteId: number;
}

/**
 * The choice after a set is deleted: the set leaves the list; a deleted
 * selected set falls back to set 0; a deleted favourite makes set 0 the favourite. The
 * built-in set 0 (and the custom id -1) cannot be deleted: the choice is unchanged.
 */
export const afterDelete = (choice: ColumnSetChoice, deletedId: number): ColumnSetChoice => {
  if (deletedId === defaultSetId || deletedId === customSetId) return choice;
  return {
    sets: choice.sets.filter((s) => s.id !== deletedId),
    selectedId: choice.selectedId === deletedId ? defaultSetId : choice.selectedId,
    favouriteId: choice.favouriteId === deletedId ? defaultSetId : choice.favouriteId,
  };
};

/** Ticking a column in the Columns dialog: unticking removes it, ticking adds it at the end. */
export const toggleColumn = (columns: ReadonlyArray<string>, column: string): string[] =>
  columns.includes(column) ? columns.filter((c) => c !== column) : [...columns, column];

/** Metrics the search table does not offer (25 on level tables, 23 on the search table). */
export const searchExcludedColumns: ReadonlyArray<string> = metricNames.filter((m) => !searchMetricNames.includes(m));

/** The columns a table offers from the full list, minus those a report lists as excluded. */
export const availableColumns = (
  all: ReadonlyArray<string>,
  table: "level" | "search",
  excluded: ReadonlyArray<string> = [],
): string[] => all.filter((c) => !excluded.includes(c) && (table === "level" || !searchExcludedColumns.includes(c)));

/**
 * The Columns dialog layout ("split into two halves, interleaved"): the left column holds
 * the first half of the list (the extra item of an odd list goes left), the right column
 * the second half; the dialog is drawn row by row, so row i is [left[i], right[i]].
 */
export const splitColumns = <T>(items: ReadonlyArray<T>): { readonly left: T[]; readonly right: T[] } => {
  const half = Math.ceil(items.length / 2);
  return { left: items.slice(0, half), right: items.slice(half) };
};

/** The dialog's rows: [left, right] pairs; the last row of an odd list has no right item. */
export const dialogRows = <T>(items: ReadonlyArray<T>): Array<readonly [T, T | undefined]> => {
  const { left, right } = splitColumns(items);
  return left.map((l, i) => [l, right[i]] as const);
};

/**
 * The same layout as one list for a two-column grid that fills row by row:
 * left[0], right[0], left[1], right[1], ... (a b c d e -> a d b e c).
 */
export const interleavedOrder = <T>(items: ReadonlyArray<T>): T[] => {
  const { left, right } = splitColumns(items);
  return left.flatMap((l, i) => (i < right.length ? [l, right[i] as T] : [l]));
};
