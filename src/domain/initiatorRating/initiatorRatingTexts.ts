import { analysisReportTexts } from "../report/analysisReportTexts";

/** The initiator rating's words. */
export const initiatorRatingTexts = {
  title: "Initiator Rating",
  menu: "Initiator Rating",
  loading: analysisReportTexts.loading,
  empty: analysisReportTexts.noResults,
  chartName: "Upper funnel and solo revenue against mid and lower funnel revenue per channel",
  tableLabel: "Initiator rating table",
  pagination: "Initiator rating table pages",
  columnsButton: "Columns",
  export: "Export",
  exportKind: "Initiator Rating",
  sheetName: "Initiator Rating",
  columns: {
    upper_solo_revenue: "Upper Funnel + Solo Revenue",
    mid_lower_revenue: "Mid + Lower Funnel Revenue",
    total_funnel_revenue: "Total Funnel Revenue",
    upper_solo_revenue_percent: "Upper Funnel + Solo Revenue %",
    mid_lower_revenue_percent: "Mid + Lower Funnel Revenue %",
  },
  /** An answer whose rows are not initiator input (a location of 1 to 4 names and the revenue fields). */
  invalidAnswer: (problem: string) => `The funnel answer could not be read: ${problem}`,
} as const;
