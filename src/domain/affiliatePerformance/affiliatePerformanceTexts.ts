import { analysisReportTexts } from "../report/analysisReportTexts";

/** The affiliate performance report's words (/affiliate-performance, admins). */
export const affiliatePerformanceTexts = {
  title: "Affiliate Performance Report",
  /** The main menu's entry. */
  menu: "Affiliate Performance",
  /** No rows in the dates at all. */
  empty: analysisReportTexts.noResults,
  search: "Search affiliates",
  searchPlaceholder: "Publisher ID or taxonomy",
  /** The search matched none of the rows. */
  noMatches: "No publisher or taxonomy matches the search.",
  tableLabel: "Affiliate performance table",
  pagination: "Affiliate performance table pages",
  columnsButton: "Columns",
  export: "Export",
  exportKind: "Affiliate Performance",
  sheetName: "Affiliate Performance",
  /** The first column's header when the answer names none. */
  publisherId: "Publisher ID",
} as const;
