import { SimulatedClock, createActor, fromCallback, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import type { DateRange } from "../../../src/domain/report/dateRange";
import type { TableResponse } from "../../../src/domain/performance/performance";
import { comparisonMachine, comparisonSelectors as sel, type ComparisonLoad } from "../../../src/machines/performance/comparison.machine";
import { comparisonInput, februaryTable } from "../../model/performance/comparisonFixtures";
import { signedInApi } from "../../model/fixtures";
import { controlled } from "../support";

/** A comparison opened with dates (a shared link's), its listener recording what it hears. */
const openWith = (opening: DateRange | null) => {
  const load = controlled<TableResponse, ComparisonLoad>();
  const heard: EventObject[] = [];
  const listener = createActor(fromCallback<EventObject>(({ receive }) => receive((e) => heard.push(e)))).start();
  const actor = createActor(comparisonMachine.provide({ actors: { loadComparison: load.logic } }), {
    clock: new SimulatedClock(),
    input: { ...comparisonInput, listener, opening },
  }).start();
  return { actor, load, heard, snap: () => actor.getSnapshot() };
};

describe("comparison machine: opening dates", () => {
  it.each<[string, DateRange, DateRange]>([
    ["dates before the main range are kept", { from: "2025-03-01", to: "2025-03-31" }, { from: "2025-03-01", to: "2025-03-31" }],
    ["an end after the main start moves to the day before it (the picker's rule)", { from: "2026-02-10", to: "2026-03-15" }, { from: "2026-02-10", to: "2026-02-28" }],
  ])("opens on with custom dates and loads them once: %s", (_, opening, loaded) => {
    const { load, heard, snap } = openWith(opening);
    expect(sel.isOn(snap())).toBe(true);
    expect(sel.activeShortcut(snap())).toBeNull();
    expect(sel.comparisonRange(snap())).toEqual(loaded);
    expect(load.calls).toEqual([{ api: signedInApi, scope: { program: "acme", range: loaded, path: [], filter: "default" } }]);
    expect(heard).toEqual([{ type: "comparison.changed", range: loaded }]);
  });

  it("without opening dates it opens off and loads nothing", () => {
    const { load, heard, snap } = openWith(null);
    expect(sel.isOn(snap())).toBe(false);
    expect(load.calls).toEqual([]);
    expect(heard).toEqual([{ type: "comparison.changed", range: null }]);
  });

  it("opened on, it behaves as on: turning it off resets the dates to the previous period", async () => {
    const { actor, load, snap } = openWith({ from: "2025-03-01", to: "2025-03-31" });
    await load.resolve(februaryTable);
    expect(sel.previousRows(snap())).toEqual(februaryTable.data);
    actor.send({ type: "comparison.toggled" });
    expect(sel.isOn(snap())).toBe(false);
    expect(sel.comparisonRange(snap())).toEqual({ from: "2026-01-29", to: "2026-02-28" });
  });
});
