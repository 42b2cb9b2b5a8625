import { lazy, useMemo, type ComponentType, type LazyExoticComponent } from "react";
import { NotFoundPage } from "../shell/NotFoundPage";
import { RouteGuard } from "../shell/RouteGuard";
import { usePathname } from "wouter/use-browser-location";
import { parseScreenRoute } from "../../domain/report/taxonomyRoute";
import { reportScreens, type ReportScreenProps } from "./reportScreens";

/** Each report's lazily loaded screen, made once. */
const screens: ReadonlyArray<{ readonly index: number; readonly Screen: LazyExoticComponent<ComponentType<ReportScreenProps>> }> = reportScreens.map(
  (screen, index) => ({ index, Screen: lazy(() => screen.load().then((Screen) => ({ default: Screen }))) }),
);

/**
 * The analysis reports' routes: the first report whose base path and nesting the browser's
 * path fits gets the decoded taxonomy path and selected child; any other path is not found.
 * The path is read as the browser holds it, so each value (and a screen's id) is decoded
 * exactly once.
 * Another drill-down level is another page (the key), with its own report actor.
 */
export const ReportRoutes = () => {
  const pathname = usePathname();
  const match = useMemo(() => {
    for (const { index, Screen } of screens) {
      const screen = reportScreens[index];
      const route = screen === undefined ? null : parseScreenRoute(pathname, screen.base, screen);
      if (route !== null) return { Screen, route };
    }
    return null;
  }, [pathname]);
  // Every admin route is one of these paths: the guard decides before a screen loads or starts.
  if (match === null) {
    return (
      <RouteGuard pathname={pathname}>
        <NotFoundPage />
      </RouteGuard>
    );
  }
  const { Screen, route } = match;
  return (
    <RouteGuard pathname={pathname}>
      <Screen key={pathname} id={route.id} path={route.path} selected={route.selected} />
    </RouteGuard>
  );
};
