import type { User } from "./user";

/** Who may open a route: every signed-in person, or only admins (`is_admin`). */
export type RouteAudience = "everyone" | "admins";

/** A route and who may open it: the route itself and every path below it. */
export interface RouteRole {
  readonly path: string;
  readonly audience: RouteAudience;
}

/** What the guard does with a signed-in person on a path: let them in, or refuse and send them to `/`. */
export type RouteAccess = "open" | "refused";

/** The words a refused person reads, on `/`. */
export const adminRouteRefusal = "You don't have access to admin resources";

/** Whether `pathname` is `path` itself or any path below it (`/admin` covers `/admin/classification`, not `/administer`). */
export const isAtOrBelow = (path: string, pathname: string): boolean => pathname === path || pathname.startsWith(`${path.replace(/\/+$/, "")}/`);

/** Whether a path is admins' only: it is at or below a route of the table whose audience is admins. */
export const isAdminPath = (pathname: string, roles: ReadonlyArray<RouteRole>): boolean =>
  roles.some((role) => role.audience === "admins" && isAtOrBelow(role.path, pathname));

/** The guard's answer for a signed-in person: an admin path is refused to anyone who is no admin. */
export const routeAccessFor = (user: User, pathname: string, roles: ReadonlyArray<RouteRole>): RouteAccess =>
  !user.is_admin && isAdminPath(pathname, roles) ? "refused" : "open";
