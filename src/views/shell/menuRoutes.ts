import type { User } from "../../domain/shell/user";
import { groupedEntries, type MenuGroup, type MenuSection } from "../../domain/shell/menuGroup";
import { isAtOrBelow, type RouteAudience, type RouteRole } from "../../domain/shell/routeAccess";
import { paths } from "./routePaths";

/** Who may see a menu entry, and open its screen: every signed-in person, or only admins (`is_admin`). */
export type MenuAudience = RouteAudience;

export interface MenuRoute {
  /** The entry's words in the menu. */
  readonly label: string;
  /** Where the entry goes; the entry is current on this path and on every path below it. */
  readonly path: string;
  readonly audience: MenuAudience;
  /** The menu group it is listed under (admin-only screens go under "Admin"). */
  readonly group: MenuGroup;
  /**
   * The saved report the entry opens, when it opens one: offered only while the session's
   * program has it (the server's list of the program's reports), since another program
   * answers 'You don't have access to this report'.
   */
  readonly report?: number;
}

/**
 * Every screen the main menu reaches, with who may see it and its group: the one place a
 * screen registers. A new screen adds its one line here; admin-only screens say
 * `audience: "admins"` and `group: "Admin"`, which also makes the route guard refuse
 * their paths to anyone else (`routeRoles`). The menu lists the groups in their own order
 * (domain/shell/menuGroup.ts) and, inside a group, the entries in this table's order.
 */
export const menuRoutes: ReadonlyArray<MenuRoute> = [
  { label: "Performance", path: paths.performance, audience: "everyone", group: "Reports" },
  { label: "Funnel", path: "/funnel", audience: "everyone", group: "Analysis" },
  { label: "Initiator Rating", path: "/initiator-rating", audience: "everyone", group: "Reports" },
  { label: "Attribution Comparison", path: "/attribution-comparison", audience: "everyone", group: "Reports" },
  { label: "Channel Breakdown", path: "/breakdown", audience: "everyone", group: "Reports" },
  { label: "Custom Reports", path: "/reports", audience: "everyone", group: "Reports" },
  { label: "Fixed Spend", path: paths.fixedSpend, audience: "admins", group: "Admin" },
  { label: "Variable Spend", path: paths.variableSpend, audience: "admins", group: "Admin" },
  { label: "Connections", path: "/account/connections", audience: "everyone", group: "Account" },
  { label: "Classification", path: "/admin/classification", audience: "admins", group: "Admin" },
  { label: "Affiliate Performance", path: "/affiliate-performance", audience: "admins", group: "Admin" },
  { label: "Data Sources", path: "/account/data-sources", audience: "admins", group: "Admin" },
  { label: "Programs", path: "/admin/programs", audience: "admins", group: "Admin" },
  { label: "People", path: "/admin/people", audience: "admins", group: "Admin" },
  { label: "Audit Trail", path: "/admin/audit", audience: "admins", group: "Admin" },
  { label: "Diminishing Returns", path: "/diminishing-returns", audience: "everyone", group: "Analysis" },
  { label: "Funnel Trends", path: "/funnel-trends", audience: "everyone", group: "Analysis" },
  { label: "Active / Not Active Report", path: "/custom-reports/1", audience: "everyone", group: "Reports", report: 1 },
  { label: "Journey Paths", path: "/journeys", audience: "everyone", group: "Analysis" },
  { label: "Model Comparison", path: "/model-comparison", audience: "everyone", group: "Analysis" },
  { label: "Seasonality", path: "/seasonality-configuration", audience: "everyone", group: "Analysis" },
  { label: "Changelog", path: "/changelog", audience: "everyone", group: "Help" },
];

/**
 * Who may open each route, for the route guard (the signed-in shell): the `/admin` area as
 * a whole, admin screens without a menu entry included, and every menu entry's screen with
 * the paths below it. The menu and the guard read the same audiences.
 */
export const routeRoles: ReadonlyArray<RouteRole> = [{ path: "/admin", audience: "admins" }, ...menuRoutes];

/**
 * The entries a signed-in person may open (none before the profile is known): their
 * audience's, and an entry of a saved report only when the program's `reportIds` hold it.
 */
export const menuFor = (user: User | null, routes: ReadonlyArray<MenuRoute> = menuRoutes, reportIds: ReadonlyArray<number> = []): ReadonlyArray<MenuRoute> =>
  user === null
    ? []
    : routes.filter((route) => (route.audience === "everyone" || user.is_admin) && (route.report === undefined || reportIds.includes(route.report)));

/** Whether an entry is the current page: its own path or any page below it (drill-down, search). */
export const isCurrentRoute = (route: MenuRoute, pathname: string): boolean => isAtOrBelow(route.path, pathname);

/** The entries a signed-in person may open (`menuFor`), sorted into the menu's groups (none before the profile is known). */
export const menuSectionsFor = (
  user: User | null,
  routes: ReadonlyArray<MenuRoute> = menuRoutes,
  reportIds: ReadonlyArray<number> = [],
): ReadonlyArray<MenuSection<MenuRoute>> => groupedEntries(menuFor(user, routes, reportIds));
