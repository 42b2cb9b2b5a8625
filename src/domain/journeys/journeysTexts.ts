import { analysisReportTexts } from "../report/analysisReportTexts";
import type { AnywhereConnector, TouchpointGroup } from "./journeyFilter";

/**
 * The journey paths screen's own words: kept apart from texts.ts so that /login, which
 * loads texts.ts, does not carry them.
 */
export const journeysTexts = {
  /** The page and its table. */
  title: "Journey Paths",
  menu: "Journey Paths",
  loading: analysisReportTexts.loading,
  empty: "There's no data to show",
  tableLabel: "Journey paths table",
  pagination: "Journey paths table pages",
  columns: {
    order_id: "Order",
    conversion_date: "Conversion",
    journey: "Journey",
    journey_length: "Journey Length",
    unique_touches: "Unique Touches",
  },
  level: "Taxonomy level",
  levels: { 2: "Two", 3: "Three", 4: "Four" },
  filtered: "Filtered",
  clearFilter: "Clear filter",
  export: "Export",
  exportKind: "Journey Paths",
  sheetName: "Journey Paths",
  /** The summary above the table. */
  summary: {
    heading: "Summary",
    loading: "Loading the summary…",
    orders: "Orders",
    ofAll: (share: string) => `${share} of all orders`,
    revenue: "Revenue",
    aov: "AOV",
    allOrders: "All orders",
    pathsHeading: "Most common paths",
    pathsLabel: "Most common journey paths",
    path: "Path",
    share: "Share",
    other: "Other",
    choose: (path: string) => `Show only the orders of ${path}`,
    clearPath: (path: string) => `Show every path again (now ${path})`,
    chosenPath: "Chosen path",
    chosenFigures: (share: string, aov: string) => `${share} of the filtered orders, AOV ${aov}`,
  },
  /** The 'Filter Journey' modal and its touchpoint tag inputs. */
  filter: {
    open: "Filter Journey",
    title: "Journey Path Filter",
    close: "Close",
    groups: {
      first: "First touchpoint",
      last: "Last touchpoint",
      anywhere: "Anywhere in the journey",
    } satisfies Record<TouchpointGroup, string>,
    /** The hint under a group's title. */
    groupHints: {
      first: "Journeys whose first touch is one of these.",
      last: "Journeys whose last touch is one of these.",
      anywhere: "Journeys that touch these at any point.",
    } satisfies Record<TouchpointGroup, string>,
    connector: "Match",
    connectors: {
      or: "any of them (or)",
      and: "all of them (and)",
    } satisfies Record<AnywhereConnector, string>,
    comparison: "Before and after",
    comparisonHint: "Journeys with a touch of the first kind earlier than a touch of the second.",
    before: "Before",
    after: "After",
    immediately: "Immediately before / after",
    addTouchpoint: "Add touchpoint",
    addComparison: "Add before / after pair",
    remove: "Remove",
    /** The accessible name of a touchpoint's tag input: its group and position. */
    touchpointName: (group: string, n: number) => `${group} ${n}`,
    /** A group or the pairs holding as many entries as the request allows. */
    groupFull: (limit: number) => `At most ${limit} entries.`,
  },
  /** The autocomplete tag input of a touchpoint. */
  tagInput: {
    placeholders: ["Taxonomy 1", "Taxonomy 2", "Taxonomy 3", "Taxonomy 4"] as ReadonlyArray<string>,
    suggestions: "Suggestions",
    tags: "Chosen levels",
    removeTag: (tag: string) => `Remove ${tag}`,
    noSuggestions: "No value at this level matches.",
    help: "Enter or comma adds a level; Backspace in an empty box removes the last one.",
    rejected: {
      empty: () => "Type a value first.",
      duplicate: (text: string) => `'${text}' is already chosen.`,
      full: () => "A touchpoint holds at most 4 levels.",
      unknown: (text: string) => `'${text}' is not a value at this level.`,
    },
  },
} as const;
