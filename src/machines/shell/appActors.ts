import { createActor, type InspectionEvent } from "xstate";
import { errorDialogMachine } from "./errorDialog.machine";
import { createEventLog, type EventLog } from "./eventLog";
import { createPersistedActor } from "./persistence";
import { sessionMachine, type SessionActorRef } from "./session.machine";
import { toastsMachine, type ToastsActorRef } from "./toasts.machine";
import type { ErrorDialogActorRef } from "./errorDialog.machine";

export interface AppActors {
  readonly session: SessionActorRef;
  readonly errorDialog: ErrorDialogActorRef;
  readonly toasts: ToastsActorRef;
  readonly eventLog: EventLog;
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
}

/** The app-wide actors: the persisted session, the global error dialog and the toasts. */
export const createAppActors = (opts: AppActorOptions): AppActors => {
  const eventLog = createEventLog();
  const inspect = (ev: InspectionEvent) => {
    eventLog.inspect(ev);
    opts.inspect?.(ev);
  };
  const { actor: session, restored } = createPersistedActor(sessionMachine, {
    key: "attribution.session",
    version: SESSION_SNAPSHOT_VERSION,
    input: { apiBaseUrl: opts.apiBaseUrl },
    inspect,
  });
  const errorDialog = createActor(
    errorDialogMachine.provide({
      actions: {
        redirect: (_, params) => opts.navigate(params.to),
        reloadPage: () => opts.reloadPage(),
      },
    }),
    { inspect },
  );
  const toasts = createActor(toastsMachine, { inspect });
  session.start();
  errorDialog.start();
  toasts.start();
  // A restored session checks its token and refreshes the programs it may see.
  if (restored) session.send({ type: "session.resumed" });
  return { session: session as SessionActorRef, errorDialog, toasts, eventLog };
};
