import { Route, Switch } from "wouter";
import { usePathname } from "wouter/use-browser-location";
import { NotFoundPage } from "../shell/NotFoundPage";
import { RouteGuard } from "../shell/RouteGuard";
import { preloadableScreen } from "../shell/preloadableScreen";
import { accountScreens } from "./accountScreens";

/** Each account screen's lazily loaded component, made once. */
const routes = accountScreens.map((screen) => ({ path: screen.path, ...preloadableScreen(screen.load) }));

/** Loads the code of the account screen whose route is exactly `pathname` (a menu entry's), so opening it draws at once. */
export const preloadAccountScreen = async (pathname: string): Promise<void> => {
  await routes.find((route) => route.path === pathname)?.preload();
};

/**
 * The account area's routes, in the table's order; any other /account/ path is the
 * not-found page. The app's router loads this module (with the table) on the first
 * /account/ path, as it loads ReportRoutes for the reports, so the /login entry chunk
 * carries a single lazy import for the whole area. The route guard decides first: an
 * admin screen of the area neither loads nor starts for anyone else.
 */
export const AccountRoutes = () => (
  <RouteGuard pathname={usePathname()}>
    <Switch>
      {routes.map(({ path, Screen }) => (
        <Route key={path} path={path} component={Screen} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  </RouteGuard>
);
