import { temporal } from "./temporal";
import type { DateRange } from "./dateRange";
import { normaliseLocale } from "./numberFormat";

/** A calendar date for people, in a locale ("1 Nov 2026"); the raw string if it is not a date. */
export const formatDate = (iso: string, locale: string): string => {
  const key = `${locale}|${iso}`;
  const known = formattedDates.get(key);
  if (known !== undefined) return known;
  const text = dateText(iso, locale);
  if (formattedDates.size >= formattedPeriodsBound) formattedDates.clear();
  formattedDates.set(key, text);
  return text;
};

const dateText = (iso: string, locale: string): string => {
  try {
    return temporal().PlainDate.from(iso).toLocaleString(locale, { day: "numeric", month: "short", year: "numeric" });
  } catch {
    return iso;
  }
};

/** Dates already formatted, as `formattedPeriods` below: the header's date range is drawn again on every change of the session. */
const formattedDates = new Map<string, string>();

/** A moment (epoch ms) to the minute, in UTC ("2 Jun 2025 09:00 UTC"): a write key's last use, a person's last sign-in. */
export const formatUtcMinute = (ms: number): string =>
  `${formatDate(new Date(ms).toISOString().slice(0, 10), "en-GB")} ${new Date(ms).toISOString().slice(11, 16)} UTC`;

/** "1 Nov 2026 – 30 Nov 2026", or one date when both ends are the same day. */
export const formatRange = (r: DateRange, locale: string): string =>
  r.from === r.to ? formatDate(r.from, locale) : `${formatDate(r.from, locale)} – ${formatDate(r.to, locale)}`;

/** How long a chart's periods are: a day, a week (dated by its first day) or a month. */
export type PeriodLength = "day" | "week" | "month";

/**
 * A chart period's date for people, in a locale (underscores and unknown locales as the
 * number formats take them): a day or a week as day and month ("24 Oct"), a month as
 * month and year ("Oct 2026"); the raw string if it is not a date.
 */
export const formatPeriod = (iso: string, length: PeriodLength, locale: string | null | undefined): string => {
  const key = `${length}|${locale ?? ""}|${iso}`;
  const known = formattedPeriods.get(key);
  if (known !== undefined) return known;
  const text = periodText(iso, length, locale);
  if (formattedPeriods.size >= formattedPeriodsBound) formattedPeriods.clear();
  formattedPeriods.set(key, text);
  return text;
};

const periodText = (iso: string, length: PeriodLength, locale: string | null | undefined): string => {
  try {
    const date = temporal().PlainDate.from(iso);
    const options: Intl.DateTimeFormatOptions = length === "month" ? { month: "short", year: "numeric" } : { day: "numeric", month: "short" };
    return date.toLocaleString(normaliseLocale(locale), options);
  } catch {
    return iso;
  }
};

/**
 * Periods already formatted (a date's text never changes): each text costs a locale's date
 * format, and a chart asks for its dates again on every draw, a page of cards for hundreds
 * (issue 27, "Ready fast"). Bounded: emptied when full.
 */
const formattedPeriods = new Map<string, string>();
const formattedPeriodsBound = 5_000;
