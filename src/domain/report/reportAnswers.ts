import { Schema } from "effect";

/**
 * The shapes every report's answer shares: the taxonomy fields of a row, the column
 * headers, and the envelopes of a table (rows, headers, total) and of a chart (series or
 * points, headers). Each report's Schema names its own row and builds its answer here.
 */

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
    data: Schema.Array(row),
    column_headers: ColumnHeaders,
    total: Schema.Number,
  });

/** A chart answer: its points (or its series) and their column headers. */
export const chartAnswer = <A, I>(item: Schema.Schema<A, I, never>) =>
  Schema.Struct({
    data: Schema.Array(item),
    column_headers: ColumnHeaders,
  });
