import { analysisReportTexts } from "../report/analysisReportTexts";
import type { FunnelMode } from "./funnelReport";

/** The funnel report's words. */
export const funnelTexts = {
  title: "Funnel Report",
  menu: "Funnel",
  modeLabel: "Show",
  modes: { revenue: "Revenue", revenue_percent: "Revenue Percent", credit: "Credit" } satisfies Record<FunnelMode, string>,
  chartName: (mode: string) => `Funnel roles' ${mode} per channel`,
  /** The chart's height in pixels (the reports' main chart height). */
  chartHeight: 350,
  tableLabel: "Funnel table",
  pagination: "Funnel table pages",
  columns: "Columns",
  export: "Export",
  empty: analysisReportTexts.noRecords,
  exportKind: "Funnel Report",
  sheetName: "Funnel",
} as const;
