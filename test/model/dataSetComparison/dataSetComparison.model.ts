import { isDeepStrictEqual } from "node:util";
import { availableColumns } from "../../../src/domain/dataSetComparison/dataSetComparison";
import { pageCount } from "../../../src/domain/table/pagination";
import { dataSetComparisonMachine, dataSetComparisonSelectors as sel } from "../../../src/machines/dataSetComparison/dataSetComparison.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors, quietReportScopeListener, scopeOf, sessionOf } from "../fixtures";
import { comparisonTables, denied, granted, noComparison, noData, twentyChannels } from "./dataSetComparisonFixtures";

/** The custom report: access, the level's loads, comparing, the Columns modal, sort, paging and row details, silent failures. */
export const dataSetComparisonModel = defineMachineModel({
  name: "dataSetComparison",
  machine: dataSetComparisonMachine,
  input: {
    levelOne: () => ({ session: sessionOf(), path: [], reportId: "1" }),
  },
  events: {
    "session.scopeChanged": { february: { scope: scopeOf({ range: { from: "2026-02-01", to: "2026-02-28" } }) }, signedOut: { scope: scopeOf({ range: null }) } },
    "dataSetComparison.tabChosen": { tabular: { tab: "tabular" } },
    "dataSetComparison.linkFollowed": { backToVisual: { choices: { tab: "visual" } } },
    "dataSetComparison.sorted": { validSales: { column: "first.attributed_sales" } },
    "dataSetComparison.pageChanged": { two: { page: 2 } },
    "dataSetComparison.rowToggled": { channelOne: { key: "Channel 1" } },
    "dataSetComparison.comparingToggled": [{}],
    "dataSetComparison.columnsOpened": [{}],
    "dataSetComparison.columnsClosed": [{}],
    "dataSetComparison.columnToggled": { validCpa: { column: "first.cpa" }, validSales: { column: "first.last_click_sales" } },
    "dataSetComparison.columnsReset": [{}],
    "dataSetComparison.exportRequested": [{}],
  },
  actorOutcomes: {
    loadReportAccess: { resolves: { granted, denied }, rejects: { server: httpErrors.server } },
    loadDataSetComparisonData: { resolves: { twenty: twentyChannels, none: noData }, rejects: { server: httpErrors.server } },
    loadComparison: { resolves: { email: comparisonTables, none: noComparison }, rejects: { network: httpErrors.network } },
  },
  provide: () => ({ actors: { sessionScopeListener: quietReportScopeListener } }),
  observe: (c) => ({ rows: c.rows.length > 0, page: c.page, comparing: c.comparing, open: c.openRows.length, columns: c.visibleColumns.length, tab: c.tab }),
  strategies: {
    shortest: { observe: (c) => ({ rows: c.rows.length > 0, comparing: c.comparing }) },
    simple: { observe: null, maxPaths: 60 },
  },
  limit: 40000,
  check: ({ action, after }) => {
    const c = after.context;
    invariant(c.page >= 1 && c.page <= pageCount(c.rows.length, 15), "the page is one of the pages");
    invariant(sel.pageRows(after).length <= 15, "a page holds at most 15 rows");
    invariant(c.sorted.length === c.rows.length, "every row is in the sort");
    const excluded = c.access?.kind === "granted" ? (c.access.report.meta.excludedColumns ?? []) : [];
    invariant(c.visibleColumns.every((column) => availableColumns(excluded).includes(column)), "no excluded column shows");
    if (!c.comparing) invariant(c.comparisonRows === null, "comparing off holds no comparison rows");
    if (action.kind === "actor" && action.src === "loadDataSetComparisonData" && action.outcome === "resolves") invariant(c.page === 1, "a load goes back to page 1");
    if (action.kind === "actor" && action.src === "loadDataSetComparisonData" && action.outcome === "rejects") {
      invariant(isDeepStrictEqual([c.rows, c.cards, c.openRows, c.page, c.footer], [[], [], [], 1, null]), "a failure clears the data silently");
    }
  },
});
