import { useEffect, useState, type ReactNode } from "react";
import { useSelector } from "@xstate/react";
import { navigate } from "wouter/use-browser-location";
import type { ActorRefFrom, AnyActorLogic, AnyActorRef, EventFromLogic, InputFrom, SnapshotFrom } from "xstate";
import type { QueryLink } from "../../domain/report/reportQuery";
import { appSelectors, type AppScope } from "../../machines/shell/app.machine";
import { useAppActors } from "./AppActorsContext";

/** What a route gives its screen: the screen's input without what the app adds (`AppScope`). */
export type RouteInput<L extends AnyActorLogic> = Omit<InputFrom<L>, keyof AppScope>;

/**
 * A screen's URL query: how it is read and written (`reportQueryLink(shape)` of the
 * screen's `ReportQueryShape`) and the choices it carries, selected from the screen's
 * snapshot. The screen's machine reads the query itself when it opens (its `search`);
 * a screen whose choices push history entries also says which event tells its machine
 * the choices of a query Back or Forward brings (`followed`).
 */
export interface ScreenQuery<L extends AnyActorLogic, C = never> {
  readonly link: QueryLink<C>;
  readonly choices: (snapshot: SnapshotFrom<L>) => C;
  readonly followed?: (choices: C) => EventFromLogic<L>;
}

/** A screen's query with its choices' type (checked against the screen's selector, and its event's). */
export const screenQuery = <L extends AnyActorLogic, C>(
  link: QueryLink<C>,
  choices: (snapshot: SnapshotFrom<L>) => C,
  followed?: (choices: C) => EventFromLogic<L>,
): ScreenQuery<L, C> => ({ link, choices, followed });

/** The path and query of the address, for the writer's new entry. */
const addressWith = (search: string): string => `${window.location.pathname}${search === "" ? "" : `?${search}`}${window.location.hash}`;

/** The query a screen opened with: its route's `search`, or the address's when its route takes none. */
const openingSearch = (route: Record<string, unknown>): string =>
  typeof route.search === "string" ? route.search : typeof window === "undefined" ? "" : window.location.search;

/**
 * The screen of a route, a child of the app's root (`app.machine.ts`): the route asks the
 * root to open it (its logic, its input, under the screen's name) and gets its ref once
 * spawned. Another `routeKey` is another screen: the root stops this one and spawns a
 * fresh actor; leaving the route closes it. Undefined until the root has it (the first
 * render of the route).
 *
 * With a `query` (the one way a screen's URL is read and written): when the screen opens,
 * the link's values its shape cannot read are named to the person in the app's toasts
 * ('This link's … could not be read, so the default is shown.'), and from then on every
 * change of the screen's choices is written into the address's query (defaults left out,
 * every other parameter and the fragment kept): a new history entry when the link says so
 * of the change (`entry`: a tab), else in place of the current one; the first write, which
 * only tidies the link the screen opened with, always replaces. When Back or Forward
 * brings another query to the screen's path, the screen's machine is told the choices
 * it carries (`followed`, with the link's `read`).
 */
export const useScreenActor = <L extends AnyActorLogic, C = never>(
  screen: string,
  routeKey: string,
  logic: L,
  route: RouteInput<L>,
  query?: ScreenQuery<L, C>,
): ActorRefFrom<L> | undefined => {
  const { app, toasts } = useAppActors();
  const key = `${screen}:${routeKey}`;
  // The logic, input and query of the first render of this key, as `useActorRef` took them.
  // (A page is keyed by its route, so a new key is a new component.)
  const [opening] = useState(() => ({
    logic,
    route: route as Record<string, unknown>,
    query,
    selector: appSelectors.screenAt(key),
    told: false,
    pathname: typeof window === "undefined" ? "" : window.location.pathname,
  }));
  useEffect(() => {
    app.send({ type: "app.screenOpened", screen, key, logic: opening.logic, route: opening.route });
    return () => app.send({ type: "app.screenClosed", key });
  }, [app, screen, key, opening]);
  useEffect(() => {
    if (!opening.query || opening.told) return;
    opening.told = true;
    const unreadable = opening.query.link.unreadable(openingSearch(opening.route));
    if (unreadable !== null) toasts.send({ type: "toast.shown", text: unreadable, kind: "error" });
  }, [toasts, opening]);
  const ref = useSelector(app, opening.selector) as ActorRefFrom<L> | undefined;
  useEffect(() => {
    const written = opening.query;
    const actor = ref as AnyActorRef | undefined;
    if (!actor || !written) return;
    let first = true;
    const write = (snapshot: SnapshotFrom<L>) => {
      const now = window.location.search.replace(/^\?/, "");
      const next = written.link.written(now, written.choices(snapshot));
      const entry = first ? "replace" : (written.link.entry?.(now, next) ?? "replace");
      first = false;
      if (next !== now) navigate(addressWith(next), { replace: entry === "replace" });
    };
    write(actor.getSnapshot() as SnapshotFrom<L>);
    const subscription = actor.subscribe((snapshot) => write(snapshot as SnapshotFrom<L>));
    return () => subscription.unsubscribe();
  }, [ref, opening]);
  useEffect(() => {
    const read = opening.query?.link.read;
    const followed = opening.query?.followed;
    const actor = ref as AnyActorRef | undefined;
    if (!actor || !read || !followed) return;
    // Back or Forward within the screen's own path (another path is another screen).
    const follow = () => {
      if (window.location.pathname === opening.pathname) actor.send(followed(read(window.location.search)));
    };
    window.addEventListener("popstate", follow);
    return () => window.removeEventListener("popstate", follow);
  }, [ref, opening]);
  return ref;
};

let partCount = 0;

/**
 * A small actor of a view (a menu, a picker, an export dialog…), a child of the app's root
 * for as long as the view is shown, so it lives in the one system. Undefined until the
 * root has spawned it (the view's first render).
 */
export const useAppPart = <L extends AnyActorLogic>(part: string, logic: L, input?: RouteInput<L>): ActorRefFrom<L> | undefined => {
  const { app } = useAppActors();
  const [opening] = useState(() => {
    const key = `${part}-${++partCount}`;
    return { key, logic, input: (input ?? {}) as Record<string, unknown>, selector: appSelectors.part(key) };
  });
  useEffect(() => {
    app.send({ type: "app.partOpened", key: opening.key, part, logic: opening.logic, input: opening.input });
    return () => app.send({ type: "app.partClosed", key: opening.key });
  }, [app, part, opening]);
  return useSelector(app, opening.selector) as ActorRefFrom<L> | undefined;
};

/**
 * A part that outlives the view that first asks for it (`part` is its key): spawned by the
 * first view shown, kept by the root for the page's life, shared by every later view (a
 * page's frame is drawn again on each route, its part is not made again). Undefined until
 * the root has spawned it.
 */
export const useLastingAppPart = <L extends AnyActorLogic>(part: string, logic: L): ActorRefFrom<L> | undefined => {
  const { app } = useAppActors();
  useEffect(() => {
    app.send({ type: "app.partOpened", key: part, part, logic, input: {} });
  }, [app, part, logic]);
  return useSelector(app, appSelectors.part(part)) as ActorRefFrom<L> | undefined;
};

interface ScreenProps<L extends AnyActorLogic, C> {
  /** The screen's name: its id and systemId under the app's root. */
  readonly name: string;
  /** What makes this route another screen (a different path: a fresh actor). */
  readonly routeKey: string;
  readonly logic: L;
  readonly route: RouteInput<L>;
  /** The screen's URL query, read and written through the screen (`useScreenActor`). */
  readonly query?: ScreenQuery<L, C>;
  /** The screen drawn with its actor, once the root has spawned it. */
  readonly children: (screen: ActorRefFrom<L>) => ReactNode;
}

/** A route's screen (`useScreenActor`) as a component: draws `children` with the screen's actor. */
export const Screen = <L extends AnyActorLogic, C = never>({ name, routeKey, logic, route, query, children }: ScreenProps<L, C>): ReactNode => {
  const screen = useScreenActor(name, routeKey, logic, route, query);
  return screen ? children(screen) : null;
};
