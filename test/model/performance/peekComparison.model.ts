import { isDeepStrictEqual } from "node:util";
import { peekComparisonMachine, peekComparisonSelectors } from "../../../src/machines/performance/peekComparison.machine";
import { scopeOf } from "../../../src/machines/performance/reportParams";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors } from "../fixtures";
import { laterReport, manyRows, paidSearchChildren, report } from "./tableFixtures";

const december = { from: "2025-12-01", to: "2025-12-31" };
const lastYear = { from: "2025-01-01", to: "2025-01-31" };
const path = ["Paid Search", "Brand"];

/** The comparison of one peek table: off, loading for the page's comparison dates, loaded or failed (silently). */
export const peekComparisonModel = defineMachineModel({
  name: "peekComparison",
  machine: peekComparisonMachine,
  input: {
    off: () => ({ params: report, path, range: null }),
    openedWhileOn: () => ({ params: report, path, range: december }),
  },
  events: {
    "peekComparison.rangeChanged": { december: { range: december }, lastYear: { range: lastYear }, off: { range: null } },
    "peekComparison.paramsChanged": { later: { params: laterReport } },
  },
  actorOutcomes: {
    loadPeekComparison: {
      resolves: { three: paidSearchChildren, eleven: manyRows(11, path) },
      rejects: { server: httpErrors.server },
    },
  },
  observe: (c) => ({ range: c.range?.from ?? "off", params: c.params.range.from, rows: c.previousRows.length }),
  strategies: { simple: { observe: (c) => ({ on: c.range !== null, rows: c.previousRows.length > 0 }), maxPaths: 80 } },
  check: ({ action, after, newCalls }) => {
    const c = after.context;
    const previous = peekComparisonSelectors.previousRows(after);
    invariant((previous === null) === after.matches("off"), "previous rows show exactly while comparison mode is on");
    invariant(after.matches("off") === (c.range === null), "off exactly when the page's comparison is off");
    if (!after.matches("loaded")) invariant(c.previousRows.length === 0, "no previous rows while loading, off or after a failure");
    for (const call of newCalls.filter((x) => x.kind === "actor" && x.name === "loadPeekComparison")) {
      invariant(c.range !== null, "a load only while on");
      invariant(isDeepStrictEqual(call.payload, { api: c.params.api, scope: { ...scopeOf(c.params, c.path), range: c.range } }), "the peek's table call, at the comparison dates");
    }
    if (action.kind === "event" && action.event.type === "peekComparison.paramsChanged") invariant(newCalls.every((x) => x.kind !== "actor"), "a new scope waits for the comparison's next load");
    if (action.kind === "event" && action.event.type === "peekComparison.rangeChanged" && c.range !== null) invariant(after.matches("loading"), "every comparison load of the page loads the peek's again");
  },
});
