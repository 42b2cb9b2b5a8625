import { parseRange } from "./dateRange";

/**
 * The date-range rule of both date pickers (the main dates and the comparison dates) and
 * its message. Apart from dateRange.ts, which the sign-in page loads, so that the pickers'
 * words load with the pickers.
 */

/** What both date pickers say when typed dates do not form a range. */
export const invalidRangeMessage = "The start date must be a valid date on or before the end date.";

/**
 * Null when `from` and `to` form a range (both calendar dates, the start on or before the
 * end), else the message. A reversed range is refused, never turned into another one.
 */
export const rangeProblem = (from: string | null | undefined, to: string | null | undefined): string | null =>
  parseRange(from, to) ? null : invalidRangeMessage;
