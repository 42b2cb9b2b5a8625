import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { adminRouteRefusal, isAdminPath, routeAccessFor } from "../../domain/shell/routeAccess";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "./AppActorsContext";
import { AppShell } from "./AppShell";
import { routeRoles } from "./menuRoutes";
import { RouteRefusal } from "./RouteRefusal";

/**
 * The route guard, where a route's screen is chosen, before it loads or starts: an admin
 * path (the `/admin` area and every admin menu entry's screen, `routeRoles`) is refused to
 * a signed-in person who is no admin (`/` and 'You don't have access to admin resources').
 * Until the person is known the shell stands in for the screen: signed out, it sends them
 * to /login with the path to return to; while the profile loads, it says so. Any other
 * path is the screen's at once.
 */
export const RouteGuard = ({ pathname, children }: { readonly pathname: string; readonly children: ReactNode }) => {
  const { session } = useAppActors();
  const user = useSelector(session, sessionSelectors.user);
  if (!isAdminPath(pathname, routeRoles)) return children;
  if (user === null) return <AppShell>{null}</AppShell>;
  return routeAccessFor(user, pathname, routeRoles) === "refused" ? <RouteRefusal text={adminRouteRefusal} /> : children;
};
