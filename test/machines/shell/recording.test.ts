import { fromCallback, fromPromise, type AnyActorRef } from "xstate";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MeResponse } from "../../../src/domain/access/auth";
import { rememberedMappingKey } from "../../../src/domain/spend/spendImport";
import { journeysReportMachine, type BlocksInput } from "../../../src/machines/journeys/journeysReport.machine";
import { performanceReportMachine } from "../../../src/machines/performance/performanceReport.machine";
import { spendImportMachine, spendImportSelectors, type ImportRowRequest, type ImportRowSettled } from "../../../src/machines/spend/spendImport.machine";
import type { ReadWorkbook } from "../../../src/services/workbook";
import type { WorkbookCell } from "../../../src/domain/exports/workbookRows";
import { appRuntime } from "../../../src/services/runtime/runtime";
import { Storage } from "../../../src/services/runtime/storage";
import { createAppActors, type AppActors } from "../../../src/machines/shell/appActors";
import { systemSnapshots, type Recording } from "../../../src/machines/shell/eventLog";
import { sessionMachine } from "../../../src/machines/shell/session.machine";
import { acme, alice, beta } from "../../model/fixtures";
import { threeDays, twoNotes } from "../../model/performance/chartFixtures";
import { twoSetsDefaultFavourite } from "../../model/performance/columnSetsFixtures";
import { levelOne, paidSearchChildren } from "../../model/performance/tableFixtures";
import { answerOf, summaryOf, taxonomies } from "../journeys/journeyFixtures";
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

/** The journeys report with its calls answered at once: the taxonomies, 400 orders, the summary. */
const journeysReport = journeysReportMachine.provide({
  actors: {
    loadTaxonomies: fromPromise(async () => taxonomies),
    loadJourneys: fromPromise(async ({ input }: { input: BlocksInput }) => answerOf(input.blocks, 400)),
    loadSummary: fromPromise(async () => summaryOf()),
  },
});

/** The batch import wizard with the workbook read, no key stored before and every row created. */
const costsSheet: ReadonlyArray<ReadonlyArray<WorkbookCell>> = [
  ["Cost Date", "Taxonomy 1", "Cost"],
  ["2026-01-05", "Paid Search", 1200.5],
  ["2026-01-06", "Display", 30],
];
const spendImport = spendImportMachine.provide({
  actors: {
    readWorkbook: fromPromise(async (): Promise<ReadWorkbook> => ({ fileName: "costs.csv", sheets: [{ name: "Costs", rows: costsSheet }] })),
    checkStoredKeys: fromPromise(async (): Promise<ReadonlySet<string>> => new Set<string>()),
    createImportRow: fromCallback<{ type: string }, ImportRowRequest>(({ input, sendBack }) => {
      sendBack({ type: "import.rowSettled", row: input.row, outcome: "success" } satisfies ImportRowSettled);
    }),
  },
});

/** The screens a replay may open, by their machine's id (the recording names logic by it). */
const screens = { performanceReport: performanceReportMachine, journeysReport, spendImport };

beforeEach(() => {
  // The recordings' day is this one whatever the machine's: started at it (not at today's time and then moved), the
  // file is not among those that read the clock (test/setup.ts) and is not run again on every pinned day.
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-02-15T12:00:00Z") });
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

const signIn = async (actors: AppActors) => {
  await act(actors, "root/session", { type: "session.signedIn", token: "tok-1", user: alice });
  await act(actors, "root/session", { type: "session.datesChanged", from: "2026-01-01", to: "2026-01-31" });
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
  await signIn(actors);
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

/** The journey filter: opened, a first touchpoint's tags typed and chosen, a pair added, closed (applied). */
const recordJourneyFilter = async (): Promise<Recording> => {
  const actors = startApp();
  await signIn(actors);
  await act(actors, "root", { type: "app.screenOpened", screen: "journeys", key: "journeys:", logic: journeysReport, route: { search: "" } });
  await act(actors, "root/journeys", { type: "journeys.filterOpened" });
  await act(actors, "root/journeys/journeyFilter", { type: "journeyFilter.touchpointAdded", group: "first" });
  const filter = actorAt(actors.app, "root/journeys/journeyFilter") as AnyActorRef;
  const tagInput = Object.keys((filter.getSnapshot() as { children: Record<string, unknown> }).children).find((id) => id.startsWith("tagInput:"));
  if (!tagInput) throw new Error("the touchpoint has no tag input");
  await act(actors, `root/journeys/journeyFilter/${tagInput}`, { type: "tagInput.typed", text: "Email" });
  await act(actors, `root/journeys/journeyFilter/${tagInput}`, { type: "tagInput.confirmed" });
  await act(actors, "root/journeys/journeyFilter", { type: "journeyFilter.comparisonAdded" });
  await act(actors, "root/journeys/journeyFilter", { type: "journeyFilter.closed" });
  return JSON.parse(actors.eventLog.toJSON()) as Recording;
};

/** The dry run waits a moment before it asks which rows are stored: a settle lets it. */
const settleWithPause = async () => {
  await flush();
  await new Promise((r) => setTimeout(r, 350));
  await flush();
};

/** The batch import wizard: a file, Next to Options, Next to Configuration (the dry run), Import, the outcome. */
const recordSpendImport = async (): Promise<Recording> => {
  const actors = startApp();
  await signIn(actors);
  const step = async (path: string, event: { type: string } & Record<string, unknown>) => {
    actorAt(actors.app, path)?.send(event);
    await settleWithPause();
  };
  await step("root", { type: "app.screenOpened", screen: "spendImport", key: "spendImport:fixed", logic: spendImport, route: { kind: "fixed" } });
  await step("root/spendImport", { type: "import.fileChosen", file: { name: "costs.csv", size: 60 } });
  await step("root/spendImport", { type: "import.next" });
  await step("root/spendImport", { type: "import.next" });
  await step("root/spendImport", { type: "import.started" });
  return JSON.parse(actors.eventLog.toJSON()) as Recording;
};

/** The wizard remembers a file's mapping in the app's store: a fresh system starts without it, as on another device. */
const forgetMappings = () => {
  const store = appRuntime.runSync(Storage);
  store.remove(rememberedMappingKey("acme", "fixed", costsSheet[0]?.map((header) => ({ header: String(header) })) as never));
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

  it("replayed, the journey filter's recording reaches the same snapshots, the applied filter among them", async () => {
    const recording = await recordJourneyFilter();
    expect(recording.entries.some((e) => /^root\/journeys\/journeyFilter\/tagInput:/.test(e.actor) && e.event.type === "tagInput.typed")).toBe(true);
    expect(recording.entries.some((e) => e.actor === "root/journeys" && e.event.type === "journeys.filter.applied" && !e.external)).toBe(true);
    const fresh = startApp();
    await replayRecording(recording, fresh.app, screens);
    expect(systemSnapshots(fresh.app)).toEqual(recording.snapshots);
    expect(recording.snapshots["root/journeys"]?.context).toMatchObject({ choices: { filter: { first: expect.anything() } } });
  });

  it("replayed, the spend batch wizard's recording reaches the same snapshots, every row created and reported", async () => {
    const recording = await recordSpendImport();
    const wizard = recording.snapshots["root/spendImport"];
    // The last row settled: back at File Upload with the outcome of both rows kept.
    expect(wizard?.value).toEqual({ upload: "idle" });
    expect(wizard?.context).toMatchObject({ report: { total: 2 } });
    expect(recording.entries.filter((e) => e.actor === "root/spendImport" && e.event.type === "import.rowSettled")).toHaveLength(2);
    forgetMappings();
    const fresh = startApp();
    await replayRecording(recording, fresh.app, screens, settleWithPause);
    expect(systemSnapshots(fresh.app)).toEqual(recording.snapshots);
    expect(spendImportSelectors.step(actorAt(fresh.app, "root/spendImport")?.getSnapshot())).toBe(0);
  });
});
