import { describe, expect, it } from "vitest";
import { formatDate, formatPeriod, type PeriodLength } from "../../../src/domain/report/dateFormat";

describe("formatPeriod", () => {
  it.each<[string, PeriodLength, string | null, string]>([
    ["2026-10-24", "day", "en-GB", "24 Oct"],
    ["2026-10-24", "week", "en-GB", "24 Oct"],
    ["2026-10-01", "month", "en-GB", "Oct 2026"],
    ["2026-01-05", "day", "en_GB", "5 Jan"],
    ["2026-10-24", "day", null, "24 Oct"],
    ["2026-10-24", "day", "not a locale!", "24 Oct"],
    ["2026-10-24", "day", "en-US", "Oct 24"],
    ["2026-10-01", "month", "en-US", "Oct 2026"],
    ["2026-10-24", "day", "de-DE", "24. Okt."],
    ["not a date", "day", "en-GB", "not a date"],
    ["", "month", "en-GB", ""],
  ])("%s by %s in %s is %s", (iso, length, locale, expected) => {
    expect(formatPeriod(iso, length, locale)).toBe(expected);
  });
});

describe("formatDate", () => {
  it.each([
    ["2026-11-01", "en-GB", "1 Nov 2026"],
    ["2026-13-01", "en-GB", "2026-13-01"],
  ])("%s in %s is %s", (iso, locale, expected) => {
    expect(formatDate(iso, locale)).toBe(expected);
  });
});
