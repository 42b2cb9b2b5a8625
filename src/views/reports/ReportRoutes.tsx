import { useMemo, type ComponentType } from "react";
import { NotFoundPage } from "../shell/NotFoundPage";
import { RouteGuard } from "../shell/RouteGuard";
import { usePathname } from "wouter/use-browser-location";
import { parseScreenRoute } from "../../domain/report/taxonomyRoute";
import { preloadableScreen } from "../shell/preloadableScreen";
import { reportScreens, type ReportScreenProps } from "./reportScreens";

/** Each report's lazily loaded screen, made once. */
const screens: ReadonlyArray<{ readonly index: number; readonly Screen: ComponentType<ReportScreenProps>; readonly preload: () => Promise<unknown> }> = reportScreens.map(
  (screen, index) => ({ index, ...preloadableScreen(screen.load) }),
);

const screenOf = (pathname: string) => {
  for (const { index, Screen, preload } of screens) {
    const screen = reportScreens[index];
    const route = screen === undefined ? null : parseScreenRoute(pathname, screen.base, screen);
    if (route !== null) return { Screen, preload, route };
  }
  return null;
};

/** Loads the code of the report at `pathname` (a menu entry's), so opening it draws at once; nothing for another path. */
export const preloadReportScreen = async (pathname: string): Promise<void> => {
  await screenOf(pathname)?.preload();
};

/**
 * The analysis reports' routes: the first report whose base path and nesting the browser's
 * path fits gets the decoded taxonomy path and selected child; any other path is not found.
 * The path is read as the browser holds it, so each value (and a screen's id) is decoded
 * exactly once.
 * Another drill-down level is another page (the key), with its own report actor.
 */
export const ReportRoutes = () => {
  const pathname = usePathname();
  const match = useMemo(() => screenOf(pathname), [pathname]);
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
