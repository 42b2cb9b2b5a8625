import { temporal } from "./temporal";
import type { DateRange } from "./dateRange";

/** A calendar date for people, in a locale ("1 Nov 2026"); the raw string if it is not a date. */
export const formatDate = (iso: string, locale: string): string => {
  try {
    return temporal().PlainDate.from(iso).toLocaleString(locale, { day: "numeric", month: "short", year: "numeric" });
  } catch {
    return iso;
  }
};

/** "1 Nov 2026 – 30 Nov 2026", or one date when both ends are the same day. */
export const formatRange = (r: DateRange, locale: string): string =>
  r.from === r.to ? formatDate(r.from, locale) : `${formatDate(r.from, locale)} – ${formatDate(r.to, locale)}`;
