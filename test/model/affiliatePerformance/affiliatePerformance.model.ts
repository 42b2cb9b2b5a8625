import { isDeepStrictEqual } from "node:util";
import { affiliateColumnNames, affiliatePerPage, matchesAffiliateSearch } from "../../../src/domain/affiliatePerformance/affiliatePerformance";
import { totalsOf } from "../../../src/domain/report/metrics";
import { affiliatePerformanceMachine, affiliatePerformanceSelectors as sel } from "../../../src/machines/affiliatePerformance/affiliatePerformance.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors, sessionOf } from "../fixtures";
import { checkRowsReport, quietScope, rowsReportRuns, scopeChanges } from "../reports/reportModels";
import { eighteenAffiliates, noAffiliates } from "./affiliateFixtures";

/**
 * The affiliate performance report: waiting, loading, ready, empty, failed (with 'Try
 * again') or refused (a 403: the toast and /, once; the report ends); the search over
 * publisher ids and taxonomy text, attributed revenue biggest first, 15 a page, the
 * matching rows' Total, the column chooser; each new scope loads once, the same scope never.
 */
export const affiliatePerformanceModel = defineMachineModel({
  name: "affiliatePerformance",
  machine: affiliatePerformanceMachine,
  input: {
    signedIn: (rig) => ({ session: sessionOf(), toasts: rig.recorder("toasts") }),
    linked: (rig) => ({ session: sessionOf(), toasts: rig.recorder("toasts"), search: "search=voucher&sort=taxonomy_4&direction=asc&page=2" }),
  },
  events: {
    "session.scopeChanged": scopeChanges,
    "affiliates.searched": { oddCase: { search: "  cASHBACK site " }, none: { search: "nothing like it" }, cleared: { search: "" } },
    "affiliates.sorted": { clicks: { column: "clicks" } },
    "affiliates.paged": { second: { page: 2 }, pastTheLast: { page: 99 } },
    "affiliates.columnsOpened": [{}],
    "affiliates.columnsClosed": [{}],
    "affiliates.columnToggled": { clicks: { column: "clicks" } },
    "affiliates.columnsReset": [{}],
    "affiliates.retried": [{}],
  },
  actorOutcomes: {
    loadAffiliatePerformance: {
      resolves: { eighteen: eighteenAffiliates, none: noAffiliates },
      rejects: { server: httpErrors.server, refused: httpErrors.forbidden },
    },
  },
  appActions: ["goHome"],
  provide: quietScope,
  observe: (c) => ({ rows: c.sorted.length, page: c.page, search: c.search }),
  ...rowsReportRuns,
  check: (step) => {
    const { action, before, after, newCalls } = step;
    const retried = action.kind === "event" && action.event.type === "affiliates.retried";
    if (after.status !== "done" && !retried) {
      checkRowsReport(step, {
        inData: (s, state) => s.matches({ report: { data: state } }),
        sel,
        perPage: affiliatePerPage,
        columnNames: affiliateColumnNames,
        sorted: "affiliates.sorted",
        load: "loadAffiliatePerformance",
      });
    }
    const loads = newCalls.filter((x) => x.kind === "actor" && x.name === "loadAffiliatePerformance").length;
    if (retried) invariant(loads === (before?.matches({ report: { data: "failed" } }) ? 1 : 0), "'Try again' loads again only after a failure");
    // The rows shown are those matching the search, and the footer is their total.
    const c = after.context;
    const matching = sel.matchingRows(after);
    invariant(matching.every((row) => matchesAffiliateSearch(row, c.search)), "every row shown matches the search");
    invariant(matching.length === c.sorted.filter((row) => matchesAffiliateSearch(row, c.search)).length, "no matching row is left out");
    invariant(isDeepStrictEqual(sel.footer(after), totalsOf(matching)), "the footer is the matching rows' total");
    if (action.kind === "event" && action.event.type === "affiliates.searched") invariant(c.page === 1, "a search starts on page 1");
    // A 403: the toast and /, once; nothing else says anything.
    const refusedNow = after.matches("refused") && before?.status !== "done";
    const toasts = newCalls.filter((x) => x.kind === "received" && x.name === "toasts").map((x) => x.payload);
    invariant(
      isDeepStrictEqual(toasts, refusedNow ? [{ type: "toast.shown", text: "You don't have access to admin resources", kind: "error" }] : []),
      "the refusal's toast, once",
    );
    const home = newCalls.filter((x) => x.kind === "action" && x.name === "goHome").length;
    invariant(home === (refusedNow ? 1 : 0), "a 403 goes to / once");
  },
});
