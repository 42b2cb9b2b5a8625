import { SimulatedClock, createActor, fromCallback, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import type { Ok } from "../../../src/domain/access/auth";
import type { ColumnSetInput, ColumnSetList } from "../../../src/domain/performance/columnSets";
import type { Created } from "../../../src/domain/report/configuration";
import { defaultColumns } from "../../../src/domain/report/metrics";
import { columnSetsMachine, columnSetsSelectors as sel } from "../../../src/machines/performance/columnSets.machine";
import type { ApiContext } from "../../../src/services/http/http";
import {
  costFocus,
  createdThree,
  customColumns,
  defaultColumnsReversed,
  revenueColumnsShuffled,
  revenueFocus,
  twoSetsCostFavourite,
  twoSetsDefaultFavourite,
} from "../../model/performance/columnSetsFixtures";
import { httpErrors, ok, signedInApi } from "../../model/fixtures";
import { controlled } from "../support";

const setup = (columns: ReadonlyArray<string> = defaultColumns, chosenSetId: number | null = null) => {
  const told: EventObject[] = [];
  const session = createActor(fromCallback<EventObject>(({ receive }) => receive((e) => void told.push(e)))).start();
  const list = controlled<ColumnSetList, ApiContext>();
  const create = controlled<Created, { api: ApiContext; set: ColumnSetInput }>();
  const remove = controlled<Ok, { api: ApiContext; id: number }>();
  const favourite = controlled<Ok, { api: ApiContext; id: number }>();
  const actor = createActor(
    columnSetsMachine.provide({
      actors: { listColumnSets: list.logic, createColumnSet: create.logic, deleteColumnSet: remove.logic, favouriteColumnSet: favourite.logic },
    }),
    { clock: new SimulatedClock(), input: { api: signedInApi, session, columns, chosenSetId } },
  ).start();
  const snap = () => actor.getSnapshot();
  /** The columns the session was last told. */
  const sessionColumns = () => (told.at(-1) as { columns?: ReadonlyArray<string> } | undefined)?.columns;
  return { actor, list, create, remove, favourite, snap, told, sessionColumns };
};

/** Sets loaded with the built-in set the favourite, the default columns shown. */
const ready = async (list: ColumnSetList = twoSetsDefaultFavourite, columns: ReadonlyArray<string> = defaultColumns, chosenSetId: number | null = null) => {
  const s = setup(columns, chosenSetId);
  await s.list.resolve(list);
  return s;
};

/** A custom selection of the default columns without cpa. */
const customised = async () => {
  const s = await ready();
  s.actor.send({ type: "columnSets.columnToggled", column: "cpa" });
  return s;
};

describe("column sets machine", () => {
  it("loads the user's sets; the built-in set 0 comes first and is selected for the default columns", async () => {
    const { snap, list, told } = setup();
    expect(sel.isLoading(snap())).toBe(true);
    expect(list.calls).toEqual([signedInApi]);
    expect(sel.sets(snap()).map((s) => s.id)).toEqual([0]);
    await list.resolve(twoSetsDefaultFavourite);
    expect(snap().value).toEqual({ ready: "idle" });
    expect(sel.sets(snap()).map((s) => s.id)).toEqual([0, 1, 2]);
    expect(sel.selectedId(snap())).toBe(0);
    expect(sel.favouriteId(snap())).toBe(0);
    expect(told).toEqual([]);
  });

  it("on start, with no set chosen, the favourite's columns replace the session's, and no choice is recorded", async () => {
    const { snap, told } = await ready(twoSetsCostFavourite, defaultColumnsReversed);
    expect(sel.selectedId(snap())).toBe(2);
    expect(sel.columns(snap())).toEqual(costFocus.columns);
    expect(told).toEqual([{ type: "session.columnsChanged", columns: costFocus.columns }]);
    // the favourite applied on an earlier page (no choice): the (current) favourite applies again
    const again = await ready(twoSetsCostFavourite, revenueColumnsShuffled);
    expect(sel.selectedId(again.snap())).toBe(2);
    expect(again.told).toEqual([{ type: "session.columnsChanged", columns: costFocus.columns }]);
  });

  it("on start, Default chosen while another set is the favourite is kept", async () => {
    const { actor, told } = await ready(twoSetsCostFavourite);
    actor.send({ type: "columnSets.setChosen", id: 0 });
    expect(told.at(-1)).toEqual({ type: "session.columnsChanged", columns: defaultColumns, setId: 0 });
    // the next page starts with the session's choice
    const next = await ready(twoSetsCostFavourite, defaultColumns, 0);
    expect(sel.selectedId(next.snap())).toBe(0);
    expect(sel.columns(next.snap())).toEqual(defaultColumns);
    expect(next.told).toEqual([]);
  });

  it("on start, a chosen saved set or a custom selection is kept over the favourite", async () => {
    const chosen = await ready(twoSetsCostFavourite, revenueColumnsShuffled, 1);
    expect(sel.selectedId(chosen.snap())).toBe(1);
    expect(sel.columns(chosen.snap())).toEqual(revenueColumnsShuffled);
    expect(chosen.told).toEqual([]);

    const customChosen = await ready(twoSetsCostFavourite, customColumns, -1);
    expect(sel.selectedId(customChosen.snap())).toBe(-1);
    expect(customChosen.told).toEqual([]);

    const custom = await ready(twoSetsCostFavourite, customColumns);
    expect(sel.selectedId(custom.snap())).toBe(-1);
    expect(sel.isCustom(custom.snap())).toBe(true);
    expect(custom.told).toEqual([]);
  });

  it("a failed list leaves only the built-in set", async () => {
    const { snap, list } = setup(customColumns);
    await list.reject(httpErrors.server);
    expect(snap().value).toEqual({ ready: "idle" });
    expect(sel.sets(snap()).map((s) => s.name)).toEqual(["Default"]);
    expect(sel.selectedId(snap())).toBe(-1);
  });

  it("choosing a set loads its columns into the session", async () => {
    const { actor, snap, told, sessionColumns } = await ready();
    actor.send({ type: "columnSets.setChosen", id: 1 });
    expect(sel.selectedId(snap())).toBe(1);
    expect(told).toEqual([{ type: "session.columnsChanged", columns: revenueFocus.columns, setId: 1 }]);
    actor.send({ type: "columnSets.setChosen", id: 0 });
    expect(sessionColumns()).toEqual(defaultColumns);
    // an unknown set (or the custom id) cannot be chosen
    actor.send({ type: "columnSets.setChosen", id: 99 });
    actor.send({ type: "columnSets.setChosen", id: -1 });
    expect(told).toHaveLength(2);
    expect(sel.selectedId(snap())).toBe(0);
  });

  it("changing columns selects the set with the same members in any order, otherwise the custom selection", async () => {
    const { actor, snap, sessionColumns } = await ready();
    actor.send({ type: "columnSets.columnToggled", column: "cpa" });
    expect(sel.selectedId(snap())).toBe(-1);
    expect(sessionColumns()).toEqual(defaultColumns.filter((c) => c !== "cpa"));
    // ticking it again adds it at the end: the same members as set 0, in another order
    actor.send({ type: "columnSets.columnToggled", column: "cpa" });
    expect(sel.selectedId(snap())).toBe(0);
    expect(sel.columns(snap()).at(-1)).toBe("cpa");

    actor.send({ type: "columnSets.setChosen", id: 1 });
    actor.send({ type: "columnSets.columnToggled", column: "clicks" });
    expect(sel.selectedId(snap())).toBe(-1);
    actor.send({ type: "columnSets.columnToggled", column: "clicks" });
    expect(sel.selectedId(snap())).toBe(1);
  });

  it("'Reset to Defaults' selects set 0 with the default columns; an unknown column is ignored", async () => {
    const { actor, snap, told, sessionColumns } = await ready();
    actor.send({ type: "columnSets.setChosen", id: 2 });
    actor.send({ type: "columnSets.columnsReset" });
    expect(sel.selectedId(snap())).toBe(0);
    expect(sessionColumns()).toEqual(defaultColumns);
    const before = told.length;
    actor.send({ type: "columnSets.columnToggled", column: "conversion_date" });
    expect(told).toHaveLength(before);
  });

  it("saves a custom selection under an unused name; the new set (data.id) becomes the selection", async () => {
    const { actor, snap, create } = await customised();
    actor.send({ type: "columnSets.nameChanged", name: "  Lean  " });
    expect(sel.canSave(snap())).toBe(true);
    actor.send({ type: "columnSets.saveRequested" });
    expect(sel.isSaving(snap())).toBe(true);
    expect(sel.canSave(snap())).toBe(false);
    const columns = defaultColumns.filter((c) => c !== "cpa");
    expect(create.calls).toEqual([{ api: signedInApi, set: { name: "Lean", columns } }]);
    await create.resolve(createdThree);
    expect(snap().value).toEqual({ ready: "idle" });
    expect(sel.sets(snap()).at(-1)).toEqual({ id: 3, name: "Lean", columns });
    expect(sel.selectedId(snap())).toBe(3);
    expect(sel.name(snap())).toBe("");
    // saved: the selection is no longer custom, so it cannot be saved again
    actor.send({ type: "columnSets.nameChanged", name: "Lean again" });
    expect(sel.saveRefusals(snap())).toEqual(["notCustom"]);
  });

  it("refuses to save a selection that is not custom, a used or missing name, or no columns", async () => {
    const { actor, snap, create } = await ready();
    actor.send({ type: "columnSets.nameChanged", name: "Mine" });
    actor.send({ type: "columnSets.saveRequested" });
    expect(sel.saveRefusals(snap())).toEqual(["notCustom"]);

    actor.send({ type: "columnSets.columnToggled", column: "cpa" });
    actor.send({ type: "columnSets.nameChanged", name: "revenue FOCUS " });
    actor.send({ type: "columnSets.saveRequested" });
    expect(sel.saveRefusals(snap())).toEqual(["nameUsed"]);
    actor.send({ type: "columnSets.nameChanged", name: " " });
    actor.send({ type: "columnSets.saveRequested" });
    expect(sel.saveRefusals(snap())).toEqual(["nameMissing"]);

    for (const c of sel.columns(snap())) actor.send({ type: "columnSets.columnToggled", column: c });
    expect(sel.columns(snap())).toEqual([]);
    actor.send({ type: "columnSets.nameChanged", name: "Nothing" });
    actor.send({ type: "columnSets.saveRequested" });
    expect(sel.saveRefusals(snap())).toEqual(["noColumns"]);
    expect(create.calls).toEqual([]);
    expect(snap().value).toEqual({ ready: "idle" });
  });

  it("a failed save only stops the loading", async () => {
    const { actor, snap, create } = await customised();
    actor.send({ type: "columnSets.nameChanged", name: "Lean" });
    actor.send({ type: "columnSets.saveRequested" });
    await create.reject(httpErrors.badRequest);
    expect(snap().value).toEqual({ ready: "idle" });
    expect(sel.sets(snap()).map((s) => s.id)).toEqual([0, 1, 2]);
    expect(sel.selectedId(snap())).toBe(-1);
    expect(sel.name(snap())).toBe("Lean");
    expect(sel.canSave(snap())).toBe(true);
  });

  it("columns changed while saving are matched again when the set is saved", async () => {
    const { actor, snap, create } = await customised();
    actor.send({ type: "columnSets.nameChanged", name: "Lean" });
    actor.send({ type: "columnSets.saveRequested" });
    actor.send({ type: "columnSets.columnToggled", column: "roi" });
    await create.resolve(createdThree);
    expect(sel.sets(snap()).at(-1)?.columns).toEqual(defaultColumns.filter((c) => c !== "cpa"));
    expect(sel.selectedId(snap())).toBe(-1);
  });

  it("deleting the selected set falls back to set 0 and its columns", async () => {
    const { actor, snap, remove, sessionColumns } = await ready();
    actor.send({ type: "columnSets.setChosen", id: 1 });
    actor.send({ type: "columnSets.deleteRequested", id: 1 });
    expect(snap().value).toEqual({ ready: "deleting" });
    expect(sel.pendingId(snap())).toBe(1);
    expect(remove.calls).toEqual([{ api: signedInApi, id: 1 }]);
    await remove.resolve(ok);
    expect(sel.sets(snap()).map((s) => s.id)).toEqual([0, 2]);
    expect(sel.selectedId(snap())).toBe(0);
    expect(sel.columns(snap())).toEqual(defaultColumns);
    expect(sessionColumns()).toEqual(defaultColumns);
    expect(sel.pendingId(snap())).toBeNull();
  });

  it("deleting the favourite makes set 0 the favourite; another selection stays", async () => {
    const { actor, snap, remove, told } = await ready(twoSetsCostFavourite, customColumns);
    actor.send({ type: "columnSets.deleteRequested", id: 2 });
    await remove.resolve(ok);
    expect(sel.favouriteId(snap())).toBe(0);
    expect(sel.selectedId(snap())).toBe(-1);
    expect(sel.columns(snap())).toEqual(customColumns);
    expect(told).toEqual([]);
  });

  it("the built-in set and unknown sets cannot be deleted; a failed delete only stops the loading", async () => {
    const { actor, snap, remove } = await ready();
    actor.send({ type: "columnSets.deleteRequested", id: 0 });
    actor.send({ type: "columnSets.deleteRequested", id: 42 });
    expect(remove.calls).toEqual([]);
    actor.send({ type: "columnSets.setChosen", id: 1 });
    actor.send({ type: "columnSets.deleteRequested", id: 1 });
    await remove.reject(httpErrors.notFound);
    expect(snap().value).toEqual({ ready: "idle" });
    expect(sel.sets(snap()).map((s) => s.id)).toEqual([0, 1, 2]);
    expect(sel.selectedId(snap())).toBe(1);
    expect(sel.pendingId(snap())).toBeNull();
  });

  it("the star makes a set the favourite; the favourite's star hands it back to set 0", async () => {
    const { actor, snap, favourite } = await ready();
    actor.send({ type: "columnSets.favouriteToggled", id: 1 });
    expect(snap().value).toEqual({ ready: "favouriting" });
    expect(favourite.calls).toEqual([{ api: signedInApi, id: 1 }]);
    expect(sel.favouriteId(snap())).toBe(0); // not before the server agrees
    await favourite.resolve(ok);
    expect(sel.favouriteId(snap())).toBe(1);
    actor.send({ type: "columnSets.favouriteToggled", id: 1 });
    expect(favourite.calls[1]).toEqual({ api: signedInApi, id: 0 });
    await favourite.resolve(ok);
    expect(sel.favouriteId(snap())).toBe(0);
    // set 0 already the favourite: nothing to do
    actor.send({ type: "columnSets.favouriteToggled", id: 0 });
    expect(favourite.calls).toHaveLength(2);
  });

  it("a failed favourite only stops the loading", async () => {
    const { actor, snap, favourite } = await ready();
    actor.send({ type: "columnSets.favouriteToggled", id: 2 });
    await favourite.reject(httpErrors.server);
    expect(snap().value).toEqual({ ready: "idle" });
    expect(sel.favouriteId(snap())).toBe(0);
  });

  it("one call at a time: save, delete and favourite wait for the running call", async () => {
    const { actor, snap, remove, favourite } = await ready();
    actor.send({ type: "columnSets.deleteRequested", id: 1 });
    actor.send({ type: "columnSets.favouriteToggled", id: 2 });
    actor.send({ type: "columnSets.deleteRequested", id: 2 });
    expect(favourite.calls).toEqual([]);
    expect(remove.calls).toHaveLength(1);
    expect(sel.isBusy(snap())).toBe(true);
  });
});
