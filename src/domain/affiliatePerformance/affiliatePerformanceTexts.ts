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
  /** The fixed spend of the publishers' channels, in no row: its own line under the table. */
  unspreadFixedCost: "Fixed spend not spread to publishers",
  unspreadFixedCostNote:
    "Fixed spend (such as a network's monthly fee) is set per channel, not per publisher, so the rows and the Total above leave it out; the performance report's cost includes it.",
  /** The first column's header when the answer names none. */
  publisherId: "Publisher ID",
} as const;
