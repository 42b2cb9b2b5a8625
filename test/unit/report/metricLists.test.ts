import { describe, expect, it } from "vitest";
import { defaultTableMetrics, tableMetrics } from "../../../src/domain/dataSetComparison/dataSetComparison";
import { customReportColumns } from "../../../src/domain/customReports/customReportTable";
import { defaultColumns } from "../../../src/domain/report/defaultColumns";
import { clickModelMetrics, metricNames } from "../../../src/domain/report/metricNames";

/** The metric lists the reports share, and the lists built from them. */
describe("shared metric lists", () => {
  it.each([
    ["the 25 metrics of a row", metricNames.length, 25],
    ["sales, revenue, conversion rate and AOV per click model", clickModelMetrics.length, 12],
  ])("%s: %i", (_, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it("puts the click models' metrics in the row's standard order, after impressions", () => {
    const at = metricNames.indexOf("impressions") + 1;
    expect(metricNames.slice(at, at + clickModelMetrics.length)).toEqual(clickModelMetrics);
  });

  it.each([
    [
      "the custom report's table metrics (its Columns modal)",
      tableMetrics,
      [
        "first_click_sales",
        "first_click_revenue",
        "first_click_conversion_rate",
        "first_click_aov",
        "last_click_sales",
        "last_click_revenue",
        "last_click_conversion_rate",
        "last_click_aov",
        "attributed_sales",
        "attributed_revenue",
        "attributed_conversion_rate",
        "attributed_aov",
        "attributed_revenue_variance_percent",
        "cpa",
        "roas",
        "roi",
      ],
    ],
    [
      "the custom report's columns on reset (the spec's meta table defaults)",
      defaultTableMetrics,
      ["last_click_sales", "last_click_revenue", "attributed_sales", "attributed_revenue", "cpa", "roas", "attributed_revenue_variance_percent"],
    ],
    [
      "a saved custom report's table columns (the default visible columns)",
      customReportColumns,
      ["total_cost", "clicks", "last_click_sales", "last_click_revenue", "attributed_sales", "attributed_revenue", "cpa", "roas", "attributed_revenue_variance_percent"],
    ],
  ] as const)("%s", (_, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it("offers on reset only default columns the custom report's table has", () => {
    for (const metric of defaultTableMetrics) {
      expect(defaultColumns).toContain(metric);
      expect(tableMetrics).toContain(metric);
    }
  });
});
