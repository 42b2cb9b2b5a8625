import { describe, expect, it, vi } from "vitest";
import { formatDate, formatPeriod, type PeriodLength } from "../../../src/domain/report/dateFormat";
import { temporal } from "../../../src/domain/report/temporal";

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

  it("formats a period once for a locale and length: a chart's dates asked again on every draw cost nothing more", () => {
    const toLocaleString = vi.spyOn(temporal().PlainDate.prototype, "toLocaleString");
    try {
      const texts = Array.from({ length: 200 }, (_, i) => formatPeriod(`2025-03-${String((i % 4) + 1).padStart(2, "0")}`, "day", "en-GB"));
      expect(new Set(texts)).toEqual(new Set(["1 Mar", "2 Mar", "3 Mar", "4 Mar"]));
      expect(toLocaleString).toHaveBeenCalledTimes(4);
      expect(formatPeriod("2025-03-01", "month", "en-GB")).toBe("Mar 2025");
      expect(formatPeriod("2025-03-01", "day", "en-US")).toBe("Mar 1");
      expect(toLocaleString).toHaveBeenCalledTimes(6);
    } finally {
      toLocaleString.mockRestore();
    }
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
