/** The words every report shares: empty states, toasts, titles and the header's search (the product's own, in one place). */
export const reportTexts = {
  empty: {
    table: "There is no data to display",
    chart: "There's no data to show",
  },
  toasts: {
    spendInvalid: "The spend configuration is not valid! Please check the fields.",
    unsupportedFile: "That file format isn't supported",
    /** A link whose query holds values the screen could not read (named by their keys, as the link has them): each is dropped for its default. */
    unreadableLink: (keys: ReadonlyArray<string>): string =>
      keys.length === 1
        ? `This link's ${keys[0]} could not be read, so the default is shown.`
        : `This link's ${keys.slice(0, -1).join(", ")} and ${keys[keys.length - 1]} could not be read, so the defaults are shown.`,
  },
  titles: {
    performance: "Performance Report",
  },
  search: {
    placeholder: "Search...",
    button: "Search",
  },
} as const;
