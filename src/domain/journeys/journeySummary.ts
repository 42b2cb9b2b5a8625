import { Schema } from "effect";
import { checkRange, IsoDate } from "../performance/performance";
import { JourneySearch, touchValuesName, type JourneyLevel } from "./journeys";

/**
 * The summary above the journeys table: of the orders the filter keeps (all the range's
 * orders when there is no filter), how many there are, their share of every order in the
 * range, their revenue and AOV against every order's, and the 10 most common paths at
 * the chosen level with their share and AOV, the rest as 'Other'.
 *
 * A path is a journey at a level with consecutive identical touches merged, as the table's
 * tags show it: a list of steps, each the taxonomy values of one touch down to the level
 * ('None' where a level is absent), oldest first. Choosing one filters the table to its
 * orders (`path` on the journeys call, the same exact match).
 */

/** One step of a path: the touch's taxonomy values down to the level (2 to 4 values). */
export const JourneyPathStep = Schema.Array(Schema.String.pipe(Schema.maxLength(200))).pipe(Schema.minItems(2), Schema.maxItems(4));
export type JourneyPathStep = typeof JourneyPathStep.Type;

/** The longest path a person can choose (a journey's merged touches). */
export const maxJourneyPathSteps = 500;

/** A path at one level: at least one step, every step naming the same number of levels. */
export const JourneyPath = Schema.Array(JourneyPathStep).pipe(
  Schema.minItems(1),
  Schema.maxItems(maxJourneyPathSteps),
  Schema.filter((steps) => steps.every((s) => s.length === steps[0]?.length) || "every step of a path names the same number of levels"),
);
export type JourneyPath = typeof JourneyPath.Type;

/** The level a path is at (the number of values of its steps). */
export const journeyPathLevel = (path: JourneyPath): JourneyLevel => Math.min(4, Math.max(2, path[0]?.length ?? 2)) as JourneyLevel;

/** Whether two paths are the same steps. */
export const samePath = (a: JourneyPath | null, b: JourneyPath | null): boolean =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((s, i) => s.length === b[i]?.length && s.every((v, j) => v === b[i]?.[j])));

/** A step's words, as a tag names it (`touchValuesName`: 'None' for an unclassified touch). */
export const stepName = (step: JourneyPathStep): string => touchValuesName(step);

/** A path's words: its steps joined by ' > '. */
export const pathName = (path: JourneyPath): string => path.map(stepName).join(" > ");

/** Orders, their revenue and AOV (revenue / orders, 0 without orders). */
export const JourneyFigures = Schema.Struct({
  orders: Schema.Number,
  revenue: Schema.Number,
  aov: Schema.Number,
});
export type JourneyFigures = typeof JourneyFigures.Type;

/** A share of the filtered orders (percent, 0 to 100) with their figures. */
export const JourneyShare = Schema.Struct({
  ...JourneyFigures.fields,
  share: Schema.Number,
});
export type JourneyShare = typeof JourneyShare.Type;

export const JourneyPathShare = Schema.Struct({
  steps: JourneyPath,
  ...JourneyShare.fields,
});
export type JourneyPathShare = typeof JourneyPathShare.Type;

/** touchpoints/journeys/summary. */
export const JourneySummaryResponse = Schema.Struct({
  level: Schema.Literal(2, 3, 4),
  /** Every order in the range (the report's order rules). */
  all: JourneyFigures,
  /** The orders the filter keeps; share is of every order in the range. */
  filtered: JourneyShare,
  /** The 10 most common paths of the filtered orders (most orders first, then most revenue, then by their values); shares of the filtered orders. */
  paths: Schema.Array(JourneyPathShare),
  /** The filtered orders of every other path. */
  other: JourneyShare,
  /** The path asked for with `path` (also when it is not among the 10), else null. */
  chosen: Schema.NullOr(JourneyPathShare),
});
export type JourneySummaryResponse = typeof JourneySummaryResponse.Type;

/** How many paths the summary names before 'Other'. */
export const journeySummaryPaths = 10;

const levelText = Schema.Literal("2", "3", "4");

/** The summary's query: the range, the level (2 to 4), the filter and a chosen path (each URL-encoded JSON). */
export const JourneySummaryQuery = Schema.Struct({
  date_from: IsoDate,
  date_to: IsoDate,
  level: Schema.optionalWith(Schema.transform(levelText, Schema.Literal(2, 3, 4), { strict: true, decode: (s) => Number(s) as 2 | 3 | 4, encode: (n) => String(n) as "2" | "3" | "4" }), {
    default: () => 2 as const,
  }),
  journey_search: Schema.optional(Schema.parseJson(JourneySearch)),
  path: Schema.optional(Schema.parseJson(JourneyPath)),
}).pipe(Schema.filter(checkRange));
export type JourneySummaryQuery = typeof JourneySummaryQuery.Type;

/** AOV: revenue / orders, 0 without orders. */
export const averageOrderValue = (revenue: number, orders: number): number => (orders === 0 ? 0 : revenue / orders);

/** A part's share of a whole in percent, 0 when the whole is 0. */
export const sharePercent = (part: number, whole: number): number => (whole === 0 ? 0 : (part / whole) * 100);
