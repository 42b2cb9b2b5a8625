import { SimulatedClock, createActor, fromCallback, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import type { TableResponse } from "../../../src/domain/performance/performance";
import { invalidRangeMessage } from "../../../src/domain/report/dateRangeRule";
import { comparisonMachine, comparisonSelectors as sel, type ComparisonLoad } from "../../../src/machines/performance/comparison.machine";
import { aprilWeek, comparisonInput, februaryTable, lastYearTable, paidSearchScope } from "../../model/performance/comparisonFixtures";
import { httpErrors, signedInApi } from "../../model/fixtures";
import { controlled } from "../support";

const setup = () => {
  const load = controlled<TableResponse, ComparisonLoad>();
  const actor = createActor(comparisonMachine.provide({ actors: { loadComparison: load.logic } }), {
    clock: new SimulatedClock(),
    input: comparisonInput,
  }).start();
  const snap = () => actor.getSnapshot();
  return { actor, load, snap };
};

/** Comparison on, February loaded. */
const loaded = async () => {
  const s = setup();
  s.actor.send({ type: "comparison.toggled" });
  await s.load.resolve(februaryTable);
  return s;
};

const previousPeriodOfMarch = { from: "2026-01-29", to: "2026-02-28" };

describe("comparison machine", () => {
  it("is off by default, with no comparison rows and the previous period as comparison dates", () => {
    const { snap, load } = setup();
    expect(sel.isOn(snap())).toBe(false);
    expect(sel.previousRows(snap())).toBeNull();
    expect(sel.comparisonRange(snap())).toEqual(previousPeriodOfMarch);
    expect(load.calls).toEqual([]);
  });

  it("turning it on loads the same table for the comparison dates", async () => {
    const { actor, load, snap } = setup();
    actor.send({ type: "comparison.toggled" });
    expect(sel.isOn(snap())).toBe(true);
    expect(sel.isLoading(snap())).toBe(true);
    expect(sel.previousRows(snap())).toEqual([]);
    expect(load.calls).toEqual([{ api: signedInApi, scope: { program: "acme", range: previousPeriodOfMarch, path: [], filter: "default" } }]);
    await load.resolve(februaryTable);
    expect(sel.isLoading(snap())).toBe(false);
    expect(sel.previousRows(snap())).toEqual(februaryTable.data);
    expect(sel.activeShortcut(snap())).toBe("previousPeriod");
  });

  it("tells its listener the dates of every load and null when off, so the open rows compare alike", async () => {
    const heard: EventObject[] = [];
    const listener = createActor(fromCallback<EventObject>(({ receive }) => receive((e) => void heard.push(e)))).start();
    const load = controlled<TableResponse, ComparisonLoad>();
    const actor = createActor(comparisonMachine.provide({ actors: { loadComparison: load.logic } }), { input: { ...comparisonInput, listener } }).start();
    expect(heard).toEqual([{ type: "comparison.changed", range: null }]);
    actor.send({ type: "comparison.toggled" });
    expect(heard.at(-1)).toEqual({ type: "comparison.changed", range: previousPeriodOfMarch });
    actor.send({ type: "comparison.pickerOpened" });
    actor.send({ type: "comparison.shortcutChosen", shortcut: "yearOnYear" });
    expect(heard.at(-1)).toEqual({ type: "comparison.changed", range: sel.comparisonRange(actor.getSnapshot()) });
    expect(sel.comparisonRange(actor.getSnapshot())).not.toEqual(previousPeriodOfMarch);
    // a scope change reloads it: the listener hears the dates again
    const before = heard.length;
    actor.send({ type: "comparison.scopeChanged", ...paidSearchScope });
    expect(heard.length).toBe(before + 1);
    expect(heard.at(-1)).toEqual({ type: "comparison.changed", range: sel.comparisonRange(actor.getSnapshot()) });
    actor.send({ type: "comparison.toggled" });
    expect(heard.at(-1)).toEqual({ type: "comparison.changed", range: null });
    actor.stop();
  });

  it("comparison.reloaded loads the same comparison again while on, and nothing while off", async () => {
    const { actor, load, snap } = setup();
    actor.send({ type: "comparison.reloaded" });
    expect(sel.isOn(snap())).toBe(false);
    expect(load.calls).toEqual([]);
    actor.send({ type: "comparison.toggled" });
    await load.resolve(februaryTable);
    actor.send({ type: "comparison.reloaded" });
    expect(sel.isLoading(snap())).toBe(true);
    expect(load.calls).toHaveLength(2);
    expect(load.calls[1]).toEqual(load.calls[0]);
    await load.resolve(lastYearTable);
    expect(sel.previousRows(snap())).toEqual(lastYearTable.data);
    expect(sel.activeShortcut(snap())).toBe("previousPeriod");
  });

  it("a failed comparison load clears the comparison data, silently", async () => {
    const { actor, load, snap } = await loaded();
    actor.send({ type: "comparison.pickerOpened" });
    actor.send({ type: "comparison.shortcutChosen", shortcut: "yearOnYear" });
    await load.reject(httpErrors.server);
    expect(snap().value).toEqual({ on: { dates: "yearOnYear", picker: "closed", data: "failed" } });
    expect(sel.hasFailed(snap())).toBe(true);
    expect(sel.previousRows(snap())).toEqual([]);
    expect(sel.isOn(snap())).toBe(true);
  });

  it("turning it off clears the comparison data and resets the comparison dates to the previous period", async () => {
    const { actor, load, snap } = await loaded();
    actor.send({ type: "comparison.pickerOpened" });
    actor.send({ type: "comparison.shortcutChosen", shortcut: "yearOnYear" });
    await load.resolve(lastYearTable);
    expect(sel.comparisonRange(snap())).toEqual({ from: "2025-03-01", to: "2025-03-31" });
    actor.send({ type: "comparison.toggled" });
    expect(sel.isOn(snap())).toBe(false);
    expect(sel.previousRows(snap())).toBeNull();
    expect(snap().context.previousRows).toEqual([]);
    expect(sel.comparisonRange(snap())).toEqual(previousPeriodOfMarch);
    // on again: the previous period, not the year before
    actor.send({ type: "comparison.toggled" });
    expect(load.calls[2]?.scope.range).toEqual(previousPeriodOfMarch);
    expect(sel.activeShortcut(snap())).toBe("previousPeriod");
  });

  it("turning it off during a load abandons the load", () => {
    const { actor, load, snap } = setup();
    actor.send({ type: "comparison.toggled" });
    actor.send({ type: "comparison.toggled" });
    expect(load.wasAborted()).toBe(true);
    expect(sel.isOn(snap())).toBe(false);
  });

  it("'Year on Year' and 'Previous Period' in the picker set the dates, close the picker and reload", async () => {
    const { actor, load, snap } = await loaded();
    actor.send({ type: "comparison.pickerOpened" });
    expect(sel.isPickerOpen(snap())).toBe(true);
    expect(sel.draft(snap())).toEqual(previousPeriodOfMarch);
    actor.send({ type: "comparison.shortcutChosen", shortcut: "yearOnYear" });
    expect(sel.isPickerOpen(snap())).toBe(false);
    expect(sel.activeShortcut(snap())).toBe("yearOnYear");
    expect(sel.isLoading(snap())).toBe(true);
    // rows of other dates are not shown beside the current values while the new ones load
    expect(sel.previousRows(snap())).toEqual([]);
    expect(load.calls[1]?.scope.range).toEqual({ from: "2025-03-01", to: "2025-03-31" });
    await load.resolve(lastYearTable);
    expect(sel.previousRows(snap())).toEqual(lastYearTable.data);

    actor.send({ type: "comparison.pickerOpened" });
    actor.send({ type: "comparison.shortcutChosen", shortcut: "previousPeriod" });
    expect(load.calls[2]?.scope.range).toEqual(previousPeriodOfMarch);
    expect(sel.activeShortcut(snap())).toBe("previousPeriod");
  });

  it("a shortcut or apply with the picker closed does nothing", async () => {
    const { actor, load, snap } = await loaded();
    actor.send({ type: "comparison.shortcutChosen", shortcut: "yearOnYear" });
    actor.send({ type: "comparison.pickerApplied" });
    expect(load.calls).toHaveLength(1);
    expect(snap().value).toEqual({ on: { dates: "previousPeriod", picker: "closed", data: "loaded" } });
  });

  it("custom dates follow the picker's rules and reload when applied", async () => {
    const { actor, load, snap } = await loaded();
    actor.send({ type: "comparison.pickerOpened" });
    actor.send({ type: "comparison.draftFromChanged", value: "2026-01-01" });
    // an end later than the main start moves to the day before the main start
    actor.send({ type: "comparison.draftToChanged", value: "2026-03-15" });
    expect(sel.draft(snap())).toEqual({ from: "2026-01-01", to: "2026-02-28" });
    // an end on the main start itself stays
    actor.send({ type: "comparison.draftToChanged", value: "2026-03-01" });
    expect(sel.draft(snap())).toEqual({ from: "2026-01-01", to: "2026-03-01" });
    actor.send({ type: "comparison.draftToChanged", value: "2026-01-31" });
    expect(load.calls).toHaveLength(1); // nothing loads while typing
    actor.send({ type: "comparison.pickerApplied" });
    expect(sel.isPickerOpen(snap())).toBe(false);
    expect(sel.activeShortcut(snap())).toBeNull();
    expect(sel.comparisonRange(snap())).toEqual({ from: "2026-01-01", to: "2026-01-31" });
    expect(load.calls[1]?.scope.range).toEqual({ from: "2026-01-01", to: "2026-01-31" });
  });

  it("a missing start becomes yesterday; an empty end on close becomes the day before the main start", async () => {
    const { actor, load, snap } = await loaded();
    actor.send({ type: "comparison.pickerOpened" });
    actor.send({ type: "comparison.draftFromChanged", value: "" });
    expect(sel.draft(snap()).from).toBe("2026-04-09");
    actor.send({ type: "comparison.draftFromChanged", value: "2026-02-10" });
    actor.send({ type: "comparison.draftToChanged", value: "" });
    expect(sel.draft(snap())).toEqual({ from: "2026-02-10", to: null });
    actor.send({ type: "comparison.pickerApplied" });
    expect(sel.comparisonRange(snap())).toEqual({ from: "2026-02-10", to: "2026-02-28" });
    expect(load.calls[1]?.scope.range).toEqual({ from: "2026-02-10", to: "2026-02-28" });
  });

  it("a reversed range is refused with the message of both date pickers: the picker stays open, nothing changes or loads", async () => {
    const { actor, load, snap } = await loaded();
    actor.send({ type: "comparison.pickerOpened" });
    expect(sel.draftProblem(snap())).toBeNull();
    actor.send({ type: "comparison.draftFromChanged", value: "2026-02-10" });
    actor.send({ type: "comparison.draftToChanged", value: "2026-02-01" });
    expect(sel.draft(snap())).toEqual({ from: "2026-02-10", to: "2026-02-01" });
    expect(sel.draftProblem(snap())).toBe(invalidRangeMessage);
    actor.send({ type: "comparison.pickerApplied" });
    expect(snap().value).toEqual({ on: { dates: "previousPeriod", picker: "open", data: "loaded" } });
    expect(sel.comparisonRange(snap())).toEqual(previousPeriodOfMarch);
    expect(sel.draftProblem(snap())).toBe(invalidRangeMessage);
    expect(load.calls).toHaveLength(1);
    // corrected, it applies
    actor.send({ type: "comparison.draftToChanged", value: "2026-02-20" });
    expect(sel.draftProblem(snap())).toBeNull();
    actor.send({ type: "comparison.pickerApplied" });
    expect(sel.isPickerOpen(snap())).toBe(false);
    expect(sel.draftProblem(snap())).toBeNull();
    expect(sel.comparisonRange(snap())).toEqual({ from: "2026-02-10", to: "2026-02-20" });
    expect(load.calls[1]?.scope.range).toEqual({ from: "2026-02-10", to: "2026-02-20" });
  });

  it("a start after the day before the main start is refused too (the end it would close with lies before it)", async () => {
    const { actor, load, snap } = await loaded();
    actor.send({ type: "comparison.pickerOpened" });
    actor.send({ type: "comparison.draftFromChanged", value: "2026-03-05" });
    actor.send({ type: "comparison.draftToChanged", value: "" });
    expect(sel.draftProblem(snap())).toBe(invalidRangeMessage);
    actor.send({ type: "comparison.pickerApplied" });
    expect(sel.isPickerOpen(snap())).toBe(true);
    expect(sel.comparisonRange(snap())).toEqual(previousPeriodOfMarch);
    expect(load.calls).toHaveLength(1);
    // cancelling leaves the dates as they were
    actor.send({ type: "comparison.pickerCancelled" });
    expect(sel.draftProblem(snap())).toBeNull();
    expect(sel.comparisonRange(snap())).toEqual(previousPeriodOfMarch);
  });

  it("cancelling the picker keeps the dates and does not reload", async () => {
    const { actor, load, snap } = await loaded();
    actor.send({ type: "comparison.pickerOpened" });
    actor.send({ type: "comparison.draftFromChanged", value: "2025-12-01" });
    actor.send({ type: "comparison.pickerCancelled" });
    expect(sel.isPickerOpen(snap())).toBe(false);
    expect(sel.comparisonRange(snap())).toEqual(previousPeriodOfMarch);
    expect(load.calls).toHaveLength(1);
    // the next opening starts from the comparison dates, not the abandoned draft
    actor.send({ type: "comparison.pickerOpened" });
    expect(sel.draft(snap())).toEqual(previousPeriodOfMarch);
  });

  it("a change of the main dates reloads; the previous period follows the new range", async () => {
    const { actor, load, snap } = await loaded();
    actor.send({ type: "comparison.scopeChanged", ...aprilWeek });
    expect(sel.comparisonRange(snap())).toEqual({ from: "2026-03-25", to: "2026-03-31" });
    expect(sel.previousRows(snap())).toEqual([]);
    expect(load.calls[1]).toEqual({ api: signedInApi, scope: { program: "acme", range: { from: "2026-03-25", to: "2026-03-31" }, path: [], filter: "default" } });
    // a second change while loading abandons the first reload
    actor.send({ type: "comparison.scopeChanged", ...paidSearchScope });
    expect(load.wasAborted(0)).toBe(true);
    expect(load.calls[2]?.scope).toEqual({ program: "acme", range: previousPeriodOfMarch, path: ["Paid Search"], filter: "default" });
  });

  it("'Year on Year' follows the new main range; custom dates stay, their end kept before the main start", async () => {
    const { actor, load, snap } = await loaded();
    actor.send({ type: "comparison.pickerOpened" });
    actor.send({ type: "comparison.shortcutChosen", shortcut: "yearOnYear" });
    actor.send({ type: "comparison.scopeChanged", ...aprilWeek });
    expect(sel.comparisonRange(snap())).toEqual({ from: "2025-04-01", to: "2025-04-07" });
    expect(load.calls[2]?.scope.range).toEqual({ from: "2025-04-01", to: "2025-04-07" });

    actor.send({ type: "comparison.pickerOpened" });
    actor.send({ type: "comparison.draftFromChanged", value: "2026-03-20" });
    actor.send({ type: "comparison.draftToChanged", value: "2026-03-31" });
    actor.send({ type: "comparison.pickerApplied" });
    expect(sel.comparisonRange(snap())).toEqual({ from: "2026-03-20", to: "2026-03-31" });
    // the main range moves back to March: the custom end is moved before 1 March, the start with it
    actor.send({ type: "comparison.scopeChanged", ...comparisonInput });
    expect(sel.activeShortcut(snap())).toBeNull();
    expect(sel.comparisonRange(snap())).toEqual({ from: "2026-02-28", to: "2026-02-28" });
    expect(load.calls.at(-1)?.scope.range).toEqual({ from: "2026-02-28", to: "2026-02-28" });
  });

  it("while off, a scope change loads nothing and the comparison dates stay the previous period", () => {
    const { actor, load, snap } = setup();
    actor.send({ type: "comparison.scopeChanged", ...aprilWeek, path: ["Email"], filter: "new" });
    expect(load.calls).toEqual([]);
    expect(sel.comparisonRange(snap())).toEqual({ from: "2026-03-25", to: "2026-03-31" });
    actor.send({ type: "comparison.toggled" });
    expect(load.calls[0]?.scope).toEqual({ program: "acme", range: { from: "2026-03-25", to: "2026-03-31" }, path: ["Email"], filter: "new" });
  });
});
