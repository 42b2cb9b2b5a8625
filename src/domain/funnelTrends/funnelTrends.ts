import { Either, ParseResult, Schema } from "effect";
import { FunnelTrendSeries, funnelFieldNames, funnelHeaders, type FunnelTrendPoint } from "../analysis/analysis";
import { funnelRoles, type FunnelRole } from "../report/metrics";
import { periodStarts } from "../performance/performance";
import { seriesTaxonomyOf, taxonomyLevelLabels } from "../report/taxonomyLevels";
import { toggledColumns } from "../report/reportColumns";
import { funnelTrendsTexts } from "./funnelTrendsTexts";

/**
 * Funnel trends over time: per taxonomy value, the revenue and revenue percent of each
 * funnel role (solo, upper, mid, lower) day by day. Each series of an answer is checked on
 * its own (a non-empty name; rows with a non-empty date and every funnel field a number):
 * a malformed series is refused, named with what is wrong, and not drawn. Missing days of
 * the range are filled with zero rows.
 */

export type FunnelField = (typeof funnelFieldNames)[number];

/** A series that passed the checks, its days filled. */
export type TrendSeries = FunnelTrendSeries;

/** A series the checks refused: its name as sent (when it has one) and what is wrong. */
export interface RefusedSeries {
  readonly name: string | null;
  readonly problem: string;
}

export interface CheckedTrends {
  readonly series: ReadonlyArray<TrendSeries>;
  readonly refused: ReadonlyArray<RefusedSeries>;
}

const decodeSeries = Schema.decodeUnknownEither(FunnelTrendSeries);

/** The first problem of a refused series, with where it is ("data.3.solo_revenue: Expected number, actual \"x\""). */
const problemOf = (error: ParseResult.ParseError): string => {
  const issue = ParseResult.ArrayFormatter.formatErrorSync(error)[0];
  if (issue === undefined) return "malformed";
  const where = issue.path.map(String).join(".");
  return where === "" ? issue.message : `${where}: ${issue.message}`;
};

const nameOf = (raw: unknown): string | null => {
  if (typeof raw !== "object" || raw === null) return null;
  const name = (raw as { readonly name?: unknown }).name;
  return typeof name === "string" && name !== "" ? name : null;
};

const notASeries = "not a series (an object with a name and its data)";

/** Checks every series of an answer on its own: the good ones kept in order, the others refused with their problem. */
export const checkTrendSeries = (data: ReadonlyArray<unknown>): CheckedTrends => {
  const series: TrendSeries[] = [];
  const refused: RefusedSeries[] = [];
  for (const raw of data) {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      refused.push({ name: null, problem: notASeries });
      continue;
    }
    const decoded = decodeSeries(raw, { onExcessProperty: "ignore" });
    if (Either.isRight(decoded)) series.push(decoded.right);
    else refused.push({ name: nameOf(raw), problem: problemOf(decoded.left) });
  }
  return { series, refused };
};

/** The message of the refused series, one line each. */
export const refusalMessages = (refused: ReadonlyArray<RefusedSeries>): ReadonlyArray<string> =>
  refused.map((r) => funnelTrendsTexts.refused(r.name, r.problem));

/** A day with no revenue in any role. */
export const zeroPoint = (date: string): FunnelTrendPoint =>
  ({ conversion_date: date, ...Object.fromEntries(funnelFieldNames.map((f) => [f, 0])) }) as unknown as FunnelTrendPoint;

/**
 * Every day of the range, in order: the series' own row for a day it has (the first, when
 * it has two), a zero row for a day it lacks. Rows outside the range are dropped.
 */
export const fillMissingDays = (points: ReadonlyArray<FunnelTrendPoint>, from: string, to: string): ReadonlyArray<FunnelTrendPoint> => {
  const byDay = new Map<string, FunnelTrendPoint>();
  for (const p of points) if (!byDay.has(p.conversion_date)) byDay.set(p.conversion_date, p);
  return periodStarts(from, to, "day").map((day) => byDay.get(day) ?? zeroPoint(day));
};

/** The series shown: the one named by the route's selected taxonomy, else the first; null when none fits. */
export const chosenTrend = (series: ReadonlyArray<TrendSeries>, selected: string | null): TrendSeries | null =>
  selected === null ? (series[0] ?? null) : (series.find((s) => s.name === selected) ?? null);

/** The chart's modes: absolute revenue (bars) or revenue percent (lines). */
export const trendModes = ["revenue", "revenue_percent"] as const;
export type TrendMode = (typeof trendModes)[number];
export const isTrendMode = (value: string): value is TrendMode => (trendModes as ReadonlyArray<string>).includes(value);

/** The field a role shows in a mode. */
export const trendField = (role: FunnelRole, mode: TrendMode): FunnelField => `${role}_${mode}` as FunnelField;

/** The four fields a mode draws, in role order. */
export const trendFields = (mode: TrendMode): ReadonlyArray<FunnelField> => funnelRoles.map((role) => trendField(role, mode));

/** The Table Settings column chooser's default: the four percent columns. */
export const defaultTrendColumns: ReadonlyArray<FunnelField> = trendFields("revenue_percent");

/** The columns a link or a click may choose, kept in the standard order; the default when none is left. */
export const knownTrendColumns = (columns: ReadonlyArray<string>): ReadonlyArray<FunnelField> => {
  const chosen = new Set(columns);
  const known = funnelFieldNames.filter((f) => chosen.has(f));
  return known.length === 0 ? defaultTrendColumns : known;
};

/** Shows a hidden column or hides a shown one (the last shown column stays). */
export const toggleTrendColumn = (columns: ReadonlyArray<FunnelField>, column: FunnelField): ReadonlyArray<FunnelField> =>
  toggledColumns(columns, column, funnelFieldNames) as ReadonlyArray<FunnelField>;

/** A column's header: the answer's label when it has one, else the standard label. */
export const trendHeader = (headers: Readonly<Record<string, string>>, field: string): string => headers[field] ?? funnelHeaders[field] ?? field;

/** The roles' colours in drawing order: the product's two chart colours first. */
export const roleColours: Readonly<Record<FunnelRole, string>> = { solo: "#36E7A6", upper_funnel: "#2799FF", mid_funnel: "#F5A524", lower_funnel: "#8B6CEF" };

/** Rows per page of the trends table. */
export const trendsPerPageOptions: ReadonlyArray<number> = [15, 30, 50];
export const defaultTrendsPerPage = 15;

/** The export's rows: every day of the chosen series with its taxonomy path (the route's values, then the series' name). */
export const trendExportRows = (path: ReadonlyArray<string>, seriesName: string, days: ReadonlyArray<FunnelTrendPoint>): ReadonlyArray<Readonly<Record<string, unknown>>> => {
  const taxonomy = seriesTaxonomyOf(path, seriesName);
  return days.map((day) => ({ ...taxonomy, ...day }));
};

/** The export's labels: the taxonomy levels, the date and the funnel fields (the answer's labels first). */
export const trendExportLabels = (headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> => ({
  ...taxonomyLevelLabels,
  conversion_date: funnelTrendsTexts.date,
  ...Object.fromEntries(funnelFieldNames.map((f) => [f, trendHeader(headers, f)])),
});
