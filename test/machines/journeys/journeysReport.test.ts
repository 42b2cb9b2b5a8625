import { createActor, fromCallback, type AnyActorRef } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { JourneySearch } from "../../../src/domain/journeys/journeys";
import type { JourneySummaryResponse } from "../../../src/domain/journeys/journeySummary";
import type { TaxonomyPath } from "../../../src/domain/performance/performance";
import {
  journeysReportMachine,
  journeysReportSelectors as sel,
  type BlocksInput,
  type BlocksOutput,
  type CallInput,
  type SummaryInput,
} from "../../../src/machines/journeys/journeysReport.machine";
import { ServerError } from "../../../src/services/http/httpErrors";
import type { JourneyFilterInput } from "../../../src/machines/journeys/journeyFilter.machine";
import { quietReportScopeListener, scopeOf, sessionOf } from "../../model/fixtures";
import { controlled } from "../support";
import { answerOf, summaryOf, taxonomies } from "./journeyFixtures";

const actors: AnyActorRef[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

/** The Journey Path Filter as the page invokes it: its input recorded; the test sends what it would tell the page. */
const filterInputs: JourneyFilterInput[] = [];
const fakeFilter = fromCallback<{ type: "noop" }, JourneyFilterInput>(({ input }) => {
  filterInputs.push(input);
});

const open = (options: { search?: string; signedOut?: boolean } = {}) => {
  const loadTaxonomies = controlled<ReadonlyArray<TaxonomyPath>, CallInput>();
  const loadJourneys = controlled<BlocksOutput, BlocksInput>();
  const loadSummary = controlled<JourneySummaryResponse, SummaryInput>();
  const loadExportJourneys = controlled<BlocksOutput, BlocksInput>();
  const session = options.signedOut ? sessionOf({ programCode: null, range: null }) : sessionOf();
  const report = createActor(
    journeysReportMachine.provide({
      actors: {
        loadTaxonomies: loadTaxonomies.logic,
        loadJourneys: loadJourneys.logic,
        loadSummary: loadSummary.logic,
        loadExportJourneys: loadExportJourneys.logic,
        sessionScopeListener: quietReportScopeListener,
        journeyFilter: fakeFilter as never,
      },
    }),
    { input: { session, search: options.search } },
  ).start();
  actors.push(report);
  return { report, loadTaxonomies, loadJourneys, loadSummary, loadExportJourneys, snap: () => report.getSnapshot() };
};

/** Opens the report and answers the taxonomies, the first blocks (of `total` orders) and the summary. */
const openReady = async (total = 400, search?: string) => {
  const r = open({ search });
  await r.loadTaxonomies.resolve(taxonomies);
  await r.loadJourneys.resolve(answerOf(r.loadJourneys.calls[0]?.blocks ?? [], total));
  await r.loadSummary.resolve(summaryOf());
  return r;
};

describe("journeys report", () => {
  it("loads the taxonomies first, then the first block of 160 (conversion date, newest first) and the summary at level Two", async () => {
    const { loadTaxonomies, loadJourneys, loadSummary, snap } = open();
    expect(sel.status(snap())).toBe("loading");
    expect(loadTaxonomies.calls).toHaveLength(1);
    expect(loadJourneys.calls).toHaveLength(0);
    await loadTaxonomies.resolve(taxonomies);
    expect(loadJourneys.calls[0]).toMatchObject({ sortBy: "conversion_date", direction: "desc", blocks: [0], scope: { filter: {}, path: null } });
    expect(loadSummary.calls[0]).toMatchObject({ level: 2 });
    await loadJourneys.resolve(answerOf([0], 400));
    expect(sel.status(snap())).toBe("ready");
    expect(sel.rows(snap())).toHaveLength(15);
    expect(sel.total(snap())).toBe(400);
    expect(sel.pageCount(snap())).toBe(27);
    await loadSummary.resolve(summaryOf());
    expect(sel.summary(snap())?.filtered.orders).toBe(200);
  });

  it("pages within the loaded 160 rows without a call, and asks for the next block past them", async () => {
    const { report, loadJourneys, snap } = await openReady();
    report.send({ type: "journeys.paged", page: 10 });
    expect(loadJourneys.calls).toHaveLength(1);
    expect(sel.rows(snap())[0]?.order_id).toBe("order-0135");
    report.send({ type: "journeys.paged", page: 11 });
    expect(loadJourneys.calls[1]?.blocks).toEqual([1]);
    expect(sel.status(snap())).toBe("loading");
    // The rows shown stay until the answer.
    expect(sel.rows(snap())[0]?.order_id).toBe("order-0135");
    await loadJourneys.resolve(answerOf([1], 400));
    expect(sel.page(snap())).toBe(11);
    expect(sel.rows(snap()).map((r) => r.order_id)).toEqual(Array.from({ length: 15 }, (_, i) => `order-${String(150 + i).padStart(4, "0")}`));
  });

  it("asks for two blocks when a page straddles them (50 a page, page 4)", async () => {
    const r = open({ search: "per_page=50&page=4" });
    await r.loadTaxonomies.resolve(taxonomies);
    expect(r.loadJourneys.calls[0]?.blocks).toEqual([0, 1]);
    await r.loadJourneys.resolve(answerOf([0, 1], 400));
    expect(sel.rows(r.snap())).toHaveLength(50);
    expect(sel.rows(r.snap())[0]?.order_id).toBe("order-0150");
  });

  it("keeps the first row shown in view when the rows per page change", async () => {
    const { report, snap } = await openReady();
    report.send({ type: "journeys.paged", page: 5 });
    report.send({ type: "journeys.perPageChanged", perPage: 30 });
    expect(sel.page(snap())).toBe(3);
    expect(sel.perPage(snap())).toBe(30);
    expect(sel.rows(snap())[0]?.order_id).toBe("order-0060");
  });

  it("sorts by the server: Journey Length longest first, again shortest first, each from page 1 with every block asked afresh", async () => {
    const { report, loadJourneys, snap } = await openReady();
    report.send({ type: "journeys.paged", page: 3 });
    report.send({ type: "journeys.sorted", column: "journey_length" });
    expect(loadJourneys.calls[1]).toMatchObject({ sortBy: "journey_length", direction: "desc", blocks: [0] });
    expect(sel.page(snap())).toBe(1);
    await loadJourneys.resolve(answerOf([0], 400));
    report.send({ type: "journeys.sorted", column: "journey_length" });
    expect(loadJourneys.calls[2]).toMatchObject({ sortBy: "journey_length", direction: "asc" });
    report.send({ type: "journeys.sorted", column: "conversion_date" });
    expect(loadJourneys.calls[3]).toMatchObject({ sortBy: "conversion_date", direction: "desc" });
  });

  it("reloads the table and the summary for another level, filter or path; a path goes with a new level or filter", async () => {
    const { report, loadJourneys, loadSummary, snap } = await openReady();
    const path = [["SEO", "Organic"]];
    report.send({ type: "journeys.pathChosen", path });
    expect(loadJourneys.calls[1]?.scope.path).toEqual(path);
    expect(loadSummary.calls[1]?.scope.path).toEqual(path);
    expect(sel.choices(snap()).path).toEqual(path);
    await loadJourneys.resolve(answerOf([0], 120));
    report.send({ type: "journeys.levelChosen", level: 3 });
    expect(sel.path(snap())).toBeNull();
    expect(loadJourneys.calls[2]?.scope.path).toBeNull();
    expect(loadSummary.calls.at(-1)?.level).toBe(3);
    const filter: JourneySearch = { first: [{ taxonomy_one: "Email" }, {}] };
    report.send({ type: "journeys.filter.applied", filter });
    expect(sel.filter(snap())).toEqual({ first: [{ taxonomy_one: "Email" }] });
    expect(loadJourneys.calls.at(-1)?.scope.filter).toEqual({ first: [{ taxonomy_one: "Email" }] });
    expect(loadSummary.calls.at(-1)?.scope.filter).toEqual({ first: [{ taxonomy_one: "Email" }] });
    report.send({ type: "journeys.filterCleared" });
    expect(sel.isFiltered(snap())).toBe(false);
  });

  it("cleans a linked filter of touchpoints no taxonomy has any more before the journeys load", async () => {
    const filter: JourneySearch = {
      first: [{ taxonomy_one: "Email" }, { taxonomy_one: "Gone" }],
      comparison: [{ before: { taxonomy_one: "SEO" }, after: { taxonomy_one: "Paid Search", taxonomy_two: "Bing" }, immediately: false }],
    };
    const path = [["SEO", "Organic"]];
    const r = open({ search: `journey_search=${encodeURIComponent(JSON.stringify(filter))}&path=${encodeURIComponent(JSON.stringify(path))}&level=2` });
    expect(sel.filter(r.snap())).toEqual(filter);
    await r.loadTaxonomies.resolve(taxonomies);
    expect(sel.filter(r.snap())).toEqual({ first: [{ taxonomy_one: "Email" }] });
    expect(r.loadJourneys.calls[0]?.scope).toMatchObject({ filter: { first: [{ taxonomy_one: "Email" }] }, path });
  });

  it("reads a link's choices and ignores invalid ones", () => {
    const { snap } = open({ search: "sort=journey_length&direction=asc&page=2&per_page=30&level=4&journey_search=%7Bnope&path=%5B%5D" });
    expect(sel.choices(snap())).toEqual({ sort: "journey_length", direction: "asc", page: 2, perPage: 30, level: 4, filter: {}, path: null });
    const odd = open({ search: "sort=order_id&per_page=20&level=5" });
    expect(sel.choices(odd.snap())).toMatchObject({ sort: "conversion_date", perPage: 15, level: 2 });
  });

  it("goes to the last page when a link's page lies past it", async () => {
    const r = open({ search: "page=30" });
    await r.loadTaxonomies.resolve(taxonomies);
    expect(r.loadJourneys.calls[0]?.blocks).toEqual([2]);
    await r.loadJourneys.resolve({ total: 40, blocks: [] });
    expect(sel.page(r.snap())).toBe(3);
    expect(r.loadJourneys.calls[1]?.blocks).toEqual([0]);
    await r.loadJourneys.resolve(answerOf([0], 40));
    expect(sel.status(r.snap())).toBe("ready");
    expect(sel.rows(r.snap())).toHaveLength(10);
  });

  it("is empty when no order is left, and a failure only stops loading (taxonomies or journeys); a change loads again", async () => {
    const empty = open();
    await empty.loadTaxonomies.resolve(taxonomies);
    await empty.loadJourneys.resolve({ total: 0, blocks: [{ block: 0, rows: [] }] });
    expect(sel.status(empty.snap())).toBe("empty");

    const failing = open();
    await failing.loadTaxonomies.reject(new ServerError({ status: 500, message: "boom", path: "x" }));
    expect(sel.status(failing.snap())).toBe("failed");
    expect(failing.loadJourneys.calls).toHaveLength(0);

    const { report, loadJourneys, snap } = await openReady();
    report.send({ type: "journeys.sorted", column: "journey_length" });
    await loadJourneys.reject(new ServerError({ status: 500, message: "boom", path: "x" }));
    expect(sel.status(snap())).toBe("failed");
    expect(sel.rows(snap())).toEqual([]);
    report.send({ type: "journeys.sorted", column: "journey_length" });
    expect(sel.status(snap())).toBe("loading");
  });

  it("a failed summary shows none; the table is not touched", async () => {
    const r = open();
    await r.loadTaxonomies.resolve(taxonomies);
    await r.loadSummary.reject(new ServerError({ status: 500, message: "boom", path: "x" }));
    expect(sel.summary(r.snap())).toBeNull();
    await r.loadJourneys.resolve(answerOf([0], 20));
    expect(sel.status(r.snap())).toBe("ready");
  });

  it("waits for a program and dates; a new scope loads the taxonomies again from page 1; the same scope nothing", async () => {
    const { report, loadTaxonomies, snap } = open({ signedOut: true });
    expect(sel.status(snap())).toBe("waiting");
    report.send({ type: "session.scopeChanged", scope: scopeOf() });
    expect(loadTaxonomies.calls).toHaveLength(1);
    report.send({ type: "session.scopeChanged", scope: scopeOf() });
    expect(loadTaxonomies.calls).toHaveLength(1);
    await loadTaxonomies.resolve(taxonomies);
    report.send({ type: "journeys.paged", page: 2 });
    report.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2026-02-01", to: "2026-02-28" } }) });
    expect(loadTaxonomies.calls).toHaveLength(2);
    expect(sel.page(snap())).toBe(1);
    report.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: null, range: null }) });
    expect(sel.status(snap())).toBe("waiting");
  });

  it("keeps choices made while the taxonomies load for the journeys load", async () => {
    const { report, loadTaxonomies, loadJourneys } = open();
    report.send({ type: "journeys.sorted", column: "journey_length" });
    report.send({ type: "journeys.levelChosen", level: 4 });
    expect(loadJourneys.calls).toHaveLength(0);
    await loadTaxonomies.resolve(taxonomies);
    expect(loadJourneys.calls[0]).toMatchObject({ sortBy: "journey_length", direction: "desc" });
  });

  it("opens the Journey Path Filter only once the taxonomies are in: 'Filter Journey' is disabled while they load or after they failed", async () => {
    const { report, loadTaxonomies, snap } = open();
    expect(sel.canOpenFilter(snap())).toBe(false);
    report.send({ type: "journeys.filterOpened" });
    expect(sel.filterDialog(snap())).toBeUndefined();
    await loadTaxonomies.resolve(taxonomies);
    expect(sel.canOpenFilter(snap())).toBe(true);
    report.send({ type: "journeys.filterOpened" });
    expect(sel.filterDialog(snap())).toBeDefined();
    expect(filterInputs.at(-1)?.taxonomies).toEqual(taxonomies);

    const failed = open();
    await failed.loadTaxonomies.reject(new ServerError({ status: 500, message: "boom", path: "x" }));
    expect(sel.canOpenFilter(failed.snap())).toBe(false);
    failed.report.send({ type: "journeys.filterOpened" });
    expect(sel.filterDialog(failed.snap())).toBeUndefined();
  });

  it("opens the Journey Path Filter on the filter in force and the taxonomies; Close applies its filter and loads, the same filter nothing", async () => {
    const { report, loadJourneys, loadSummary, snap } = await openReady();
    report.send({ type: "journeys.pathChosen", path: [["SEO", "Organic"]] });
    await loadJourneys.resolve(answerOf([0], 120));
    report.send({ type: "journeys.paged", page: 2 });
    expect(sel.filterDialog(snap())).toBeUndefined();
    report.send({ type: "journeys.filterOpened" });
    expect(sel.filterDialog(snap())).toBeDefined();
    expect(filterInputs.at(-1)).toEqual({ filter: {}, taxonomies });
    const calls = loadJourneys.calls.length;
    const summaries = loadSummary.calls.length;
    // Closed without a change: nothing loads, the path and the page stay.
    report.send({ type: "journeys.filter.applied", filter: { first: [] } });
    expect(sel.filterDialog(snap())).toBeUndefined();
    expect(loadJourneys.calls).toHaveLength(calls);
    expect(loadSummary.calls).toHaveLength(summaries);
    expect(sel.page(snap())).toBe(2);
    expect(sel.path(snap())).toEqual([["SEO", "Organic"]]);
    // Another filter: page 1, no path, the table and the summary load.
    report.send({ type: "journeys.filterOpened" });
    report.send({ type: "journeys.filter.applied", filter: { anywhere: [{ taxonomy_one: "SEO" }], anywhere_connector: "or" } });
    expect(sel.filterDialog(snap())).toBeUndefined();
    expect(loadJourneys.calls.at(-1)?.scope).toMatchObject({ filter: { anywhere: [{ taxonomy_one: "SEO" }], anywhere_connector: "or" }, path: null });
    expect(loadSummary.calls).toHaveLength(summaries + 1);
    expect(sel.page(snap())).toBe(1);
    report.send({ type: "journeys.filterOpened" });
    expect(filterInputs.at(-1)?.filter).toEqual({ anywhere: [{ taxonomy_one: "SEO" }], anywhere_connector: "or" });
  });

  it("exports every filtered order, not only the page's: the blocks not loaded are asked for first, then the dialog opens with all of them in the table's sort", async () => {
    const { report, loadJourneys, loadExportJourneys, snap } = await openReady(400);
    const exported = () => sel.exportDialog(snap())?.getSnapshot().context;
    report.send({ type: "journeys.exportRequested" });
    expect(loadExportJourneys.calls[0]).toMatchObject({ blocks: [1, 2], sortBy: "conversion_date", direction: "desc" });
    expect(sel.status(snap())).toBe("ready");
    expect(sel.isExporting(snap())).toBe(true);
    await loadExportJourneys.resolve(answerOf([1, 2], 400));
    expect(sel.isExporting(snap())).toBe(false);
    const rows = exported()?.rows ?? [];
    expect(rows).toHaveLength(400);
    expect(rows.map((r) => r["order_id"]).slice(0, 2)).toEqual(["order-0000", "order-0001"]);
    expect(rows.at(-1)).toMatchObject({ order_id: "order-0399", journey_length: 3 });
    expect(exported()?.reportName).toBe("acme_journey_paths_2026-01-01_2026-01-31");
    // The table's page is untouched, and a second export needs no call.
    expect(sel.rows(snap())).toHaveLength(15);
    sel.exportDialog(snap())?.send({ type: "export.cancelled" });
    report.send({ type: "journeys.exportRequested" });
    expect(loadExportJourneys.calls).toHaveLength(1);
    expect(exported()?.rows).toHaveLength(400);
    expect(loadJourneys.calls).toHaveLength(1);
  });

  it("an export that fits in the loaded block opens at once; a change of choice while exporting cancels it", async () => {
    const few = await openReady(50);
    few.report.send({ type: "journeys.exportRequested" });
    expect(few.loadExportJourneys.calls).toHaveLength(0);
    expect(sel.exportDialog(few.snap())?.getSnapshot().context.rows).toHaveLength(50);
    const many = await openReady(400);
    many.report.send({ type: "journeys.exportRequested" });
    many.report.send({ type: "journeys.sorted", column: "journey_length" });
    expect(sel.isExporting(many.snap())).toBe(false);
    expect(sel.status(many.snap())).toBe("loading");
    expect(sel.exportDialog(many.snap())?.getSnapshot().matches("closed")).toBe(true);
  });
});
