import { Route, Switch } from "wouter";
import { routeParam } from "../shell/rawLocation";
import { NotFoundPage } from "../shell/NotFoundPage";
import { PerformanceScreen } from "./PerformanceScreen";

/**
 * The performance page's routes: the page, its search results and its taxonomy paths of 1
 * to 4 levels (each value decoded once). The app's router loads this module with the page
 * for any /performance path, so the /login entry chunk carries one lazy import for them;
 * a /performance path of no other shape is the not-found page.
 */
export const PerformanceRoutes = () => (
  <Switch>
    <Route path="/performance">
      <PerformanceScreen />
    </Route>
    <Route path="/performance/search/:term">{(p) => <PerformanceScreen searchTerm={routeParam(p.term)} />}</Route>
    <Route path="/performance/taxonomy_one/:t1">{(p) => <PerformanceScreen path={[routeParam(p.t1)]} />}</Route>
    <Route path="/performance/taxonomy_one/:t1/taxonomy_two/:t2">
      {(p) => <PerformanceScreen path={[routeParam(p.t1), routeParam(p.t2)]} />}
    </Route>
    <Route path="/performance/taxonomy_one/:t1/taxonomy_two/:t2/taxonomy_three/:t3">
      {(p) => <PerformanceScreen path={[routeParam(p.t1), routeParam(p.t2), routeParam(p.t3)]} />}
    </Route>
    <Route path="/performance/taxonomy_one/:t1/taxonomy_two/:t2/taxonomy_three/:t3/taxonomy_four/:t4">
      {(p) => <PerformanceScreen path={[routeParam(p.t1), routeParam(p.t2), routeParam(p.t3), routeParam(p.t4)]} />}
    </Route>
    <Route component={NotFoundPage} />
  </Switch>
);
