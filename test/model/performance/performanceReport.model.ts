import { fromCallback, type EventObject } from "xstate";
import { performancePageKind, type PerformancePageKind } from "../../../src/domain/performance/performancePage";
import { todayAt } from "../../../src/domain/report/dateRange";
import type { DateRange } from "../../../src/domain/report/dateRange";
import { programTimeZone } from "../../../src/domain/shell/timeZone";
import type { SessionScope } from "../../../src/domain/report/reportScope";
import { defaultPreferences, type NamedFilter } from "../../../src/domain/shell/session";
import { performanceReportMachine, reportChildIds, type ReportChild } from "../../../src/machines/performance/performanceReport.machine";
import { defineMachineModel, invariant, type Call, type Rig } from "../harness";
import { quietSessionScopeListener, recordingSessionActor, scopeOf } from "../fixtures";
import { fixedNow, pieceSources } from "./reportFixtures";

const january = { from: "2026-01-01", to: "2026-01-31" };
const february = { from: "2026-02-01", to: "2026-02-28" };
const signedOut = { token: null, programs: [], programCode: null, range: null };

/** The pieces each page has. */
const piecesOf: Readonly<Record<PerformancePageKind, ReadonlyArray<ReportChild>>> = {
  levelOne: ["table", "expansion", "comparison", "columnSets", "csvDownload", "chart", "notes", "spendForm", "spendBatch"],
  taxonomyTwo: ["table", "expansion", "comparison", "columnSets", "csvDownload", "chart", "notes"],
  taxonomyThree: ["table", "expansion", "comparison", "columnSets", "csvDownload", "chart", "notes"],
  levelFour: ["table", "expansion", "comparison", "columnSets", "csvDownload", "chart", "notes"],
  levelFourChart: ["chart", "notes"],
  search: ["search", "columnSets"],
};

const pieces = Object.keys(pieceSources) as ReportChild[];

/** The stand-in of a piece: records its start (`actor`), each event it hears (`received`) and its stop (`received` piece.stopped). */
const standIn = (piece: ReportChild, rig: Rig) =>
  fromCallback<EventObject, unknown>(({ input, receive }) => {
    rig.record("actor", piece, input);
    receive((event) => rig.record("received", piece, event));
    return () => rig.record("received", piece, { type: "piece.stopped" });
  });

const scopeWith = (programCode: string, range: DateRange, namedFilter: NamedFilter): SessionScope =>
  scopeOf({ programCode, range, preferences: { ...defaultPreferences, namedFilter } });

const isComplete = (s: SessionScope) => s.program !== null && s.range !== null;
const sameApi = (a: SessionScope, b: SessionScope) => a.api.baseUrl === b.api.baseUrl && a.api.token === b.api.token;

/** What a scope change must tell each piece: the pieces that load hear of any change; the search of its API, program or dates; the spend entry restarts for another program or API. */
const toldOnChange = (piece: ReportChild, before: SessionScope, after: SessionScope): number => {
  switch (piece) {
    case "table":
    case "expansion":
    case "comparison":
    case "chart":
    case "notes":
      return 1;
    case "search":
      return !sameApi(before, after) || before.program?.code !== after.program?.code || before.range?.from !== after.range?.from || before.range?.to !== after.range?.to ? 1 : 0;
    default:
      return 0;
  }
};
const restartsOnChange = (piece: ReportChild, before: SessionScope, after: SessionScope): boolean =>
  (piece === "spendForm" || piece === "spendBatch") && (before.program?.code !== after.program?.code || !sameApi(before, after));

/** The pieces that show costs: a created spend or a finished batch reloads each once (level one only, where the spend entry is). */
const reloadOf: Readonly<Partial<Record<ReportChild, string>>> = { table: "table.reloaded", chart: "chart.reloaded", comparison: "comparison.reloaded" };
const isNewCosts = (type: string) => type === "spend.created" || type === "spendBatch.finished";

const heard = (calls: ReadonlyArray<Call>, piece: ReportChild) =>
  calls.filter((c) => c.kind === "received" && c.name === piece && (c.payload as EventObject).type !== "piece.stopped");
const stops = (calls: ReadonlyArray<Call>, piece: ReportChild) =>
  calls.filter((c) => c.kind === "received" && c.name === piece && (c.payload as EventObject).type === "piece.stopped");
const starts = (calls: ReadonlyArray<Call>, piece: ReportChild) => calls.filter((c) => c.kind === "actor" && c.name === piece);

/**
 * The performance report: waiting for a scope, open with the pieces of its route, and
 * each scope change told to the pieces that depend on it, once.
 */
export const performanceReportModel = defineMachineModel({
  name: "performanceReport",
  machine: performanceReportMachine,
  input: {
    levelOne: (rig) => ({ session: recordingSessionActor((event) => rig.record("received", "session", event)), path: [], now: fixedNow }),
    taxonomyTwo: (rig) => ({ session: recordingSessionActor((event) => rig.record("received", "session", event)), path: ["Paid Search"], now: fixedNow }),
    levelFour: (rig) => ({ session: recordingSessionActor((event) => rig.record("received", "session", event)), path: ["Paid Search", "Google", "Brand"], now: fixedNow }),
    levelFourChart: (rig) => ({ session: recordingSessionActor((event) => rig.record("received", "session", event)), path: ["Paid Search", "Google", "Brand", "Exact"], now: fixedNow }),
    search: (rig) => ({ session: recordingSessionActor((event) => rig.record("received", "session", event)), path: [], searchTerm: "shoes", now: fixedNow }),
    signedOutSearch: (rig) => ({ session: recordingSessionActor((event) => rig.record("received", "session", event), signedOut), path: [], searchTerm: "shoes", now: fixedNow }),
  },
  events: {
    // One change at a time, each a toggle, so the graph stays small: dates, program, named filter, a sign-out, and signing in again.
    "session.scopeChanged": (s): Record<string, { scope: SessionScope }> => {
      const c = s.context.scope;
      if (!isComplete(c)) return { signedIn: { scope: scopeWith("acme", january, "default") } };
      const [program, range, filter] = [c.program?.code ?? "acme", c.range ?? january, c.filter];
      return {
        dates: { scope: scopeWith(program, range.from === january.from ? february : january, filter) },
        program: { scope: scopeWith(program === "acme" ? "beta" : "acme", range, filter) },
        filter: { scope: scopeWith(program, range, filter === "default" ? "returning" : "default") },
        signedOut: { scope: scopeOf(signedOut) },
      };
    },
    // New costs: what the spend form tells after a creation, the batch at the end of one
    // that saved rows. They change nothing observed, and a state's no-change transitions
    // are taken once (the first offered), so each is offered in its own states (default
    // filter: January a created spend, February a finished batch) ahead of the CSV request.
    "spend.created": (s): Record<string, { id: number }> => (s.context.scope.filter === "default" && s.context.scope.range?.from === january.from ? { created: { id: 7 } } : {}),
    "spendBatch.finished": (s): Record<string, { saved: number }> => (s.context.scope.filter === "default" && s.context.scope.range?.from === february.from ? { finished: { saved: 3 } } : {}),
    "report.csvRequested": [{}],
    // What the page's table tells after a header click.
    "table.sorted": { clicksAsc: { sort: { column: "clicks", direction: "asc" } } },
  },
  provide: (rig) => ({
    actors: {
      sessionScopeListener: quietSessionScopeListener,
      // The model's events stand for the session: the report tells it no link and hears no preferences.
      sessionLinkTeller: quietSessionScopeListener,
      sessionPreferencesListener: quietSessionScopeListener,
      ...Object.fromEntries(pieces.map((piece) => [pieceSources[piece], standIn(piece, rig)])),
    },
  }),
  observe: (c) => ({ program: c.scope.program?.code ?? null, from: c.scope.range?.from ?? null, filter: c.scope.filter, today: c.today }),
  strategies: {
    shortest: { maxPaths: 180 },
    simple: { observe: null, maxPaths: 30 },
  },
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    const kind = performancePageKind(c.route);
    const open = after.matches("open");
    const expected = open ? piecesOf[kind] : [];
    const present = pieces.filter((p) => after.children[reportChildIds[p]] !== undefined);
    invariant(JSON.stringify([...present].sort()) === JSON.stringify([...expected].sort()), `the ${kind} page has ${expected.join(", ") || "no pieces"}; found ${present.join(", ")}`);
    invariant(open === isComplete(c.scope), "open exactly while the session has a program and dates");
    if (open) invariant(c.today === todayAt(fixedNow(), programTimeZone(c.scope.program)), "today is the program's today");

    const wasOpen = before?.matches("open") ?? false;
    for (const piece of pieces) {
      const has = (expected as ReadonlyArray<string>).includes(piece);
      if (open && !wasOpen) {
        invariant(starts(newCalls, piece).length === (has ? 1 : 0), `opening starts ${piece} ${has ? "once" : "never"}`);
        continue;
      }
      if (!open && wasOpen && before) {
        const had = piecesOf[performancePageKind(before.context.route)].includes(piece);
        invariant(stops(newCalls, piece).length === (had ? 1 : 0), `closing stops ${piece}`);
        invariant(heard(newCalls, piece).length === 0, `closing tells ${piece} nothing`);
        continue;
      }
      if (!open || !before || !has) continue;
      if (action.kind === "event" && action.event.type === "session.scopeChanged") {
        const [from, to] = [before.context.scope, c.scope];
        invariant(heard(newCalls, piece).length === toldOnChange(piece, from, to), `a scope change tells ${piece} ${toldOnChange(piece, from, to)} time(s)`);
        const restarted = restartsOnChange(piece, from, to);
        invariant(starts(newCalls, piece).length === (restarted ? 1 : 0) && stops(newCalls, piece).length === (restarted ? 1 : 0), `${piece} restarts only for another program`);
      } else if (action.kind === "event" && action.event.type === "report.csvRequested") {
        invariant(heard(newCalls, piece).length === (piece === "csvDownload" ? 1 : 0), "'Export as CSV' goes to the CSV download only");
      } else if (action.kind === "event" && isNewCosts(action.event.type)) {
        const told = heard(newCalls, piece).map((x) => (x.payload as EventObject).type);
        const expectedTold = kind === "levelOne" && reloadOf[piece] ? [reloadOf[piece]] : [];
        invariant(JSON.stringify(told) === JSON.stringify(expectedTold), `new costs tell ${piece} ${expectedTold.join() || "nothing"}`);
        invariant(starts(newCalls, piece).length === 0 && stops(newCalls, piece).length === 0, `new costs neither start nor stop ${piece}`);
      } else if (action.kind === "event" && action.event.type === "table.sorted") {
        const told = heard(newCalls, piece).map((x) => x.payload);
        const expectedTold = piece === "expansion" ? [{ type: "expansion.sortChanged", sort: { column: "clicks", direction: "asc" } }] : [];
        invariant(JSON.stringify(told) === JSON.stringify(expectedTold), `a table sort tells ${piece} ${piece === "expansion" ? "the sort" : "nothing"}`);
      }
    }

    // The session keeps the table's sort (and is told nothing else by the report).
    const sessionTold = newCalls.filter((x) => x.kind === "received" && x.name === "session").map((x) => x.payload);
    const sorted = action.kind === "event" && action.event.type === "table.sorted" && open;
    invariant(
      JSON.stringify(sessionTold) === JSON.stringify(sorted ? [{ type: "session.sortChanged", metric: "clicks", direction: "asc" }] : []),
      "the session hears the table's sort, and only that",
    );

    // Only new costs reload a piece.
    if (!(action.kind === "event" && isNewCosts(action.event.type))) {
      const reloads = newCalls.filter((x) => x.kind === "received" && String((x.payload as EventObject).type).endsWith(".reloaded"));
      invariant(reloads.length === 0, "nothing but new costs reloads a piece");
    }

    // What the pieces hear is the report's new scope.
    const scopeNews = (piece: ReportChild) => heard(newCalls, piece).filter((x) => !String((x.payload as EventObject).type).endsWith(".reloaded"));
    for (const call of scopeNews("table")) {
      const params = (call.payload as { params: { program: string; range: unknown; filter: string; path: unknown } }).params;
      invariant(
        JSON.stringify([params.program, params.range, params.filter, params.path]) === JSON.stringify([c.scope.program?.code, c.scope.range, c.scope.filter, c.route.path]),
        "the table hears the report's scope and path",
      );
    }
    for (const call of scopeNews("comparison")) {
      invariant((call.payload as { today: string }).today === c.today, "the comparison hears the program's today");
    }
    for (const call of heard(newCalls, "csvDownload")) {
      const request = (call.payload as { request: { program: string; path: unknown; range: unknown } }).request;
      invariant(JSON.stringify([request.program, request.path, request.range]) === JSON.stringify([c.scope.program?.code, c.route.path, c.scope.range]), "the CSV of the report's table");
    }
  },
});
