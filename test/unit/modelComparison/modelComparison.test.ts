import { describe, expect, it } from "vitest";
import {
  changeAgainstLastClick,
  comparisonExportOf,
  comparisonTableRows,
  modelComparisonQuery,
  sortedComparisonRows,
} from "../../../src/domain/modelComparison/modelComparison";
import { readReportQuery } from "../../../src/domain/report/reportQuery";
import { levelTwo, threeChannels } from "../../model/modelComparison/modelComparisonFixtures";

describe("changeAgainstLastClick", () => {
  it.each([
    // revenue, last click, change, percent (by hand)
    [120, 40, 80, 200],
    [80, 160, -80, -50],
    [50, 0, 50, 0],
    [0, 0, 0, 0],
  ])("%d against last click's %d is %d (%d%%)", (revenue, lastClick, change, percent) => {
    expect(changeAgainstLastClick(revenue, lastClick)).toEqual({ change, percent: expect.closeTo(percent, 10) });
  });
});

describe("the table's rows", () => {
  it("name each channel by its path, and give every model but last click its change against last click", () => {
    const [display] = comparisonTableRows(threeChannels);
    expect(display).toMatchObject({ name: "Display", taxonomy_1: "Display", markov_sales: 3, markov_revenue: 120, markov_change: 80, linear_change: 40, last_click_revenue: 40 });
    expect(Object.keys(display!).filter((k) => k.startsWith("last_click"))).toEqual(["last_click_sales", "last_click_revenue"]);
    expect(comparisonTableRows(levelTwo)[0]).toMatchObject({ name: "Display › None", taxonomy_1: "Display", taxonomy_2: "None" });
  });

  it.each([
    ["markov_revenue", "desc", ["Display", "Email", "None"]],
    ["markov_revenue", "asc", ["Email", "Display", "None"]],
    ["last_click_revenue", "desc", ["Email", "Display", "None"]],
    ["name", "desc", ["Email", "Display", "None"]],
  ] as const)("sorted by %s %s, a channel 'None' throughout last", (sort, direction, names) => {
    expect(sortedComparisonRows(comparisonTableRows(threeChannels), sort, direction).map((r) => r.name)).toEqual(names);
  });

  it("at level 2 only a path 'None' at both levels is pinned last", () => {
    expect(sortedComparisonRows(comparisonTableRows(levelTwo), "markov_revenue", "desc").map((r) => r.name)).toEqual(["Display › None", "Email › None", "None › None"]);
  });
});

describe("the link's choices", () => {
  it.each([
    ["", { level: "taxonomy_1", sort: "last_click_revenue", direction: "desc" }],
    ["level=taxonomy_2&sort=shapley_change_percent&order=asc", { level: "taxonomy_2", sort: "shapley_change_percent", direction: "asc" }],
    ["level=taxonomy_3&sort=nothing", { level: "taxonomy_1", sort: "last_click_revenue", direction: "desc" }],
  ])("%s opens on %j", (search, choices) => {
    expect(readReportQuery(search, modelComparisonQuery)).toEqual(choices);
  });
});

describe("the export", () => {
  it("holds the level's taxonomy columns and every model's figures, labelled, in the rows' order", () => {
    const rows = sortedComparisonRows(comparisonTableRows(levelTwo), "name", "asc");
    const table = comparisonExportOf("taxonomy_2", rows);
    expect(table.taxonomyColumns).toEqual(["taxonomy_1", "taxonomy_2"]);
    expect(table.columns.slice(0, 4)).toEqual(["first_click_sales", "first_click_revenue", "first_click_change", "first_click_change_percent"]);
    expect(table.columns).toHaveLength(2 + 6 * 4);
    expect(table.labels).toMatchObject({ taxonomy_2: "Taxonomy 2", time_decay_revenue: "Time decay Revenue", shapley_change: "Shapley vs Last Click" });
    expect(table.rows.map((r) => r["taxonomy_1"])).toEqual(["Display", "Email", "None"]);
    expect(table.rows[0]).toMatchObject({ taxonomy_2: "None", markov_revenue: 120 });
  });
});
