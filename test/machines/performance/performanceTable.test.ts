import { SimulatedClock, createActor, createEmptyActor, fromCallback, type AnyActorRef, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import { totalsOf } from "../../../src/domain/report/metrics";
import type { TableResponse } from "../../../src/domain/performance/performance";
import { performanceTableMachine, performanceTableSelectors as sel, type PerformanceTableInput } from "../../../src/machines/performance/performanceTable.machine";
import type { ReportScope } from "../../../src/services/performance/performance";
import type { ApiContext } from "../../../src/services/http/http";
import { httpErrors, signedInApi } from "../../model/fixtures";
import {
  channelParams,
  laterReport,
  levelFourParams,
  levelOne,
  levelOneParams,
  manyRows,
  paidSearchChildren,
  tableInput,
} from "../../model/performance/tableFixtures";
import { controlled } from "../support";

type Load = { api: ApiContext; scope: ReportScope };

/** A stand-in for the session: records what the table tells it. */
const listener = () => {
  const received: EventObject[] = [];
  const ref = createActor(fromCallback<EventObject>(({ receive }) => receive((e) => void received.push(e)))).start() as AnyActorRef;
  return { ref, received };
};

const setup = (input: PerformanceTableInput = tableInput()) => {
  const load = controlled<TableResponse, Load>();
  const actor = createActor(performanceTableMachine.provide({ actors: { loadTable: load.logic } }), { clock: new SimulatedClock(), input }).start();
  const snap = () => actor.getSnapshot();
  const names = (rows = sel.pageRows(snap())) => rows.map((r) => (r as Readonly<Record<string, unknown>>)[sel.levelColumn(snap())]);
  return { actor, load, snap, names };
};

describe("performance table machine", () => {
  it("loads the level-one table of the session's program, dates and filter, sorted by the stored sort", async () => {
    const { load, snap, names } = setup();
    expect(sel.isLoading(snap())).toBe(true);
    expect(load.calls).toEqual([{ api: signedInApi, scope: { program: "acme", range: levelOneParams.range, path: [], filter: "default" } }]);
    await load.resolve(levelOne);
    expect(snap().value).toBe("loaded");
    expect(names()).toEqual(["Paid Search", "Email", "Display", "None"]);
    expect(sel.total(snap())).toBe(4);
    expect(sel.levelColumn(snap())).toBe("taxonomy_1");
    expect(sel.headers(snap())).toEqual(levelOne.column_headers);
  });

  it("the footer is recomputed from the sums of every row: rates are not averaged", async () => {
    const { load, snap } = setup();
    await load.resolve(levelOne);
    const footer = sel.footer(snap());
    expect(footer).toEqual(totalsOf(levelOne.data));
    expect(footer.clicks).toBe(80 + 400 + 999 + 20);
    expect(footer.total_cost).toBe(10 + 170 + 30);
    expect(footer.cpa).toBeCloseTo(210 / 62);
    expect(footer.roas).toBeCloseTo(6220 / 210);
    const averagedRoas = levelOne.data.reduce((s, r) => s + r.roas, 0) / levelOne.data.length;
    expect(footer.roas).not.toBeCloseTo(averagedRoas);
  });

  it("a header click sorts locally; the same column toggles; the sort listener is told each time", async () => {
    const session = listener();
    const { actor, load, snap, names } = setup(tableInput({ sortListener: session.ref }));
    await load.resolve(levelOne);
    actor.send({ type: "table.sortChanged", column: "clicks" });
    expect(sel.sort(snap())).toEqual({ column: "clicks", direction: "desc" });
    expect(names()).toEqual(["Paid Search", "Email", "Display", "None"]);
    actor.send({ type: "table.sortChanged", column: "clicks" });
    expect(sel.sort(snap())).toEqual({ column: "clicks", direction: "asc" });
    expect(names()).toEqual(["Display", "Email", "Paid Search", "None"]);
    actor.send({ type: "table.sortChanged", column: "taxonomy_1" });
    expect(names()).toEqual(["Paid Search", "Email", "Display", "None"]);
    expect(load.calls).toHaveLength(1);
    expect(session.received.filter((e) => e.type === "table.sorted")).toEqual([
      { type: "table.sorted", sort: { column: "clicks", direction: "desc" } },
      { type: "table.sorted", sort: { column: "clicks", direction: "asc" } },
      { type: "table.sorted", sort: { column: "taxonomy_1", direction: "desc" } },
    ]);
  });

  it("on a channel's taxonomy-two table 'None' sorts last in both directions", async () => {
    const { actor, load, snap, names } = setup(tableInput({ params: channelParams, kind: "taxonomyTwo" }));
    await load.resolve(paidSearchChildren);
    expect(sel.levelColumn(snap())).toBe("taxonomy_2");
    expect(names()).toEqual(["Brand", "Generic", "None"]);
    actor.send({ type: "table.sortChanged", column: "attributed_revenue" });
    expect(names()).toEqual(["Generic", "Brand", "None"]);
  });

  it("pages 15 rows on a level table; sortedRows holds every row", async () => {
    const { actor, load, snap, names } = setup();
    await load.resolve(manyRows(40));
    expect(sel.perPage(snap())).toBe(15);
    expect(sel.perPageOptions(snap())).toEqual([15]);
    expect(sel.pageCount(snap())).toBe(3);
    expect(names()).toHaveLength(15);
    expect(names()[0]).toBe("Campaign 40");
    expect(sel.sortedRows(snap())).toHaveLength(40);
    actor.send({ type: "table.pageChanged", page: 3 });
    expect(sel.page(snap())).toBe(3);
    expect(names()).toHaveLength(10);
    expect(names()[9]).toBe("Campaign 1");
    actor.send({ type: "table.pageChanged", page: 9 });
    expect(sel.page(snap())).toBe(3);
    actor.send({ type: "table.perPageChanged", perPage: 30 });
    expect(sel.perPage(snap())).toBe(15); // not offered on a level table
  });

  it("the taxonomy-two table shows 10 a page with options 10, 15, 30; a page past the last moves to the last", async () => {
    const { actor, load, snap, names } = setup(tableInput({ params: channelParams, kind: "taxonomyTwo" }));
    await load.resolve(manyRows(45, ["Paid Search"]));
    expect(sel.perPage(snap())).toBe(10);
    expect(sel.perPageOptions(snap())).toEqual([10, 15, 30]);
    actor.send({ type: "table.pageChanged", page: 5 });
    expect(names()).toHaveLength(5);
    actor.send({ type: "table.perPageChanged", perPage: 30 });
    expect(sel.perPage(snap())).toBe(30);
    expect(sel.page(snap())).toBe(2);
    expect(names()).toHaveLength(15);
    actor.send({ type: "table.perPageChanged", perPage: 7 });
    expect(sel.perPage(snap())).toBe(30);
  });

  it("after a reload with fewer rows the page moves to the last page; the level-four table goes back to page 1", async () => {
    const level = setup();
    await level.load.resolve(manyRows(40));
    level.actor.send({ type: "table.pageChanged", page: 3 });
    level.actor.send({ type: "table.reloaded" });
    await level.load.resolve(manyRows(20));
    expect(sel.page(level.snap())).toBe(2);

    const four = setup(tableInput({ params: levelFourParams, levelFour: true }));
    await four.load.resolve(manyRows(40, ["Paid Search", "Brand", "Shoes"]));
    four.actor.send({ type: "table.pageChanged", page: 2 });
    four.actor.send({ type: "table.paramsChanged", params: { ...levelFourParams, ...laterReport } });
    await four.load.resolve(manyRows(40, ["Paid Search", "Brand", "Shoes"]));
    expect(sel.page(four.snap())).toBe(1);
    expect(sel.levelColumn(four.snap())).toBe("taxonomy_4");
  });

  it("a load failure empties the data: total 0, page 1", async () => {
    const { actor, load, snap, names } = setup();
    await load.resolve(manyRows(40));
    actor.send({ type: "table.pageChanged", page: 2 });
    actor.send({ type: "table.reloaded" });
    await load.reject(httpErrors.server);
    expect(snap().value).toBe("failed");
    expect(names()).toEqual([]);
    expect(sel.sortedRows(snap())).toEqual([]);
    expect(sel.total(snap())).toBe(0);
    expect(sel.page(snap())).toBe(1);
    expect(sel.footer(snap()).clicks).toBe(0);
    actor.send({ type: "table.reloaded" });
    await load.resolve(levelOne);
    expect(names()).toHaveLength(4);
  });

  it("a failed load is its own state until 'Try again' (table.retried) loads the same table again; a retry is ignored otherwise", async () => {
    const { actor, load, snap, names } = setup();
    await load.reject(httpErrors.network);
    expect(sel.hasFailed(snap())).toBe(true);
    expect(sel.isLoaded(snap())).toBe(false);
    expect(load.calls).toHaveLength(1);
    actor.send({ type: "table.retried" });
    expect(sel.isLoading(snap())).toBe(true);
    expect(sel.hasFailed(snap())).toBe(false);
    expect(load.calls).toHaveLength(2);
    expect(load.calls[1]?.scope).toEqual(load.calls[0]?.scope);
    await load.resolve(levelOne);
    expect(sel.isLoaded(snap())).toBe(true);
    expect(names()).toHaveLength(4);
    actor.send({ type: "table.retried" });
    expect(sel.isLoaded(snap())).toBe(true);
    expect(load.calls).toHaveLength(2);
  });

  it("new parameters (dates, filter, path) reload and cancel the running load; the same parameters do not", async () => {
    const { actor, load, snap } = setup();
    actor.send({ type: "table.paramsChanged", params: { ...levelOneParams } });
    expect(load.calls).toHaveLength(1);
    actor.send({ type: "table.paramsChanged", params: { ...levelOneParams, filter: "new" } });
    expect(load.wasAborted()).toBe(true);
    expect(load.calls[1]?.scope.filter).toBe("new");
    actor.send({ type: "table.paramsChanged", params: channelParams });
    expect(load.calls[2]?.scope.path).toEqual(["Paid Search"]);
    await load.resolve(levelOne); // the aborted calls settle unseen
    await load.resolve(levelOne);
    await load.resolve(paidSearchChildren);
    expect(sel.levelColumn(snap())).toBe("taxonomy_2");
    expect(sel.pageRows(snap()).map((r) => r.taxonomy_2)).toEqual(["Brand", "Generic", "None"]);
  });

  it("without parameters it waits; they start a load; taking them away empties the table", async () => {
    const { actor, load, snap } = setup(tableInput({ params: null }));
    expect(sel.isIdle(snap())).toBe(true);
    expect(load.calls).toEqual([]);
    actor.send({ type: "table.reloaded" });
    expect(load.calls).toEqual([]);
    actor.send({ type: "table.paramsChanged", params: levelOneParams });
    await load.resolve(levelOne);
    expect(sel.total(snap())).toBe(4);
    actor.send({ type: "table.paramsChanged", params: null });
    expect(sel.isIdle(snap())).toBe(true);
    expect(sel.total(snap())).toBe(0);
  });

  it("opens on a link's page and rows per page; a page past the last moves to the last after the load", async () => {
    const two = setup(tableInput({ params: channelParams, kind: "taxonomyTwo", paging: { page: 2, perPage: 15 } }));
    expect(sel.page(two.snap())).toBe(2);
    expect(sel.perPage(two.snap())).toBe(15);
    await two.load.resolve(manyRows(45, ["Paid Search"]));
    expect(sel.page(two.snap())).toBe(2);
    expect(two.names()[0]).toBe("Campaign 30");

    const far = setup(tableInput({ params: channelParams, kind: "taxonomyTwo", paging: { page: 9, perPage: 30 } }));
    await far.load.resolve(manyRows(45, ["Paid Search"]));
    expect(sel.page(far.snap())).toBe(2);
    expect(sel.perPage(far.snap())).toBe(30);
  });

  it.each<[string, PerformanceTableInput["paging"], number, number]>([
    ["rows per page the table does not offer: its default", { page: 2, perPage: 30 }, 2, 15],
    ["page 0: page 1", { page: 0, perPage: 15 }, 1, 15],
    ["a fractional page: page 1", { page: 1.5, perPage: 15 }, 1, 15],
    ["no paging: page 1 and the default", null, 1, 15],
  ])("opening paging on a level table, %s", (_, paging, page, perPage) => {
    const { snap } = setup(tableInput({ paging }));
    expect([sel.page(snap()), sel.perPage(snap())]).toEqual([page, perPage]);
  });

  it("tells its listener the page and rows per page after each change, by a person or by a load", async () => {
    const report = listener();
    const paged = () => report.received.filter((e) => e.type === "table.pagingChanged").map((e) => (e as unknown as { paging: unknown }).paging);
    const { actor, load } = setup(tableInput({ params: channelParams, kind: "taxonomyTwo", sortListener: report.ref, paging: { page: 7, perPage: 10 } }));
    expect(paged()).toEqual([]);
    await load.resolve(manyRows(45, ["Paid Search"]));
    actor.send({ type: "table.pageChanged", page: 3 });
    actor.send({ type: "table.pageChanged", page: 3 });
    actor.send({ type: "table.perPageChanged", perPage: 30 });
    actor.send({ type: "table.reloaded" });
    await load.reject(httpErrors.server);
    expect(paged()).toEqual([
      { page: 5, perPage: 10 },
      { page: 3, perPage: 10 },
      { page: 2, perPage: 30 },
      { page: 1, perPage: 30 },
    ]);
  });

  it("the level-four table back on page 1 after a reload tells its listener page 1", async () => {
    const report = listener();
    const { actor, load } = setup(tableInput({ params: levelFourParams, levelFour: true, sortListener: report.ref, paging: { page: 2, perPage: 15 } }));
    await load.resolve(manyRows(40, ["Paid Search", "Brand", "Shoes"]));
    actor.send({ type: "table.pageChanged", page: 3 });
    actor.send({ type: "table.reloaded" });
    await load.resolve(manyRows(40, ["Paid Search", "Brand", "Shoes"]));
    const pages = report.received.filter((e) => e.type === "table.pagingChanged").map((e) => (e as unknown as { paging: { page: number } }).paging.page);
    expect(pages).toEqual([1, 3, 1]);
  });

  it("a sort change while loading is applied to the rows when they arrive", async () => {
    const session = createEmptyActor();
    const { actor, load, names } = setup(tableInput({ sortListener: session }));
    actor.send({ type: "table.sortChanged", column: "taxonomy_1" });
    actor.send({ type: "table.sortChanged", column: "taxonomy_1" });
    await load.resolve(levelOne);
    expect(names()).toEqual(["Display", "Email", "Paid Search", "None"]);
  });
});
