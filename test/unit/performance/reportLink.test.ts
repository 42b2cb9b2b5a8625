import { describe, expect, it } from "vitest";
import { readReportLink, reportLinkParams, withReportLink, type ReportChoices } from "../../../src/domain/performance/reportLink";

const stored: ReportChoices = {
  interval: "day",
  chartType: "area",
  metricOne: "clicks",
  metricTwo: "attributed_revenue",
  filter: "default",
  comparison: null,
  columns: ["total_cost", "clicks", "attributed_revenue"],
  sort: { column: "attributed_revenue", direction: "desc" },
};

const chosen: ReportChoices = {
  interval: "week",
  chartType: "bar",
  metricOne: "total_cost",
  metricTwo: "roas",
  filter: "returning",
  comparison: { from: "2026-09-01", to: "2026-09-30" },
  columns: ["roas", "total_cost", "cpa"],
  sort: { column: "taxonomy_1", direction: "asc" },
};

describe("report link: every choice survives serialise → parse", () => {
  it.each<[string, Partial<ReportChoices>]>([
    ["the interval (week)", { interval: "week" }],
    ["the interval (month)", { interval: "month" }],
    ["the chart type", { chartType: "bar" }],
    ["the chart metrics", { metricOne: "impressions", metricTwo: "cpa" }],
    ["the named filter", { filter: "new" }],
    ["Compare on with its dates", { comparison: { from: "2025-10-01", to: "2025-10-31" } }],
    ["Compare on for one day", { comparison: { from: "2025-10-01", to: "2025-10-01" } }],
    ["the columns, in their order", { columns: ["cpa", "clicks", "total_cost"] }],
    ["one column", { columns: ["proportional_credit"] }],
    ["the sort column and direction", { sort: { column: "clicks", direction: "asc" } }],
    ["a sort by a taxonomy level", { sort: { column: "taxonomy_3", direction: "desc" } }],
    ["every choice at once", chosen],
  ])("%s", (_, change) => {
    const choices = { ...stored, ...change };
    // Read against other fallbacks: what comes back must be the link's, not the fallback's.
    expect(readReportLink(withReportLink("", choices), { ...chosen, comparison: null, interval: "month" })).toEqual(choices);
  });

  it("keeps every other parameter (program and dates) and writes each choice once", () => {
    const search = withReportLink("program=bluepeak&date_from=2026-10-01&date_to=2026-10-31&interval=day", chosen);
    const q = new URLSearchParams(search);
    expect(q.get("program")).toBe("bluepeak");
    expect(q.get("date_from")).toBe("2026-10-01");
    expect(q.getAll("interval")).toEqual(["week"]);
  });

  it("removes the comparison dates when Compare is turned off", () => {
    const on = withReportLink("", chosen);
    const off = withReportLink(on, { ...chosen, comparison: null });
    expect(new URLSearchParams(off).has("compare_from")).toBe(false);
    expect(new URLSearchParams(off).has("compare_to")).toBe(false);
    expect(readReportLink(off, stored).comparison).toBeNull();
  });

  it("names each part readably", () => {
    expect(reportLinkParams(chosen)).toEqual({
      interval: "week",
      chart: "bar",
      metrics: "total_cost,roas",
      filter: "returning",
      compare_from: "2026-09-01",
      compare_to: "2026-09-30",
      columns: "roas,total_cost,cpa",
      sort: "taxonomy_1",
      order: "asc",
    });
  });
});

describe("report link: a missing or bad part falls back to the stored choice", () => {
  it.each<[string, string, Partial<ReportChoices>]>([
    ["no query", "", {}],
    ["an unknown interval", "interval=year", {}],
    ["an interval in capitals", "interval=Week", {}],
    ["an unknown chart type", "chart=pie", {}],
    ["one metric only", "metrics=clicks", {}],
    ["the same metric twice", "metrics=clicks,clicks", {}],
    ["an unknown metric", "metrics=clicks,hacks", {}],
    ["three metrics", "metrics=clicks,cpa,roas", {}],
    ["an unknown filter", "filter=everyone", {}],
    ["a reversed comparison range (Compare stays off)", "compare_from=2026-10-10&compare_to=2026-10-01", {}],
    ["a comparison start only", "compare_from=2026-10-01", {}],
    ["an impossible comparison date", "compare_from=2026-02-30&compare_to=2026-03-01", {}],
    ["no known column", "columns=evil,%3Cscript%3E", {}],
    ["empty columns", "columns=", {}],
    ["unknown and repeated columns dropped", "columns=cpa,evil,cpa,clicks", { columns: ["cpa", "clicks"] }],
    ["an unknown sort column", "sort=password&order=asc", { sort: { column: "attributed_revenue", direction: "asc" } }],
    ["an unknown direction", "sort=clicks&order=up", { sort: { column: "clicks", direction: "desc" } }],
    ["a taxonomy level out of range", "sort=taxonomy_5", {}],
  ])("%s", (_, search, change) => {
    expect(readReportLink(search, stored)).toEqual({ ...stored, ...change });
  });

  it("never turns Compare on from the fallback: a link without comparison dates is off", () => {
    expect(readReportLink("interval=week", { ...stored, comparison: { from: "2026-01-01", to: "2026-01-31" } }).comparison).toBeNull();
  });
});
