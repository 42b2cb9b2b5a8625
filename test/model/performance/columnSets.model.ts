import { columnsOfSet, customSetId, matchingSet, withDefaultSet } from "../../../src/domain/performance/columnSelection";
import type { ColumnSetInput } from "../../../src/domain/performance/columnSets";
import { defaultColumns } from "../../../src/domain/report/metrics";
import { columnSetsMachine } from "../../../src/machines/performance/columnSets.machine";
import { defineMachineModel, invariant } from "../harness";
import { createdThree, customColumns, twoSetsCostFavourite, twoSetsDefaultFavourite } from "./columnSetsFixtures";
import { httpErrors, ok, signedInApi } from "../fixtures";

const sameMembers = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => a.length === b.length && a.every((c) => b.includes(c));

/** Column sets: list, favourite on start, choose, match in any order, save, delete, favourite. */
export const columnSetsModel = defineMachineModel({
  name: "columnSets",
  machine: columnSetsMachine,
  input: {
    defaults: (rig) => ({ api: signedInApi, session: rig.recorder("session"), columns: defaultColumns, chosenSetId: null }),
    custom: (rig) => ({ api: signedInApi, session: rig.recorder("session"), columns: customColumns, chosenSetId: null }),
    defaultChosen: (rig) => ({ api: signedInApi, session: rig.recorder("session"), columns: defaultColumns, chosenSetId: 0 }),
  },
  // Column edits are accepted in every state; to keep the graph small, the full choice is
  // offered when idle and one variant while a call runs (the scenario test covers the rest).
  events: {
    "columnSets.setChosen": (s): Record<string, { id: number }> =>
      s.matches({ ready: "idle" })
        ? { ...Object.fromEntries(withDefaultSet(s.context.sets).map((set) => [`#${set.id}`, { id: set.id }])), unknown: { id: 99 } }
        : { "#0": { id: 0 } },
    "columnSets.columnToggled": { cpa: { column: "cpa" } },
    "columnSets.columnsReset": (s) => (s.matches({ ready: "idle" }) ? [{}] : []),
    "columnSets.nameChanged": (s): Record<string, { name: string }> =>
      s.matches({ ready: "idle" }) ? { fresh: { name: "Lean" }, used: { name: "Revenue focus" } } : {},
    "columnSets.saveRequested": [{}],
    "columnSets.deleteRequested": (s) => Object.fromEntries(s.context.sets.map((set) => [`#${set.id}`, { id: set.id }])),
    "columnSets.favouriteToggled": (s) => Object.fromEntries(withDefaultSet(s.context.sets).map((set) => [`#${set.id}`, { id: set.id }])),
  },
  actorOutcomes: {
    listColumnSets: {
      resolves: { costFavourite: twoSetsCostFavourite, defaultFavourite: twoSetsDefaultFavourite },
      rejects: { server: httpErrors.server },
    },
    createColumnSet: { resolves: { id3: createdThree }, rejects: { badRequest: httpErrors.badRequest } },
    deleteColumnSet: { resolves: { ok }, rejects: { notFound: httpErrors.notFound } },
    favouriteColumnSet: { resolves: { ok }, rejects: { server: httpErrors.server } },
  },
  // Kinds, not ids: every path is replayed exactly, so merged vertices only thin the graph.
  observe: (c) => ({
    favourite: c.favouriteId === 0 ? "default" : "saved",
    selected: c.selectedId === customSetId ? "custom" : c.selectedId === 0 ? "default" : "saved",
    named: c.name !== "",
  }),
  strategies: {
    simple: { observe: (c) => c.name !== "", maxPaths: 150 },
    shortest: { maxPaths: 650 },
  },
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    const known = withDefaultSet(c.sets).map((s) => s.id);
    if (c.selectedId === customSetId) invariant(matchingSet(c.columns, c.sets) === customSetId, "custom only when no set holds the columns");
    else invariant(sameMembers(columnsOfSet(c.selectedId, c.sets), c.columns), `set ${c.selectedId} is selected with its own columns`);
    invariant(c.selectedId === customSetId || known.includes(c.selectedId), "the selection is a known set or custom");
    invariant(known.includes(c.favouriteId), "the favourite is a known set");

    const told = newCalls.filter((call) => call.kind === "received" && call.name === "session").map((call) => call.payload as { type: string; columns: ReadonlyArray<string>; setId?: number });
    const listed = action.kind === "actor" && action.src === "listColumnSets" && action.outcome === "resolves";
    for (const t of told) {
      invariant(t.type === "session.columnsChanged", "the session hears session.columnsChanged");
      invariant(JSON.stringify(t.columns) === JSON.stringify(c.columns), "the session gets the selection's columns");
      // The favourite applied on start is no choice; everything else is the person's, with the set's id.
      if (listed) invariant(t.setId === undefined && c.selectedId === c.favouriteId, "the favourite on start records no choice");
      else invariant(t.setId === c.selectedId, "a choice tells the session the selected set's id");
    }
    if (listed && c.chosenSetId !== null) invariant(told.length === 0, "a set chosen earlier in the session is kept over the favourite");
    if (before && JSON.stringify(before.context.columns) !== JSON.stringify(c.columns)) invariant(told.length === 1, "every change of columns reaches the session");

    for (const call of newCalls.filter((x) => x.kind === "actor" && x.name === "createColumnSet")) {
      const { set } = call.payload as { set: ColumnSetInput };
      invariant(before?.context.selectedId === customSetId, "only a custom selection is saved");
      invariant(set.name.trim() !== "" && set.columns.length > 0, "a save has a name and columns");
      invariant(!withDefaultSet(before.context.sets).some((s) => s.name.toLowerCase() === set.name.toLowerCase()), "a save has an unused name");
    }
    for (const call of newCalls.filter((x) => x.kind === "actor" && x.name === "deleteColumnSet")) {
      const { id } = call.payload as { id: number };
      invariant(id > 0 && before?.context.sets.some((s) => s.id === id), "only a saved set is deleted");
    }
    if (action.kind === "actor" && action.src === "deleteColumnSet" && action.outcome === "resolves" && before) {
      const deleted = before.context.pendingId;
      invariant(!c.sets.some((s) => s.id === deleted), "the deleted set leaves the list");
      if (before.context.selectedId === deleted) invariant(c.selectedId === 0 && sameMembers(c.columns, defaultColumns), "deleting the selected set falls back to set 0");
      if (before.context.favouriteId === deleted) invariant(c.favouriteId === 0, "deleting the favourite makes set 0 the favourite");
    }
    if (action.kind === "actor" && action.outcome === "rejects" && action.src !== "listColumnSets" && before) {
      invariant(JSON.stringify(before.context.sets) === JSON.stringify(c.sets) && before.context.favouriteId === c.favouriteId, "a failed call changes nothing but the loading");
    }
  },
});
