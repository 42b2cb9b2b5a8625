/**
 * The funnel trends report's own words, kept with the report so that the entry chunk
 * does not carry them.
 */
export const funnelTrendsTexts = {
  title: "Funnel Trends",
  /** The title of a level below the first: the deepest taxonomy chosen, then the report. */
  titleOf: (name: string) => `${name} Funnel Trends`,
  sidebar: "Taxonomies",
  parentLink: (name: string) => `Back to ${name}`,
  explore: (name: string) => `Explore ${name}`,
  mode: "Show",
  modes: { revenue: "Revenue", revenue_percent: "Revenue Percent" } as Readonly<Record<string, string>>,
  chart: (name: string, mode: string) => `${mode} by funnel role over time: ${name}`,
  chartDataTable: "The chart's numbers by day",
  tableSettings: "Table Settings",
  tableSettingsDone: "Done",
  table: "Funnel roles by day",
  date: "Date",
  export: "Export",
  exportKind: "Funnel Trends",
  pagination: "Days pages",
  settingsHint: "Columns shown in the table",
  refusedHeading: "Some series were refused and are not drawn:",
  refused: (name: string | null, problem: string) => `${name === null ? "A series without a name" : `'${name}'`} was refused: ${problem}.`,
} as const;
