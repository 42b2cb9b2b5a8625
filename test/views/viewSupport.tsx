/** Helpers for view tests that need the app-wide actors: a signed-in session with a program and dates. */
import type { ReactNode } from "react";
import { createActor, fromPromise } from "xstate";
import type { MeResponse } from "../../src/domain/access/auth";
import type { AppActors } from "../../src/machines/shell/appActors";
import { createEventLog } from "../../src/machines/shell/eventLog";
import { errorDialogMachine } from "../../src/machines/shell/errorDialog.machine";
import { sessionMachine } from "../../src/machines/shell/session.machine";
import { toastsMachine } from "../../src/machines/shell/toasts.machine";
import { AppActorsProvider } from "../../src/views/shell/AppActorsContext";
import { alice, acme, beta } from "../model/fixtures";

export const testRange = { from: "2026-01-01", to: "2026-01-31" };

/** The app-wide actors with a session signed in as alice, in program acme, for January 2026. */
export const signedInActors = async (): Promise<AppActors> => {
  const profile: MeResponse = { user: alice, programs: [acme, beta] };
  const session = createActor(sessionMachine.provide({ actors: { loadProfile: fromPromise(async () => profile) } }), { input: {} }).start();
  session.send({ type: "session.signedIn", token: "tok-1", user: alice });
  await new Promise((r) => setTimeout(r, 0));
  session.send({ type: "session.datesChanged", ...testRange });
  return { session, errorDialog: createActor(errorDialogMachine).start(), toasts: createActor(toastsMachine).start(), eventLog: createEventLog() };
};

export const withActors = (actors: AppActors, children: ReactNode) => <AppActorsProvider value={actors}>{children}</AppActorsProvider>;
