import { SimulatedClock, createActor, fromCallback, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import type { FixedCostList } from "../../../src/domain/spend/costs";
import {
  fixedSpendListMachine,
  fixedSpendListSelectors as sel,
  type FixedSpendLoad,
  type FixedSpendSession,
  type SearchTextsInput,
} from "../../../src/machines/spend/fixedSpendList.machine";
import { httpErrors, quietSessionScopeListener, recordingSessionActor, scopeOf } from "../../model/fixtures";
import { fixedCostList, threeCosts } from "../../model/spend/fixedSpendFixtures";
import { controlled } from "../support";

const january = { from: "2026-01-01", to: "2026-01-31" };
const february = { from: "2026-02-01", to: "2026-02-28" };

const setup = (session: FixedSpendSession = recordingSessionActor(() => undefined)) => {
  const load = controlled<FixedCostList, FixedSpendLoad>();
  const actor = createActor(fixedSpendListMachine.provide({ actors: { loadFixedCosts: load.logic, sessionScopeListener: quietSessionScopeListener } }), {
    clock: new SimulatedClock(),
    input: { session },
  }).start();
  const snap = () => actor.getSnapshot();
  const ids = () => sel.pageRows(snap()).map((r) => r.id);
  return { actor, load, snap, ids };
};

describe("fixedSpendList", () => {
  it("loads the session's program and dates, then shows the rows id descending with their derived days", async () => {
    const { load, snap, ids } = setup();
    expect(snap().value).toBe("loading");
    expect(sel.isLoading(snap())).toBe(true);
    expect(load.calls).toEqual([{ api: { baseUrl: "/api", token: "tok-1" }, program: "acme", range: january }]);
    await load.resolve({ data: [...threeCosts.data].reverse() });
    expect(snap().value).toBe("loaded");
    expect(sel.isLoading(snap())).toBe(false);
    expect(ids()).toEqual([3, 2, 1]);
    expect(sel.pageRows(snap()).map((r) => [r.days, r.frequency, r.end_date])).toEqual([
      [1, "single", null],
      [10, "daily", "2026-01-10"],
      [10, "daily", "2026-01-10"],
    ]);
    expect(sel.sort(snap())).toEqual({ column: "id", direction: "desc" });
    expect(sel.currency(snap())).toBe("GBP");
  });

  it("a failed load only stops the loading indicator: no rows, no message", async () => {
    const { load, snap } = setup();
    await load.reject(httpErrors.server);
    expect(snap().value).toBe("failed");
    expect(sel.isLoading(snap())).toBe(false);
    expect(sel.hasFailed(snap())).toBe(true);
    expect(sel.pageRows(snap())).toEqual([]);
    expect(sel.total(snap())).toBe(0);
  });

  it("pages 15 at a time; a page past the last moves to the last", async () => {
    const { actor, load, snap, ids } = setup();
    await load.resolve(fixedCostList(40));
    expect(ids()).toHaveLength(15);
    expect(ids()[0]).toBe(40);
    expect(sel.pageCount(snap())).toBe(3);
    expect(sel.total(snap())).toBe(40);
    actor.send({ type: "fixedSpend.pageChanged", page: 3 });
    expect(sel.page(snap())).toBe(3);
    expect(ids()).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    actor.send({ type: "fixedSpend.pageChanged", page: 99 });
    expect(sel.page(snap())).toBe(3);
  });

  it("the search narrows the rows (case-insensitive, ignoring a currency symbol) and starts on the first page", async () => {
    const { actor, load, snap, ids } = setup();
    await load.resolve(fixedCostList(40));
    actor.send({ type: "fixedSpend.pageChanged", page: 2 });
    actor.send({ type: "fixedSpend.searchChanged", search: "EMAIL" });
    expect(sel.search(snap())).toBe("EMAIL");
    expect(sel.page(snap())).toBe(1);
    expect(sel.total(snap())).toBe(20);
    expect(ids().every((id) => id % 2 === 0)).toBe(true);
    actor.send({ type: "fixedSpend.searchChanged", search: "£120.00" });
    expect(ids()).toEqual([12]);
    actor.send({ type: "fixedSpend.searchChanged", search: "partner 07" });
    expect(ids()).toEqual([7]);
    actor.send({ type: "fixedSpend.searchChanged", search: "" });
    expect(sel.total(snap())).toBe(40);
  });

  it("a header click sorts descending first, a second turns it round; an unknown column is ignored", async () => {
    const { actor, load, snap, ids } = setup();
    await load.resolve(threeCosts);
    actor.send({ type: "fixedSpend.sortChanged", column: "cost" });
    expect(sel.sort(snap())).toEqual({ column: "cost", direction: "desc" });
    expect(ids()).toEqual([3, 2, 1]);
    actor.send({ type: "fixedSpend.sortChanged", column: "cost" });
    expect(sel.sort(snap())).toEqual({ column: "cost", direction: "asc" });
    expect(ids()).toEqual([1, 2, 3]);
    actor.send({ type: "fixedSpend.sortChanged", column: "taxonomy_1" });
    expect(ids()).toEqual([3, 2, 1]);
    actor.send({ type: "fixedSpend.sortChanged", column: "clicks" });
    expect(sel.sort(snap())).toEqual({ column: "taxonomy_1", direction: "desc" });
  });

  it("another scope loads again with it: rows go, search and sort stay, the page goes back to the first", async () => {
    const { actor, load, snap, ids } = setup();
    await load.resolve(fixedCostList(40));
    actor.send({ type: "fixedSpend.sortChanged", column: "cost" });
    actor.send({ type: "fixedSpend.searchChanged", search: "email" });
    actor.send({ type: "fixedSpend.pageChanged", page: 2 });
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta", range: february }) });
    expect(snap().value).toBe("loading");
    expect(ids()).toEqual([]);
    expect(load.calls[1]).toEqual({ api: { baseUrl: "/api", token: "tok-1" }, program: "beta", range: february });
    expect(sel.search(snap())).toBe("email");
    expect(sel.sort(snap())).toEqual({ column: "cost", direction: "desc" });
    expect(sel.page(snap())).toBe(1);
    expect(sel.currency(snap())).toBe("USD");
    await load.resolve(threeCosts);
    expect(ids()).toEqual([2]);
  });

  it("a scope change while loading drops the first load and loads the new scope", async () => {
    const { actor, load, snap } = setup();
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: february }) });
    expect(load.wasAborted(0)).toBe(true);
    expect(load.calls).toHaveLength(2);
    expect(load.calls[1]?.range).toEqual(february);
    expect(snap().value).toBe("loading");
  });

  it("the same scope again loads nothing", async () => {
    const { actor, load, snap } = setup();
    await load.resolve(threeCosts);
    actor.send({ type: "session.scopeChanged", scope: scopeOf() });
    expect(snap().value).toBe("loaded");
    expect(load.calls).toHaveLength(1);
  });

  it("waits while the session has no program or dates, and loads once it has", async () => {
    const { actor, load, snap } = setup(recordingSessionActor(() => undefined, { token: null, programs: [], programCode: null, range: null }));
    expect(snap().value).toBe("waiting");
    expect(load.calls).toEqual([]);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: january }) });
    expect(snap().value).toBe("loading");
    expect(load.calls[0]?.program).toBe("acme");
    await load.resolve(threeCosts);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ token: null, programs: [], programCode: null, range: null }) });
    expect(snap().value).toBe("waiting");
    expect(sel.pageRows(snap())).toEqual([]);
  });

  it("works the loaded rows' search texts out ahead, once per load, and stops when another load starts", async () => {
    const warmed: SearchTextsInput[] = [];
    let stopped = 0;
    const warmer = fromCallback<EventObject, SearchTextsInput>(({ input }) => {
      warmed.push(input);
      return () => void (stopped += 1);
    });
    const load = controlled<FixedCostList, FixedSpendLoad>();
    const session = recordingSessionActor(() => undefined);
    const actor = createActor(
      fixedSpendListMachine.provide({ actors: { loadFixedCosts: load.logic, sessionScopeListener: quietSessionScopeListener, searchTextsWarmer: warmer } }),
      { clock: new SimulatedClock(), input: { session } },
    ).start();
    expect(warmed).toEqual([]);
    await load.resolve(fixedCostList(40));
    expect(warmed).toHaveLength(1);
    expect(warmed[0]?.rows).toBe(actor.getSnapshot().context.rows);
    expect(warmed[0]?.locale).toBe(actor.getSnapshot().context.scope.program?.locale ?? null);
    // Searching, sorting and paging do not start it again.
    actor.send({ type: "fixedSpend.searchChanged", search: "email" });
    actor.send({ type: "fixedSpend.sortChanged", column: "cost" });
    expect(warmed).toHaveLength(1);
    // Another program's load stops it; its rows are warmed once loaded.
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: february }) });
    expect(stopped).toBe(1);
    await load.resolve(fixedCostList(3));
    expect(warmed).toHaveLength(2);
    expect(warmed[1]?.rows).toHaveLength(3);
  });
});
