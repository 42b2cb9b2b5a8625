import { Schema } from "effect";
import { listField } from "../report/listAnswer";
import { taxonomyPathFields } from "../report/reportAnswers";
import { taxonomyLevels, type TaxonomyLevel } from "../report/taxonomyLevels";

/**
 * Journey paths: the touches that led to each order,
 * the filter people build in the 'Journey Path Filter' modal, and the crunching of
 * consecutive identical touchpoints.
 */

/** One touch of a journey; 'None' means the level is absent. */
export const JourneyTouch = Schema.Struct(taxonomyPathFields);
export type JourneyTouch = typeof JourneyTouch.Type;

export const JourneyRow = Schema.Struct({
  order_id: Schema.String,
  /** The order's instant, ISO 8601 with the program's offset (e.g. 2026-11-01T10:00:00+01:00). */
  conversion_date: Schema.String,
  order_amount: Schema.Number,
  journey_path: Schema.Array(JourneyTouch),
});
export type JourneyRow = typeof JourneyRow.Type;

export const JourneysResponse = Schema.Struct({
  ...listField(JourneyRow),
  total: Schema.Number,
  page: Schema.Number,
  per_page: Schema.Number,
});
export type JourneysResponse = typeof JourneysResponse.Type;

/** A touchpoint in the filter: the levels a person picked, from the top (at most four). */
export const TouchpointFilter = Schema.Struct({
  taxonomy_one: Schema.optional(Schema.String.pipe(Schema.maxLength(200))),
  taxonomy_two: Schema.optional(Schema.String.pipe(Schema.maxLength(200))),
  taxonomy_three: Schema.optional(Schema.String.pipe(Schema.maxLength(200))),
  taxonomy_four: Schema.optional(Schema.String.pipe(Schema.maxLength(200))),
});
export type TouchpointFilter = typeof TouchpointFilter.Type;

export const TouchpointComparison = Schema.Struct({
  before: TouchpointFilter,
  after: TouchpointFilter,
  immediately: Schema.Boolean,
});
export type TouchpointComparison = typeof TouchpointComparison.Type;

/** The most entries a filter group (first, last, anywhere, comparison) may hold. */
export const journeyFilterGroupLimit = 20;

/** The `journey_search` query parameter (encoded JSON). Empty groups are omitted. */
export const JourneySearch = Schema.Struct({
  first: Schema.optional(Schema.Array(TouchpointFilter).pipe(Schema.maxItems(journeyFilterGroupLimit))),
  last: Schema.optional(Schema.Array(TouchpointFilter).pipe(Schema.maxItems(journeyFilterGroupLimit))),
  anywhere: Schema.optional(Schema.Array(TouchpointFilter).pipe(Schema.maxItems(journeyFilterGroupLimit))),
  anywhere_connector: Schema.optional(Schema.Literal("or", "and")),
  comparison: Schema.optional(Schema.Array(TouchpointComparison).pipe(Schema.maxItems(journeyFilterGroupLimit))),
});
export type JourneySearch = typeof JourneySearch.Type;

export const journeySortKeys = ["conversion_date", "journey_length"] as const;
export const JourneySortBy = Schema.Literal(...journeySortKeys);
export type JourneySortBy = typeof JourneySortBy.Type;

/** The journeys page size the server is asked for by default. */
export const journeyRequestPageSize = 160;

/** A filter touchpoint's keys, level one first (level n is `filterLevelKeys[n - 1]`). */
export const filterLevelKeys = ["taxonomy_one", "taxonomy_two", "taxonomy_three", "taxonomy_four"] as const;

/** The levels a filter touchpoint names, top down, stopping at the first gap. */
export const filterLevels = (f: TouchpointFilter): ReadonlyArray<string> => {
  const out: string[] = [];
  for (const k of filterLevelKeys) {
    const v = f[k];
    if (v === undefined || v.trim() === "") break;
    out.push(v);
  }
  return out;
};

/** Whether a touch matches a filter touchpoint (every level it names is equal). */
export const touchMatches = (touch: JourneyTouch, f: TouchpointFilter): boolean =>
  filterLevels(f).every((v, i) => touch[taxonomyLevels[i] as TaxonomyLevel] === v);

/** A comparison entry counts only if both sides name at least one level. */
export const isCompleteComparison = (c: TouchpointComparison): boolean => filterLevels(c.before).length > 0 && filterLevels(c.after).length > 0;

/** Drops empty touchpoints, incomplete comparisons and empty groups, as the request must. */
export const cleanJourneySearch = (s: JourneySearch): JourneySearch => {
  const keep = (xs: ReadonlyArray<TouchpointFilter> | undefined) => (xs ?? []).filter((f) => filterLevels(f).length > 0);
  const first = keep(s.first);
  const last = keep(s.last);
  const anywhere = keep(s.anywhere);
  const comparison = (s.comparison ?? []).filter(isCompleteComparison);
  return {
    ...(first.length ? { first } : {}),
    ...(last.length ? { last } : {}),
    ...(anywhere.length ? { anywhere, anywhere_connector: s.anywhere_connector ?? "or" } : {}),
    ...(comparison.length ? { comparison } : {}),
  };
};

/**
 * Whether a journey passes the filter: some first-touch filter matches its first touch
 * (when any is given), likewise for the last touch; the anywhere filters match some
 * touch, joined by or (default) or and; for each comparison, some touch matching
 * `before` comes earlier than a touch matching `after` (immediately: the very next one).
 */
export const journeyMatches = (path: ReadonlyArray<JourneyTouch>, search: JourneySearch): boolean => {
  const s = cleanJourneySearch(search);
  const head = path[0];
  const tail = path[path.length - 1];
  if (s.first && !(head && s.first.some((f) => touchMatches(head, f)))) return false;
  if (s.last && !(tail && s.last.some((f) => touchMatches(tail, f)))) return false;
  if (s.anywhere) {
    const hits = s.anywhere.map((f) => path.some((t) => touchMatches(t, f)));
    if (s.anywhere_connector === "and" ? !hits.every(Boolean) : !hits.some(Boolean)) return false;
  }
  for (const c of s.comparison ?? []) {
    const ok = path.some(
      (t, i) =>
        touchMatches(t, c.before) &&
        (c.immediately
          ? path[i + 1] !== undefined && touchMatches(path[i + 1] as JourneyTouch, c.after)
          : path.slice(i + 1).some((u) => touchMatches(u, c.after))),
    );
    if (!ok) return false;
  }
  return true;
};

export type JourneyLevel = 2 | 3 | 4;

/**
 * The name of a touch from its taxonomy values, top first (a tag in Journey Paths, its CSV and
 * a step of a common path): the values joined by ' / ', 'None' levels left out; 'None' for an
 * unclassified touch (no value at all).
 */
export const touchValuesName = (values: ReadonlyArray<string>): string => values.filter((v) => v !== "None" && v !== "").join(" / ") || "None";

/** A touch's name at a level: `touchValuesName` of its taxonomy values down to that level. */
export const touchName = (t: JourneyTouch, level: JourneyLevel): string => touchValuesName(taxonomyLevels.slice(0, level).map((k) => t[k]));

export interface CrunchedTouch {
  readonly name: string;
  /** How many touch-points in succession this tag stands for ('We saw N touch-points in succession'). */
  readonly count: number;
}

/** Merges consecutive identical touchpoints at a level into one tag with a count. */
export const crunchJourney = (path: ReadonlyArray<JourneyTouch>, level: JourneyLevel): ReadonlyArray<CrunchedTouch> => {
  const out: { name: string; count: number }[] = [];
  for (const t of path) {
    const name = touchName(t, level);
    const last = out[out.length - 1];
    if (last && last.name === name) last.count += 1;
    else out.push({ name, count: 1 });
  }
  return out;
};

/** The number of distinct touchpoints at a level ('Unique Touches'). */
export const uniqueTouches = (path: ReadonlyArray<JourneyTouch>, level: JourneyLevel): number =>
  new Set(path.map((t) => touchName(t, level))).size;
