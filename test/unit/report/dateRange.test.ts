import { describe, expect, it } from "vitest";
import {
  defaultRange,
  matchingPreset,
  parseDate,
  parseRange,
  presetIds,
  presetLabels,
  presetRange,
  rangeLength,
  todayAt,
  type PresetId,
} from "../../../src/domain/report/dateRange";

describe("parseDate", () => {
  it.each([
    ["2026-01-31", "2026-01-31"],
    ["2024-02-29", "2024-02-29"],
    ["2000-02-29", "2000-02-29"],
    ["1999-12-31", "1999-12-31"],
  ])("accepts %s", (s, expected) => {
    expect(parseDate(s)?.toString()).toBe(expected);
  });

  it.each([
    ["2026-02-30", "no 30 February"],
    ["2026-02-29", "2026 is not a leap year"],
    ["1900-02-29", "1900 is not a leap year"],
    ["2026-04-31", "April has 30 days"],
    ["2026-13-01", "no month 13"],
    ["2026-00-10", "no month 0"],
    ["2026-01-00", "no day 0"],
    ["2026-1-05", "not zero-padded"],
    ["26-01-05", "two-digit year"],
    ["2026/01/05", "slashes"],
    [" 2026-01-05", "leading space"],
    ["2026-01-05T00:00", "a date-time"],
    ["+002026-01-05", "extended year"],
    ["", "empty"],
  ])("rejects %j (%s)", (s) => {
    expect(parseDate(s)).toBeNull();
  });

  it("rejects null and undefined", () => {
    expect(parseDate(null)).toBeNull();
    expect(parseDate(undefined)).toBeNull();
  });
});

describe("parseRange", () => {
  it.each([
    ["2026-01-01", "2026-01-31", { from: "2026-01-01", to: "2026-01-31" }],
    ["2026-01-05", "2026-01-05", { from: "2026-01-05", to: "2026-01-05" }],
    ["2025-12-31", "2026-01-01", { from: "2025-12-31", to: "2026-01-01" }],
    ["2026-01-31", "2026-01-01", null],
    ["2026-01-02", "2026-01-01", null],
    ["2026-02-01", "2026-02-30", null],
    ["2026-02-30", "2026-03-01", null],
    [null, "2026-01-01", null],
    ["2026-01-01", undefined, null],
    ["", "", null],
  ])("parseRange(%j, %j) = %j", (from, to, expected) => {
    expect(parseRange(from, to)).toEqual(expected);
  });
});

describe("rangeLength", () => {
  it.each([
    [{ from: "2026-01-05", to: "2026-01-05" }, 1],
    [{ from: "2026-01-01", to: "2026-01-31" }, 31],
    [{ from: "2026-02-01", to: "2026-02-28" }, 28],
    [{ from: "2024-02-01", to: "2024-02-29" }, 29],
    [{ from: "2025-12-31", to: "2026-01-01" }, 2],
    [{ from: "2026-03-28", to: "2026-03-30" }, 3], // across the European DST change: calendar days only
    [{ from: "2024-01-01", to: "2024-12-31" }, 366],
    [{ from: "2026-01-01", to: "2026-12-31" }, 365],
  ])("%j has %i days", (range, days) => {
    expect(rangeLength(range)).toBe(days);
  });
});

describe("todayAt", () => {
  it.each([
    ["2026-03-15T23:30:00Z", "+00:00", "2026-03-15"],
    ["2026-03-15T23:30:00Z", "+01:00", "2026-03-16"],
    ["2026-03-15T22:59:59.999Z", "+01:00", "2026-03-15"],
    ["2026-03-15T23:00:00Z", "+01:00", "2026-03-16"],
    ["2026-03-15T00:30:00Z", "-01:00", "2026-03-14"],
    ["2026-03-15T01:00:00Z", "-01:00", "2026-03-15"],
    ["2026-03-15T18:29:59Z", "+05:30", "2026-03-15"],
    ["2026-03-15T18:30:00Z", "+05:30", "2026-03-16"],
    ["2026-03-15T10:00:00Z", "+14:00", "2026-03-16"],
    ["2026-03-15T11:59:59Z", "-12:00", "2026-03-14"],
    ["2025-12-31T23:00:00Z", "+01:00", "2026-01-01"],
    ["2026-01-01T04:59:59Z", "-05:00", "2025-12-31"],
    ["2024-02-29T23:59:59Z", "+00:00", "2024-02-29"],
    ["2024-03-01T00:00:00Z", "-00:01", "2024-02-29"],
  ])("at %s in %s it is %s", (instant, offset, today) => {
    expect(todayAt(Date.parse(instant), offset)).toBe(today);
  });

  it.each([["Z"], ["+1"], ["+0100"], ["Europe/London"], [""], ["+01:00:00"]])("falls back to UTC for a malformed offset %j", (offset) => {
    expect(todayAt(Date.parse("2026-03-15T23:30:00Z"), offset)).toBe("2026-03-15");
  });
});

describe("presetRange", () => {
  const table: Array<[string, PresetId, string, string]> = [
    ["2026-03-15", "today", "2026-03-15", "2026-03-15"],
    ["2026-03-15", "yesterday", "2026-03-14", "2026-03-14"],
    ["2026-03-15", "last7", "2026-03-08", "2026-03-14"],
    ["2026-03-15", "last30", "2026-02-13", "2026-03-14"],
    ["2026-03-15", "last90", "2025-12-15", "2026-03-14"],
    ["2026-03-15", "thisMonth", "2026-03-01", "2026-03-15"],
    ["2026-03-15", "lastMonth", "2026-02-01", "2026-02-28"],
    ["2026-03-15", "yearToDate", "2026-01-01", "2026-03-15"],
    // January: last month is December of the year before
    ["2026-01-10", "lastMonth", "2025-12-01", "2025-12-31"],
    ["2026-01-01", "yesterday", "2025-12-31", "2025-12-31"],
    ["2026-01-01", "last7", "2025-12-25", "2025-12-31"],
    ["2026-01-01", "yearToDate", "2026-01-01", "2026-01-01"],
    ["2026-01-01", "thisMonth", "2026-01-01", "2026-01-01"],
    // leap years
    ["2024-03-05", "lastMonth", "2024-02-01", "2024-02-29"],
    ["2024-03-01", "yesterday", "2024-02-29", "2024-02-29"],
    ["2024-03-01", "last30", "2024-01-31", "2024-02-29"],
    ["2000-03-31", "lastMonth", "2000-02-01", "2000-02-29"],
    ["2100-03-31", "lastMonth", "2100-02-01", "2100-02-28"],
    ["2025-03-01", "last30", "2025-01-30", "2025-02-28"],
    // month ends
    ["2026-05-31", "lastMonth", "2026-04-01", "2026-04-30"],
    ["2026-03-31", "lastMonth", "2026-02-01", "2026-02-28"],
    ["2026-12-31", "yearToDate", "2026-01-01", "2026-12-31"],
  ];
  it.each(table)("on %s, %s is %s..%s", (today, preset, from, to) => {
    expect(presetRange(preset, today)).toEqual({ from, to });
  });

  it("covers every preset in the table", () => {
    expect(new Set(table.map(([, p]) => p))).toEqual(new Set(presetIds));
  });

  it.each([
    ["last7", 7],
    ["last30", 30],
    ["last90", 90],
  ] as const)("%s always spans %i days and ends yesterday", (preset, days) => {
    for (const today of ["2024-03-01", "2026-01-01", "2026-03-15", "2026-12-31"]) {
      const r = presetRange(preset, today);
      expect(rangeLength(r)).toBe(days);
      expect(r.to).toBe(presetRange("yesterday", today).to);
    }
  });

  it("has a label for every preset", () => {
    expect(Object.keys(presetLabels).sort()).toEqual([...presetIds].sort());
    expect(presetLabels.last30).toBe("Last 30 days");
  });
});

describe("matchingPreset and defaultRange", () => {
  it("names the preset a range stands for today", () => {
    expect(matchingPreset({ from: "2026-02-13", to: "2026-03-14" }, "2026-03-15")).toBe("last30");
    expect(matchingPreset({ from: "2026-02-01", to: "2026-02-28" }, "2026-03-15")).toBe("lastMonth");
    expect(matchingPreset({ from: "2026-02-01", to: "2026-02-27" }, "2026-03-15")).toBeNull();
    // on the first of a month "today" and "this month" coincide: the first preset wins
    expect(matchingPreset({ from: "2026-03-01", to: "2026-03-01" }, "2026-03-01")).toBe("today");
  });

  it("the default range is the last 30 days ending yesterday", () => {
    expect(defaultRange("2026-03-15")).toEqual({ from: "2026-02-13", to: "2026-03-14" });
    expect(defaultRange("2026-01-01")).toEqual({ from: "2025-12-02", to: "2025-12-31" });
  });
});
