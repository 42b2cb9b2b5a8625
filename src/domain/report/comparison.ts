import { temporal } from "./temporal";
import { parseDate, rangeLength, type DateRange } from "./dateRange";
import { rangeProblem } from "./dateRangeRule";
import { formatNumber, missingValue } from "./numberFormat";

/**
 * Comparing two date ranges: the change shown in a cell, its colour, the shortcuts
 * ('Previous Period', 'Year on Year') and the comparison-dates picker's rules.
 */

/**
 * The change from `previous` to `current` as a fraction (0.25 is +25%):
 * (current - previous) / previous, with the divisor taken as 1 when previous is 0.
 */
export const percentChange = (current: number, previous: number): number => (current - previous) / (previous === 0 ? 1 : previous);

/** The same change in percent units (25 is +25%). */
export const percentChangeInPercent = (current: number, previous: number): number => percentChange(current, previous) * 100;

/**
 * What a comparison cell shows as its change:
 * - `percent`: the change in percent units;
 * - `sign`: when previous is negative, dividing by it would flip the sign of the
 *   percent, so the cell shows only whether the value went up ('P', positive change:
 *   current > previous) or down ('N', negative change: current < previous). A negative
 *   previous with no change shows 0%;
 * - `missing`: no comparison value (no previous row) or a value that is not a number.
 */
export type Change = { readonly kind: "percent"; readonly percent: number } | { readonly kind: "sign"; readonly sign: "P" | "N" } | { readonly kind: "missing" };

const isNumber = (n: number | null | undefined): n is number => n != null && Number.isFinite(n);

export const change = (current: number | null | undefined, previous: number | null | undefined): Change => {
  if (!isNumber(current) || !isNumber(previous)) return { kind: "missing" };
  if (previous < 0 && current !== previous) return { kind: "sign", sign: current > previous ? "P" : "N" };
  // `+ 0` turns -0 (0 divided by a negative previous) into 0
  return { kind: "percent", percent: percentChangeInPercent(current, previous) + 0 };
};

/** A change for a cell: "12.50%", "P", "N", or "–" when missing (2 decimals). */
export const formatChange = (c: Change, locale?: string | null): string => {
  switch (c.kind) {
    case "percent":
      return `${formatNumber(c.percent, 2, locale)}%`;
    case "sign":
      return c.sign;
    case "missing":
      return missingValue;
  }
};

/** Metrics where a lower value is an improvement (for cpa green and red are reversed). */
export const lowerIsBetter: ReadonlySet<string> = new Set(["cpa"]);

export type Direction = "better" | "worse" | "unchanged" | "missing";

/** Colours of a change: green an improvement, red a worsening, yellow no change. */
export const directionTone: Readonly<Record<Direction, "green" | "red" | "yellow" | "none">> = {
  better: "green",
  worse: "red",
  unchanged: "yellow",
  missing: "none",
};

/**
 * Whether `current` is an improvement on `previous` for `metric`: higher is better,
 * except for the metrics of `lowerIsBetter`. Values within 1e-9 (relative) of each other
 * are unchanged, so that float noise from summing is not shown as a change. A missing
 * or non-numeric value on either side gives 'missing'.
 */
export const direction = (metric: string, current: number | null | undefined, previous: number | null | undefined): Direction => {
  if (!isNumber(current) || !isNumber(previous)) return "missing";
  const diff = current - previous;
  if (Math.abs(diff) <= 1e-9 * Math.max(1, Math.abs(current), Math.abs(previous))) return "unchanged";
  const up = diff > 0;
  return up !== lowerIsBetter.has(metric) ? "better" : "worse";
};

/** Everything a comparison cell needs. */
export interface ComparisonCell {
  readonly current: number | null;
  readonly previous: number | null;
  readonly change: Change;
  readonly direction: Direction;
}

export const comparisonCell = (metric: string, current: number | null | undefined, previous: number | null | undefined): ComparisonCell => ({
  current: isNumber(current) ? current : null,
  previous: isNumber(previous) ? previous : null,
  change: change(current, previous),
  direction: direction(metric, current, previous),
});

const plain = (iso: string) => temporal().PlainDate.from(iso);

/** 'Previous Period': the same number of days, ending the day before `range` starts. */
export const previousPeriod = (range: DateRange): DateRange => {
  const to = plain(range.from).subtract({ days: 1 });
  return { from: to.subtract({ days: rangeLength(range) - 1 }).toString(), to: to.toString() };
};

/**
 * 'Year on Year': both ends one calendar year earlier. 29 February becomes 28 February,
 * so a range ending on 29 February is one day shorter a year earlier.
 */
export const yearOnYear = (range: DateRange): DateRange => ({
  from: plain(range.from).subtract({ years: 1 }).toString(),
  to: plain(range.to).subtract({ years: 1 }).toString(),
});

export const comparisonShortcuts = ["previousPeriod", "yearOnYear"] as const;
export type ComparisonShortcut = (typeof comparisonShortcuts)[number];

export const comparisonShortcutLabels: Readonly<Record<ComparisonShortcut, string>> = {
  previousPeriod: "Previous Period",
  yearOnYear: "Year on Year",
};

export const comparisonShortcutRange = (shortcut: ComparisonShortcut, main: DateRange): DateRange =>
  shortcut === "previousPeriod" ? previousPeriod(main) : yearOnYear(main);

/** The comparison dates when comparison is turned off: the previous period. */
export const defaultComparisonRange = previousPeriod;

/** The comparison picker's dates while it is open; either end may be unset (null or ""). */
export interface ComparisonDraft {
  readonly from: string | null | undefined;
  readonly to: string | null | undefined;
}

/**
 * The picker's rules while it is open:
 * - a missing (or invalid) start becomes yesterday (the day before `today`);
 * - an end later than the main range's start is moved to the day before the main start
 *   (an end on the main start itself is left as it is: only a "later" end moves).
 * An empty end stays empty until the picker closes.
 */
export const adjustComparisonDraft = (draft: ComparisonDraft, main: DateRange, today: string): { from: string; to: string | null } => {
  const from = parseDate(draft.from) ?? plain(today).subtract({ days: 1 });
  const to = parseDate(draft.to);
  const mainStart = plain(main.from);
  if (!to) return { from: from.toString(), to: null };
  const end = temporal().PlainDate.compare(to, mainStart) > 0 ? mainStart.subtract({ days: 1 }) : to;
  return { from: from.toString(), to: end.toString() };
};

/**
 * What is wrong with the picker's dates, or null when 'Apply' may use them: the dates it
 * would apply (the rules of `adjustComparisonDraft`, an empty end as the day before the
 * main start) must pass the date-range rule of both pickers (`rangeProblem`: a start after
 * the end is refused with its message).
 */
export const comparisonDraftProblem = (draft: ComparisonDraft, main: DateRange, today: string): string | null => {
  const adjusted = adjustComparisonDraft(draft, main, today);
  return rangeProblem(adjusted.from, adjusted.to ?? plain(main.from).subtract({ days: 1 }).toString());
};

/**
 * The picker's dates when it closes: the rules of `adjustComparisonDraft`, then an empty
 * end becomes the day before the main start. 'Apply' is refused while
 * `comparisonDraftProblem` finds a problem; when custom dates are kept against a new main
 * range and their end moves before their start, the start is moved to the end so the
 * result is always a valid one-day-or-longer range.
 */
export const closeComparisonDraft = (draft: ComparisonDraft, main: DateRange, today: string): DateRange => {
  const adjusted = adjustComparisonDraft(draft, main, today);
  const to = adjusted.to ?? plain(main.from).subtract({ days: 1 }).toString();
  const from = temporal().PlainDate.compare(plain(adjusted.from), plain(to)) > 0 ? to : adjusted.from;
  return { from, to };
};
