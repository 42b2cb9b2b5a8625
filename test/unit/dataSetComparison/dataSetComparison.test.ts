import { describe, expect, it } from "vitest";
import {
  availableColumns,
  cancellationRules,
  columnParts,
  dataSetComparisonCards,
  dataSetComparisonLevel,
  defaultVisibleColumns,
  donutShares,
  footerOf,
  interleavedHalves,
  isColumnAvailable,
  levelPrefix,
  mergedRows,
  reportSource,
  seriesFromDailyRows,
  sideNames,
  tableColumns,
} from "../../../src/domain/dataSetComparison/dataSetComparison";
import type { DataSet } from "../../../src/domain/customReports/customReports";
import { rowOf, twoChannels } from "../../model/dataSetComparison/dataSetComparisonFixtures";

describe("custom report level", () => {
  it.each([
    [[], 1, []],
    [["Email"], 2, ["Email"]],
    [["Email", "News"], 3, ["Email", "News"]],
    [["Email", "News", "Weekly"], 4, ["Email", "News", "Weekly"]],
    [["Email", "News", "Weekly", "Monday"], 4, ["Email", "News", "Weekly"]],
  ] as const)("path %j shows level %i under %j", (path, level, prefix) => {
    expect(dataSetComparisonLevel(path)).toBe(level);
    expect(levelPrefix(path)).toEqual(prefix);
  });
});

describe("where the report reads", () => {
  const sets: DataSet[] = [
    { id: 1, data_set_tag: "valid", field: "status", operator: "=", value: "valid" },
    { id: 2, data_set_tag: "cancelled", field: "status", operator: "=", value: "cancelled" },
  ];
  it.each([
    ["both data sets registered", { dataset_one: { id: 1 }, dataset_two: { id: 2 } }, { kind: "named", tags: { first: "valid", second: "cancelled" } }],
    ["the second one missing", { dataset_one: { id: 1 } }, { kind: "meta", rules: cancellationRules }],
    ["one not registered for the program", { dataset_one: { id: 1 }, dataset_two: { id: 9 } }, { kind: "meta", rules: cancellationRules }],
    ["no data sets at all", {}, { kind: "meta", rules: cancellationRules }],
  ] as const)("%s", (_, meta, source) => {
    expect(reportSource(meta, sets)).toEqual(source);
  });

  it.each([
    [{}, { first: "Valid", second: "Cancelled" }],
    [{ validName: "Active", cancelledName: "Not Active" }, { first: "Active", second: "Not Active" }],
    [{ validName: "  ", cancelledName: "" }, { first: "Valid", second: "Cancelled" }],
  ])("side names of %j", (meta, names) => {
    expect(sideNames(meta)).toEqual(names);
  });
});

describe("columns", () => {
  it.each([
    [[1, 2, 3, 4, 5], [1, 3, 5], [2, 4]],
    [[1, 2, 3, 4], [1, 3], [2, 4]],
    [[1], [1], []],
    [[], [], []],
  ])("%j splits into interleaved halves %j and %j", (items, one, two) => {
    expect(interleavedHalves(items)).toEqual([one, two]);
  });

  it("pairs each metric's sides, so the halves are the first side and the second side", () => {
    const [one, two] = interleavedHalves(tableColumns);
    expect(one.every((c) => c.startsWith("first."))).toBe(true);
    expect(two.every((c) => c.startsWith("second."))).toBe(true);
  });

  it.each([
    ["first.cpa", ["first.cpa", "second.roi"], false],
    ["second.roi", ["first.cpa", "second.roi"], false],
    ["second.cpa", ["first.cpa", "second.roi"], true],
    ["first.cpa", [], true],
  ] as const)("%s with excluded %j is available: %s", (column, excluded, available) => {
    expect(isColumnAvailable(column, excluded)).toBe(available);
    expect(availableColumns(excluded).includes(column)).toBe(available);
  });

  it("shows the default metrics of both sides on reset, less the excluded ones", () => {
    expect(defaultVisibleColumns(["first.cpa", "second.roi"])).toEqual([
      "first.last_click_sales", "second.last_click_sales", "first.last_click_revenue", "second.last_click_revenue",
      "first.attributed_sales", "second.attributed_sales", "first.attributed_revenue", "second.attributed_revenue",
      "second.cpa", "first.roas", "second.roas",
      "first.attributed_revenue_variance_percent", "second.attributed_revenue_variance_percent",
    ]);
  });

  it.each([
    ["first.cpa", { side: "first", metric: "cpa" }],
    ["second.attributed_revenue", { side: "second", metric: "attributed_revenue" }],
    ["third.cpa", null],
    ["first.clicks", null],
    ["cpa", null],
  ] as const)("column %s reads as %j", (key, parts) => {
    expect(columnParts(key)).toEqual(parts);
  });
});

describe("rows and totals", () => {
  it("merges both sides by taxonomy value, a missing side counting zero", () => {
    const rows = mergedRows(twoChannels.tables.first.current, twoChannels.tables.second.current, 1);
    expect(rows.map((r) => [r["taxonomy_1"], r["first.attributed_sales"], r["second.attributed_sales"]])).toEqual([
      ["Email", 8, 2],
      ["Search", 10, 1],
      ["None", 1, 0],
    ]);
  });

  it("totals sums and recomputes rates from the sums, 0 when a divisor is 0", () => {
    const footer = footerOf(twoChannels.tables.first.current, twoChannels.tables.second.current);
    expect(footer["first.attributed_sales"]).toBe(19);
    expect(footer["first.attributed_revenue"]).toBe(1310);
    expect(footer["first.attributed_conversion_rate"]).toBeCloseTo((19 / 150) * 100);
    expect(footer["second.attributed_conversion_rate"]).toBe(0);
    expect(footer["second.attributed_aov"]).toBeCloseTo(190 / 3);
  });
});

describe("donut shares", () => {
  it.each([
    [3, 1, { first: 75, second: 25 }],
    [0, 0, { first: 0, second: 0 }],
    [5, 0, { first: 100, second: 0 }],
    [-2, 2, { first: 0, second: 100 }],
  ])("%d against %d", (first, second, shares) => {
    expect(donutShares(first, second)).toEqual(shares);
  });
});

describe("cards", () => {
  it("a card per value, most sales first and 'None' last, both series on every date, the periods' sales from the tables", () => {
    const cards = dataSetComparisonCards(twoChannels.charts, twoChannels.tables, 1);
    expect(cards.map((c) => c.name)).toEqual(["Search", "Email", "None"]);
    const email = cards[1];
    expect(email?.series.dates).toEqual(["2026-01-01", "2026-01-02"]);
    expect(email?.series.one.map((p) => p.y)).toEqual([3, 5]);
    expect(email?.series.two.map((p) => p.y)).toEqual([2, 0]);
    expect(email?.current).toEqual({ first: 8, second: 2 });
    expect(email?.previous).toEqual({ first: 6, second: 2 });
    expect(cards[0]?.previous).toEqual({ first: 0, second: 0 });
  });

  it("groups the old source's day rows into a series per value", () => {
    const rows = [rowOf("Email", { attributed_sales: 1 }, "2026-01-01"), rowOf("Search", { attributed_sales: 2 }, "2026-01-01"), rowOf("Email", { attributed_sales: 3 }, "2026-01-02")];
    expect(seriesFromDailyRows(rows, 1).map((s) => [s.name, s.data.length])).toEqual([["Email", 2], ["Search", 1]]);
  });
});
