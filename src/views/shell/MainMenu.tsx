import { useSelector } from "@xstate/react";
import { Link, useLocation } from "wouter";
import { sessionSelectors } from "../../machines/shell/session.machine";
import { useAppActors } from "./AppActorsContext";
import { isCurrentRoute, menuFor } from "./menuRoutes";

/**
 * The main menu: a list of links to the screens the signed-in person may see (the route
 * table in menuRoutes.ts), the current one marked with aria-current="page". Links are
 * reached with Tab and followed with Enter.
 */
export const MainMenu = () => {
  const { session } = useAppActors();
  const user = useSelector(session, sessionSelectors.user);
  const [location] = useLocation();
  const entries = menuFor(user);
  if (entries.length === 0) return null;
  return (
    <nav aria-label="Main" className="main-nav">
      <ul className="main-nav-list">
        {entries.map((route) => {
          const current = isCurrentRoute(route, location);
          return (
            <li key={route.path}>
              <Link href={route.path} aria-current={current ? "page" : undefined}>
                {route.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
};
