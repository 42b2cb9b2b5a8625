/** Helpers for view tests that need the app-wide actors: a signed-in session with a program and dates. */
import { act } from "@testing-library/react";
import type { ReactNode } from "react";
import { fromPromise } from "xstate";
import type { MeResponse } from "../../src/domain/access/auth";
import { createAppActors, type AppActors } from "../../src/machines/shell/appActors";
import { performanceReportMachine, type PerformanceReportActorRef } from "../../src/machines/performance/performanceReport.machine";
import { sessionMachine } from "../../src/machines/shell/session.machine";
import { AppActorsProvider } from "../../src/views/shell/AppActorsContext";
import { alice, acme, beta } from "../model/fixtures";

export const testRange = { from: "2026-01-01", to: "2026-01-31" };

/** The app-wide actors with a session signed in as alice, in program acme, for January 2026. */
export const signedInActors = async (): Promise<AppActors> => {
  const profile: MeResponse = { user: alice, programs: [acme, beta] };
  const actors = appActorsWith(sessionMachine.provide({ actors: { loadProfile: fromPromise(async () => profile) } }));
  actors.session.send({ type: "session.signedIn", token: "tok-1", user: alice });
  await new Promise((r) => setTimeout(r, 0));
  actors.session.send({ type: "session.datesChanged", ...testRange });
  return actors;
};

/** The app's one actor system with this session machine, kept nowhere, its navigation ignored. */
export const appActorsWith = (session: typeof sessionMachine = sessionMachine): AppActors =>
  createAppActors({ navigate: () => undefined, reloadPage: () => undefined, persistence: false, sessionMachine: session });

export const withActors = (actors: AppActors, children: ReactNode) => <AppActorsProvider value={actors}>{children}</AppActorsProvider>;

/** The performance report of a route, started for these actors as the page starts it: its pieces are what the page passes down. */
export const openReport = (actors: AppActors, route: { readonly path?: ReadonlyArray<string>; readonly searchTerm?: string } = {}): PerformanceReportActorRef => {
  const key = `${(route.path ?? []).join("/")}?${route.searchTerm ?? ""}`;
  actors.app.send({ type: "app.screenOpened", screen: "performance", key, logic: performanceReportMachine, route: { path: route.path ?? [], searchTerm: route.searchTerm } });
  const report = actors.app.getSnapshot().context.screen?.ref;
  if (!report) throw new Error("the app opened no report");
  return report as PerformanceReportActorRef;
};

/** One piece of a report (its table, chart...), which the route must have. */
export const pieceOf = <T,>(report: PerformanceReportActorRef, select: (s: ReturnType<PerformanceReportActorRef["getSnapshot"]>) => T | undefined): T => {
  const piece = select(report.getSnapshot());
  if (piece === undefined) throw new Error("the report of this route has no such piece");
  return piece;
};

/** Lets the actors' promises settle and React render what they sent (one turn of the event loop inside act). */
export const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));
