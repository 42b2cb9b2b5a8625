import { describe, expect, it } from "vitest";
import {
  attributionQuery,
  attributionRows,
  creditShift,
  exportRowOf,
  openingChoices,
  sortedAttributionRows,
  sortInMode,
} from "../../../src/domain/attributionComparison/attributionComparison";
import { readReportQuery } from "../../../src/domain/report/reportQuery";
import { levelRow } from "../../model/performance/tableFixtures";

describe("creditShift", () => {
  it.each([
    // attributed, last-click, shift, percent (worked by hand)
    [120, 100, 20, 20],
    [80, 100, -20, -20],
    [1100, 950, 150, (150 / 950) * 100],
    [50, 0, 50, 0],
    [0, 0, 0, 0],
    [0, 40, -40, -100],
  ])("attributed %d against last-click %d moves %d (%d%%)", (attributed, lastClick, shift, percent) => {
    const r = creditShift(attributed, lastClick);
    expect(r.credit_shift).toBe(shift);
    expect(r.credit_shift_percent).toBeCloseTo(percent, 10);
  });
});

describe("attributionRows", () => {
  it("names each row by the level below the path and keeps its taxonomy path", () => {
    const rows = attributionRows([levelRow(["Paid Search", "Brand"], { attributed_revenue: 490, last_click_revenue: 400, variable_cost: 70 })], ["Paid Search"]);
    expect(rows).toEqual([
      {
        taxonomy_1: "Paid Search",
        taxonomy_2: "Brand",
        taxonomy: ["Paid Search", "Brand"],
        name: "Brand",
        attributed_revenue: 490,
        last_click_revenue: 400,
        total_cost: 70,
        credit_shift: 90,
        credit_shift_percent: 22.5,
      },
    ]);
  });

  it("exports the taxonomy columns and the five figures", () => {
    const [row] = attributionRows([levelRow(["Email"], { attributed_revenue: 120, last_click_revenue: 100, fixed_cost: 10 })], []);
    expect(exportRowOf(row!)).toEqual({ taxonomy_1: "Email", attributed_revenue: 120, last_click_revenue: 100, total_cost: 10, credit_shift: 20, credit_shift_percent: 20 });
  });
});

describe("sorting", () => {
  const rows = attributionRows(
    [
      levelRow(["Email"], { attributed_revenue: 120, last_click_revenue: 100 }),
      levelRow(["None"], { attributed_revenue: 9000, last_click_revenue: 1 }),
      levelRow(["Affiliates"], { attributed_revenue: 50, last_click_revenue: 400 }),
      levelRow(["Display"], { attributed_revenue: 300, last_click_revenue: 100 }),
    ],
    [],
  );
  it.each([
    ["attributed_revenue", "desc", ["Display", "Email", "Affiliates", "None"]],
    ["attributed_revenue", "asc", ["Affiliates", "Email", "Display", "None"]],
    ["credit_shift", "asc", ["Affiliates", "Email", "Display", "None"]],
    ["credit_shift_percent", "desc", ["Display", "Email", "Affiliates", "None"]],
    ["name", "asc", ["Affiliates", "Display", "Email", "None"]],
    ["name", "desc", ["Email", "Display", "Affiliates", "None"]],
  ] as const)("by %s %s, 'None' last", (sort, direction, names) => {
    expect(sortedAttributionRows(rows, sort, direction).map((r) => r.name)).toEqual(names);
  });
});

describe("the state rules", () => {
  it.each([
    ["last_click_revenue", "lcr", "last_click_revenue"],
    ["last_click_revenue", "spend", "name"],
    ["total_cost", "lcr", "name"],
    ["total_cost", "spend", "total_cost"],
    ["credit_shift", "spend", "credit_shift"],
    ["attributed_revenue", "spend", "attributed_revenue"],
  ] as const)("sorting by %s in mode %s is by %s", (sort, mode, expected) => {
    expect(sortInMode(sort, mode)).toBe(expected);
  });

  it.each([
    ["", { mode: "lcr", sort: "attributed_revenue", direction: "desc", page: 1, perPage: 8 }],
    ["comparisonMetric=spend&sort=total_cost&order=asc&page=2&per_page=16", { mode: "spend", sort: "total_cost", direction: "asc", page: 2, perPage: 16 }],
    ["comparisonMetric=spend&sort=last_click_revenue", { mode: "spend", sort: "name", direction: "desc", page: 1, perPage: 8 }],
    ["comparisonMetric=roi&sort=roas&per_page=10", { mode: "lcr", sort: "attributed_revenue", direction: "desc", page: 1, perPage: 8 }],
  ])("a link %s opens with %o", (search, expected) => {
    expect(openingChoices(readReportQuery(search, attributionQuery))).toEqual(expected);
  });
});
