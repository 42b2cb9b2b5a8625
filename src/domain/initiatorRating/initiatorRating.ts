import type { FunnelRow } from "../analysis/analysis";
import { ratio } from "../report/metrics";
import { taxonomyLevels } from "../report/taxonomyLevels";
import type { SortSpec } from "../table/tableSort";
import { rowLocation, type StackedBars } from "../funnel/funnelReport";
import { initiatorRatingTexts } from "./initiatorRatingTexts";

/**
 * The initiator rating: which channels start journeys and which close them. Each row of
 * the funnel answer becomes the revenue of the touches that open journeys (upper funnel
 * plus solo) against the revenue of those that carry and close them (mid plus lower
 * funnel), with the total and the two shares of it.
 */

/** The derived fields, in the standard order. */
export const initiatorFieldNames = [
  "upper_solo_revenue",
  "mid_lower_revenue",
  "total_funnel_revenue",
  "upper_solo_revenue_percent",
  "mid_lower_revenue_percent",
] as const;
export type InitiatorField = (typeof initiatorFieldNames)[number];

/** A row of the rating: its location (1 to 4 names), the location as taxonomy_1..k fields, and the derived fields. */
export type InitiatorRow = Readonly<Record<InitiatorField, number>> &
  Readonly<Partial<Record<(typeof taxonomyLevels)[number], string>>> & { readonly location: ReadonlyArray<string> };

/** What a row is derived from: its location and the four roles' revenue. */
export interface InitiatorInput {
  readonly location: ReadonlyArray<string>;
  readonly solo_revenue: number;
  readonly upper_funnel_revenue: number;
  readonly mid_funnel_revenue: number;
  readonly lower_funnel_revenue: number;
}

/** Rows a table page shows. */
export const initiatorPerPage = 10;

/** The deepest an initiator route goes (taxonomy_three). */
export const initiatorDepth = 3;

/** The table's sort at first: total funnel revenue, biggest first. */
export const initiatorDefaultSort: SortSpec = { column: "total_funnel_revenue", direction: "desc" };

/** The table's columns at first. */
export const initiatorDefaultColumns: ReadonlyArray<InitiatorField> = ["upper_solo_revenue", "total_funnel_revenue", "upper_solo_revenue_percent"];

/** Keeps the chosen columns that are initiator fields, in the order given; the defaults when none is left. */
export const initiatorColumnsOf = (columns: ReadonlyArray<string>): ReadonlyArray<string> => {
  const known = [...new Set(columns.filter((c) => (initiatorFieldNames as ReadonlyArray<string>).includes(c)))];
  return known.length === 0 ? initiatorDefaultColumns : known;
};

/** The derived row of one input: upper + solo, mid + lower, their total and their shares of it (0 when the total is 0). */
export const initiatorRowOf = (input: InitiatorInput): InitiatorRow => {
  const upperSolo = input.upper_funnel_revenue + input.solo_revenue;
  const midLower = input.mid_funnel_revenue + input.lower_funnel_revenue;
  const total = upperSolo + midLower;
  return {
    location: input.location,
    ...Object.fromEntries(input.location.map((name, i) => [taxonomyLevels[i], name])),
    upper_solo_revenue: upperSolo,
    mid_lower_revenue: midLower,
    total_funnel_revenue: total,
    upper_solo_revenue_percent: ratio(upperSolo, total) * 100,
    mid_lower_revenue_percent: ratio(midLower, total) * 100,
  };
};

const revenueFields = ["solo_revenue", "upper_funnel_revenue", "mid_funnel_revenue", "lower_funnel_revenue"] as const;

/** The derived rows of an answer, or why it is refused. */
export type InitiatorRows = { readonly ok: true; readonly rows: ReadonlyArray<InitiatorRow> } | { readonly ok: false; readonly problem: string };

/**
 * Checks one input: a location of 1 to 4 non-empty names and the four revenue fields as
 * finite numbers. Returns the problem, or null when the input is good.
 */
export const initiatorInputProblem = (input: Readonly<Record<string, unknown>> & { readonly location?: unknown }): string | null => {
  const location = input.location;
  if (!Array.isArray(location) || location.length < 1 || location.length > 4) return "a row's location must hold 1 to 4 names";
  if (!location.every((name) => typeof name === "string" && name !== "")) return "a row's location holds an empty name";
  const missing = revenueFields.find((field) => typeof input[field] !== "number" || !Number.isFinite(input[field]));
  return missing === undefined ? null : `a row has no numeric ${missing}`;
};

/**
 * The rating's rows from the funnel answer's rows: every row checked (`initiatorInputProblem`),
 * the whole answer refused at the first bad row (a chart of half an answer would mislead).
 */
export const initiatorRows = (rows: ReadonlyArray<FunnelRow>): InitiatorRows => {
  const derived: InitiatorRow[] = [];
  for (const row of rows) {
    const input = { ...row, location: rowLocation(row) };
    const problem = initiatorInputProblem(input);
    if (problem !== null) return { ok: false, problem: initiatorRatingTexts.invalidAnswer(problem) };
    derived.push(initiatorRowOf(input));
  }
  return { ok: true, rows: derived };
};

/** Chart height in pixels: 100 plus 30 per bar. */
export const initiatorChartHeight = (rowCount: number): number => 100 + 30 * rowCount;

/** The chart of the rows shown: a bar per row, upper + solo stacked with mid + lower. */
export const initiatorChart = (rows: ReadonlyArray<InitiatorRow>): StackedBars => ({
  names: rows.map((row) => row.location.at(-1) ?? ""),
  stacks: (["upper_solo_revenue", "mid_lower_revenue"] as const).map((key) => ({
    key,
    label: initiatorRatingTexts.columns[key],
    values: rows.map((row) => row[key]),
  })),
  max: null,
});
