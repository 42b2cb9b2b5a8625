import { isDeepStrictEqual } from "node:util";
import { sortedAttributionRows, sortsOffered } from "../../../src/domain/attributionComparison/attributionComparison";
import { pageCount } from "../../../src/domain/table/pagination";
import { attributionComparisonMachine, attributionComparisonSelectors as sel } from "../../../src/machines/attributionComparison/attributionComparison.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors, quietReportScopeListener, scopeOf, sessionOf } from "../fixtures";
import { campaigns, noRows } from "./attributionFixtures";

/** The attribution comparison: scope following, load, the mode and sort rules, paging, export. */
export const attributionComparisonModel = defineMachineModel({
  name: "attributionComparison",
  machine: attributionComparisonMachine,
  input: {
    levelOne: () => ({ session: sessionOf(), path: [] }),
    linkedSpendPage2: () => ({ session: sessionOf(), path: [], search: "comparisonMetric=spend&sort=total_cost&page=2" }),
  },
  events: {
    "session.scopeChanged": { february: { scope: scopeOf({ range: { from: "2026-02-01", to: "2026-02-28" } }) }, signedOut: { scope: scopeOf({ range: null }) } },
    "attribution.modeChanged": { lcr: { mode: "lcr" }, spend: { mode: "spend" } },
    "attribution.sortChanged": { lastClick: { sort: "last_click_revenue" }, shift: { sort: "credit_shift" } },
    "attribution.headerClicked": { name: { sort: "name" } },
    "attribution.directionToggled": [{}],
    "attribution.pageChanged": { two: { page: 2 } },
    "attribution.perPageChanged": { sixteen: { perPage: 16 } },
    "attribution.retried": [{}],
    "attribution.exportRequested": [{}],
  },
  actorOutcomes: {
    loadTable: { resolves: { twenty: campaigns(20), none: noRows }, rejects: { server: httpErrors.server } },
  },
  provide: () => ({ actors: { sessionScopeListener: quietReportScopeListener } }),
  observe: (c) => ({ mode: c.choices.mode, sort: c.choices.sort, page: c.choices.page, rows: c.rows.length > 0 }),
  strategies: { simple: { observe: (c) => ({ mode: c.choices.mode, rows: c.rows.length > 0 }), maxPaths: 80 } },
  limit: 20000,
  check: ({ action, before, after }) => {
    const c = after.context;
    invariant(sortsOffered(c.choices.mode).includes(c.choices.sort), "the sort is one the mode offers");
    invariant(isDeepStrictEqual(c.sorted, sortedAttributionRows(c.rows, c.choices.sort, c.choices.direction)), "the rows are in the chosen sort");
    invariant(c.choices.page >= 1 && (c.rows.length === 0 || c.choices.page <= pageCount(c.rows.length, c.choices.perPage)), "the page is one of the pages");
    invariant(sel.pageRows(after).length <= c.choices.perPage, "a page holds at most the cards per page");
    if (action.kind === "event" && before && (action.event.type === "attribution.sortChanged" || action.event.type === "attribution.headerClicked")) {
      if (c.choices.sort !== before.context.choices.sort) invariant(c.choices.page === 1, "another sort metric goes back to page 1");
    }
    if (action.kind === "actor" && action.outcome === "rejects") invariant(c.rows.length === 0 && sel.status(after) === "failed", "a failure empties the rows and says so");
  },
});
