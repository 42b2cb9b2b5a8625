import { Effect } from "effect";
import { assign, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { CustomReport } from "../../domain/customReports/customReports";
import { customReportColumns, customReportDefaultSort, customReportPerPage } from "../../domain/customReports/customReportTable";
import type { PerformanceRow } from "../../domain/performance/performance";
import { totalsOf } from "../../domain/report/metrics";
import type { ReportStatus } from "../../domain/report/analysisReportTexts";
import { pageCount, pageSlice } from "../../domain/table/pagination";
import { findCustomReport, viewCustomReport } from "../../services/customReports/customReports";
import type { HttpError } from "../../services/http/httpErrors";
import { exportDialogId, exportDialogOf, reportFrameActors, reportFrameGuards } from "../reports/reportFrame";
import { fromApiCall } from "../runtime/fromEffect";
import { customReportTableAssignments } from "./customReportTable";
import { contextMemo, followScope, readyOrEmpty, type LocalTable } from "../reports/reportData";
import { keepScopeAssignment, openingScope, reportCallOf, followSessionScope, type ReportCall, type ScopedReport, type SessionScopeChanged, type SessionSource } from "../reports/reportScope";

/**
 * A saved custom report (/reports/view/{report}): its name, level and rules, and its table
 * for the session's program and dates (followed as they change), sorted and paged in the
 * browser, 15 a page, attributed revenue biggest first at first, with the footer 'Total'
 * of every row.
 *
 * `data`: `waiting` while the session has no program or dates, `loading` (the report and
 * its table together), then `ready` or `empty`; `notFound` when the program has no such
 * report (also for an id that is no number, at once), `failed` for any other failure
 * ('Try again' loads again).
 */

export interface CustomReportViewInput {
  readonly session: SessionSource;
  /** The route's `{report}` segment. */
  readonly id: string | null;
}

export interface CustomReportViewContext extends ScopedReport, LocalTable<PerformanceRow> {
  /** The report's id, null when the route's segment is no id. */
  readonly id: number | null;
  readonly report: CustomReport | null;
}

export type CustomReportViewEvent =
  | SessionScopeChanged
  | { readonly type: "view.sorted"; readonly column: string }
  | { readonly type: "view.paged"; readonly page: number }
  | { readonly type: "view.retried" };

/** The saved report and its table. */
export interface ReportView {
  readonly report: CustomReport;
  readonly rows: ReadonlyArray<PerformanceRow>;
}

export interface ViewLoad extends ReportCall {
  readonly id: number;
}

type Context = CustomReportViewContext;

const viewTable = customReportTableAssignments<Context>();

/** A route segment read as a report id: a whole number from 1, written plainly. */
export const reportIdOf = (segment: string | null): number | null => (segment !== null && /^[1-9]\d{0,9}$/.test(segment) ? Number(segment) : null);

/** The report and its table, asked for together. */
export const loadReportView = ({ program, id, range }: ViewLoad) =>
  Effect.all({ report: findCustomReport(program, id), table: viewCustomReport(program, id, range) }, { concurrency: 2 }).pipe(
    Effect.map(({ report, table }): ReportView => ({ report: report.data, rows: table.data })),
  );

const viewLoadOf = ({ context }: { readonly context: Context }): ViewLoad => ({ ...reportCallOf(context.scope), id: context.id ?? 0 });

const viewOf = ({ event }: { readonly event: { readonly output: ReportView } }): ReportView => event.output;
const errorOf = ({ event }: { readonly event: { readonly error: unknown } }): unknown => event.error;

export const customReportViewMachine = setup({
  types: {
    context: {} as Context,
    events: {} as CustomReportViewEvent,
    input: {} as CustomReportViewInput,
  },
  actors: {
    ...reportFrameActors,
    loadReportView: fromApiCall<ReportView, ViewLoad, HttpError>(loadReportView),
  },
  actions: {
    spawnExportDialog: spawnChild("exportDialog", { id: exportDialogId }),
    keepScope: assign(keepScopeAssignment),
    keepView: assign(({ context }, view: ReportView) => ({ ...viewTable.keepRows({ context }, view.rows), report: view.report })),
    dropRows: assign(() => ({ ...viewTable.dropRows(), report: null })),
    sortBy: assign(viewTable.sortBy),
    turnPage: assign(viewTable.turnPage),
  },
  guards: {
    ...reportFrameGuards,
    hasNoId: ({ context }) => context.id === null,
    hasRows: (_, view: ReportView) => view.rows.length > 0,
    isNotFound: (_, error: unknown) => typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "NotFound",
  },
}).createMachine({
  id: "customReportView",
  context: ({ input }) => ({
    session: input.session,
    scope: openingScope(input.session),
    id: reportIdOf(input.id),
    report: null,
    sort: customReportDefaultSort,
    page: 1,
    columns: customReportColumns,
    sorted: [],
  }),
  // The page's Export Data dialog lives as long as the report.
  entry: "spawnExportDialog",
  invoke: followSessionScope,
  initial: "data",
  states: {
    data: {
      initial: "waiting",
      on: { "session.scopeChanged": followScope("dropRows") },
      states: {
        waiting: {
          always: [
            { guard: "hasNoId", target: "notFound" },
            { guard: "hasCompleteScope", target: "loading" },
          ],
        },
        loading: {
          invoke: {
            src: "loadReportView",
            input: viewLoadOf,
            onDone: readyOrEmpty("keepView", viewOf),
            onError: [
              { guard: { type: "isNotFound", params: errorOf }, target: "notFound", actions: "dropRows" },
              { target: "failed", actions: "dropRows" },
            ],
          },
        },
        ready: {
          on: {
            "view.sorted": { actions: { type: "sortBy", params: ({ event }) => event.column } },
            "view.paged": { actions: { type: "turnPage", params: ({ event }) => event.page } },
          },
        },
        empty: {},
        /** The program has no such report: 'You don't have access to this report'. */
        notFound: {},
        failed: { on: { "view.retried": "loading" } },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof customReportViewMachine>;
const memo = contextMemo<Snap>();

/** What the view shows: a report status, or that the program has no such report. */
export type ViewStatus = ReportStatus | "notFound";

const viewStatuses = ["waiting", "loading", "ready", "empty", "notFound", "failed"] as const satisfies ReadonlyArray<ViewStatus>;

/** Named selectors: the view reads the report only through these. */
export const customReportViewSelectors = {
  status: (s: Snap): ViewStatus => viewStatuses.find((name) => s.matches({ data: name })) ?? "loading",
  report: (s: Snap) => s.context.report,
  sort: (s: Snap) => s.context.sort,
  page: (s: Snap) => s.context.page,
  perPage: () => customReportPerPage,
  total: (s: Snap) => s.context.sorted.length,
  pageCount: (s: Snap) => pageCount(s.context.sorted.length, customReportPerPage),
  /** Every row in the current sort (the export's rows). */
  sortedRows: (s: Snap) => s.context.sorted,
  pageRows: memo((s) => pageSlice(s.context.sorted, s.context.page, customReportPerPage)),
  /** The footer 'Total' of every row: sums, with rates recomputed from them. */
  footer: memo((s) => totalsOf(s.context.sorted)),
  exportDialog: exportDialogOf,
} satisfies Record<string, (s: Snap) => unknown>;

export type CustomReportViewActorRef = ActorRefFrom<typeof customReportViewMachine>;
