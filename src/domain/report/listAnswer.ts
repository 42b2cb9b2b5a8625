import { Schema } from "effect";

/**
 * The `data` list every list answer carries (a program's programs and messages, stored
 * records, a report's rows, points or series). Apart from reportAnswers.ts so that /login,
 * whose session decodes the program list, carries only this.
 */

/** The `data` field of a list answer or a series: its items, in order. */
export const listField = <A, I>(item: Schema.Schema<A, I, never>) => ({ data: Schema.Array(item) });

/** A list answer: `{ data: [...] }`. */
export const listAnswer = <A, I>(item: Schema.Schema<A, I, never>) => Schema.Struct(listField(item));
