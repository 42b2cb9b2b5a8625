import type { Effect } from "effect";
import { decodeInSlices } from "./decodeInSlices";
import { request, type ApiCall, type RequestOptions } from "./http";
import type { HttpError } from "./httpErrors";

/**
 * What the report calls share: the query of a date range and a call whose answer may hold
 * thousands of rows. Only report services import this module, so the slicing decoder
 * loads with the reports, not with /login.
 */

/** A range of days, both ends included (YYYY-MM-DD). */
interface DayRange {
  readonly from: string;
  readonly to: string;
}

/** The query of a report over a range: `date_from` and `date_to`. */
export const rangeQuery = (range: DayRange): { readonly date_from: string; readonly date_to: string } => ({ date_from: range.from, date_to: range.to });

/** The query of a report asked day by day (the interval the product sends): the range and `interval=day`. */
export const dayQuery = (range: DayRange): { readonly date_from: string; readonly date_to: string; readonly interval: "day" } => ({
  ...rangeQuery(range),
  interval: "day",
});

/** A report's call: `request`, with an answer of many rows decoded in slices (`decodeInSlices`). */
export const requestRows = <A, I>(opts: Omit<RequestOptions<A, I>, "decodeLarge">): Effect.Effect<A, HttpError, ApiCall> =>
  request({ ...opts, decodeLarge: decodeInSlices });
