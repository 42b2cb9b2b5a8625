import { createActor, type InspectionEvent } from "xstate";
import { texts } from "../../domain/shell/texts";
import { liveCallsInFlight, type CallsInFlight } from "../../services/http/callsInFlight";
import { appMachine, type AppActorRef } from "./app.machine";
import { errorDialogMachine } from "./errorDialog.machine";
import { createEventLog, type EventLog } from "./eventLog";
import { persistedLogic, writeSnapshot, type PersistenceOptions } from "./persistence";
import { sessionMachine, type SessionActorRef } from "./session.machine";
import type { ToastsActorRef } from "./toasts.machine";
import type { ErrorDialogActorRef } from "./errorDialog.machine";

export type { CallsInFlight };

export interface AppActors {
  /** The root of the one actor system: every screen and part is its child. */
  readonly app: AppActorRef;
  readonly session: SessionActorRef;
  readonly errorDialog: ErrorDialogActorRef;
  readonly toasts: ToastsActorRef;
  readonly eventLog: EventLog;
  /** The API calls under way: work that can wait (the menu's screens loaded ahead) waits until none is. */
  readonly calls: CallsInFlight;
}

/** Bumped whenever the session's context changes shape; older stored sessions are discarded. */
export const SESSION_SNAPSHOT_VERSION = 1;

export interface AppActorOptions {
  readonly apiBaseUrl?: string;
  /** Navigation and reload, given by the view layer. */
  readonly navigate: (to: string) => void;
  readonly reloadPage: () => void;
  /** An extra inspector (the Stately browser inspector in development). */
  readonly inspect?: (ev: InspectionEvent) => void;
  /** The session's machine (tests give one with fake calls). */
  readonly sessionMachine?: typeof sessionMachine;
  /** Where the session is kept across loads; `false` keeps it nowhere (tests). */
  readonly persistence?: Partial<PersistenceOptions> | false;
  /** The API calls under way (tests give their own); the live transport's by default. */
  readonly calls?: CallsInFlight;
}

/**
 * The app's one actor system: the root (`app.machine.ts`) with the persisted session, the
 * global error dialog and the toasts, inspected by the event log and the given inspector.
 */
export const createAppActors = (opts: AppActorOptions): AppActors => {
  const eventLog = createEventLog();
  const inspect = (ev: InspectionEvent) => {
    eventLog.inspect(ev);
    opts.inspect?.(ev);
  };
  const machine = opts.sessionMachine ?? sessionMachine;
  const persistence: PersistenceOptions | null =
    opts.persistence === false ? null : { key: "attribution.session", version: SESSION_SNAPSHOT_VERSION, ...opts.persistence };
  const persisted = persistence ? persistedLogic(machine, persistence) : { logic: machine, restored: false };
  const app = createActor(
    appMachine.provide({
      actors: {
        session: persisted.logic,
        errorDialog: errorDialogMachine.provide({
          actions: {
            redirect: (_, params) => opts.navigate(params.to),
            reloadPage: () => opts.reloadPage(),
          },
        }),
      },
    }),
    { id: "root", input: { apiBaseUrl: opts.apiBaseUrl }, inspect },
  );
  app.start();
  const { session, errorDialog, toasts } = app.getSnapshot().context;
  if (persistence) session.subscribe(() => writeSnapshot(session, persistence));
  // A shared link to a program the person may not see, on any screen: they are told which one is shown instead.
  session.on("session.programRefused", ({ shown }) => toasts.send({ type: "toast.shown", text: texts.programRefused(shown.name) }));
  // A restored session checks its token and refreshes the programs it may see.
  if (persisted.restored) session.send({ type: "session.resumed" });
  return { app, session, errorDialog, toasts, eventLog, calls: opts.calls ?? liveCallsInFlight };
};
