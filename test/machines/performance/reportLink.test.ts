import { createActor, fromCallback, fromPromise, type AnyActorRef, type EventObject } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { MeResponse } from "../../../src/domain/access/auth";
import { sessionScopeOf } from "../../../src/domain/report/reportScope";
import { performanceReportMachine, performanceReportSelectors as sel, type ReportChild } from "../../../src/machines/performance/performanceReport.machine";
import { sessionMachine } from "../../../src/machines/shell/session.machine";
import { acme, alice, beta } from "../../model/fixtures";
import { flush } from "../support";
import { fixedNow, pieceSources } from "../../model/performance/reportFixtures";

const january = { from: "2026-01-01", to: "2026-01-31" };
const linked = { from: "2025-11-01", to: "2025-11-30" };
const compared = { from: "2025-10-01", to: "2025-10-31" };

const actors: AnyActorRef[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

/** Signed in as a person who sees acme and beta, looking at acme in January (the stored program and dates). */
const signedInSession = async () => {
  const profile: MeResponse = { user: alice, programs: [acme, beta] };
  const session = createActor(sessionMachine.provide({ actors: { loadProfile: fromPromise(async () => profile) } }), { input: {} }).start();
  actors.push(session);
  session.send({ type: "session.signedIn", token: "tok-1", user: alice });
  await flush();
  session.send({ type: "session.programSelected", program: "acme" });
  session.send({ type: "session.datesChanged", ...january });
  return session;
};

/** Opens a report on `search` with stand-ins for its pieces, recording what they start with and hear, and the toasts. */
const openLink = async (search: string, path: ReadonlyArray<string> = ["Paid Search"], searchTerm?: string) => {
  const session = await signedInSession();
  const heard: { piece: ReportChild; kind: "start" | "event"; payload: unknown }[] = [];
  const standIns = Object.fromEntries(
    (Object.keys(pieceSources) as ReportChild[]).map((piece) => [
      pieceSources[piece],
      fromCallback<EventObject, unknown>(({ input, receive }) => {
        heard.push({ piece, kind: "start", payload: input });
        receive((event) => heard.push({ piece, kind: "event", payload: event }));
      }),
    ]),
  );
  const toasted: unknown[] = [];
  const toasts = createActor(fromCallback<EventObject>(({ receive }) => receive((e) => toasted.push(e)))).start();
  actors.push(toasts);
  const report = createActor(performanceReportMachine.provide({ actors: standIns }), {
    input: { session, path, toasts, now: fixedNow, search, ...(searchTerm === undefined ? {} : { searchTerm }) },
  }).start();
  actors.push(report);
  const inputOf = (piece: ReportChild) => heard.filter((h) => h.piece === piece && h.kind === "start").at(-1)?.payload as Record<string, unknown>;
  return { session, report, heard, inputOf, toasted };
};

const fullLink = new URLSearchParams({
  program: "beta",
  date_from: linked.from,
  date_to: linked.to,
  interval: "week",
  chart: "bar",
  metrics: "total_cost,roas",
  filter: "new",
  compare_from: compared.from,
  compare_to: compared.to,
  columns: "roas,clicks,cpa",
  sort: "clicks",
  order: "asc",
  page: "2",
  per_page: "15",
  notes: "off",
  notes_table: "on",
}).toString();

describe("performanceReport: a shared link", () => {
  it("opens with the link's program, dates and choices: the pieces' first loads already use them", async () => {
    const { report, heard, inputOf } = await openLink(fullLink);
    const params = { api: { baseUrl: "/api", token: "tok-1" }, program: "beta", range: linked, filter: "new" };
    expect(inputOf("table")).toMatchObject({ params: { ...params, path: ["Paid Search"] }, sort: { column: "clicks", direction: "asc" } });
    expect(inputOf("chart")).toMatchObject({ params: { ...params, path: ["Paid Search"] }, metricOne: "total_cost", metricTwo: "roas", interval: "week", chartType: "bar" });
    expect(inputOf("comparison")).toMatchObject({ program: "beta", range: linked, opening: compared });
    expect(inputOf("columnSets")).toMatchObject({ columns: ["roas", "clicks", "cpa"], chosenSetId: -1 });
    expect(inputOf("notes")).toMatchObject({ scope: { program: "beta", range: linked } });
    // Nothing is loaded again: no piece hears of another scope after it started.
    expect(heard.filter((h) => h.kind === "event")).toEqual([]);
    expect(sel.choices(report.getSnapshot())).toEqual({
      interval: "week",
      chartType: "bar",
      metricOne: "total_cost",
      metricTwo: "roas",
      filter: "new",
      comparison: compared,
      columns: ["roas", "clicks", "cpa"],
      sort: { column: "clicks", direction: "asc" },
      paging: { page: 2, perPage: 15 },
      notesShown: false,
      notesTableOpen: true,
      searchFilter: null,
    });
    expect(inputOf("table")).toMatchObject({ paging: { page: 2, perPage: 15 } });
    expect(inputOf("notes")).toMatchObject({ markersShown: false, tableOpen: true, listener: report });
  });

  it("the session takes the link's program, dates and choices, so the next page keeps them", async () => {
    const { session, report } = await openLink(fullLink);
    const c = session.getSnapshot().context;
    expect(c.programCode).toBe("beta");
    expect(c.range).toEqual(linked);
    expect(c.preferences).toMatchObject({
      interval: "week",
      chartType: "bar",
      metricOne: "total_cost",
      metricTwo: "roas",
      namedFilter: "new",
      columns: ["roas", "clicks", "cpa"],
      sortMetric: "clicks",
      sortDirection: "asc",
    });
    expect(sel.scope(report.getSnapshot())).toEqual(sessionScopeOf(c));
  });

  it("a link without choices keeps the stored ones, with Compare off", async () => {
    const { session, inputOf, report } = await openLink("");
    const stored = session.getSnapshot().context.preferences;
    expect(inputOf("table")).toMatchObject({ params: { program: "acme", range: january }, sort: { column: stored.sortMetric, direction: stored.sortDirection } });
    expect(inputOf("comparison")).toMatchObject({ opening: null });
    expect(inputOf("columnSets")).toMatchObject({ columns: stored.columns, chosenSetId: null });
    expect(sel.choices(report.getSnapshot()).comparison).toBeNull();
  });

  it.each<[string, string, ReadonlyArray<string>, unknown]>([
    ["no paging: page 1 with the taxonomy-two table's 10 a page", "", ["Paid Search"], { page: 1, perPage: 10 }],
    ["no paging on a level table: its 15 a page", "", [], { page: 1, perPage: 15 }],
    ["rows per page the level table does not offer: its default, the page kept", "page=3&per_page=30", [], { page: 3, perPage: 15 }],
    ["a bad page: page 1", "page=-1&per_page=30", ["Paid Search"], { page: 1, perPage: 30 }],
    ["the level-four chart has no table: no paging", "page=2&per_page=10", ["Paid Search", "Google", "Brand", "Exact"], null],
  ])("opening paging, %s", async (_, search, path, paging) => {
    const { report, inputOf } = await openLink(search, path);
    expect(sel.choices(report.getSnapshot()).paging).toEqual(paging);
    if (paging) expect(inputOf("table")).toMatchObject({ paging });
  });

  it("without notes toggles in the link the notes open as by default: drawn, table closed", async () => {
    const { report, inputOf } = await openLink("notes=maybe");
    expect(inputOf("notes")).toMatchObject({ markersShown: true, tableOpen: false });
    expect(sel.choices(report.getSnapshot())).toMatchObject({ notesShown: true, notesTableOpen: false });
  });

  it("keeps the table's paging and the notes toggles as they change, beside the session's choices", async () => {
    const { session, report } = await openLink("page=4");
    report.send({ type: "table.pagingChanged", paging: { page: 2, perPage: 30 } });
    report.send({ type: "notes.toggleChanged", toggle: "markers", on: false });
    report.send({ type: "notes.toggleChanged", toggle: "table", on: true });
    session.send({ type: "session.intervalChanged", interval: "month" });
    expect(sel.choices(report.getSnapshot())).toMatchObject({ interval: "month", paging: { page: 2, perPage: 30 }, notesShown: false, notesTableOpen: true });
    report.send({ type: "notes.toggleChanged", toggle: "markers", on: true });
    report.send({ type: "table.pagingChanged", paging: { page: 1, perPage: 30 } });
    expect(sel.choices(report.getSnapshot())).toMatchObject({ paging: { page: 1, perPage: 30 }, notesShown: true, notesTableOpen: true });
  });

  it("a program the person may not see: the session's program is shown (the session tells the person, once for every screen)", async () => {
    const { inputOf, toasted, session } = await openLink(`program=secret&date_from=${linked.from}&date_to=${linked.to}`);
    expect(inputOf("table")).toMatchObject({ params: { program: "acme", range: linked } });
    expect(session.getSnapshot().context.programCode).toBe("acme");
    expect(toasted).toEqual([]);
  });

  it("a program the person may see says nothing", async () => {
    expect((await openLink("program=beta")).toasted).toEqual([]);
  });

  it("keeps the choices as they are made: the session's preferences and the comparison dates", async () => {
    const { session, report } = await openLink("");
    session.send({ type: "session.intervalChanged", interval: "month" });
    session.send({ type: "session.columnsChanged", columns: ["cpa"], setId: -1 });
    report.send({ type: "comparison.changed", range: compared });
    expect(sel.choices(report.getSnapshot())).toMatchObject({ interval: "month", columns: ["cpa"], comparison: compared });
    report.send({ type: "comparison.changed", range: null });
    expect(sel.choices(report.getSnapshot()).comparison).toBeNull();
  });

  describe("on a search results page", () => {
    const redShoes = ["Paid Search", "Brand", "Shoes", "red shoes"].join("\u001f");
    const display = "Display";
    const openSearch = (search: string) => openLink(search, [], "shoes");

    it("opens the results with the link's page, unticked leaves and columns", async () => {
      const q = new URLSearchParams({ search_filter: [redShoes, display].join("\u001e"), page: "3", per_page: "15", columns: "cpa,roas" });
      const { report, inputOf } = await openSearch(q.toString());
      expect(inputOf("search")).toMatchObject({ term: "shoes", paging: { page: 3, perPage: 15 }, unchecked: [redShoes, display] });
      expect(inputOf("columnSets")).toMatchObject({ columns: ["cpa", "roas"] });
      expect(sel.choices(report.getSnapshot())).toMatchObject({ paging: { page: 3, perPage: 15 }, searchFilter: [redShoes, display], columns: ["cpa", "roas"] });
    });

    it.each<[string, string, unknown, unknown]>([
      ["no link: page 1, 15 a page, every leaf ticked", "", { page: 1, perPage: 15 }, []],
      ["a bad page and rows per page not offered", "page=0&per_page=30", { page: 1, perPage: 15 }, []],
      ["an empty level in a leaf is dropped", `search_filter=${encodeURIComponent(`${display}\u001e\u001fx`)}`, { page: 1, perPage: 15 }, [display]],
    ])("falls back, %s", async (_, search, paging, unchecked) => {
      const { report, inputOf } = await openSearch(search);
      expect(inputOf("search")).toMatchObject({ paging, unchecked });
      expect(sel.choices(report.getSnapshot())).toMatchObject({ paging, searchFilter: unchecked });
    });

    it("keeps the results' Filter and page as they change", async () => {
      const { report } = await openSearch("page=2");
      report.send({ type: "search.choicesChanged", unchecked: [display], paging: { page: 1, perPage: 15 } });
      expect(sel.choices(report.getSnapshot())).toMatchObject({ paging: { page: 1, perPage: 15 }, searchFilter: [display] });
      report.send({ type: "search.choicesChanged", unchecked: [], paging: { page: 2, perPage: 15 } });
      expect(sel.choices(report.getSnapshot())).toMatchObject({ paging: { page: 2, perPage: 15 }, searchFilter: [] });
    });

    it("a page without search results reads no Filter", async () => {
      const { report } = await openLink(`search_filter=${display}`);
      expect(sel.choices(report.getSnapshot()).searchFilter).toBeNull();
    });
  });
});
