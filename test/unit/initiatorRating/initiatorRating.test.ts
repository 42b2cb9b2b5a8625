import { describe, expect, it } from "vitest";
import type { FunnelRow } from "../../../src/domain/analysis/analysis";
import {
  initiatorChart,
  initiatorChartHeight,
  initiatorColumnsOf,
  initiatorDefaultColumns,
  initiatorInputProblem,
  initiatorRowOf,
  initiatorRows,
} from "../../../src/domain/initiatorRating/initiatorRating";

const funnelRow = (location: ReadonlyArray<string>, revenue: readonly [number, number, number, number]): FunnelRow => ({
  ...Object.fromEntries(location.map((name, i) => [`taxonomy_${i + 1}`, name])),
  solo_revenue: revenue[0],
  solo_revenue_percent: 0,
  solo_credit: 0,
  upper_funnel_revenue: revenue[1],
  upper_funnel_revenue_percent: 0,
  upper_funnel_credit: 0,
  mid_funnel_revenue: revenue[2],
  mid_funnel_revenue_percent: 0,
  mid_funnel_credit: 0,
  lower_funnel_revenue: revenue[3],
  lower_funnel_revenue_percent: 0,
  lower_funnel_credit: 0,
});

describe("initiatorRowOf: upper + solo against mid + lower", () => {
  it.each<[string, readonly [number, number, number, number], { up: number; ml: number; total: number; upPct: number; mlPct: number }]>([
    ["solo 10, upper 30, mid 40, lower 20", [10, 30, 40, 20], { up: 40, ml: 60, total: 100, upPct: 40, mlPct: 60 }],
    ["only closers", [0, 0, 25, 75], { up: 0, ml: 100, total: 100, upPct: 0, mlPct: 100 }],
    ["only a solo touch", [12.5, 0, 0, 0], { up: 12.5, ml: 0, total: 12.5, upPct: 100, mlPct: 0 }],
    ["no revenue: shares 0, not NaN", [0, 0, 0, 0], { up: 0, ml: 0, total: 0, upPct: 0, mlPct: 0 }],
    ["thirds", [1, 0, 1, 1], { up: 1, ml: 2, total: 3, upPct: 100 / 3, mlPct: 200 / 3 }],
  ])("%s", (_, [solo, upper, mid, lower], e) => {
    const row = initiatorRowOf({ location: ["Email"], solo_revenue: solo, upper_funnel_revenue: upper, mid_funnel_revenue: mid, lower_funnel_revenue: lower });
    expect(row.upper_solo_revenue).toBeCloseTo(e.up, 10);
    expect(row.mid_lower_revenue).toBeCloseTo(e.ml, 10);
    expect(row.total_funnel_revenue).toBeCloseTo(e.total, 10);
    expect(row.upper_solo_revenue_percent).toBeCloseTo(e.upPct, 10);
    expect(row.mid_lower_revenue_percent).toBeCloseTo(e.mlPct, 10);
  });

  it("carries the location as taxonomy fields", () => {
    const row = initiatorRowOf({ location: ["Email", "News"], solo_revenue: 1, upper_funnel_revenue: 0, mid_funnel_revenue: 0, lower_funnel_revenue: 0 });
    expect(row).toMatchObject({ location: ["Email", "News"], taxonomy_1: "Email", taxonomy_2: "News" });
    expect(row.taxonomy_3).toBeUndefined();
  });
});

describe("initiatorInputProblem: a location of 1 to 4 names and the revenue fields", () => {
  const good = { solo_revenue: 1, upper_funnel_revenue: 2, mid_funnel_revenue: 3, lower_funnel_revenue: 4 };
  it.each<[string, Record<string, unknown>, string | null]>([
    ["one name", { ...good, location: ["A"] }, null],
    ["four names", { ...good, location: ["A", "B", "C", "D"] }, null],
    ["no name", { ...good, location: [] }, "a row's location must hold 1 to 4 names"],
    ["five names", { ...good, location: ["A", "B", "C", "D", "E"] }, "a row's location must hold 1 to 4 names"],
    ["no location", { ...good }, "a row's location must hold 1 to 4 names"],
    ["an empty name", { ...good, location: ["A", ""] }, "a row's location holds an empty name"],
    ["a revenue missing", { ...good, mid_funnel_revenue: undefined, location: ["A"] }, "a row has no numeric mid_funnel_revenue"],
    ["a revenue as text", { ...good, solo_revenue: "1", location: ["A"] }, "a row has no numeric solo_revenue"],
    ["a revenue not finite", { ...good, lower_funnel_revenue: Number.NaN, location: ["A"] }, "a row has no numeric lower_funnel_revenue"],
  ])("%s", (_, input, problem) => {
    expect(initiatorInputProblem(input)).toBe(problem);
  });
});

describe("initiatorRows", () => {
  it("derives every row of a good answer", () => {
    const got = initiatorRows([funnelRow(["Email"], [1, 2, 3, 4]), funnelRow(["SEO"], [0, 0, 0, 5])]);
    expect(got.ok && got.rows.map((r) => [r.location, r.total_funnel_revenue])).toEqual([
      [["Email"], 10],
      [["SEO"], 5],
    ]);
  });

  it("refuses the whole answer at a row without a location, saying why", () => {
    const got = initiatorRows([funnelRow(["Email"], [1, 2, 3, 4]), funnelRow([], [1, 1, 1, 1])]);
    expect(got).toEqual({ ok: false, problem: "The funnel answer could not be read: a row's location must hold 1 to 4 names" });
  });

  it("is empty for an empty answer", () => {
    expect(initiatorRows([])).toEqual({ ok: true, rows: [] });
  });
});

describe("chart and columns", () => {
  it.each([
    [0, 100],
    [1, 130],
    [10, 400],
  ])("%i bars are %i px high", (rows, height) => {
    expect(initiatorChartHeight(rows)).toBe(height);
  });

  it("stacks upper + solo with mid + lower, a bar per row named by its deepest value", () => {
    const rows = [initiatorRowOf({ location: ["Email", "News"], solo_revenue: 1, upper_funnel_revenue: 2, mid_funnel_revenue: 3, lower_funnel_revenue: 4 })];
    const chart = initiatorChart(rows);
    expect(chart.names).toEqual(["News"]);
    expect(chart.stacks.map((s) => [s.key, s.values])).toEqual([
      ["upper_solo_revenue", [3]],
      ["mid_lower_revenue", [7]],
    ]);
  });

  it.each<[ReadonlyArray<string>, ReadonlyArray<string>]>([
    [["mid_lower_revenue", "solo_revenue"], ["mid_lower_revenue"]],
    [["clicks"], initiatorDefaultColumns],
  ])("initiatorColumnsOf(%j)", (columns, expected) => {
    expect(initiatorColumnsOf(columns)).toEqual(expected);
  });

  it("shows upper + solo revenue, total and upper + solo share at first", () => {
    expect(initiatorDefaultColumns).toEqual(["upper_solo_revenue", "total_funnel_revenue", "upper_solo_revenue_percent"]);
  });
});
