import type { ComponentType } from "react";
import type { IdentifiedRoute, TaxonomyRouteShape } from "../../domain/report/taxonomyRoute";

/**
 * What a report screen is handed: its drill-down path and sidebar choice, read from the
 * route, and the `{id}` segment of an `identified` screen (null for the others).
 */
export type ReportScreenProps = IdentifiedRoute;

/** An analysis report: its base path, how its routes nest, and how its chunk is loaded. */
export interface ReportScreen extends TaxonomyRouteShape {
  readonly base: string;
  readonly load: () => Promise<ComponentType<ReportScreenProps>>;
}

/**
 * Every analysis report reached by a taxonomy-path route (/breakdown/taxonomy_one/{t1}/…),
 * each its own chunk. The app's router loads this table for any path no other route
 * claims, so the /login entry chunk carries one route for all the reports however many
 * there are; a path no report claims is the not-found page. A new report adds its line
 * here (and its menu entry in shell/menuRoutes.ts). A screen whose base is followed by an
 * id (`/reports/view/{report}`) says `identified: true`; list a longer base before a
 * shorter one that prefixes it. Like the account table, this module
 * imports nothing the entry chunk shares.
 */
export const reportScreens: ReadonlyArray<ReportScreen> = [
  { base: "/funnel", depth: 4, trailingSelected: false, load: () => import("../funnel/FunnelPage").then((m) => m.FunnelPage) },
  { base: "/initiator-rating", depth: 3, trailingSelected: false, load: () => import("../initiatorRating/InitiatorRatingPage").then((m) => m.InitiatorRatingPage) },
  { base: "/attribution-comparison", depth: 3, trailingSelected: false, load: () => import("../attributionComparison/AttributionComparisonPage").then((m) => m.AttributionComparisonPage) },
  { base: "/breakdown", depth: 3, trailingSelected: false, load: () => import("../breakdown/BreakdownPage").then((m) => m.BreakdownPage) },
  // The classification editor (admins) is no analysis report, but takes no other route either: depth 0 matches only its own path.
  { base: "/admin/classification", depth: 0, trailingSelected: false, load: () => import("../classification/ClassificationPage").then((m) => m.ClassificationPage) },
  { base: "/admin/programs", depth: 0, trailingSelected: false, load: () => import("../programs/ProgramsPage").then((m) => m.ProgramsPage) },
  { base: "/admin/people", depth: 0, trailingSelected: false, load: () => import("../people/PeoplePage").then((m) => m.PeoplePage) },
  { base: "/admin/audit", depth: 0, trailingSelected: false, load: () => import("../audit/AuditPage").then((m) => m.AuditPage) },
  { base: "/diminishing-returns", depth: 3, trailingSelected: true, load: () => import("../diminishingReturns/DiminishingReturnsPage").then((m) => m.DiminishingReturnsPage) },
  { base: "/funnel-trends", depth: 3, trailingSelected: true, load: () => import("../funnelTrends/FunnelTrendsPage").then((m) => m.FunnelTrendsPage) },
  { base: "/custom-reports", depth: 4, trailingSelected: false, identified: true, load: () => import("../dataSetComparison/DataSetComparisonPage").then((m) => m.DataSetComparisonPage) },
  // Custom reports: a saved report's view (its id after the base), the builder with its preview, the list; longer bases first.
  { base: "/reports/view", depth: 0, trailingSelected: false, identified: true, load: () => import("../customReports/CustomReportViewPage").then((m) => m.CustomReportViewPage) },
  { base: "/reports/preview", depth: 0, trailingSelected: false, load: () => import("../customReports/CustomReportBuilderPage").then((m) => m.CustomReportBuilderPage) },
  { base: "/reports", depth: 0, trailingSelected: false, load: () => import("../customReports/CustomReportsPage").then((m) => m.CustomReportsPage) },
  { base: "/journeys", depth: 0, trailingSelected: false, load: () => import("../journeys/JourneysPage").then((m) => m.JourneysPage) },
  { base: "/model-comparison", depth: 0, trailingSelected: false, load: () => import("../modelComparison/ModelComparisonPage").then((m) => m.ModelComparisonPage) },
  { base: "/affiliate-performance", depth: 0, trailingSelected: false, load: () => import("../affiliatePerformance/AffiliatePerformancePage").then((m) => m.AffiliatePerformancePage) },
  { base: "/seasonality-configuration", depth: 0, trailingSelected: false, load: () => import("../seasonality/SeasonalityConfigurationPage").then((m) => m.SeasonalityConfigurationPage) },
  // The changelog is no report either: depth 0, its own path only.
  { base: "/changelog", depth: 0, trailingSelected: false, load: () => import("../changelog/ChangelogPage").then((m) => m.ChangelogPage) },
];
