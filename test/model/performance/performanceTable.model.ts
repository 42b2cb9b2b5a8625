import { isDeepStrictEqual } from "node:util";
import type { EventObject } from "xstate";
import { totalsOf } from "../../../src/domain/report/metrics";
import { pageCount } from "../../../src/domain/table/pagination";
import { reportRowName, sortReportRows } from "../../../src/domain/table/tableSort";
import { performanceTableMachine } from "../../../src/machines/performance/performanceTable.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors } from "../fixtures";
import { channelParams, laterReport, levelFourParams, levelOneParams, manyRows, paidSearchChildren, tableInput } from "./tableFixtures";

/** One performance table: load, local sort, pages, silent failure. */
export const performanceTableModel = defineMachineModel({
  name: "performanceTable",
  machine: performanceTableMachine,
  input: {
    levelOne: (rig) => tableInput({ sortListener: rig.recorder("session") }),
    taxonomyTwo: (rig) => tableInput({ params: channelParams, kind: "taxonomyTwo", sortListener: rig.recorder("session") }),
    levelFour: (rig) => tableInput({ params: levelFourParams, levelFour: true, sortListener: rig.recorder("session") }),
    noTable: (rig) => tableInput({ params: null, sortListener: rig.recorder("session") }),
    // A shared link's page 3 at 15 a page: after the load it is the last page or before it.
    linkedPage: (rig) => tableInput({ params: channelParams, kind: "taxonomyTwo", paging: { page: 3, perPage: 15 }, sortListener: rig.recorder("session") }),
  },
  events: {
    "table.paramsChanged": (s) => ({
      laterDates: { params: { ...(s.context.params ?? levelOneParams), range: laterReport.range } },
      none: { params: null },
    }),
    "table.sortChanged": { clicks: { column: "clicks" }, revenue: { column: "attributed_revenue" } },
    "table.pageChanged": (s) => ({ next: { page: s.context.page + 1 }, beyond: { page: 99 } }),
    "table.perPageChanged": { p30: { perPage: 30 }, p7: { perPage: 7 } },
    "table.reloaded": [{}],
    "table.retried": [{}],
  },
  actorOutcomes: {
    loadTable: {
      resolves: { forty: manyRows(40), withNone: paidSearchChildren },
      rejects: { server: httpErrors.server },
    },
  },
  observe: (c) => ({
    params: c.params === null ? null : c.params.range.from,
    sort: c.sort.column,
    page: c.page,
    perPage: c.perPage,
    total: c.total,
  }),
  strategies: {
    simple: { observe: (c) => ({ params: c.params !== null, total: c.total > c.perPage, page: c.page > 1 }), maxPaths: 120 },
    shortest: { maxPaths: 300 },
  },
  limit: 100_000,
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    // A link's page waits for the first load (no rows yet), which moves it to the last page if it lies past it.
    const awaitingFirstRows = (after.matches("loading") || after.matches("idle")) && c.total === 0;
    invariant(c.page >= 1 && (awaitingFirstRows || c.page <= pageCount(c.total, c.perPage)), `page ${c.page} lies outside 1..${pageCount(c.total, c.perPage)}`);
    invariant(c.total === c.rows.length, "total is the number of rows");
    invariant(isDeepStrictEqual(c.sorted, sortReportRows(c.rows, c.sort)), "the rows are in the current sort");
    const named = c.sorted.map(reportRowName);
    invariant(!named.some((n, i) => n === "None" && named.slice(i + 1).some((m) => m !== "None")), "rows named 'None' come last");
    invariant(isDeepStrictEqual(c.footer, totalsOf(c.rows)), "the footer is the totals of every row, recomputed from sums");
    invariant(c.perPage === (c.kind === "taxonomyTwo" ? [10, 15, 30] : [15]).find((n) => n === c.perPage), `per page ${c.perPage} is offered`);

    if (action.kind === "actor" && action.outcome === "rejects") {
      invariant(after.matches("failed") && c.rows.length === 0 && c.total === 0 && c.page === 1, "a failure empties the data, total 0, page 1");
    }
    if (action.kind === "actor" && action.outcome === "resolves" && c.levelFour) invariant(c.page === 1, "the level-four table goes back to page 1 after a load");

    const loads = newCalls.filter((x) => x.kind === "actor" && x.name === "loadTable");
    const restarted = before?.matches("loading") === true && before.context.params !== c.params;
    const expectedLoads = after.matches("loading") && (before === undefined || !before.matches("loading") || restarted) ? 1 : 0;
    invariant(loads.length === expectedLoads, `${loads.length} load(s) started, expected ${expectedLoads}`);

    const received = newCalls.filter((x) => x.kind === "received" && x.name === "session");
    // Paging: told after a load settles, the parameters are taken away, or a page or rows-per-page change is taken; with the paging now.
    const paged = received.filter((x) => (x.payload as EventObject).type === "table.pagingChanged").map((x) => x.payload);
    const settled = action.kind === "actor" && action.src === "loadTable";
    const cleared = action.kind === "event" && action.event.type === "table.paramsChanged" && before?.context.params !== null && c.params === null;
    const moved = before !== undefined && (before.context.page !== c.page || before.context.perPage !== c.perPage);
    invariant(
      isDeepStrictEqual(paged, settled || cleared || moved ? [{ type: "table.pagingChanged", paging: { page: c.page, perPage: c.perPage } }] : []),
      `the paging is told after each change or load: ${JSON.stringify(paged)}`,
    );
    const told = received.filter((x) => (x.payload as EventObject).type !== "table.pagingChanged");
    if (action.kind === "event" && action.event.type === "table.sortChanged") {
      invariant(
        isDeepStrictEqual(
          told.map((x) => x.payload),
          [{ type: "table.sorted", sort: c.sort }],
        ),
        "a sort change is told to the sort listener",
      );
      const column = (action.event as { column?: string }).column;
      const same = before?.context.sort.column === column;
      invariant(
        c.sort.column === column && c.sort.direction === (same ? (before?.context.sort.direction === "asc" ? "desc" : "asc") : "desc"),
        "the same column toggles; a new one starts descending",
      );
    } else {
      invariant(told.length === 0, "only sort changes are told to the session");
    }
  },
});
