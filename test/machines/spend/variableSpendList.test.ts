import { SimulatedClock, createActor } from "xstate";
import { describe, expect, it } from "vitest";
import type { Ok } from "../../../src/domain/access/auth";
import type { VariableCostList } from "../../../src/domain/spend/costs";
import { toastsMachine, toastsSelectors } from "../../../src/machines/shell/toasts.machine";
import {
  variableSpendListMachine,
  variableSpendListSelectors as sel,
  type VariableSpendLoad,
  type VariableSpendRemoval,
  type VariableSpendSession,
} from "../../../src/machines/spend/variableSpendList.machine";
import { httpErrors, quietSessionScopeListener, recordingSessionActor, scopeOf } from "../../model/fixtures";
import { threeEntries, variableCostList } from "../../model/spend/variableSpendFixtures";
import { controlled } from "../support";

const february = { from: "2026-02-01", to: "2026-02-28" };
const signedIn = { api: { baseUrl: "/api", token: "tok-1" }, program: "acme" };

const setup = (session: VariableSpendSession = recordingSessionActor(() => undefined)) => {
  const load = controlled<VariableCostList, VariableSpendLoad>();
  const remove = controlled<Ok, VariableSpendRemoval>();
  const clock = new SimulatedClock();
  const toasts = createActor(toastsMachine, { clock }).start();
  const actor = createActor(
    variableSpendListMachine.provide({ actors: { loadVariableCosts: load.logic, deleteVariableCost: remove.logic, sessionScopeListener: quietSessionScopeListener } }),
    { clock, input: { session, toasts } },
  ).start();
  const snap = () => actor.getSnapshot();
  const ids = () => sel.pageRows(snap()).map((r) => r.id);
  const toast = () => toastsSelectors.current(toasts.getSnapshot())?.text ?? null;
  return { actor, load, remove, snap, ids, toast };
};

describe("variableSpendList", () => {
  it("loads every entry of the session's program (no dates), then shows them id descending", async () => {
    const { load, snap, ids } = setup();
    expect(snap().value).toBe("loading");
    expect(sel.isLoading(snap())).toBe(true);
    expect(load.calls).toEqual([signedIn]);
    await load.resolve({ data: [...threeEntries.data].reverse() });
    expect(snap().value).toEqual({ loaded: "idle" });
    expect(sel.isLoading(snap())).toBe(false);
    expect(ids()).toEqual([3, 2, 1]);
    expect(sel.sort(snap())).toEqual({ column: "id", direction: "desc" });
    expect(sel.currency(snap())).toBe("GBP");
    expect(sel.removalAsked(snap())).toBeNull();
  });

  it("a failed load only stops the loading indicator: no rows, no message", async () => {
    const { load, snap, toast } = setup();
    await load.reject(httpErrors.server);
    expect(snap().value).toBe("failed");
    expect(sel.isLoading(snap())).toBe(false);
    expect(sel.hasFailed(snap())).toBe(true);
    expect(sel.pageRows(snap())).toEqual([]);
    expect(sel.total(snap())).toBe(0);
    expect(toast()).toBeNull();
  });

  it("pages 15 at a time; a page past the last moves to the last", async () => {
    const { actor, load, snap, ids } = setup();
    await load.resolve(variableCostList(40));
    expect(ids()).toHaveLength(15);
    expect(ids()[0]).toBe(40);
    expect(sel.pageCount(snap())).toBe(3);
    actor.send({ type: "variableSpend.pageChanged", page: 3 });
    expect(ids()).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    actor.send({ type: "variableSpend.pageChanged", page: 99 });
    expect(sel.page(snap())).toBe(3);
  });

  it("the search narrows the rows (case-insensitive, ignoring a currency symbol) and starts on the first page", async () => {
    const { actor, load, snap, ids } = setup();
    await load.resolve(variableCostList(40));
    actor.send({ type: "variableSpend.pageChanged", page: 2 });
    actor.send({ type: "variableSpend.searchChanged", search: "PAID SEARCH" });
    expect(sel.page(snap())).toBe(1);
    expect(sel.total(snap())).toBe(20);
    expect(ids().every((id) => id % 2 === 0)).toBe(true);
    actor.send({ type: "variableSpend.searchChanged", search: "£120.00" });
    expect(ids()).toEqual([12]);
    actor.send({ type: "variableSpend.searchChanged", search: "LINK-07" });
    expect(ids()).toEqual([7]);
    actor.send({ type: "variableSpend.searchChanged", search: "nowhere" });
    expect(sel.total(snap())).toBe(0);
    actor.send({ type: "variableSpend.searchChanged", search: "" });
    expect(sel.total(snap())).toBe(40);
  });

  it("a header click sorts descending first, a second turns it round (ties keep id descending); an unknown column is ignored", async () => {
    const { actor, load, snap, ids } = setup();
    await load.resolve(threeEntries);
    actor.send({ type: "variableSpend.sortChanged", column: "cost" });
    expect(sel.sort(snap())).toEqual({ column: "cost", direction: "desc" });
    expect(ids()).toEqual([3, 2, 1]);
    actor.send({ type: "variableSpend.sortChanged", column: "cost" });
    expect(sel.sort(snap())).toEqual({ column: "cost", direction: "asc" });
    expect(ids()).toEqual([1, 3, 2]);
    actor.send({ type: "variableSpend.sortChanged", column: "cost_link" });
    expect(ids()).toEqual([2, 1, 3]);
    actor.send({ type: "variableSpend.sortChanged", column: "start_date" });
    expect(sel.sort(snap())).toEqual({ column: "cost_link", direction: "desc" });
  });

  it("delete: asks first, then removes once; the row leaves without a reload and the toast says so", async () => {
    const { actor, load, remove, snap, ids, toast } = setup();
    await load.resolve(threeEntries);
    actor.send({ type: "variableSpend.removeAsked", id: 2 });
    expect(snap().value).toEqual({ loaded: "confirming" });
    expect(sel.removalAsked(snap())?.cost_link).toBe("link-02");
    expect(remove.calls).toEqual([]);
    actor.send({ type: "variableSpend.removeConfirmed" });
    expect(sel.isRemoving(snap())).toBe(true);
    // A second confirmation, a cancel or another entry while it runs: nothing more is sent.
    actor.send({ type: "variableSpend.removeConfirmed" });
    actor.send({ type: "variableSpend.removeCancelled" });
    actor.send({ type: "variableSpend.removeAsked", id: 1 });
    expect(remove.calls).toEqual([{ ...signedIn, id: 2 }]);
    expect(sel.removalAsked(snap())?.id).toBe(2);
    await remove.resolve({ ok: true });
    expect(snap().value).toEqual({ loaded: "idle" });
    expect(ids()).toEqual([3, 1]);
    expect(sel.removalAsked(snap())).toBeNull();
    expect(load.calls).toHaveLength(1);
    expect(toast()).toBe("The spend configuration was successfully removed");
  });

  it("cancel closes the question and sends nothing", async () => {
    const { actor, load, remove, snap, ids, toast } = setup();
    await load.resolve(threeEntries);
    actor.send({ type: "variableSpend.removeAsked", id: 3 });
    actor.send({ type: "variableSpend.removeCancelled" });
    expect(snap().value).toEqual({ loaded: "idle" });
    expect(sel.removalAsked(snap())).toBeNull();
    actor.send({ type: "variableSpend.removeConfirmed" });
    expect(remove.calls).toEqual([]);
    expect(ids()).toEqual([3, 2, 1]);
    expect(toast()).toBeNull();
  });

  it("an entry that is not in the list is not asked about", async () => {
    const { actor, load, snap } = setup();
    await load.resolve(threeEntries);
    actor.send({ type: "variableSpend.removeAsked", id: 99 });
    expect(snap().value).toEqual({ loaded: "idle" });
  });

  it("a refused delete keeps the row (the app's dialog says why); a 404 drops it without the success toast", async () => {
    const { actor, load, remove, ids, toast } = setup();
    await load.resolve(threeEntries);
    actor.send({ type: "variableSpend.removeAsked", id: 2 });
    actor.send({ type: "variableSpend.removeConfirmed" });
    await remove.reject(httpErrors.server);
    expect(ids()).toEqual([3, 2, 1]);
    expect(toast()).toBeNull();
    actor.send({ type: "variableSpend.removeAsked", id: 2 });
    actor.send({ type: "variableSpend.removeConfirmed" });
    await remove.reject(httpErrors.notFound);
    expect(ids()).toEqual([3, 1]);
    expect(toast()).toBeNull();
    expect(remove.calls).toHaveLength(2);
  });

  it("removing the only row of the last page moves to the page before", async () => {
    const { actor, load, remove, snap, ids } = setup();
    await load.resolve(variableCostList(16));
    actor.send({ type: "variableSpend.pageChanged", page: 2 });
    expect(ids()).toEqual([1]);
    actor.send({ type: "variableSpend.removeAsked", id: 1 });
    actor.send({ type: "variableSpend.removeConfirmed" });
    await remove.resolve({ ok: true });
    expect(snap().context.query.page).toBe(1);
    expect(sel.pageCount(snap())).toBe(1);
    expect(ids()).toHaveLength(15);
  });

  it("other dates load nothing; another program loads again: rows go, search and sort stay, page 1", async () => {
    const { actor, load, snap, ids } = setup();
    await load.resolve(variableCostList(40));
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: february }) });
    expect(snap().value).toEqual({ loaded: "idle" });
    expect(load.calls).toHaveLength(1);
    actor.send({ type: "variableSpend.sortChanged", column: "cost" });
    actor.send({ type: "variableSpend.searchChanged", search: "paid" });
    actor.send({ type: "variableSpend.pageChanged", page: 2 });
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta", range: february }) });
    expect(snap().value).toBe("loading");
    expect(ids()).toEqual([]);
    expect(load.calls[1]).toEqual({ ...signedIn, program: "beta" });
    expect(sel.search(snap())).toBe("paid");
    expect(sel.sort(snap())).toEqual({ column: "cost", direction: "desc" });
    expect(sel.page(snap())).toBe(1);
    expect(sel.currency(snap())).toBe("USD");
  });

  it("another program while a delete runs drops it and loads the new program", async () => {
    const { actor, load, remove, snap } = setup();
    await load.resolve(threeEntries);
    actor.send({ type: "variableSpend.removeAsked", id: 2 });
    actor.send({ type: "variableSpend.removeConfirmed" });
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta" }) });
    expect(remove.wasAborted(0)).toBe(true);
    expect(snap().value).toBe("loading");
    expect(sel.removalAsked(snap())).toBeNull();
    expect(load.calls).toHaveLength(2);
  });

  it("waits while the session has no program, and loads once it has", async () => {
    const { actor, load, snap } = setup(recordingSessionActor(() => undefined, { token: null, programs: [], programCode: null, range: null }));
    expect(snap().value).toBe("waiting");
    expect(load.calls).toEqual([]);
    actor.send({ type: "session.scopeChanged", scope: scopeOf() });
    expect(snap().value).toBe("loading");
    await load.resolve(threeEntries);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ token: null, programs: [], programCode: null, range: null }) });
    expect(snap().value).toBe("waiting");
    expect(sel.pageRows(snap())).toEqual([]);
  });
});
