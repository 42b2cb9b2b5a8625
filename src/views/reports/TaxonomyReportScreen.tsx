import type { ReactNode } from "react";
import { useSearch } from "wouter";
import type { ActorRefFrom, AnyActorLogic, SnapshotFrom } from "xstate";
import { reportQueryLink, type ReportQueryShape } from "../../domain/report/reportQuery";
import { Screen, screenQuery, type RouteInput } from "../shell/appChildren";

interface TaxonomyReportScreenProps<L extends AnyActorLogic, C> {
  /** The screen's name under the app's root. */
  readonly name: string;
  readonly logic: L;
  /** The route's taxonomy values. */
  readonly path: ReadonlyArray<string>;
  /** A series report's chosen series (the route's trailing taxonomy): another one is another screen. Left out by reports without one. */
  readonly selected?: string | null;
  /** The choices the URL's query carries, and how the report's snapshot gives them. */
  readonly queryShape: ReportQueryShape<C>;
  readonly choices: (snapshot: SnapshotFrom<L>) => C;
  readonly children: (report: ActorRefFrom<L>) => ReactNode;
}

/**
 * A taxonomy report's screen (attribution comparison, breakdown, funnel, initiator rating,
 * diminishing returns, funnel trends): the app root's child for the route's path (and
 * chosen series), opened with them and the URL's query, whose choices it then writes back
 * into the query (`Screen`).
 */
export const TaxonomyReportScreen = <L extends AnyActorLogic, C>({ name, logic, path, selected, queryShape, choices, children }: TaxonomyReportScreenProps<L, C>): ReactNode => {
  const search = useSearch();
  // What every taxonomy report's machine takes from its route (`ReportRouteInput`, and the chosen series of a series report's).
  const route = (selected === undefined ? { path, search } : { path, selected, search }) as unknown as RouteInput<L>;
  const routeKey = JSON.stringify(selected === undefined ? [path] : [path, selected]);
  return (
    <Screen name={name} routeKey={routeKey} logic={logic} route={route} query={screenQuery(reportQueryLink(queryShape), choices)}>
      {children}
    </Screen>
  );
};
