import { fromPromise } from "xstate";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MeResponse } from "../../../src/domain/access/auth";
import { performanceReportMachine } from "../../../src/machines/performance/performanceReport.machine";
import { createAppActors, type AppActors } from "../../../src/machines/shell/appActors";
import { systemSnapshots, type Recording } from "../../../src/machines/shell/eventLog";
import { sessionMachine } from "../../../src/machines/shell/session.machine";
import { acme, alice, beta } from "../../model/fixtures";
import { threeDays, twoNotes } from "../../model/performance/chartFixtures";
import { twoSetsDefaultFavourite } from "../../model/performance/columnSetsFixtures";
import { levelOne, paidSearchChildren } from "../../model/performance/tableFixtures";
import { flush } from "../support";
import { actorAt, replayRecording } from "./replay";

/** The API as the performance page meets it: the level tables, the chart, the notes and the column sets. */
const answer = async (url: string): Promise<Response> => {
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  if (url.includes("/performance/table")) return json(url.includes("Paid%20Search") ? paidSearchChildren : levelOne);
  if (url.includes("/chart")) return json(threeDays);
  if (url.includes("/annotations")) return json(twoNotes);
  if (url.includes("/column-sets")) return json(twoSetsDefaultFavourite);
  return json({ error: "not_found", message: "nothing here" }, 404);
};

const profile: MeResponse = { user: alice, programs: [acme, beta] };

/** The app's one system, as main.tsx makes it, with the profile answered and the session kept nowhere. */
const startApp = (): AppActors => {
  const actors = createAppActors({
    navigate: () => undefined,
    reloadPage: () => undefined,
    persistence: false,
    sessionMachine: sessionMachine.provide({ actors: { loadProfile: fromPromise(async () => profile) } }),
  });
  started.push(actors);
  return actors;
};
const started: AppActors[] = [];

/** The screens a replay may open, by their machine's id (the recording names logic by it). */
const screens = { performanceReport: performanceReportMachine };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-02-15T12:00:00Z"));
  vi.stubGlobal("fetch", vi.fn(answer));
});
afterEach(() => {
  for (const a of started.splice(0)) a.app.stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Sends an event to the actor at a place in the tree, as a view would, and lets the API answer. */
const act = async (actors: AppActors, path: string, event: { type: string } & Record<string, unknown>) => {
  const target = actorAt(actors.app, path);
  if (!target) throw new Error(`no actor at ${path}`);
  target.send(event);
  await flush();
};

const openPerformance = (path: ReadonlyArray<string>) => ({
  type: "app.screenOpened",
  screen: "performance",
  key: `performance:${path.join("/")}`,
  logic: performanceReportMachine,
  route: { path, search: "" },
});

/** The performance report's steps: interval Weekly, a sort, a row opened, the comparison, a drill-down. */
const recordPerformanceReport = async (): Promise<Recording> => {
  const actors = startApp();
  await act(actors, "root/session", { type: "session.signedIn", token: "tok-1", user: alice });
  await act(actors, "root/session", { type: "session.datesChanged", from: "2026-01-01", to: "2026-01-31" });
  await act(actors, "root", openPerformance([]));
  await act(actors, "root/performance/chart", { type: "chart.intervalChosen", interval: "week" });
  await act(actors, "root/performance/table", { type: "table.sortChanged", column: "clicks" });
  await act(actors, "root/performance/expansion", { type: "expansion.toggled", path: ["Paid Search"] });
  await act(actors, "root/performance/comparison", { type: "comparison.toggled" });
  await act(actors, "root/performance/comparison", { type: "comparison.shortcutChosen", shortcut: "yearOnYear" });
  await act(actors, "root", openPerformance(["Paid Search"]));
  // Saved as the Save recording button saves it, and read back as a test reads the file.
  return JSON.parse(actors.eventLog.toJSON()) as Recording;
};

describe("recordings of the whole system", () => {
  it("hold every actor's events by its place in the tree, the report's own pieces and the Weekly choice among them", async () => {
    const recording = await recordPerformanceReport();
    const places = new Set(recording.entries.map((e) => e.actor));
    for (const place of ["root", "root/session", "root/performance", "root/performance/table", "root/performance/chart", "root/performance/expansion", "root/performance/comparison"])
      expect(places, place).toContain(place);
    expect(recording.entries).toContainEqual({ actor: "root/performance/chart", machine: "performanceChart", external: true, event: { type: "chart.intervalChosen", interval: "week" } });
    // What the pieces tell each other is there too, marked as not a person's.
    expect(recording.entries.some((e) => e.actor === "root/session" && e.event.type === "session.intervalChanged" && !e.external)).toBe(true);
    // The screen's logic is named, not copied; the drill-down opened a fresh report of its route.
    expect(recording.entries.filter((e) => e.actor === "root" && e.event.type === "app.screenOpened").map((e) => [e.event.logic, e.event.route])).toEqual([
      [{ logic: "performanceReport" }, { path: [], search: "" }],
      [{ logic: "performanceReport" }, { path: ["Paid Search"], search: "" }],
    ]);
    expect(recording.snapshots["root/performance"]?.context).toMatchObject({ route: { path: ["Paid Search"] } });
    expect(recording.snapshots["root/session"]?.context).toMatchObject({ preferences: { interval: "week" } });
  });

  it("replayed into a fresh system, the performance report's recording reaches the same snapshots", async () => {
    const recording = await recordPerformanceReport();
    const fresh = startApp();
    await replayRecording(recording, fresh.app, screens);
    const replayed = systemSnapshots(fresh.app);
    expect(Object.keys(replayed).sort()).toEqual(Object.keys(recording.snapshots).sort());
    expect(replayed).toEqual(recording.snapshots);
  });
});
