/** Helpers for view tests that need the app-wide actors: a signed-in session with a program and dates. */
import type { ReactNode } from "react";
import { createActor, fromPromise } from "xstate";
import type { MeResponse } from "../../src/domain/access/auth";
import type { AppActors } from "../../src/machines/shell/appActors";
import { performanceReportMachine, type PerformanceReportActorRef } from "../../src/machines/performance/performanceReport.machine";
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

/** The performance report of a route, started for these actors as the page starts it: its pieces are what the page passes down. */
export const openReport = (actors: AppActors, route: { readonly path?: ReadonlyArray<string>; readonly searchTerm?: string } = {}): PerformanceReportActorRef =>
  createActor(performanceReportMachine, {
    input: { session: actors.session, path: route.path ?? [], searchTerm: route.searchTerm, toasts: actors.toasts },
  }).start();

/** One piece of a report (its table, chart...), which the route must have. */
export const pieceOf = <T,>(report: PerformanceReportActorRef, select: (s: ReturnType<PerformanceReportActorRef["getSnapshot"]>) => T | undefined): T => {
  const piece = select(report.getSnapshot());
  if (piece === undefined) throw new Error("the report of this route has no such piece");
  return piece;
};
