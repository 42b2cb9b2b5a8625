import type { ReportChild } from "../../../src/machines/performance/performanceReport.machine";

/** 15 February 2026, 03:00 UTC: the 15th in acme (+00:00), still the 14th in beta (-05:00). */
export const fixedNow = () => Date.UTC(2026, 1, 15, 3, 0);

/** The sources the performance report spawns its pieces from (tests replace each with a stand-in). */
export const pieceSources = {
  table: "performanceTable",
  expansion: "rowExpansion",
  comparison: "comparison",
  columnSets: "columnSets",
  csvDownload: "csvDownload",
  chart: "performanceChart",
  notes: "campaignNotes",
  search: "searchResults",
  spendForm: "spendForm",
  spendBatch: "spendBatch",
} as const satisfies Record<ReportChild, string>;
