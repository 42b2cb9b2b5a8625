/** Where the custom report screens are: the list, the builder with its preview, a saved report's view. */
export const customReportPaths = {
  list: "/reports",
  builder: "/reports/preview",
  viewBase: "/reports/view",
  view: (id: number): string => `/reports/view/${encodeURIComponent(String(id))}`,
} as const;
