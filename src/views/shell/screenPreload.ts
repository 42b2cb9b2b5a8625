import { preloadableScreen } from "./preloadableScreen";
import { paths } from "./routePaths";
import { loadOnce, loadPerformanceRoutes } from "./screenChunks";

const loadAccountRoutes = loadOnce(() => import("../account/AccountRoutes"));
const loadReportRoutes = loadOnce(() => import("../reports/ReportRoutes"));

/** The performance page's routes (the sign-in starts their load as it sends the password). */
export const performanceArea = preloadableScreen(() => loadPerformanceRoutes().then((m) => m.PerformanceRoutes));
/** The account area's routes (every /account/ path): its table of screens loads with them. */
export const accountArea = preloadableScreen(() => loadAccountRoutes().then((m) => m.AccountRoutes));
/** The analysis reports' routes (any path no other route claims): their table loads with them. */
export const reportArea = preloadableScreen(() => loadReportRoutes().then((m) => m.ReportRoutes));

const isPerformancePath = (pathname: string): boolean => pathname === paths.performance || pathname.startsWith(`${paths.performance}/`);

/**
 * Loads the code of the screen at `pathname` (a menu entry's path): its area's routes and the
 * screen's own chunk, so following the entry draws the screen without waiting for React's
 * reveal of a suspended route (issue 27, "Ready fast"). A load that fails is left to the
 * route, which tries again when it is opened.
 */
export const preloadScreen = async (pathname: string): Promise<void> => {
  if (isPerformancePath(pathname)) {
    await performanceArea.preload();
  } else if (pathname.startsWith("/account/")) {
    await accountArea.preload();
    await (await loadAccountRoutes()).preloadAccountScreen(pathname);
  } else {
    await reportArea.preload();
    await (await loadReportRoutes()).preloadReportScreen(pathname);
  }
};
