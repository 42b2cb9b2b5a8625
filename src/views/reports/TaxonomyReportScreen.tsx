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
/** What a taxonomy report's machine takes from its route: the path and the URL's query, and a series report's chosen series. */
interface TaxonomyRoute {
  readonly path: ReadonlyArray<string>;
  readonly search: string;
}
interface SeriesRoute extends TaxonomyRoute {
  readonly selected: string | null;
}

/** The logic when its route input is one of those; never (so the call does not compile) when its machine wants more from its route. */
type TaxonomyReportLogic<L extends AnyActorLogic> = TaxonomyRoute extends RouteInput<L> ? L : SeriesRoute extends RouteInput<L> ? L : never;

export const TaxonomyReportScreen = <L extends AnyActorLogic, C>({
  name,
  logic,
  path,
  selected,
  queryShape,
  choices,
  children,
}: TaxonomyReportScreenProps<L, C> & { readonly logic: TaxonomyReportLogic<L> }): ReactNode => {
  const search = useSearch();
  // The props' type has checked that the machine's route input is one of these; the compiler cannot carry that check into a generic body.
  const taxonomyRoute: TaxonomyRoute | SeriesRoute = selected === undefined ? { path, search } : { path, selected, search };
  const route = taxonomyRoute as unknown as RouteInput<L>;
  const routeKey = JSON.stringify(selected === undefined ? [path] : [path, selected]);
  return (
    <Screen name={name} routeKey={routeKey} logic={logic} route={route} query={screenQuery(reportQueryLink(queryShape), choices)}>
      {children}
    </Screen>
  );
};
