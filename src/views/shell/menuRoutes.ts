import type { User } from "../../domain/shell/user";
import { paths } from "./routePaths";

/** Who may see a menu entry: every signed-in person, or only admins (`is_admin`). */
export type MenuAudience = "everyone" | "admins";

export interface MenuRoute {
  /** The entry's words in the menu. */
  readonly label: string;
  /** Where the entry goes; the entry is current on this path and on every path below it. */
  readonly path: string;
  readonly audience: MenuAudience;
}

/**
 * Every screen the main menu reaches, in menu order, with who may see it. A new screen
 * adds its one line here; admin-only screens say `audience: "admins"`.
 */
export const menuRoutes: ReadonlyArray<MenuRoute> = [
  { label: "Performance", path: paths.performance, audience: "everyone" },
  { label: "Funnel", path: "/funnel", audience: "everyone" },
  { label: "Initiator Rating", path: "/initiator-rating", audience: "everyone" },
  { label: "Attribution Comparison", path: "/attribution-comparison", audience: "everyone" },
  { label: "Channel Breakdown", path: "/breakdown", audience: "everyone" },
  { label: "Fixed Spend", path: paths.fixedSpend, audience: "everyone" },
  { label: "Variable Spend", path: paths.variableSpend, audience: "everyone" },
  { label: "Connections", path: "/account/connections", audience: "everyone" },
  { label: "Classification", path: "/admin/classification", audience: "admins" },
];

/** The entries a signed-in person may see (none before the profile is known). */
export const menuFor = (user: User | null, routes: ReadonlyArray<MenuRoute> = menuRoutes): ReadonlyArray<MenuRoute> =>
  user === null ? [] : routes.filter((route) => route.audience === "everyone" || user.is_admin);

/** Whether an entry is the current page: its own path or any page below it (drill-down, search). */
export const isCurrentRoute = (route: MenuRoute, pathname: string): boolean =>
  pathname === route.path || pathname.startsWith(`${route.path}/`);
