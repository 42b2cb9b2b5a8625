import { assign, setup, spawnChild, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import {
  affiliateColumnNames,
  affiliateColumnsOf,
  affiliateDefaultColumns,
  affiliatePerPage,
  affiliateSearchLimit,
  matchingAffiliates,
} from "../../domain/affiliatePerformance/affiliatePerformance";
import { affiliateQueryShape, type AffiliateChoices } from "../../domain/affiliatePerformance/affiliatePerformanceQuery";
import type { AffiliateRow, AffiliatesResponse } from "../../domain/analysis/analysis";
import { totalsOf } from "../../domain/report/metrics";
import { readReportQuery } from "../../domain/report/reportQuery";
import type { ReportStatus } from "../../domain/report/analysisReportTexts";
import { clampPage, pageCount, pageSlice } from "../../domain/table/pagination";
import { sortReportRows } from "../../domain/table/tableSort";
import { loadAffiliatePerformance, type AffiliateScope } from "../../services/affiliatePerformance/affiliatePerformance";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { adminRefusalGuards, adminRefusedState, notifyToasts } from "../reports/adminRefusal";
import { contextMemo, followScope, localTableAssignments, readyOrEmpty, waitingState, type LocalTable, type LocalTableEvent } from "../reports/reportData";
import { keepScopeAssignment, openingScope, reportCallOf, followSessionScope, type ScopedReport, type SessionScopeChanged, type SessionSource } from "../reports/reportScope";
import { exportDialogId, exportDialogOf, reportFrameActors, reportFrameGuards } from "../reports/reportFrame";
import { fromApiCall } from "../runtime/fromEffect";

/**
 * The affiliate performance report (/affiliate-performance, admins only): a row per
 * publisher id and taxonomy path with the 25 metrics of a table, for the session's program
 * and dates (followed as they change), searched, sorted and paged here, 15 a page,
 * attributed revenue biggest first at first.
 *
 * `report.data`: `waiting` while the session has no program or dates, then `loading`, and
 * `ready` or `empty` (no rows in the dates); a failure is `failed`, which 'Try again'
 * (`affiliates.retried`) loads again. A 403 (the person is no admin) ends the report in
 * `refused`: the app's toasts say 'You don't have access to admin resources' and the view
 * opens / (`goHome`).
 *
 * The search (`affiliates.searched`) keeps the rows whose publisher id and taxonomy
 * values, run together, hold the search, white space ignored and case folded; it goes back
 * to page 1. The footer is the matching rows' total: sums, and every rate recomputed from
 * the sums (0 where its divisor is 0). A sort goes back to page 1. The column chooser
 * (`report.columnsDialog`, `closed` or `open`) toggles the metric columns, the last one
 * staying; 'Reset to Defaults' shows every column. The page opens on its link's choices
 * (`affiliateQueryShape`); the view writes them back (`affiliatePerformanceSelectors.choices`).
 */

export interface AffiliatePerformanceInput {
  readonly session: SessionSource;
  /** The app's toasts actor: hears the no-access message (`toast.shown`). */
  readonly toasts?: AnyActorRef | null;
  /** The query of the page's URL when it opens. */
  readonly search?: string;
}

export interface AffiliatePerformanceContext extends ScopedReport, LocalTable<AffiliateRow> {
  readonly toasts: AnyActorRef | null;
  /** The search as typed. */
  readonly search: string;
  /** The answer's column labels. */
  readonly headers: Readonly<Record<string, string>>;
  /** The fixed spend of the rows' channels, in no row (set per path, not per publisher): shown as its own line. */
  readonly unspreadFixedCost: number;
}

export type AffiliatePerformanceEvent =
  | SessionScopeChanged
  | { readonly type: "affiliates.searched"; readonly search: string }
  | LocalTableEvent<"affiliates">
  | { readonly type: "affiliates.retried" };

interface LoadInput {
  readonly api: ApiContext;
  readonly scope: AffiliateScope;
}

type Context = AffiliatePerformanceContext;

/** The rows matching the search, in the current sort. */
const matchingOf = (context: Context): ReadonlyArray<AffiliateRow> => matchingAffiliates(context.sorted, context.search);

/** The affiliate table: 15 rows a page, a new column sorted biggest first (texts A to Z), the 25 metric columns. */
const affiliateTable = localTableAssignments<AffiliateRow, Context>({
  perPage: affiliatePerPage,
  firstDirectionOf: (_, column) => (affiliateColumnNames.includes(column) ? "desc" : "asc"),
  columnNames: affiliateColumnNames,
  defaultColumns: affiliateDefaultColumns,
  columnsOf: affiliateColumnsOf,
});

const loadInputOf = ({ context }: { readonly context: Context }): LoadInput => {
  const call = reportCallOf(context.scope);
  return { api: call.api, scope: { program: call.program, range: call.range } };
};

const answerOf = ({ event }: { readonly event: { readonly output: AffiliatesResponse } }): AffiliatesResponse => event.output;
const failureOf = ({ event }: { readonly event: { readonly error: unknown } }): unknown => event.error;

export const affiliatePerformanceMachine = setup({
  types: {
    context: {} as Context,
    events: {} as AffiliatePerformanceEvent,
    input: {} as AffiliatePerformanceInput,
  },
  actors: {
    ...reportFrameActors,
    loadAffiliatePerformance: fromApiCall<AffiliatesResponse, LoadInput, HttpError>(({ scope }) => loadAffiliatePerformance(scope)),
  },
  actions: {
    spawnExportDialog: spawnChild("exportDialog", { id: exportDialogId }),
    keepScope: assign(keepScopeAssignment),
    /** An answer: its rows in the current sort and its labels, the page kept within the matching rows. */
    keepRows: assign(({ context }, answer: AffiliatesResponse) => {
      const sorted = sortReportRows(answer.data, context.sort);
      return { sorted, headers: answer.column_headers, unspreadFixedCost: answer.unspread_fixed_cost, page: clampPage(context.page, matchingAffiliates(sorted, context.search).length, affiliatePerPage) };
    }),
    dropRows: assign(() => ({ ...affiliateTable.dropRows(), unspreadFixedCost: 0 })),
    sortBy: assign(affiliateTable.sortBy),
    turnPage: assign(({ context }, page: number) => ({ page: clampPage(page, matchingOf(context).length, affiliatePerPage) })),
    searchFor: assign((_, search: string) => ({ search: search.slice(0, affiliateSearchLimit), page: 1 })),
    toggleColumn: assign(affiliateTable.toggleColumn),
    resetColumns: assign(affiliateTable.resetColumns),
    notify: notifyToasts,
    /** Provided by the view: opens / (after a 403). */
    goHome: () => {},
  },
  guards: {
    ...reportFrameGuards,
    ...adminRefusalGuards,
    hasRows: (_, answer: AffiliatesResponse) => answer.data.length > 0,
  },
}).createMachine({
  id: "affiliatePerformance",
  context: ({ input }) => {
    const choices = readReportQuery(input.search ?? "", affiliateQueryShape);
    return {
      session: input.session,
      scope: openingScope(input.session),
      toasts: input.toasts ?? null,
      search: choices.search,
      sort: { column: choices.sort, direction: choices.direction },
      page: choices.page,
      columns: affiliateColumnsOf(choices.columns),
      sorted: [],
      headers: {},
      unspreadFixedCost: 0,
    };
  },
  // The page's Export Data dialog lives as long as the report.
  entry: "spawnExportDialog",
  invoke: followSessionScope,
  initial: "report",
  states: {
    report: {
      type: "parallel",
      on: {
        "affiliates.searched": { actions: { type: "searchFor", params: ({ event }) => event.search } },
        "affiliates.sorted": { actions: { type: "sortBy", params: ({ event }) => event.column } },
        "affiliates.columnToggled": { actions: { type: "toggleColumn", params: ({ event }) => event.column } },
        "affiliates.columnsReset": { actions: "resetColumns" },
      },
      states: {
        data: {
          initial: "waiting",
          on: { "session.scopeChanged": followScope("dropRows") },
          states: {
            waiting: waitingState,
            loading: {
              invoke: {
                src: "loadAffiliatePerformance",
                input: loadInputOf,
                onDone: readyOrEmpty("keepRows", answerOf),
                onError: [{ guard: { type: "isForbidden", params: failureOf }, target: "#affiliatePerformance.refused" }, { target: "failed", actions: "dropRows" }],
              },
            },
            ready: {
              on: { "affiliates.paged": { actions: { type: "turnPage", params: ({ event }) => event.page } } },
            },
            /** No rows in the dates. */
            empty: {},
            /** The load failed: the report says so and offers 'Try again'. */
            failed: {
              on: { "affiliates.retried": "loading" },
            },
          },
        },
        /** The column chooser (a dialog of the 25 metric columns). */
        columnsDialog: {
          initial: "closed",
          states: {
            closed: { on: { "affiliates.columnsOpened": "open" } },
            open: { on: { "affiliates.columnsClosed": "closed" } },
          },
        },
      },
    },
    /** A 403: the person is no admin. */
    refused: adminRefusedState,
  },
});

type Snap = SnapshotFrom<typeof affiliatePerformanceMachine>;

const memoByContext = contextMemo<Snap>();

const matchingRows = memoByContext((s) => matchingOf(s.context));
const footerOf = memoByContext((s) => totalsOf(matchingRows(s)));
const pageOf = (s: Snap): number => clampPage(s.context.page, matchingRows(s).length, affiliatePerPage);
const pageRowsOf = memoByContext((s) => pageSlice(matchingRows(s), s.context.page, affiliatePerPage));
const choicesOf = memoByContext(
  (s): AffiliateChoices => ({ search: s.context.search, sort: s.context.sort.column, direction: s.context.sort.direction, page: s.context.page, columns: s.context.columns }),
);

/** Named selectors: the view reads the report only through these. */
export const affiliatePerformanceSelectors = {
  status: (s: Snap): ReportStatus =>
    s.matches({ report: { data: "waiting" } })
      ? "waiting"
      : s.matches({ report: { data: "loading" } })
        ? "loading"
        : s.matches({ report: { data: "failed" } })
          ? "failed"
          : s.matches({ report: { data: "empty" } })
            ? "empty"
            : "ready",
  isLoading: (s: Snap) => s.matches({ report: { data: "loading" } }),
  isRefused: (s: Snap) => s.matches("refused"),
  isChoosingColumns: (s: Snap) => s.matches({ report: { columnsDialog: "open" } }),
  search: (s: Snap) => s.context.search,
  columns: (s: Snap) => s.context.columns,
  headers: (s: Snap) => s.context.headers,
  sort: (s: Snap) => s.context.sort,
  page: pageOf,
  perPage: () => affiliatePerPage,
  /** How many rows match the search. */
  total: (s: Snap) => matchingRows(s).length,
  pageCount: (s: Snap) => pageCount(matchingRows(s).length, affiliatePerPage),
  /** Every matching row in the current sort (the export's rows). */
  matchingRows,
  /** The rows of the current page. */
  pageRows: pageRowsOf,
  /** The footer 'Total' of the matching rows: sums, rates recomputed from them. */
  footer: footerOf,
  /** The fixed spend of the rows' channels that no row holds (0: none). */
  unspreadFixedCost: (s: Snap) => s.context.unspreadFixedCost,
  /** Every choice as the link carries it. */
  choices: choicesOf,
  exportDialog: exportDialogOf,
} satisfies Record<string, (s: Snap) => unknown>;

export type AffiliatePerformanceActorRef = ActorRefFrom<typeof affiliatePerformanceMachine>;
export type AffiliatePerformanceSnapshot = Snap;
