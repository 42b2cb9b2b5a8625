import { Schema } from "effect";
import { listField } from "./listAnswer";

/**
 * The shapes the API's answers share: the taxonomy fields of a row, fields named by a
 * list, the column headers, and the envelopes of a table (rows, headers, total) and of a
 * chart (series or points, headers), each around the `data` list of listAnswer.ts. Each
 * answer's Schema names its own row and builds its answer here.
 */

/** One field per name, all of one Schema, in the names' order (a row's metrics, a hit's raw fields). */
export const fieldsNamed = <const N extends string, S extends Schema.Schema.All>(
  names: ReadonlyArray<N>,
  field: S,
): { readonly [K in N]: S } => Object.fromEntries(names.map((name) => [name, field])) as { readonly [K in N]: S };

/** The taxonomy fields of a row of a level: taxonomy_1..taxonomy_k of its level ('None' where no rule filled it). */
export const levelTaxonomyFields = {
  taxonomy_1: Schema.optional(Schema.String),
  taxonomy_2: Schema.optional(Schema.String),
  taxonomy_3: Schema.optional(Schema.String),
  taxonomy_4: Schema.optional(Schema.String),
};

/** The taxonomy fields of a full path: all four levels. */
export const taxonomyPathFields = {
  taxonomy_1: Schema.String,
  taxonomy_2: Schema.String,
  taxonomy_3: Schema.String,
  taxonomy_4: Schema.String,
};

/** Metric name to label. */
export const ColumnHeaders = Schema.Record({ key: Schema.String, value: Schema.String });
export type ColumnHeaders = typeof ColumnHeaders.Type;

/** A table answer: its rows, their column headers and `total`, the number of rows. */
export const tableAnswer = <A, I>(row: Schema.Schema<A, I, never>) =>
  Schema.Struct({
    ...listField(row),
    column_headers: ColumnHeaders,
    total: Schema.Number,
  });

/** A chart answer: its points (or its series) and their column headers. */
export const chartAnswer = <A, I>(item: Schema.Schema<A, I, never>) =>
  Schema.Struct({
    ...listField(item),
    column_headers: ColumnHeaders,
  });
