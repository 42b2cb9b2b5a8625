import { parseRange } from "../../../src/domain/report/dateRange";
import { dateRangePickerMachine } from "../../../src/machines/shell/dateRangePicker.machine";
import { defineMachineModel, invariant } from "../harness";

/** The main date range picker: the session's dates. */
export const dateRangePickerModel = defineMachineModel({
  name: "dateRangePicker",
  machine: dateRangePickerMachine,
  input: (rig) => ({ session: rig.recorder("session") }),
  events: {
    "picker.opened": {
      march: { range: { from: "2026-03-01", to: "2026-03-31" }, timeZone: "+00:00" },
      noRange: { range: null, timeZone: "Asia/Tokyo" },
    },
    "picker.presetChosen": { last7: { preset: "last7" }, yesterday: { preset: "yesterday" } },
    "picker.fromChanged": { valid: { value: "2026-03-05" }, impossible: { value: "2026-02-30" }, afterEnd: { value: "2026-04-15" } },
    "picker.toChanged": { valid: { value: "2026-03-20" }, empty: { value: "" } },
    "picker.applied": [{}],
    "picker.cancelled": [{}],
  },
  // Validity, not the dates themselves: "today" moves, the rules do not.
  observe: (c) => ({ valid: parseRange(c.from, c.to) !== null, typed: c.from === "2026-03-05" || c.from === "2026-04-15" || c.from === "2026-02-30" }),
  strategies: { simple: { observe: (c) => parseRange(c.from, c.to) !== null } },
  check: ({ action, before, after, newCalls }) => {
    const told = newCalls.filter((c) => c.kind === "received" && c.name === "session");
    const applied =
      action.kind === "event" &&
      before?.matches("open") === true &&
      after.matches("closed") &&
      (action.event.type === "picker.applied" || action.event.type === "picker.presetChosen");
    invariant(told.length === (applied ? 1 : 0), `the session hears of a range only when one is applied (got ${told.length})`);
    for (const t of told) {
      const e = t.payload as { type: string; from: string; to: string };
      invariant(e.type === "session.datesChanged", "the session gets session.datesChanged");
      invariant(parseRange(e.from, e.to) !== null, `only a valid range reaches the session: ${e.from} .. ${e.to}`);
    }
    if (action.kind === "event" && action.event.type === "picker.applied" && before?.matches("open")) {
      invariant(after.matches("closed") === (parseRange(before.context.from, before.context.to) !== null), "Apply closes exactly when the draft is valid");
    }
  },
});
