import type { DiminishingPoint, DiminishingSeries } from "../analysis/analysis";
import { seriesTaxonomyOf, taxonomyLevelLabels } from "../report/taxonomyLevels";
import type { SeasonalityType } from "../seasonality/seasonality";
import { diminishingReturnsTexts } from "./diminishingReturnsTexts";
import { isWholeWeek, type SpendWeek } from "./responseCurve";

/**
 * The diminishing-returns report's data: the series of a level (one per taxonomy value,
 * with its children), the seasonality segments (one per seasonality type, plus Untagged
 * for weeks without a tag; all shown by default), the weeks of the chosen series in the
 * segments shown, and the what-if spend typed by a person.
 */

/** A segment's key: a seasonality type's name, or the untagged weeks. */
export type SegmentKey = string;

/** The key of the weeks without a seasonality tag (no type can be named with a leading NUL). */
export const untaggedSegment: SegmentKey = "\u0000untagged";

export interface Segment {
  readonly key: SegmentKey;
  readonly label: string;
}

/** One checkbox per seasonality type, in the list's order, then Untagged. */
export const segmentsOf = (types: ReadonlyArray<SeasonalityType>): ReadonlyArray<Segment> => [
  ...[...new Set(types.map((t) => t.name))].map((name) => ({ key: name, label: name })),
  { key: untaggedSegment, label: diminishingReturnsTexts.untagged },
];

/** The segment a week belongs to. */
export const segmentOf = (point: DiminishingPoint): SegmentKey => point.seasonality ?? untaggedSegment;

/** A week as the table and the chart show it. */
export interface DiminishingWeek extends SpendWeek {
  readonly date: string;
  readonly segment: SegmentKey;
  /** Wholly inside the dates (a range's first and last weeks may be parts of weeks, which the curve leaves out). */
  readonly whole: boolean;
}

/** The weeks of a series whose segment is shown, in date order, each marked whole or part of a week of the range. */
export const shownWeeks = (
  series: DiminishingSeries | null,
  hidden: ReadonlyArray<SegmentKey>,
  range?: { readonly from: string; readonly to: string } | null,
): ReadonlyArray<DiminishingWeek> => {
  if (series === null) return [];
  const off = new Set(hidden);
  return series.data
    .filter((p) => !off.has(segmentOf(p)))
    .map((p) => ({ date: p.conversion_date, spend: p.total_cost, revenue: p.attributed_revenue, segment: segmentOf(p), whole: isWholeWeek(p.conversion_date, range) }))
    .sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
};

/**
 * The series the page shows: the one named by the route's selected taxonomy, else the
 * first of the level; null when the level has none (or the name is not among them).
 */
export const chosenSeries = (series: ReadonlyArray<DiminishingSeries>, selected: string | null): DiminishingSeries | null =>
  selected === null ? (series[0] ?? null) : (series.find((s) => s.name === selected) ?? null);

/** A row of the weeks table and of the export. */
export interface DiminishingTableRow extends Readonly<Record<string, unknown>> {
  readonly conversion_date: string;
  readonly total_cost: number;
  readonly attributed_revenue: number;
  readonly seasonality: string;
}

/** The table's rows: the shown weeks, their segment named (Untagged for no tag). */
export const tableRowsOf = (weeks: ReadonlyArray<DiminishingWeek>): ReadonlyArray<DiminishingTableRow> =>
  weeks.map((w) => ({
    conversion_date: w.date,
    total_cost: w.spend,
    attributed_revenue: w.revenue,
    seasonality: w.segment === untaggedSegment ? diminishingReturnsTexts.untagged : w.segment,
  }));

/** The table's columns, in order. */
export const weekColumns = ["conversion_date", "total_cost", "attributed_revenue", "seasonality"] as const;

/** Rows per page of the weeks table, and the default. */
export const weeksPerPageOptions: ReadonlyArray<number> = [20, 50, 100];
export const defaultWeeksPerPage = 20;

/**
 * A typed what-if weekly spend: a positive number (spaces, a currency sign and thousands
 * separators ignored), or null for anything else.
 */
export const readWhatIfSpend = (text: string): number | null => {
  const cleaned = text.replace(/[\s,£$€]/g, "");
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) && value > 0 ? value : null;
};

/** The keys of every segment a link or a click may hide, kept only when the segment is offered. */
export const knownHidden = (hidden: ReadonlyArray<SegmentKey>, segments: ReadonlyArray<Segment>): ReadonlyArray<SegmentKey> => {
  const offered = new Set(segments.map((s) => s.key));
  return [...new Set(hidden)].filter((key) => offered.has(key));
};

/** Hides a shown segment or shows a hidden one. */
export const toggleSegment = (hidden: ReadonlyArray<SegmentKey>, key: SegmentKey): ReadonlyArray<SegmentKey> =>
  hidden.includes(key) ? hidden.filter((k) => k !== key) : [...hidden, key];

/** The export's rows: each shown week with the series' taxonomy path (the route's values, then the series' name). */
export const exportRowsOf = (path: ReadonlyArray<string>, seriesName: string, rows: ReadonlyArray<DiminishingTableRow>): ReadonlyArray<Readonly<Record<string, unknown>>> => {
  const taxonomy = seriesTaxonomyOf(path, seriesName);
  return rows.map((row) => ({ ...taxonomy, ...row }));
};

/** The export's labels: the taxonomy levels and the weeks table's headers. */
export const exportLabels: Readonly<Record<string, string>> = {
  ...taxonomyLevelLabels,
  ...diminishingReturnsTexts.columns,
};
