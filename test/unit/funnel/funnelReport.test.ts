import { describe, expect, it } from "vitest";
import { funnelHeaders, type FunnelRow } from "../../../src/domain/analysis/analysis";
import { toggledColumns } from "../../../src/domain/report/reportColumns";
import {
  drillLocation,
  funnelFieldFormat,
  funnelBarValues,
  funnelChart,
  funnelColumnsOf,
  funnelDefaultColumns,
  funnelDefaultSort,
  funnelLevelColumn,
  isFunnelMode,
  rowLocation,
  withFunnelHeaders,
  type FunnelMode,
} from "../../../src/domain/funnel/funnelReport";

const row = (location: ReadonlyArray<string>, values: Partial<FunnelRow> = {}): FunnelRow => ({
  ...Object.fromEntries(location.map((name, i) => [`taxonomy_${i + 1}`, name])),
  solo_revenue: 10,
  solo_revenue_percent: 10,
  solo_credit: 1,
  upper_funnel_revenue: 20,
  upper_funnel_revenue_percent: 20,
  upper_funnel_credit: 2,
  mid_funnel_revenue: 30,
  mid_funnel_revenue_percent: 30,
  mid_funnel_credit: 3,
  lower_funnel_revenue: 40,
  lower_funnel_revenue_percent: 40,
  lower_funnel_credit: 4,
  ...values,
});

describe("funnelBarValues: the four roles of a row in each mode", () => {
  it.each<[string, FunnelMode, Partial<FunnelRow>, ReadonlyArray<number>]>([
    ["revenue", "revenue", {}, [10, 20, 30, 40]],
    ["credit", "credit", {}, [1, 2, 3, 4]],
    ["percent already summing to 100", "revenue_percent", {}, [10, 20, 30, 40]],
    ["percent renormalised to 100 (rounded answer 33+33+33+0)", "revenue_percent", { solo_revenue_percent: 33, upper_funnel_revenue_percent: 33, mid_funnel_revenue_percent: 33, lower_funnel_revenue_percent: 0 }, [100 / 3, 100 / 3, 100 / 3, 0]],
    ["percent renormalised from 50 in all (5, 10, 15, 20 -> 10, 20, 30, 40)", "revenue_percent", { solo_revenue_percent: 5, upper_funnel_revenue_percent: 10, mid_funnel_revenue_percent: 15, lower_funnel_revenue_percent: 20 }, [10, 20, 30, 40]],
    ["percent of a row with no revenue: all 0", "revenue_percent", { solo_revenue_percent: 0, upper_funnel_revenue_percent: 0, mid_funnel_revenue_percent: 0, lower_funnel_revenue_percent: 0 }, [0, 0, 0, 0]],
  ])("%s", (_, mode, values, expected) => {
    const got = funnelBarValues(row(["Email"], values), mode);
    expected.forEach((v, i) => expect(got[i]).toBeCloseTo(v, 10));
  });

  it("sums to 100 per row in percent mode whenever the row has revenue", () => {
    const got = funnelBarValues(row(["Email"], { solo_revenue_percent: 7, upper_funnel_revenue_percent: 0, mid_funnel_revenue_percent: 12.5, lower_funnel_revenue_percent: 1 }), "revenue_percent");
    expect(got.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 10);
  });
});

describe("funnelChart", () => {
  it("draws a bar per row named by its deepest value, a stack per role labelled by the headers, 0-100 in percent mode", () => {
    const chart = funnelChart([row(["Email", "Newsletter"]), row(["Email", "Promo"])], "revenue_percent", funnelHeaders);
    expect(chart.names).toEqual(["Newsletter", "Promo"]);
    expect(chart.stacks.map((s) => s.label)).toEqual(["Solo Revenue %", "Upper Funnel Revenue %", "Mid Funnel Revenue %", "Lower Funnel Revenue %"]);
    expect(chart.stacks[3]?.values).toEqual([40, 40]);
    expect(chart.max).toBe(100);
  });

  it.each<[FunnelMode, number | null]>([
    ["revenue", null],
    ["credit", null],
    ["revenue_percent", 100],
  ])("%s mode's axis ends at %s", (mode, max) => {
    expect(funnelChart([], mode, funnelHeaders).max).toBe(max);
  });
});

describe("withFunnelHeaders: Credit headers added when the answer lacks them", () => {
  it.each<[string, Record<string, string>, Record<string, string>]>([
    ["no headers at all: every funnel label", {}, { solo_credit: "Solo Credit", solo_revenue: "Solo Revenue", solo_revenue_percent: "Solo Revenue %", lower_funnel_credit: "Lower Funnel Credit" }],
    ["answer without the solo three: they are added, the others kept", { ...funnelHeaders, solo_credit: undefined as unknown as string }, { solo_credit: "Solo Credit" }],
    ["answer's own words are kept", { solo_credit: "Solo Credits (own)" }, { solo_credit: "Solo Credits (own)", upper_funnel_credit: "Upper Funnel Credit" }],
  ])("%s", (_, headers, expected) => {
    const cleaned = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined));
    const got = withFunnelHeaders(cleaned);
    for (const [key, label] of Object.entries(expected)) expect(got[key]).toBe(label);
    expect(Object.keys(got)).toHaveLength(Math.max(12, Object.keys(cleaned).length));
  });
});

describe("locations, links and the level column", () => {
  it.each<[ReadonlyArray<string>, ReadonlyArray<string>]>([
    [["A"], ["A"]],
    [["A", "B", "C", "D"], ["A", "B", "C", "D"]],
    [[], []],
  ])("rowLocation of %j is %j", (location, expected) => {
    expect(rowLocation(row(location))).toEqual(expected);
  });

  it("stops at the first missing level", () => {
    expect(rowLocation({ taxonomy_1: "A", taxonomy_3: "C" })).toEqual(["A"]);
  });

  it.each<[ReadonlyArray<string>, ReadonlyArray<string> | null]>([
    [["Email"], ["Email"]],
    [["Email", "News", "Weekly"], ["Email", "News", "Weekly"]],
    [["Email", "News", "Weekly", "Monday"], null],
    [["None"], null],
    [["Email", "None"], null],
    [[], null],
  ])("a row at %j links to %j", (location, expected) => {
    expect(drillLocation(location)).toEqual(expected);
  });

  it.each<[ReadonlyArray<string>, string]>([
    [[], "taxonomy_1"],
    [["A"], "taxonomy_2"],
    [["A", "B"], "taxonomy_3"],
    [["A", "B", "C"], "taxonomy_4"],
    [["A", "B", "C", "D"], "taxonomy_4"],
  ])("under %j the rows are %s and sort by it ascending", (path, column) => {
    expect(funnelLevelColumn(path)).toBe(column);
    expect(funnelDefaultSort(path)).toEqual({ column, direction: "asc" });
  });
});

describe("modes and columns", () => {
  it.each([
    ["revenue", true],
    ["revenue_percent", true],
    ["credit", true],
    ["Revenue", false],
    [3, false],
  ])("isFunnelMode(%j) is %s", (value, expected) => {
    expect(isFunnelMode(value)).toBe(expected);
  });

  it("offers all 12 funnel columns at first", () => {
    expect(funnelDefaultColumns).toHaveLength(12);
  });

  it.each<[ReadonlyArray<string>, ReadonlyArray<string>]>([
    [["solo_credit", "clicks", "solo_credit", "mid_funnel_revenue"], ["solo_credit", "mid_funnel_revenue"]],
    [["clicks"], funnelDefaultColumns],
    [[], funnelDefaultColumns],
  ])("funnelColumnsOf(%j)", (columns, expected) => {
    expect(funnelColumnsOf(columns)).toEqual(expected);
  });
});

describe("funnelFieldFormat", () => {
  it.each([
    ["solo_revenue", "money"],
    ["upper_funnel_revenue_percent", "percent"],
    ["lower_funnel_credit", "number"],
    ["total_funnel_revenue", "money"],
    ["mid_lower_revenue_percent", "percent"],
  ])("%s reads as %s with 2 decimals", (field, kind) => {
    expect(funnelFieldFormat(field)).toEqual({ kind, decimals: 2 });
  });
});

describe("toggledColumns: the column chooser", () => {
  const offered = ["a", "b", "c", "d"];
  it.each<[string, ReadonlyArray<string>, string, ReadonlyArray<string>]>([
    ["ticking adds in the standard order", ["a", "d"], "b", ["a", "b", "d"]],
    ["unticking removes", ["a", "b"], "a", ["b"]],
    ["the last column stays", ["c"], "c", ["c"]],
    ["a column not offered changes nothing", ["a"], "z", ["a"]],
  ])("%s", (_, columns, column, expected) => {
    expect(toggledColumns(columns, column, offered)).toEqual(expected);
  });
});
