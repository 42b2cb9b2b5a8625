import { comparisonDraftProblem, previousPeriod, yearOnYear } from "../../../src/domain/report/comparison";
import { invalidRangeMessage } from "../../../src/domain/report/dateRangeRule";
import { comparisonMachine, comparisonSelectors, type ComparisonLoad, type ComparisonScope } from "../../../src/machines/performance/comparison.machine";
import { defineMachineModel, invariant } from "../harness";
import { aprilWeek, comparisonInput, februaryTable, paidSearchScope } from "./comparisonFixtures";
import { httpErrors } from "../fixtures";

const loadEvents = new Set(["comparison.toggled", "comparison.scopeChanged", "comparison.shortcutChosen", "comparison.pickerApplied", "comparison.reloaded"]);

/** Comparison mode: off/on, the comparison dates (shortcuts, custom), the picker and the load. */
export const comparisonModel = defineMachineModel({
  name: "comparison",
  machine: comparisonMachine,
  input: (rig) => ({ ...comparisonInput, listener: rig.recorder("listener") }),
  events: {
    "comparison.toggled": [{}],
    // One change at a time keeps the simple paths few: March at level one <-> April's first week under 'Paid Search'.
    "comparison.scopeChanged": (s): Record<string, ComparisonScope> =>
      s.context.range.from === aprilWeek.range.from ? { march: comparisonInput } : { aprilPaidSearch: { ...aprilWeek, path: paidSearchScope.path } },
    // The same scope again (new costs): asked for once a load has ended (off does not take it).
    "comparison.reloaded": (s) => (s.matches({ on: { data: "loading" } }) ? [] : [{}]),
    "comparison.pickerOpened": [{}],
    "comparison.pickerCancelled": [{}],
    "comparison.pickerApplied": [{}],
    "comparison.shortcutChosen": { previousPeriod: { shortcut: "previousPeriod" }, yearOnYear: { shortcut: "yearOnYear" } },
    "comparison.draftFromChanged": { jan1: { value: "2026-01-01" }, empty: { value: "" } },
    // December 2025 lies before 1 January: with that start, a reversed range.
    "comparison.draftToChanged": { afterMainStart: { value: "2026-03-15" }, december: { value: "2025-12-15" }, empty: { value: "" } },
  },
  actorOutcomes: {
    loadComparison: { resolves: { february: februaryTable }, rejects: { server: httpErrors.server } },
  },
  // No guard reads the context: the projection only tells apart the main range, whether rows are shown and an empty draft end.
  observe: (c) => ({ april: c.range.from === aprilWeek.range.from, rows: c.previousRows.length > 0, draftEnd: c.draft.to === null ? "empty" : "set" }),
  strategies: {
    simple: { observe: null, maxPaths: 150 },
    shortest: { maxPaths: 300 },
  },
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    const loads = newCalls.filter((call) => call.kind === "actor" && call.name === "loadComparison");
    // The listener (the page's report, for the open rows) hears the dates of every load, and null when it is off.
    const told = newCalls.filter((call) => call.kind === "received" && call.name === "listener").map((call) => call.payload);
    const turnedOff = before !== undefined && before.matches("on") && after.matches("off");
    const expected = [...(turnedOff ? [{ type: "comparison.changed", range: null }] : []), ...loads.map(() => ({ type: "comparison.changed", range: c.comparisonRange }))];
    if (before) invariant(JSON.stringify(told) === JSON.stringify(expected), "the listener hears each load's dates, and null when turned off");
    const loading = after.matches({ on: { data: "loading" } });
    for (const l of loads) {
      const input = l.payload as ComparisonLoad;
      invariant(loading, "a comparison load runs only in on.data.loading");
      invariant(
        JSON.stringify(input.scope) === JSON.stringify({ program: c.program, range: c.comparisonRange, path: c.path, filter: c.filter }),
        `the load asks for the page's table at the comparison dates: ${JSON.stringify(input.scope)}`,
      );
    }
    if (loading && !before?.matches({ on: { data: "loading" } })) invariant(loads.length === 1, "entering loading starts one load");
    if (loads.length > 0) invariant(action.kind === "event" && loadEvents.has(action.event.type), "only a toggle, a scope change or chosen dates load");
    if (action.kind === "event" && action.event.type === "comparison.reloaded" && before) {
      invariant(loads.length === 1, "a reload loads once");
      invariant(JSON.stringify(before.context.comparisonRange) === JSON.stringify(c.comparisonRange), "a reload keeps the comparison dates");
      const regions = (v: unknown) => JSON.stringify([(v as { on?: { dates?: unknown } }).on?.dates, (v as { on?: { picker?: unknown } }).on?.picker]);
      invariant(after.matches({ on: { data: "loading" } }) && regions(before.value) === regions(after.value), "a reload changes only the load");
    }
    if (!after.matches("on")) {
      invariant(c.previousRows.length === 0, "off: no comparison data");
      invariant(JSON.stringify(c.comparisonRange) === JSON.stringify(previousPeriod(c.range)), "off: the comparison dates are the previous period");
    }
    if (!after.matches({ on: { data: "loaded" } })) invariant(c.previousRows.length === 0, "comparison rows only once loaded");
    if (after.matches({ on: { dates: "previousPeriod" } })) {
      invariant(JSON.stringify(c.comparisonRange) === JSON.stringify(previousPeriod(c.range)), "'Previous Period' follows the main range");
    }
    if (after.matches({ on: { dates: "yearOnYear" } })) {
      invariant(JSON.stringify(c.comparisonRange) === JSON.stringify(yearOnYear(c.range)), "'Year on Year' follows the main range");
    }
    if (after.matches({ on: { dates: "custom" } })) {
      invariant(c.comparisonRange.from <= c.comparisonRange.to, "custom dates form a range");
      invariant(c.comparisonRange.to <= c.range.from, "a custom end never lies after the main start");
    }
    if (action.kind === "event" && (action.event.type === "comparison.draftFromChanged" || action.event.type === "comparison.draftToChanged")) {
      invariant(c.draft.from !== "", "a missing start becomes yesterday");
      invariant(c.draft.to === null || c.draft.to <= c.range.from, "an end later than the main start is moved before it");
    }
    // Dates that do not form a range are refused with the message of both date pickers: the picker stays open, nothing changes or loads.
    const problem = comparisonSelectors.draftProblem(after);
    invariant(problem === null || problem === invalidRangeMessage, "the only message is the date pickers' one");
    invariant((problem !== null) === (after.matches({ on: { picker: "open" } }) && comparisonDraftProblem(c.draft, c.range, c.today) !== null), "the message shows while the open picker's dates are not a range");
    if (action.kind === "event" && action.event.type === "comparison.pickerApplied" && before?.matches({ on: { picker: "open" } })) {
      if (comparisonSelectors.draftProblem(before) !== null) {
        invariant(after.matches({ on: { picker: "open" } }), "a refused apply leaves the picker open");
        invariant(JSON.stringify(before.context.comparisonRange) === JSON.stringify(c.comparisonRange), "a refused apply keeps the comparison dates");
        invariant(loads.length === 0, "a refused apply loads nothing");
      } else invariant(after.matches({ on: { picker: "closed", dates: "custom" } }), "an apply of a range closes the picker with custom dates");
    }
    if (action.kind === "event" && action.event.type === "comparison.pickerCancelled" && before) {
      invariant(JSON.stringify(before.context.comparisonRange) === JSON.stringify(c.comparisonRange), "cancelling keeps the comparison dates");
    }
  },
});
