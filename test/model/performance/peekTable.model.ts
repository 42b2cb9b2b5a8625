import { isDeepStrictEqual } from "node:util";
import { peekLimit } from "../../../src/domain/table/pagination";
import { sortReportRows } from "../../../src/domain/table/tableSort";
import { peekTableMachine, peekTableSelectors } from "../../../src/machines/performance/peekTable.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors } from "../fixtures";
import { laterReport, manyRows, paidSearchChildren, report } from "./tableFixtures";

const sort = { column: "attributed_revenue", direction: "desc" } as const;

/** The peek table under an open row: first 10, 'Show me more', silent failure told to its owner. */
export const peekTableModel = defineMachineModel({
  name: "peekTable",
  machine: peekTableMachine,
  input: {
    levelOneDetail: (rig) => ({ params: report, path: ["Paid Search"], sort, noneLast: false, owner: rig.recorder("owner") }),
    channelLevel: (rig) => ({ params: report, path: ["Paid Search"], sort, noneLast: true, owner: rig.recorder("owner") }),
  },
  events: {
    "peek.paramsChanged": { later: { params: laterReport } },
    "peek.sortChanged": { clicksAsc: { sort: { column: "clicks", direction: "asc" } }, revenue: { sort } },
    "peek.reloaded": [{}],
  },
  actorOutcomes: {
    loadPeek: {
      resolves: { eleven: manyRows(11, ["Paid Search"]), withNone: paidSearchChildren },
      rejects: { server: httpErrors.server },
    },
  },
  observe: (c) => ({ params: c.params.range.from, sort: c.sort.column, rows: c.rows.length }),
  strategies: { simple: { observe: (c) => ({ rows: c.rows.length > 0 }), maxPaths: 60 } },
  check: ({ action, after, newCalls }) => {
    const c = after.context;
    const shown = peekTableSelectors.shownRows(after);
    invariant(shown.length === Math.min(peekLimit, c.rows.length), "at most 10 rows show");
    invariant(peekTableSelectors.showMore(after) === c.rows.length > peekLimit, "'Show me more' shows when there are more than 10");
    invariant(isDeepStrictEqual(c.rows, sortReportRows(c.rows, c.sort)), "the rows are in the table's sort");
    invariant(!c.rows.some((r, i) => r.taxonomy_2 === "None" && c.rows.slice(i + 1).some((n) => n.taxonomy_2 !== "None")), "rows named 'None' come last");
    const told = newCalls.filter((x) => x.kind === "received" && x.name === "owner").map((x) => x.payload);
    if (action.kind === "actor" && action.outcome === "rejects") {
      invariant(c.rows.length === 0, "a failure clears the data");
      invariant(isDeepStrictEqual(told, [{ type: "expansion.peekFailed", path: c.path }]), "a failure is told to the owner");
    } else {
      invariant(told.length === 0, "only failures are told to the owner");
    }
  },
});
