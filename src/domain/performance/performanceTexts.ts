/**
 * The performance report's own words: kept apart from
 * texts.ts so that /login, which loads texts.ts, does not carry them.
 */
export const performanceTexts = {
  /** Table exports: the table controls and the Export Data dialog. */
  tableExports: {
    exportCsv: "Export as CSV",
    exportData: "Export Data",
    downloadingCsv: "Downloading the CSV…",
    /** The report kind in the default report name of a table export. */
    exportKind: "Performance Report",
  },
  /** The search results table. */
  searchResults: {
    region: "Search results",
    taxonomies: "Taxonomies",
    filter: "Filter",
    resetFilter: "Reset filter",
    filterTree: "Taxonomies to show",
    selectedBranches: (n: number) => `${n} selected ${n === 1 ? "branch" : "branches"}`,
    expand: (name: string) => `Expand ${name}`,
    columns: "Columns",
    exportData: "Export Data",
    exportKind: "Search Results",
    loading: "Searching…",
    loadingTree: "Loading the taxonomies…",
    sortBy: (label: string) => `Sort by ${label}`,
    total: "Total",
  },
  /** The performance tables: footer, peek link, pagination. */
  performanceTable: {
    total: "Total",
    showMore: "Show me more",
    tableControls: "Table controls",
    loading: "Loading the table…",
    /** A failed table load, with the button that loads it again. */
    loadFailed: "The table could not be loaded.",
    tryAgain: "Try again",
    levelNames: ["Taxonomy 1", "Taxonomy 2", "Taxonomy 3", "Taxonomy 4"],
    pagination: "Pagination",
    perPage: "Rows per page",
    previousValue: "previous",
    change: "change",
    /** The first stop of a report page with a table: it moves focus to the table's rows. */
    skipToReport: "Skip to report",
  },
  /** The headline figures above the chart: the table's totals of cost, sales, revenue and ROAS. */
  headline: {
    region: "Headline figures",
  },
  /** The performance chart. */
  chart: {
    region: "Performance chart",
    metricOne: "Metric one",
    metricTwo: "Metric two",
    interval: "Interval",
    intervals: { day: "Daily", week: "Weekly", month: "Monthly" },
    chartType: "Chart type",
    types: { area: "Area", bar: "Bar" },
    campaignNotes: "Campaign Notes",
    filter: "Filter",
    filters: { default: "Default", new: "New", returning: "Returning" },
    export: "Export",
    exportKind: "Performance Chart",
    loading: "Loading the chart…",
    dataTable: "Chart data",
    date: "Date",
  },
  /** Comparison mode: the Compare switch and the comparison-dates picker. */
  comparison: {
    toggle: "Compare",
    picker: "Comparison dates",
    from: "Comparison start",
    to: "Comparison end",
    apply: "Apply",
    cancel: "Cancel",
    loading: "Loading the comparison…",
  },
  /** Column sets: the column set dropdown and the Columns dialog. */
  columnSets: {
    dropdown: "Column set",
    custom: "Custom",
    favourite: (name: string) => `Favourite ${name}`,
    delete: (name: string) => `Delete ${name}`,
    choose: (name: string) => `Choose ${name}`,
    saveName: "Column set name",
    save: "Save column set",
    columns: "Columns",
    dialogTitle: "Column Selection",
    resetToDefaults: "Reset to Defaults",
    close: "Close",
    busy: "Saving the column sets…",
    loading: "Loading the column sets…",
  },
} as const;
