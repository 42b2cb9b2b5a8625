import { Schema } from "effect";
import { numberOfChoice, oneOfChoice, pageChoice, queryChoice, type QueryChoice, type ReportQueryShape } from "../report/reportQuery";
import type { SortDirection } from "../table/tableSort";
import { cleanJourneySearch, JourneySearch, journeyRequestPageSize, journeySortKeys, type JourneyLevel, type JourneySortBy } from "./journeys";
import { JourneyPath } from "./journeySummary";

/** The table's rows-per-page options (the first is the default). */
export const journeyPerPageOptions = [15, 30, 50] as const;

/** Every choice on the journeys page, as its link carries it. */
export interface JourneyChoices {
  readonly sort: JourneySortBy;
  readonly direction: SortDirection;
  readonly page: number;
  readonly perPage: number;
  readonly level: JourneyLevel;
  /** The Journey Path Filter (cleaned: empty groups left out). */
  readonly filter: JourneySearch;
  /** A summary path chosen: the table shows only its orders. */
  readonly path: JourneyPath | null;
}

/** A JSON value of the query read with a Schema (null when it is not JSON or not valid). */
const jsonChoice = <A, I>(key: string, schema: Schema.Schema<A, I>, fallback: A, clean: (value: A) => A = (value) => value): QueryChoice<A> =>
  queryChoice(
    key,
    Schema.transform(Schema.parseJson(schema), Schema.typeSchema(schema), { strict: true, decode: (value) => value, encode: clean }) as unknown as Schema.Schema<A, string>,
    fallback,
  );

const levelChoice: QueryChoice<JourneyLevel> = queryChoice(
  "level",
  Schema.transform(Schema.Literal("2", "3", "4"), Schema.Literal(2, 3, 4), {
    strict: true,
    decode: (text) => Number(text) as JourneyLevel,
    encode: (level) => String(level) as "2" | "3" | "4",
  }),
  2,
);

/** The filter as the link carries it: its cleaned JSON ('{}' when empty, which is the default and left out). */
export const writeJourneyFilter = (filter: JourneySearch): string => JSON.stringify(cleanJourneySearch(filter));

/**
 * The journeys page's choices: conversion date, newest first, page 1 of 15, level Two, no
 * filter and no path at first. The filter (`journey_search`) and the path (`path`) are
 * URL-encoded JSON, so a filtered view can be shared.
 */
export const journeysQueryShape: ReportQueryShape<JourneyChoices> = {
  sort: oneOfChoice<JourneySortBy>("sort", journeySortKeys, "conversion_date"),
  direction: oneOfChoice<SortDirection>("direction", ["asc", "desc"], "desc"),
  page: pageChoice(),
  perPage: numberOfChoice("per_page", journeyPerPageOptions),
  level: levelChoice,
  filter: jsonChoice("journey_search", JourneySearch, {}, cleanJourneySearch),
  path: jsonChoice<JourneyPath | null, unknown>("path", Schema.NullOr(JourneyPath) as Schema.Schema<JourneyPath | null, unknown>, null),
};

/** The blocks of 160 rows (numbered from 0) that hold a page's rows. */
export const blocksOfPage = (page: number, perPage: number, total: number | null): ReadonlyArray<number> => {
  const start = (page - 1) * perPage;
  const end = Math.max(start + 1, total === null ? page * perPage : Math.min(page * perPage, total));
  const first = Math.floor(start / journeyRequestPageSize);
  const last = Math.floor((end - 1) / journeyRequestPageSize);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
};

/** The rows of a page out of the loaded blocks (rows of a block not loaded are left out). */
export const rowsOfPage = <R>(blocks: ReadonlyMap<number, ReadonlyArray<R>>, page: number, perPage: number, total: number): ReadonlyArray<R> => {
  const out: R[] = [];
  const end = Math.min(page * perPage, total);
  for (let i = (page - 1) * perPage; i < end; i++) {
    const row = blocks.get(Math.floor(i / journeyRequestPageSize))?.[i % journeyRequestPageSize];
    if (row !== undefined) out.push(row);
  }
  return out;
};
