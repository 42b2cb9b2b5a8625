/** The words every report shares: empty states, toasts, titles and the header's search (the product's own, in one place). */
export const reportTexts = {
  empty: {
    table: "There is no data to display",
    chart: "There's no data to show",
  },
  toasts: {
    spendInvalid: "The spend configuration is not valid! Please check the fields.",
    unsupportedFile: "That file format isn't supported",
  },
  titles: {
    performance: "Performance Report",
  },
  search: {
    placeholder: "Search...",
    button: "Search",
  },
} as const;
