import { lazy } from "react";
import { Route, Switch } from "wouter";
import { NotFoundPage } from "../shell/NotFoundPage";
import { accountScreens } from "./accountScreens";

/** Each account screen's lazily loaded component, made once. */
const routes = accountScreens.map((screen) => ({ path: screen.path, Screen: lazy(() => screen.load().then((Screen) => ({ default: Screen }))) }));

/**
 * The account area's routes, in the table's order; any other /account/ path is the
 * not-found page. The app's router loads this module (with the table) on the first
 * /account/ path, as it loads ReportRoutes for the reports, so the /login entry chunk
 * carries a single lazy import for the whole area.
 */
export const AccountRoutes = () => (
  <Switch>
    {routes.map(({ path, Screen }) => (
      <Route key={path} path={path} component={Screen} />
    ))}
    <Route component={NotFoundPage} />
  </Switch>
);
