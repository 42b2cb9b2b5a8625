import { adminRouteRefusal } from "../shell/routeAccess";

/** The words every analysis report shares: the breadcrumb root and the page's load states. */
export const analysisReportTexts = {
  allChannels: "All Channels",
  loading: "Loading...",
  /** The empty text of the channel breakdown, the initiator rating and the attribution comparison. */
  noResults: "There are no results, try expanding the dates of your search.",
  /** The funnel table's empty text. */
  noRecords: "No records.",
  /** A failed load on a report the product does not let fail silently. */
  failed: "This report could not be loaded. Check your connection, then try again.",
  tryAgain: "Try again",
  /** A card's link one level down (the channel breakdown, the data-set comparison), named by its value. */
  explore: "Explore",
  exploreName: (name: string) => `Explore ${name}`,
  /** An admin screen the server refuses (403): the person is sent to / with this text, the route guard's own. */
  noAdminAccess: adminRouteRefusal,
} as const;

/** What a report's data is doing: the frame shows one of these states around the report's body. */
export type ReportStatus = "waiting" | "loading" | "ready" | "empty" | "failed";
