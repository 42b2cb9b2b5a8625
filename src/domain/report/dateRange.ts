import { dayInZone } from "../shell/timeZone";
import { temporal, type TemporalApi } from "./temporal";

/** An inclusive range of calendar days, both ends YYYY-MM-DD. */
export interface DateRange {
  readonly from: string;
  readonly to: string;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A valid calendar date in YYYY-MM-DD, or null. */
export const parseDate = (s: string | null | undefined): TemporalApi.PlainDate | null => {
  if (!s || !isoDate.test(s)) return null;
  try {
    return temporal().PlainDate.from(s, { overflow: "reject" });
  } catch {
    return null;
  }
};

/** A range from two strings if both are dates and from <= to, else null. */
export const parseRange = (from: string | null | undefined, to: string | null | undefined): DateRange | null => {
  const f = parseDate(from);
  const t = parseDate(to);
  if (!f || !t || temporal().PlainDate.compare(f, t) > 0) return null;
  return { from: f.toString(), to: t.toString() };
};

/** Number of days in the range, both ends included. */
export const rangeLength = (r: DateRange): number =>
  temporal().PlainDate.from(r.from).until(temporal().PlainDate.from(r.to), { largestUnit: "days" }).days + 1;

/**
 * Today's calendar date in a program's time zone (`programTimeZone`: "Europe/Berlin", or an
 * old program's "+01:00"), from an instant given in epoch milliseconds (the clock is passed
 * in so tests control it).
 */
export const todayAt = (epochMs: number, zone: string): string => dayInZone(epochMs, zone);

export const presetIds = ["today", "yesterday", "last7", "last30", "thisMonth", "lastMonth", "last90", "yearToDate"] as const;
export type PresetId = (typeof presetIds)[number];

export const presetLabels: Record<PresetId, string> = {
  today: "Today",
  yesterday: "Yesterday",
  last7: "Last 7 days",
  last30: "Last 30 days",
  thisMonth: "This month",
  lastMonth: "Last month",
  last90: "Last 90 days",
  yearToDate: "Year to date",
};

/** The range a preset stands for, relative to `today` (YYYY-MM-DD). "Last N days" ends yesterday. */
export const presetRange = (preset: PresetId, today: string): DateRange => {
  const t = temporal().PlainDate.from(today);
  const y = t.subtract({ days: 1 });
  switch (preset) {
    case "today":
      return { from: t.toString(), to: t.toString() };
    case "yesterday":
      return { from: y.toString(), to: y.toString() };
    case "last7":
      return { from: y.subtract({ days: 6 }).toString(), to: y.toString() };
    case "last30":
      return { from: y.subtract({ days: 29 }).toString(), to: y.toString() };
    case "last90":
      return { from: y.subtract({ days: 89 }).toString(), to: y.toString() };
    case "thisMonth":
      return { from: t.with({ day: 1 }).toString(), to: t.toString() };
    case "lastMonth": {
      const first = t.with({ day: 1 }).subtract({ months: 1 });
      return { from: first.toString(), to: first.with({ day: first.daysInMonth }).toString() };
    }
    case "yearToDate":
      return { from: t.with({ month: 1, day: 1 }).toString(), to: t.toString() };
  }
};

/** The preset whose range equals `range` today, if any (to show which one is active). */
export const matchingPreset = (range: DateRange, today: string): PresetId | null =>
  presetIds.find((p) => {
    const r = presetRange(p, today);
    return r.from === range.from && r.to === range.to;
  }) ?? null;

/** The session's default range: the last 30 days, ending yesterday. */
export const defaultRange = (today: string): DateRange => presetRange("last30", today);
