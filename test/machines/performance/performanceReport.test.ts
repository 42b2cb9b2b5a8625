import { createActor, fromCallback, fromPromise, type AnyActorRef, type EventObject } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { MeResponse } from "../../../src/domain/access/auth";
import { sessionScopeOf } from "../../../src/domain/report/reportScope";
import { performanceReportMachine, performanceReportSelectors as sel, reportChildIds, type ReportChild } from "../../../src/machines/performance/performanceReport.machine";
import { performanceChartMachine } from "../../../src/machines/performance/performanceChart.machine";
import { performanceTableMachine } from "../../../src/machines/performance/performanceTable.machine";
import { sessionMachine } from "../../../src/machines/shell/session.machine";
import { spendFormTellingToasts } from "../../../src/machines/spend/spendForm.machine";
import { acme, alice, beta } from "../../model/fixtures";
import { flush } from "../support";
import { noRows } from "../../model/performance/chartFixtures";
import { fixedNow, pieceSources } from "../../model/performance/reportFixtures";
import { tableOf } from "../../model/performance/tableFixtures";

const january = { from: "2026-01-01", to: "2026-01-31" };
const signedIn = { baseUrl: "/api", token: "tok-1" };


interface Heard {
  readonly piece: ReportChild;
  readonly kind: "start" | "event" | "stop";
  readonly payload?: unknown;
}

const actors: AnyActorRef[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

const signedInSession = async () => {
  const profile: MeResponse = { user: alice, programs: [acme, beta] };
  const session = createActor(sessionMachine.provide({ actors: { loadProfile: fromPromise(async () => profile) } }), { input: {} }).start();
  actors.push(session);
  session.send({ type: "session.signedIn", token: "tok-1", user: alice });
  await flush();
  session.send({ type: "session.datesChanged", ...january });
  return session;
};

const open = async (route: { path?: ReadonlyArray<string>; searchTerm?: string } = {}, session?: Awaited<ReturnType<typeof signedInSession>>) => {
  const s = session ?? (await signedInSession());
  const heard: Heard[] = [];
  const standIns = Object.fromEntries(
    (Object.keys(pieceSources) as ReportChild[]).map((piece) => [
      pieceSources[piece],
      fromCallback<EventObject, unknown>(({ input, receive }) => {
        heard.push({ piece, kind: "start", payload: input });
        receive((event) => heard.push({ piece, kind: "event", payload: event }));
        return () => heard.push({ piece, kind: "stop" });
      }),
    ]),
  );
  const toasts = createActor(fromCallback(() => undefined)).start();
  const report = createActor(performanceReportMachine.provide({ actors: standIns }), {
    input: { session: s, path: route.path ?? [], searchTerm: route.searchTerm, toasts, now: fixedNow },
  }).start();
  actors.push(report);
  const started = () => heard.filter((h) => h.kind === "start").map((h) => h.piece);
  const inputOf = (piece: ReportChild) => heard.filter((h) => h.piece === piece && h.kind === "start").at(-1)?.payload as Record<string, unknown>;
  const since = (mark: number) => heard.slice(mark);
  return { session: s, report, heard, started, inputOf, since, toasts };
};

const levelPieces: ReportChild[] = ["table", "expansion", "comparison", "columnSets", "csvDownload", "chart", "notes"];

describe("performanceReport machine", () => {
  it("opens with the session's scope, the route and the program's today, and gives the pieces that scope", async () => {
    const { report, inputOf, session } = await open();
    const snap = report.getSnapshot();
    expect(sel.isOpen(snap)).toBe(true);
    expect(sel.scope(snap)).toEqual(sessionScopeOf(session.getSnapshot().context));
    expect(sel.today(snap)).toBe("2026-02-15");
    const report0 = { api: signedIn, program: "acme", range: january, filter: "default" };
    expect(inputOf("table")).toMatchObject({ params: { ...report0, path: [] }, kind: "level", levelFour: false, sort: { column: "attributed_revenue", direction: "desc" } });
    expect(inputOf("table").sortListener).toBe(report);
    expect(inputOf("expansion")).toEqual({ params: report0, base: [], deepestLevel: 3, sort: { column: "attributed_revenue", direction: "desc" } });
    expect(inputOf("comparison")).toEqual({ api: signedIn, program: "acme", path: [], filter: "default", range: january, today: "2026-02-15", listener: report, opening: null });
    expect(inputOf("chart")).toMatchObject({ params: { ...report0, path: [] }, metricOne: "clicks", metricTwo: "attributed_revenue", interval: "day", chartType: "area" });
    expect(inputOf("notes")).toEqual({ scope: { api: signedIn, program: "acme", range: january }, markersShown: true, tableOpen: false, listener: report });
    expect(inputOf("columnSets")).toMatchObject({ api: signedIn, columns: session.getSnapshot().context.preferences.columns, chosenSetId: null });
    expect(inputOf("spendForm")).toMatchObject({ api: signedIn, program: "acme", listener: report });
    expect(inputOf("spendBatch")).toEqual({ api: signedIn, program: "acme", today: "2026-02-15", listener: report });
  });

  it("the column sets of the next page start with the set chosen in the session (Default included); the favourite applied is no choice", async () => {
    const session = await signedInSession();
    session.send({ type: "session.columnsChanged", columns: ["clicks", "cpa"], setId: 0 });
    expect((await open({ path: ["Paid Search"] }, session)).inputOf("columnSets")).toMatchObject({ columns: ["clicks", "cpa"], chosenSetId: 0 });
    session.send({ type: "session.columnsChanged", columns: ["cpa"] });
    expect((await open({ path: ["Paid Search"] }, session)).inputOf("columnSets")).toMatchObject({ columns: ["cpa"], chosenSetId: null });
  });

  it.each([
    { page: "level one", route: { path: [] }, pieces: [...levelPieces, "spendForm", "spendBatch"], table: { kind: "level", levelFour: false, deepestLevel: 3 } },
    { page: "taxonomy two", route: { path: ["Paid Search"] }, pieces: levelPieces, table: { kind: "taxonomyTwo", levelFour: false, deepestLevel: 4 } },
    { page: "taxonomy three", route: { path: ["Paid Search", "Google"] }, pieces: levelPieces, table: { kind: "level", levelFour: false, deepestLevel: 4 } },
    { page: "level four", route: { path: ["Paid Search", "Google", "Brand"] }, pieces: levelPieces, table: { kind: "level", levelFour: true, deepestLevel: 4 } },
    { page: "level-four chart", route: { path: ["Paid Search", "Google", "Brand", "Exact"] }, pieces: ["chart", "notes"], table: null },
    { page: "search", route: { path: [], searchTerm: "shoes" }, pieces: ["search", "columnSets"], table: null },
  ] as const)("spawns the pieces of the $page page", async ({ route, pieces, table }) => {
    const { report, started, inputOf } = await open(route);
    expect([...started()].sort()).toEqual([...pieces].sort());
    const snap = report.getSnapshot();
    expect(sel.tableConfig(snap)).toEqual(table);
    for (const piece of Object.keys(reportChildIds) as ReportChild[]) {
      expect(sel[piece](snap) !== undefined, piece).toBe((pieces as ReadonlyArray<string>).includes(piece));
    }
    if (table) {
      expect(inputOf("table")).toMatchObject({ params: { path: route.path }, kind: table.kind, levelFour: table.levelFour });
      expect(inputOf("expansion")).toMatchObject({ base: route.path, deepestLevel: table.deepestLevel });
      expect(inputOf("comparison")).toMatchObject({ path: route.path });
    }
    if (pieces.includes("chart" as never)) expect(inputOf("chart")).toMatchObject({ params: { path: route.path } });
    if (route.searchTerm)
      expect(inputOf("search")).toEqual({
        api: signedIn,
        program: "acme",
        range: january,
        term: "shoes",
        sort: { column: "attributed_revenue", direction: "desc" },
        paging: { page: 1, perPage: 15 },
        unchecked: [],
        listener: expect.anything(),
      });
  });

  it("a date change reaches every piece that loads once, with the new dates", async () => {
    const { session, heard, since } = await open();
    const mark = heard.length;
    session.send({ type: "session.datesChanged", from: "2026-02-01", to: "2026-02-28" });
    const told = since(mark);
    expect(told.map((h) => [h.piece, h.kind])).toEqual([
      ["table", "event"],
      ["expansion", "event"],
      ["comparison", "event"],
      ["chart", "event"],
      ["notes", "event"],
    ]);
    const february = { from: "2026-02-01", to: "2026-02-28" };
    expect(told.map((h) => h.payload)).toEqual([
      { type: "table.paramsChanged", params: { api: signedIn, program: "acme", range: february, filter: "default", path: [] } },
      { type: "expansion.paramsChanged", params: { api: signedIn, program: "acme", range: february, filter: "default" }, base: [] },
      { type: "comparison.scopeChanged", api: signedIn, program: "acme", path: [], filter: "default", range: february, today: "2026-02-15" },
      { type: "chart.scopeChanged", params: { api: signedIn, program: "acme", range: february, filter: "default", path: [] } },
      { type: "notes.scopeChanged", scope: { api: signedIn, program: "acme", range: february } },
    ]);
  });

  it("a named filter change reaches every piece that loads once (the notes ignore it themselves)", async () => {
    const { session, heard, since } = await open({ path: ["Paid Search"] });
    const mark = heard.length;
    session.send({ type: "session.namedFilterChanged", filter: "returning" });
    const told = since(mark);
    expect(told.map((h) => h.piece)).toEqual(["table", "expansion", "comparison", "chart", "notes"]);
    expect(told.every((h) => h.kind === "event")).toBe(true);
    expect(told[0]?.payload).toMatchObject({ type: "table.paramsChanged", params: { filter: "returning", path: ["Paid Search"] } });
  });

  it("a program change reaches every piece once, with that program's today, and starts the spend entry afresh", async () => {
    const { session, report, heard, since, inputOf } = await open();
    const mark = heard.length;
    session.send({ type: "session.programSelected", program: "beta" });
    const told = since(mark);
    expect(told.map((h) => [h.piece, h.kind])).toEqual([
      ["table", "event"],
      ["expansion", "event"],
      ["comparison", "event"],
      ["chart", "event"],
      ["notes", "event"],
      ["spendForm", "stop"],
      ["spendBatch", "stop"],
      ["spendForm", "start"],
      ["spendBatch", "start"],
    ]);
    expect(sel.today(report.getSnapshot())).toBe("2026-02-14");
    expect(told[2]?.payload).toMatchObject({ type: "comparison.scopeChanged", program: "beta", today: "2026-02-14" });
    expect(inputOf("spendForm")).toMatchObject({ api: signedIn, program: "beta" });
    expect(inputOf("spendBatch")).toEqual({ api: signedIn, program: "beta", today: "2026-02-14", listener: report });
    expect(sel.spendForm(report.getSnapshot())).toBeDefined();
  });

  it("the search hears of new dates or program, not of a named filter", async () => {
    const { session, heard, since } = await open({ path: [], searchTerm: "shoes" });
    let mark = heard.length;
    session.send({ type: "session.namedFilterChanged", filter: "new" });
    expect(since(mark)).toEqual([]);
    mark = heard.length;
    session.send({ type: "session.datesChanged", from: "2026-03-01", to: "2026-03-31" });
    expect(since(mark)).toEqual([
      { piece: "search", kind: "event", payload: { type: "search.scopeChanged", scope: { api: signedIn, program: "acme", range: { from: "2026-03-01", to: "2026-03-31" }, term: "shoes" } } },
    ]);
  });

  it("a change that is not the scope (sort, chart type, interval, columns) reaches no piece", async () => {
    const { session, heard, since } = await open();
    const mark = heard.length;
    session.send({ type: "session.sortChanged", metric: "roas", direction: "asc" });
    session.send({ type: "session.chartTypeToggled" });
    session.send({ type: "session.intervalChanged", interval: "week" });
    session.send({ type: "session.columnsChanged", columns: ["clicks"] });
    session.send({ type: "session.datesChanged", ...january });
    expect(since(mark)).toEqual([]);
  });

  it("the table's sort is kept in the session and told to the open rows, and to nothing else", async () => {
    const { session, report, heard, since } = await open({ path: ["Paid Search"] });
    const mark = heard.length;
    report.send({ type: "table.sorted", sort: { column: "clicks", direction: "asc" } });
    expect(since(mark)).toEqual([{ piece: "expansion", kind: "event", payload: { type: "expansion.sortChanged", sort: { column: "clicks", direction: "asc" } } }]);
    const { sortMetric, sortDirection } = session.getSnapshot().context.preferences;
    expect([sortMetric, sortDirection]).toEqual(["clicks", "asc"]);
  });

  it("the comparison's dates (null when off) are told to the open rows, and to nothing else", async () => {
    const { report, heard, since } = await open();
    const mark = heard.length;
    const december = { from: "2025-12-01", to: "2025-12-31" };
    report.send({ type: "comparison.changed", range: december });
    report.send({ type: "comparison.changed", range: null });
    expect(since(mark)).toEqual([
      { piece: "expansion", kind: "event", payload: { type: "expansion.comparisonChanged", range: december } },
      { piece: "expansion", kind: "event", payload: { type: "expansion.comparisonChanged", range: null } },
    ]);
    // The search page has no open rows: nothing to tell.
    const search = await open({ searchTerm: "shoes" });
    const searchMark = search.heard.length;
    search.report.send({ type: "comparison.changed", range: december });
    expect(search.since(searchMark)).toEqual([]);
  });

  it("a created spend reloads the table, the chart and the comparison once each, for the same scope, and tells nothing else", async () => {
    const { report, heard, since } = await open();
    const mark = heard.length;
    report.send({ type: "spend.created", id: 7 });
    expect(since(mark)).toEqual([
      { piece: "table", kind: "event", payload: { type: "table.reloaded" } },
      { piece: "chart", kind: "event", payload: { type: "chart.reloaded" } },
      { piece: "comparison", kind: "event", payload: { type: "comparison.reloaded" } },
    ]);
    // Two spends, two reloads: one per created spend.
    const second = heard.length;
    report.send({ type: "spend.created", id: 8 });
    expect(since(second).map((h) => h.piece)).toEqual(["table", "chart", "comparison"]);
  });

  it("a finished batch reloads the table, the chart and the comparison once, at its end", async () => {
    const { report, heard, since } = await open();
    const mark = heard.length;
    report.send({ type: "spendBatch.finished", saved: 12 });
    expect(since(mark)).toEqual([
      { piece: "table", kind: "event", payload: { type: "table.reloaded" } },
      { piece: "chart", kind: "event", payload: { type: "chart.reloaded" } },
      { piece: "comparison", kind: "event", payload: { type: "comparison.reloaded" } },
    ]);
  });

  it("new costs reload nothing on pages without the spend entry, and nothing else reloads the pieces", async () => {
    const taxonomy = await open({ path: ["Paid Search"] });
    const mark = taxonomy.heard.length;
    taxonomy.report.send({ type: "spend.created", id: 7 });
    taxonomy.report.send({ type: "spendBatch.finished", saved: 1 });
    expect(taxonomy.since(mark)).toEqual([]);
    // On level one, a sort, a comparison change, a CSV request or a scope change never asks for a reload.
    const { report, session, heard } = await open();
    report.send({ type: "table.sorted", sort: { column: "clicks", direction: "asc" } });
    report.send({ type: "comparison.changed", range: null });
    report.send({ type: "report.csvRequested" });
    session.send({ type: "session.datesChanged", from: "2026-02-01", to: "2026-02-28" });
    const reloads = heard.filter((h) => h.kind === "event" && String((h.payload as EventObject).type).endsWith(".reloaded"));
    expect(reloads).toEqual([]);
  });

  it("with the real spend form: a created spend reloads the real table and chart once", async () => {
    const session = await signedInSession();
    const loads: string[] = [];
    const report = createActor(
      performanceReportMachine.provide({
        actors: {
          spendForm: spendFormTellingToasts.provide({ actors: { createSpend: fromPromise(async () => ({ data: { id: 7 } })) } }),
          performanceTable: performanceTableMachine.provide({ actors: { loadTable: fromPromise(async () => (loads.push("table"), tableOf([]))) } }),
          performanceChart: performanceChartMachine.provide({ actors: { loadChart: fromPromise(async () => (loads.push("chart"), noRows)) } }),
        },
      }),
      { input: { session, path: [], now: fixedNow } },
    ).start();
    actors.push(report);
    await flush();
    expect([...loads].sort()).toEqual(["chart", "table"]);
    loads.length = 0;
    const form = sel.spendForm(report.getSnapshot());
    for (const [field, value] of [["taxonomy_1", "Paid Search"], ["spend", "120.50"], ["start_date", "2026-02-15"]] as const) form?.send({ type: "spend.fieldChanged", field, value });
    form?.send({ type: "spend.saved" });
    await flush();
    expect(form?.getSnapshot().matches({ editing: "created" })).toBe(true);
    expect([...loads].sort()).toEqual(["chart", "table"]);
  });

  it("'Export as CSV' asks the CSV download for the table's CSV in the report's scope", async () => {
    const { report, heard, since } = await open({ path: ["Paid Search", "Google"] });
    const mark = heard.length;
    report.send({ type: "report.csvRequested" });
    expect(since(mark)).toEqual([
      { piece: "csvDownload", kind: "event", payload: { type: "csv.requested", request: { api: signedIn, program: "acme", path: ["Paid Search", "Google"], range: january } } },
    ]);
  });

  it("waits for a program and dates before spawning anything; a sign-out stops every piece", async () => {
    const profile: MeResponse = { user: alice, programs: [acme, beta] };
    const session = createActor(sessionMachine.provide({ actors: { loadProfile: fromPromise(async () => profile) } }), { input: {} }).start();
    actors.push(session);
    const { report, started, heard, since } = await open({ path: ["Paid Search"] }, session);
    expect(sel.isWaiting(report.getSnapshot())).toBe(true);
    expect(started()).toEqual([]);
    session.send({ type: "session.signedIn", token: "tok-1", user: alice });
    await flush();
    expect(sel.isOpen(report.getSnapshot())).toBe(true);
    expect([...started()].sort()).toEqual([...levelPieces].sort());
    const mark = heard.length;
    session.send({ type: "session.signOutRequested" });
    await flush();
    expect(sel.isWaiting(report.getSnapshot())).toBe(true);
    expect(since(mark).map((h) => `${h.piece} ${h.kind}`).sort()).toEqual(levelPieces.map((p) => `${p} stop`).sort());
    expect(sel.table(report.getSnapshot())).toBeUndefined();
  });

  it("stopping the report stops its pieces and its listening to the session", async () => {
    const { session, report, heard, since } = await open();
    const mark = heard.length;
    report.stop();
    expect(since(mark).map((h) => `${h.piece} ${h.kind}`).sort()).toEqual([...levelPieces, "spendForm", "spendBatch"].map((p) => `${p} stop`).sort());
    const after = heard.length;
    session.send({ type: "session.datesChanged", from: "2026-02-01", to: "2026-02-28" });
    expect(heard.length).toBe(after);
  });

  it("with the real pieces: each piece is the machine of its kind, and stops with the report", async () => {
    const session = await signedInSession();
    const report = createActor(performanceReportMachine, { input: { session, path: ["Paid Search", "Google", "Brand", "Exact"], now: fixedNow } });
    report.start();
    const chart = sel.chart(report.getSnapshot());
    const notes = sel.notes(report.getSnapshot());
    expect(chart?.getSnapshot().machine.id).toBe("performanceChart");
    expect(notes?.getSnapshot().machine.id).toBe("campaignNotes");
    report.stop();
    expect(chart?.getSnapshot().status).toBe("stopped");
    expect(notes?.getSnapshot().status).toBe("stopped");
  });
});
