import { describe, expect, it } from "vitest";
import {
  breakdownCards,
  breakdownMetrics,
  breakdownQuery,
  cardTotals,
  exportRowsOf,
  openingChoices,
  sortedCards,
} from "../../../src/domain/breakdown/breakdown";
import { readReportQuery } from "../../../src/domain/report/reportQuery";
import { channels, point } from "../../model/breakdown/breakdownFixtures";

describe("cardTotals: the derived metrics over a card's dates", () => {
  const two = [
    point("2026-01-01", { clicks: 100, attributed_sales: 2, attributed_revenue: 200, last_click_sales: 1, last_click_revenue: 150, first_click_sales: 1, first_click_revenue: 80, variable_cost: 30, fixed_cost: 10 }),
    point("2026-01-02", { clicks: 50, attributed_sales: 0.5, attributed_revenue: 40, last_click_sales: 1, last_click_revenue: 50, variable_cost: 20 }),
  ];
  // Worked by hand: clicks 150, attributed sales 2.5, attributed revenue 240, last-click sales 2 and revenue 200, cost 60.
  it.each([
    ["clicks", 150],
    ["total_cost", 60],
    ["variable_cost", 50],
    ["attributed_revenue", 240],
    ["attributed_aov", 96],
    ["last_click_aov", 100],
    ["first_click_aov", 80],
    ["attributed_conversion_rate", (2.5 / 150) * 100],
    ["last_click_conversion_rate", (2 / 150) * 100],
    ["first_click_conversion_rate", (1 / 150) * 100],
    ["cpa", 24],
    ["roas", 4],
    ["attributed_revenue_variance_percent", 20],
  ] as const)("%s is %d", (metric, value) => {
    expect(cardTotals(two)[metric]).toBeCloseTo(value, 10);
  });

  it.each([
    // sums, metric, value: each ratio is 0 when its divisor is 0; the CPA divides by at least one sale
    [{ variable_cost: 30, attributed_sales: 0.4 }, "cpa", 30],
    [{ variable_cost: 30, attributed_sales: 0 }, "cpa", 30],
    [{ attributed_revenue: 50 }, "roas", 0],
    [{ attributed_sales: 3, attributed_revenue: 30 }, "attributed_conversion_rate", 0],
    [{ attributed_revenue: 30 }, "attributed_aov", 0],
    [{ attributed_revenue: 30 }, "attributed_revenue_variance_percent", 0],
  ] as const)("%o: %s is %d", (sums, metric, value) => {
    expect(cardTotals([point("2026-01-01", sums)])[metric]).toBe(value);
  });

  it("no points is all zeros", () => {
    expect(Object.values(cardTotals([])).every((v) => v === 0)).toBe(true);
  });
});

describe("breakdownCards", () => {
  it("makes a card per series, its points in date order, named by the level below the path", () => {
    const cards = breakdownCards(channels.data, ["Web"]);
    expect(cards.map((c) => c.name)).toEqual(["Email", "None", "Paid Search", "Display"]);
    expect(cards[0]?.taxonomy).toEqual(["Web", "Email"]);
    expect(cards[0]?.points.map((p) => p.conversion_date)).toEqual(["2026-01-01", "2026-01-02"]);
    expect(cards[0]?.totals.clicks).toBe(50);
  });

  it.each([
    ["clicks", "desc", ["Paid Search", "Email", "Display", "None"]],
    ["clicks", "asc", ["Display", "Email", "Paid Search", "None"]],
    ["attributed_revenue", "desc", ["Display", "Paid Search", "Email", "None"]],
  ] as const)("sorted by %s %s, 'None' last", (metric, direction, names) => {
    expect(sortedCards(breakdownCards(channels.data, []), metric, direction).map((c) => c.name)).toEqual(names);
  });

  it("exports every point with its card's taxonomy columns, its date and the 20 metrics", () => {
    const rows = exportRowsOf(breakdownCards(channels.data, []).slice(0, 1));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ taxonomy_1: "Email", conversion_date: "2026-01-01", clicks: 20, attributed_revenue: 5 });
    expect(Object.keys(rows[0] ?? {})).toHaveLength(2 + breakdownMetrics.length);
  });
});

describe("the breakdown's link", () => {
  it.each([
    ["", { metricOne: "clicks", metricTwo: "attributed_revenue", chartType: "area", interval: "day", direction: "desc", page: 1, perPage: 6 }],
    [
      "metric_one=roas&metric_two=cpa&chart=bar&interval=week&order=asc&page=3&per_page=24",
      { metricOne: "roas", metricTwo: "cpa", chartType: "bar", interval: "week", direction: "asc", page: 3, perPage: 24 },
    ],
    ["metric_one=roi&per_page=8&interval=year", { metricOne: "clicks", metricTwo: "attributed_revenue", chartType: "area", interval: "day", direction: "desc", page: 1, perPage: 6 }],
    ["metric_one=attributed_revenue", { metricOne: "clicks", metricTwo: "attributed_revenue", chartType: "area", interval: "day", direction: "desc", page: 1, perPage: 6 }],
  ])("%s opens with %o", (search, expected) => {
    expect(openingChoices(readReportQuery(search, breakdownQuery))).toEqual(expected);
  });

  it("offers the 20 metrics", () => {
    expect(breakdownMetrics).toHaveLength(20);
    expect(new Set(breakdownMetrics).size).toBe(20);
  });
});
