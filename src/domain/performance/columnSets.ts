import { Schema } from "effect";
import { FilledText } from "../report/configuration";
import { metricNames } from "../report/metrics";
import { listField } from "../report/listAnswer";

/**
 * Named column sets of the performance tables, kept per user. Id 0 is the built-in default set (never stored; its columns
 * are session.ts `defaultColumns`), id -1 an unsaved custom selection (never sent); see
 * columnSelection.ts.
 */

/** The 25 metrics a level table can show, in the standard order: the catalogue's. */
export const columnMetricNames = metricNames;
export const ColumnMetric = Schema.Literal(...columnMetricNames);
export type ColumnMetric = typeof ColumnMetric.Type;

export const ColumnSet = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  columns: Schema.Array(ColumnMetric),
});
export type ColumnSet = typeof ColumnSet.Type;

/** The user's saved sets (oldest first) and the favourite's id (0 = the default set). */
export const ColumnSetList = Schema.Struct({
  ...listField(ColumnSet),
  favourite: Schema.Number,
});
export type ColumnSetList = typeof ColumnSetList.Type;

/** Saves the current selection: a name not yet used by this user and at least one known metric, each once. */
export const ColumnSetInput = Schema.Struct({
  name: FilledText(100),
  columns: Schema.NonEmptyArray(ColumnMetric).pipe(
    Schema.filter((columns) => (new Set(columns).size === columns.length ? undefined : "Expected each column once")),
  ),
});
export type ColumnSetInput = typeof ColumnSetInput.Type;

/** Names compare trimmed and case-insensitively. */
export const columnSetNameKey = (name: string): string => name.trim().toLowerCase();
