import { useEffect, useState, type ReactNode } from "react";
import { useSelector } from "@xstate/react";
import type { ActorRefFrom, AnyActorLogic, InputFrom } from "xstate";
import { appSelectors, type AppScope } from "../../machines/shell/app.machine";
import { useAppActors } from "./AppActorsContext";

/** What a route gives its screen: the screen's input without what the app adds (`AppScope`). */
export type RouteInput<L extends AnyActorLogic> = Omit<InputFrom<L>, keyof AppScope>;

/**
 * The screen of a route, a child of the app's root (`app.machine.ts`): the route asks the
 * root to open it (its logic, its input, under the screen's name) and gets its ref once
 * spawned. Another `routeKey` is another screen: the root stops this one and spawns a
 * fresh actor; leaving the route closes it. Undefined until the root has it (the first
 * render of the route).
 */
export const useScreenActor = <L extends AnyActorLogic>(screen: string, routeKey: string, logic: L, route: RouteInput<L>): ActorRefFrom<L> | undefined => {
  const { app } = useAppActors();
  const key = `${screen}:${routeKey}`;
  // The logic and input of the first render of this key, as `useActorRef` took them.
  // (A page is keyed by its route, so a new key is a new component.)
  const [opening] = useState(() => ({ logic, route: route as Record<string, unknown>, selector: appSelectors.screenAt(key) }));
  useEffect(() => {
    app.send({ type: "app.screenOpened", screen, key, logic: opening.logic, route: opening.route });
    return () => app.send({ type: "app.screenClosed", key });
  }, [app, screen, key, opening]);
  const ref = useSelector(app, opening.selector);
  return ref as ActorRefFrom<L> | undefined;
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

interface ScreenProps<L extends AnyActorLogic> {
  /** The screen's name: its id and systemId under the app's root. */
  readonly name: string;
  /** What makes this route another screen (a different path: a fresh actor). */
  readonly routeKey: string;
  readonly logic: L;
  readonly route: RouteInput<L>;
  /** The screen drawn with its actor, once the root has spawned it. */
  readonly children: (screen: ActorRefFrom<L>) => ReactNode;
}

/** A route's screen (`useScreenActor`) as a component: draws `children` with the screen's actor. */
export const Screen = <L extends AnyActorLogic>({ name, routeKey, logic, route, children }: ScreenProps<L>): ReactNode => {
  const screen = useScreenActor(name, routeKey, logic, route);
  return screen ? children(screen) : null;
};
