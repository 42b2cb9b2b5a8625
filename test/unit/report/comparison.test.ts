import { describe, expect, it } from "vitest";
import { invalidRangeMessage } from "../../../src/domain/report/dateRangeRule";
import {
  adjustComparisonDraft,
  change,
  closeComparisonDraft,
  comparisonCell,
  comparisonDraftProblem,
  comparisonShortcutLabels,
  comparisonShortcutRange,
  defaultComparisonRange,
  direction,
  directionTone,
  formatChange,
  lowerIsBetter,
  percentChange,
  percentChangeInPercent,
  previousPeriod,
  yearOnYear,
  type Change,
} from "../../../src/domain/report/comparison";

describe("percentChange", () => {
  it.each([
    [150, 100, 0.5],
    [50, 100, -0.5],
    [100, 100, 0],
    [0, 100, -1],
    [200, 100, 1],
    [5, 0, 5],
    [-5, 0, -5],
    [0, 0, 0],
    [0.5, 0, 0.5],
    [-50, -100, -0.5],
    [-150, -100, 0.5],
    [50, -100, -1.5],
    [1, 3, -2 / 3],
  ])("(%s, %s) = %s", (current, previous, expected) => {
    expect(percentChange(current, previous)).toBeCloseTo(expected, 12);
  });

  it.each([
    [150, 100, 50],
    [50, 100, -50],
    [5, 0, 500],
    [100, 100, 0],
    [110, 100, 10],
  ])("in percent (%s, %s) = %s", (current, previous, expected) => {
    expect(percentChangeInPercent(current, previous)).toBeCloseTo(expected, 10);
  });
});

describe("change (what the cell shows)", () => {
  it.each([
    [150, 100, { kind: "percent", percent: 50 }],
    [50, 100, { kind: "percent", percent: -50 }],
    [100, 100, { kind: "percent", percent: 0 }],
    [3, 0, { kind: "percent", percent: 300 }],
    [0, 0, { kind: "percent", percent: 0 }],
    [-2, 0, { kind: "percent", percent: -200 }],
    [-50, -100, { kind: "sign", sign: "P" }],
    [10, -100, { kind: "sign", sign: "P" }],
    [0, -1, { kind: "sign", sign: "P" }],
    [-150, -100, { kind: "sign", sign: "N" }],
    [-100.5, -100, { kind: "sign", sign: "N" }],
    [-100, -100, { kind: "percent", percent: 0 }],
    [100, null, { kind: "missing" }],
    [100, undefined, { kind: "missing" }],
    [null, 100, { kind: "missing" }],
    [100, Number.NaN, { kind: "missing" }],
    [Number.POSITIVE_INFINITY, 100, { kind: "missing" }],
  ] satisfies Array<[number | null, number | null | undefined, Change]>)("(%s, %s) -> %j", (current, previous, expected) => {
    const c = change(current, previous);
    if (expected.kind === "percent" && c.kind === "percent") expect(c.percent).toBeCloseTo(expected.percent, 10);
    else expect(c).toEqual(expected);
    expect(c.kind).toBe(expected.kind);
  });

  it("shows 0%, never -0%, for no change from a negative previous", () => {
    expect(formatChange(change(-100, -100))).toBe("0.00%");
  });
});

describe("formatChange", () => {
  it.each([
    [{ kind: "percent", percent: 12.5 }, "en-GB", "12.50%"],
    [{ kind: "percent", percent: -3.456 }, "en-GB", "-3.46%"],
    [{ kind: "percent", percent: 1234.5 }, "en-GB", "1,234.50%"],
    [{ kind: "percent", percent: 12.5 }, "de-DE", "12,50%"],
    [{ kind: "percent", percent: 0 }, undefined, "0.00%"],
    [{ kind: "sign", sign: "P" }, "en-GB", "P"],
    [{ kind: "sign", sign: "N" }, "en-GB", "N"],
    [{ kind: "missing" }, "en-GB", "–"],
  ] satisfies Array<[Change, string | undefined, string]>)("%j in %s -> %s", (c, locale, expected) => {
    expect(formatChange(c, locale)).toBe(expected);
  });
});

describe("direction", () => {
  it("only cpa is lower-is-better", () => {
    expect([...lowerIsBetter]).toEqual(["cpa"]);
  });

  it.each([
    ["clicks", 120, 100, "better"],
    ["clicks", 80, 100, "worse"],
    ["clicks", 100, 100, "unchanged"],
    ["attributed_revenue", 1, 0, "better"],
    ["attributed_revenue", 0, 1, "worse"],
    ["roi", -0.2, -0.5, "better"],
    ["roi", -0.5, -0.2, "worse"],
    ["total_cost", 200, 100, "better"],
    ["cpa", 8, 10, "better"],
    ["cpa", 12, 10, "worse"],
    ["cpa", 10, 10, "unchanged"],
    ["cpa", 0, 5, "better"],
    ["clicks", 0.1 + 0.2, 0.3, "unchanged"],
    ["clicks", 1e12 + 1e-4, 1e12, "unchanged"],
    ["clicks", 0.3001, 0.3, "better"],
    ["clicks", 100, null, "missing"],
    ["clicks", 100, undefined, "missing"],
    ["cpa", 100, null, "missing"],
    ["clicks", null, 100, "missing"],
    ["clicks", Number.NaN, 100, "missing"],
    ["clicks", 100, Number.NaN, "missing"],
  ] as const)("%s %s vs %s is %s", (metric, current, previous, expected) => {
    expect(direction(metric, current, previous)).toBe(expected);
  });

  it.each([
    ["better", "green"],
    ["worse", "red"],
    ["unchanged", "yellow"],
    ["missing", "none"],
  ] as const)("%s is shown %s", (d, tone) => {
    expect(directionTone[d]).toBe(tone);
  });
});

describe("comparisonCell", () => {
  it.each([
    ["clicks", 150, 100, { current: 150, previous: 100, change: { kind: "percent", percent: 50 }, direction: "better" }],
    ["cpa", 150, 100, { current: 150, previous: 100, change: { kind: "percent", percent: 50 }, direction: "worse" }],
    ["roi", -0.5, -1, { current: -0.5, previous: -1, change: { kind: "sign", sign: "P" }, direction: "better" }],
    ["clicks", 10, null, { current: 10, previous: null, change: { kind: "missing" }, direction: "missing" }],
    ["clicks", 10, Number.NaN, { current: 10, previous: null, change: { kind: "missing" }, direction: "missing" }],
  ] as const)("%s %s vs %s", (metric, current, previous, expected) => {
    expect(comparisonCell(metric, current, previous)).toEqual(expected);
  });
});

describe("previousPeriod", () => {
  it.each([
    [{ from: "2026-01-08", to: "2026-01-14" }, { from: "2026-01-01", to: "2026-01-07" }],
    [{ from: "2026-01-05", to: "2026-01-05" }, { from: "2026-01-04", to: "2026-01-04" }],
    [{ from: "2026-01-01", to: "2026-01-31" }, { from: "2025-12-01", to: "2025-12-31" }],
    [{ from: "2026-03-01", to: "2026-03-31" }, { from: "2026-01-29", to: "2026-02-28" }],
    [{ from: "2024-03-01", to: "2024-03-31" }, { from: "2024-01-30", to: "2024-02-29" }],
    [{ from: "2026-01-01", to: "2026-01-01" }, { from: "2025-12-31", to: "2025-12-31" }],
    [{ from: "2025-01-01", to: "2025-12-31" }, { from: "2024-01-02", to: "2024-12-31" }], // 365 days, 2024 has 366
    [{ from: "2026-03-29", to: "2026-03-30" }, { from: "2026-03-27", to: "2026-03-28" }],
  ])("%j -> %j", (range, expected) => {
    expect(previousPeriod(range)).toEqual(expected);
  });

  it("is the default comparison range", () => {
    expect(defaultComparisonRange({ from: "2026-02-01", to: "2026-02-10" })).toEqual({ from: "2026-01-22", to: "2026-01-31" });
  });
});

describe("yearOnYear", () => {
  it.each([
    [{ from: "2026-01-01", to: "2026-01-31" }, { from: "2025-01-01", to: "2025-01-31" }],
    [{ from: "2024-02-29", to: "2024-02-29" }, { from: "2023-02-28", to: "2023-02-28" }],
    [{ from: "2024-02-01", to: "2024-02-29" }, { from: "2023-02-01", to: "2023-02-28" }],
    [{ from: "2024-02-29", to: "2024-03-31" }, { from: "2023-02-28", to: "2023-03-31" }],
    [{ from: "2025-02-28", to: "2025-03-01" }, { from: "2024-02-28", to: "2024-03-01" }],
    [{ from: "2026-12-31", to: "2027-01-06" }, { from: "2025-12-31", to: "2026-01-06" }],
    [{ from: "2000-01-01", to: "2000-01-01" }, { from: "1999-01-01", to: "1999-01-01" }],
  ])("%j -> %j", (range, expected) => {
    expect(yearOnYear(range)).toEqual(expected);
  });
});

describe("comparison shortcuts", () => {
  const main = { from: "2026-01-08", to: "2026-01-14" };
  it.each([
    ["previousPeriod", "Previous Period", { from: "2026-01-01", to: "2026-01-07" }],
    ["yearOnYear", "Year on Year", { from: "2025-01-08", to: "2025-01-14" }],
  ] as const)("%s is labelled %s", (id, label, range) => {
    expect(comparisonShortcutLabels[id]).toBe(label);
    expect(comparisonShortcutRange(id, main)).toEqual(range);
  });
});

describe("comparison picker", () => {
  const main = { from: "2026-02-01", to: "2026-02-28" };
  const today = "2026-03-10";

  it.each([
    ["both set, before the main start", { from: "2026-01-01", to: "2026-01-20" }, { from: "2026-01-01", to: "2026-01-20" }],
    ["end the day before the main start", { from: "2026-01-01", to: "2026-01-31" }, { from: "2026-01-01", to: "2026-01-31" }],
    ["end on the main start (not later): kept", { from: "2026-01-01", to: "2026-02-01" }, { from: "2026-01-01", to: "2026-02-01" }],
    ["end a day after the main start", { from: "2026-01-01", to: "2026-02-02" }, { from: "2026-01-01", to: "2026-01-31" }],
    ["end far after the main start", { from: "2025-12-01", to: "2026-06-30" }, { from: "2025-12-01", to: "2026-01-31" }],
    ["missing start becomes yesterday", { from: null, to: "2026-01-20" }, { from: "2026-03-09", to: "2026-01-20" }],
    ["empty start becomes yesterday", { from: "", to: null }, { from: "2026-03-09", to: null }],
    ["invalid start becomes yesterday", { from: "2026-02-30", to: undefined }, { from: "2026-03-09", to: null }],
    ["empty end stays empty while open", { from: "2026-01-01", to: "" }, { from: "2026-01-01", to: null }],
  ])("open: %s", (_name, draft, expected) => {
    expect(adjustComparisonDraft(draft, main, today)).toEqual(expected);
  });

  it.each([
    ["valid range kept", { from: "2026-01-01", to: "2026-01-20" }, { from: "2026-01-01", to: "2026-01-20" }],
    ["empty end becomes the day before the main start", { from: "2026-01-01", to: "" }, { from: "2026-01-01", to: "2026-01-31" }],
    ["null end too", { from: "2026-01-10", to: null }, { from: "2026-01-10", to: "2026-01-31" }],
    ["late end moved", { from: "2026-01-10", to: "2026-03-01" }, { from: "2026-01-10", to: "2026-01-31" }],
    ["start after the fixed end moves to it", { from: "2026-02-10", to: "2026-02-20" }, { from: "2026-01-31", to: "2026-01-31" }],
    ["missing start (yesterday) after the end moves to it", { from: null, to: null }, { from: "2026-01-31", to: "2026-01-31" }],
    ["one-day range", { from: "2026-01-15", to: "2026-01-15" }, { from: "2026-01-15", to: "2026-01-15" }],
  ])("close: %s", (_name, draft, expected) => {
    expect(closeComparisonDraft(draft, main, today)).toEqual(expected);
  });

  const refused = invalidRangeMessage;
  it.each([
    ["a range before the main start", { from: "2026-01-01", to: "2026-01-20" }, null],
    ["one day", { from: "2026-01-15", to: "2026-01-15" }, null],
    ["an empty end (the day before the main start on close)", { from: "2026-01-10", to: "" }, null],
    ["a late end (moved to the day before the main start)", { from: "2026-01-10", to: "2026-03-01" }, null],
    ["reversed: start 20 Jan, end 1 Jan", { from: "2026-01-20", to: "2026-01-01" }, refused],
    ["reversed by a day", { from: "2026-01-02", to: "2026-01-01" }, refused],
    ["a start after the day before the main start, end empty", { from: "2026-02-10", to: null }, refused],
    ["a start after the moved end", { from: "2026-02-10", to: "2026-02-20" }, refused],
    ["a missing start (yesterday, after the end)", { from: null, to: "2026-01-20" }, refused],
  ])("Apply with %s: %s", (_name, draft, expected) => {
    expect(comparisonDraftProblem(draft, main, today)).toBe(expected);
  });

  it("missing start is yesterday when that is before the main start", () => {
    expect(closeComparisonDraft({ from: null, to: null }, { from: "2026-04-01", to: "2026-04-30" }, "2026-03-10")).toEqual({
      from: "2026-03-09",
      to: "2026-03-31",
    });
  });

  it("yesterday crosses a year boundary", () => {
    expect(adjustComparisonDraft({ from: null, to: null }, { from: "2026-02-01", to: "2026-02-02" }, "2026-01-01").from).toBe("2025-12-31");
  });
});
