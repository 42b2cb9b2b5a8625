import { assign, enqueueActions, setup, type ActorRefFrom, type AnyActorLogic, type AnyActorRef, type SnapshotFrom } from "xstate";
import { errorDialogMachine, type ErrorDialogActorRef } from "./errorDialog.machine";
import { sessionMachine, type SessionActorRef } from "./session.machine";
import { toastsMachine, type ToastsActorRef } from "./toasts.machine";

/**
 * The app's root actor: the one actor system every other actor lives in, so the inspector
 * and the event log (`eventLog.ts`) see them all with their parents.
 *
 * It owns the session, the global error dialog and the toasts (spawned once, each with
 * its `systemId`), and the current screen: a route hands it the screen's logic (screens
 * load lazily, so the root cannot import them) with the route's own input, and the root
 * spawns it as its child under the screen's name (its id and `systemId`), adding the
 * app's scope (`AppScope`) to the input. A different route key stops the screen and
 * spawns a fresh one; the same key keeps it. Small actors of a view that is not a
 * screen's piece (the main menu, the date picker, the message area, an export dialog)
 * are its parts: children spawned and stopped by key.
 */

/** What every screen and part is given beside its own input. */
export interface AppScope {
  readonly session: SessionActorRef;
  readonly toasts: ToastsActorRef;
  readonly errorDialog: ErrorDialogActorRef;
}

export interface AppInput {
  readonly apiBaseUrl?: string;
}

/** A route's screen: its name (the child's id and systemId), the route's key, its logic and the route's input. */
export interface ScreenOpening {
  readonly screen: string;
  readonly key: string;
  readonly logic: AnyActorLogic;
  readonly route: Readonly<Record<string, unknown>>;
}

/** A part of a view: its key (the child's id), what it is, its logic and input. */
export interface PartOpening {
  readonly key: string;
  readonly part: string;
  readonly logic: AnyActorLogic;
  readonly input: Readonly<Record<string, unknown>>;
}

export interface OpenScreen {
  readonly screen: string;
  readonly key: string;
  readonly ref: AnyActorRef;
}

export interface AppContext extends AppScope {
  readonly screen: OpenScreen | null;
  readonly parts: Readonly<Record<string, AnyActorRef>>;
}

export type AppEvent =
  | ({ type: "app.screenOpened" } & ScreenOpening)
  | { type: "app.screenClosed"; key: string }
  | ({ type: "app.partOpened" } & PartOpening)
  | { type: "app.partClosed"; key: string };

/** Spawns logic the root does not name (a lazily loaded screen's) under an id of the root's choosing. */
type SpawnLogic = (logic: AnyActorLogic, options: { id: string; systemId?: string; input: unknown }) => AnyActorRef;

const scopeOf = (context: AppContext): AppScope => ({ session: context.session, toasts: context.toasts, errorDialog: context.errorDialog });

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    session: sessionMachine,
    errorDialog: errorDialogMachine,
    toasts: toastsMachine,
  },
  guards: {
    isAnotherScreen: ({ context }, params: { key: string }) => context.screen?.key !== params.key,
    isCurrentScreen: ({ context }, params: { key: string }) => context.screen?.key === params.key,
    isNewPart: ({ context }, params: { key: string }) => context.parts[params.key] === undefined,
    isOpenPart: ({ context }, params: { key: string }) => context.parts[params.key] !== undefined,
  },
  actions: {
    /** Stops the screen there is (its systemId freed at once) and spawns the route's. */
    openScreen: enqueueActions(({ context, enqueue }, params: ScreenOpening) => {
      if (context.screen) enqueue.stopChild(context.screen.ref);
      enqueue.assign({
        screen: ({ context: c, spawn }) => ({
          screen: params.screen,
          key: params.key,
          ref: (spawn as unknown as SpawnLogic)(params.logic, { id: params.screen, systemId: params.screen, input: { ...params.route, ...scopeOf(c) } }),
        }),
      });
    }),
    closeScreen: enqueueActions(({ context, enqueue }) => {
      if (context.screen) enqueue.stopChild(context.screen.ref);
      enqueue.assign({ screen: null });
    }),
    openPart: assign({
      parts: ({ context, spawn }, params: PartOpening) => ({
        ...context.parts,
        [params.key]: (spawn as unknown as SpawnLogic)(params.logic, { id: params.key, input: { ...scopeOf(context), ...params.input } }),
      }),
    }),
    closePart: enqueueActions(({ context, enqueue }, params: { key: string }) => {
      const part = context.parts[params.key];
      if (part) enqueue.stopChild(part);
      enqueue.assign({ parts: ({ context: c }) => Object.fromEntries(Object.entries(c.parts).filter(([key]) => key !== params.key)) });
    }),
  },
}).createMachine({
  id: "app",
  context: ({ spawn, input }) => ({
    session: spawn("session", { id: "session", systemId: "session", input: { apiBaseUrl: input.apiBaseUrl } }),
    errorDialog: spawn("errorDialog", { id: "errorDialog", systemId: "errorDialog" }),
    toasts: spawn("toasts", { id: "toasts", systemId: "toasts" }),
    screen: null,
    parts: {},
  }),
  // One state: the root runs as long as the page does (named, so its paths read as steps of it).
  initial: "running",
  states: { running: {} },
  on: {
    "app.screenOpened": {
      guard: { type: "isAnotherScreen", params: ({ event }) => ({ key: event.key }) },
      actions: { type: "openScreen", params: ({ event }) => ({ screen: event.screen, key: event.key, logic: event.logic, route: event.route }) },
    },
    "app.screenClosed": {
      guard: { type: "isCurrentScreen", params: ({ event }) => ({ key: event.key }) },
      actions: "closeScreen",
    },
    "app.partOpened": {
      guard: { type: "isNewPart", params: ({ event }) => ({ key: event.key }) },
      actions: { type: "openPart", params: ({ event }) => ({ key: event.key, part: event.part, logic: event.logic, input: event.input }) },
    },
    "app.partClosed": {
      guard: { type: "isOpenPart", params: ({ event }) => ({ key: event.key }) },
      actions: { type: "closePart", params: ({ event }) => ({ key: event.key }) },
    },
  },
});

export const appSelectors = {
  /** The screen open under `key`, or none while the route's screen is not spawned yet. */
  screenAt: (key: string) => (s: SnapshotFrom<typeof appMachine>) => (s.context.screen?.key === key ? s.context.screen.ref : undefined),
  part: (key: string) => (s: SnapshotFrom<typeof appMachine>) => s.context.parts[key],
  screenName: (s: SnapshotFrom<typeof appMachine>) => s.context.screen?.screen ?? null,
};

export type AppActorRef = ActorRefFrom<typeof appMachine>;
