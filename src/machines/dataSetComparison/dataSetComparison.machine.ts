import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from "xstate";
import {
  availableColumns,
  cancellationRules,
  columnParts,
  dataSetComparisonCards,
  dataSetComparisonLevel,
  dataSetComparisonPerPage,
  dataSetComparisonQuery,
  defaultVisibleColumns,
  footerOf,
  levelField,
  mergedRows,
  sideNames,
  type DataSetComparisonCard,
  type DataSetComparisonRow,
  type DataSetComparisonTab,
  type Side,
} from "../../domain/dataSetComparison/dataSetComparison";
import { dataSetComparisonTexts as texts } from "../../domain/dataSetComparison/dataSetComparisonTexts";
import type { PerformanceRow } from "../../domain/performance/performance";
import { metricDefinitions } from "../../domain/report/metrics";
import type { DateRange } from "../../domain/report/dateRange";
import { readReportQuery } from "../../domain/report/reportQuery";
import { toggledColumns } from "../../domain/report/reportColumns";
import type { ReportStatus } from "../../domain/report/analysisReportTexts";
import { clampPage, pageCount, pageSlice } from "../../domain/table/pagination";
import { nextSort, sortReportRows, type SortSpec } from "../../domain/table/tableSort";
import {
  loadComparisonTables,
  loadDataSetComparisonData,
  loadReportAccess,
  type DataSetComparisonData,
  type DataSetComparisonLoad,
  type ReportAccess,
} from "../../services/dataSetComparison/dataSetComparison";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { type ExportOpened } from "../exports/exportDialog.machine";
import type { ReportRouteInput, RouteReport } from "../reports/reportData";
import { keepScope, keepScopeAssignment, reportCallOf, scopeGuard, followSessionScope, waitForScope, type SessionScopeChanged } from "../reports/reportScope";
import { exportDialogId, exportDialogOf, exportNamingOf, openingReport, reportFrameActors, reportFrameGuards } from "../reports/reportFrame";
import { fromApiCall } from "../runtime/fromEffect";

/**
 * The custom report screen (/custom-reports/{report} and its taxonomy pages): it follows
 * the session's scope (machines/reports/reportScope.ts), asks whether the program has the
 * report (`denied`: the no-access screen) and where its numbers come from, then makes the
 * six loads of the level (each side's chart, its current and previous period tables).
 *
 * - `data`: a load puts the table back on page 1; a failed load clears everything (no
 *   cards, no rows, total 0, page 1, every row detail closed), silently.
 * - `comparison`: off, or on (`dataSetComparison.comparingToggled`), which loads the comparison
 *   period's tables, matched to the rows by their taxonomy value; off clears them. It is
 *   loaded again after every load of the data while on.
 * - `columns`: the Columns modal closed or open; a toggle keeps the report's excluded
 *   columns out, 'Reset' shows the default columns.
 * - The tab is the URL's `tab`: chosen by its link (`dataSetComparison.tabChosen`, which the
 *   screen frame writes as a new history entry), or brought back by Back or Forward
 *   (`dataSetComparison.linkFollowed`, the choices of the address's query); sort, page
 *   and the open row details are local. A new scope asks again from the start.
 */

export interface DataSetComparisonInput extends ReportRouteInput {
  /** The report's id, from the route. */
  readonly reportId: string;
}

export interface DataSetComparisonContext extends RouteReport {
  readonly reportId: string;
  readonly isAdmin: boolean;
  readonly tab: DataSetComparisonTab;
  readonly access: ReportAccess | null;
  readonly cards: ReadonlyArray<DataSetComparisonCard>;
  readonly rows: ReadonlyArray<DataSetComparisonRow>;
  readonly sorted: ReadonlyArray<DataSetComparisonRow>;
  readonly footer: DataSetComparisonRow | null;
  readonly sort: SortSpec;
  readonly page: number;
  readonly visibleColumns: ReadonlyArray<string>;
  readonly comparing: boolean;
  readonly comparisonRows: ReadonlyArray<DataSetComparisonRow> | null;
  readonly comparisonFooter: DataSetComparisonRow | null;
  /** The taxonomy values whose row detail is open. */
  readonly openRows: ReadonlyArray<string>;
}

export type DataSetComparisonEvent =
  | SessionScopeChanged
  | { type: "dataSetComparison.tabChosen"; tab: DataSetComparisonTab }
  | { type: "dataSetComparison.linkFollowed"; choices: DataSetComparisonChoices }
  | { type: "dataSetComparison.sorted"; column: string }
  | { type: "dataSetComparison.pageChanged"; page: number }
  | { type: "dataSetComparison.rowToggled"; key: string }
  | { type: "dataSetComparison.comparingToggled" }
  | { type: "dataSetComparison.columnsOpened" }
  | { type: "dataSetComparison.columnsClosed" }
  | { type: "dataSetComparison.columnToggled"; column: string }
  | { type: "dataSetComparison.columnsReset" }
  | { type: "dataSetComparison.exportRequested" };

/** The screen's choices as its URL carries them (`dataSetComparisonQuery`). */
export interface DataSetComparisonChoices {
  readonly tab: DataSetComparisonTab;
}

type Context = DataSetComparisonContext;

export interface AccessInput {
  readonly api: ApiContext;
  readonly program: string;
  readonly reportId: string;
}

export type LoadInput = DataSetComparisonLoad & { readonly api: ApiContext };

const levelOf = (context: Context) => dataSetComparisonLevel(context.path);

const excludedOf = (access: ReportAccess | null): ReadonlyArray<string> => (access?.kind === "granted" ? (access.report.meta.excludedColumns ?? []) : []);

const namesOf = (access: ReportAccess | null): Readonly<Record<Side, string>> => sideNames(access?.kind === "granted" ? access.report.meta : {});

/** A column's header: the side's name, then the metric's label ('Valid CPA'). */
export const columnHeader = (column: string, names: Readonly<Record<Side, string>>): string => {
  const parts = columnParts(column);
  return parts === null ? column : `${names[parts.side]} ${metricDefinitions[parts.metric].label}`;
};

const accessInput = ({ context }: { readonly context: Context }): AccessInput => {
  const call = reportCallOf(context.scope);
  return { api: call.api, program: call.program, reportId: context.reportId };
};

const loadInput = ({ context }: { readonly context: Context }): LoadInput => {
  const call = reportCallOf(context.scope);
  const source = context.access?.kind === "granted" ? context.access.source : ({ kind: "meta", rules: cancellationRules } as const);
  return { api: call.api, program: call.program, source, path: context.path, range: call.range as DateRange };
};

const sortedOf = (rows: ReadonlyArray<DataSetComparisonRow>, sort: SortSpec) => sortReportRows(rows, sort);

/** Another scope asks again from the start (or waits, without a program or dates). */
const followScope = [
  { guard: scopeGuard("isIncompleteScope"), target: "#dataSetComparison.waiting", actions: keepScope },
  { guard: scopeGuard("isOtherScope"), target: "#dataSetComparison.opening", reenter: true, actions: keepScope },
] as const;

const clearedData = {
  cards: [],
  rows: [],
  sorted: [],
  footer: null,
  page: 1,
  openRows: [],
} as const;

/** What the Export dialog opens with: every row in the table's sort, the visible columns ticked. */
export const exportOpenedOf = (context: Context): ExportOpened => {
  const names = namesOf(context.access);
  const field = levelField(levelOf(context));
  const columns = availableColumns(excludedOf(context.access));
  return {
    type: "export.opened",
    kind: "table",
    columns,
    visibleColumns: context.visibleColumns,
    taxonomyColumns: [field],
    labels: { [field]: texts.taxonomy, ...Object.fromEntries(columns.map((c) => [c, columnHeader(c, names)])) },
    naming: exportNamingOf(context.scope, texts.exportKind),
    rows: context.sorted,
    sort: context.sort,
    sheetName: texts.exportKind,
  };
};

export const dataSetComparisonMachine = setup({
  types: {
    context: {} as DataSetComparisonContext,
    events: {} as DataSetComparisonEvent,
    input: {} as DataSetComparisonInput,
  },
  actors: {
    ...reportFrameActors,
    loadReportAccess: fromApiCall<ReportAccess, AccessInput, HttpError>(({ program, reportId }) => loadReportAccess(program, reportId)),
    loadDataSetComparisonData: fromApiCall<DataSetComparisonData, LoadInput, HttpError>((input) => loadDataSetComparisonData(input)),
    loadComparison: fromApiCall<Readonly<Record<Side, ReadonlyArray<PerformanceRow>>>, LoadInput, HttpError>((input) => loadComparisonTables(input)),
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    storeAccess: assign((_, access: ReportAccess) => ({ access, visibleColumns: defaultVisibleColumns(excludedOf(access)) })),
    forgetAccess: assign({ access: null }),
    storeData: assign(({ context }, data: DataSetComparisonData) => {
      const level = levelOf(context);
      const rows = mergedRows(data.tables.first.current, data.tables.second.current, level);
      return {
        cards: dataSetComparisonCards(data.charts, data.tables, level),
        rows,
        sorted: sortedOf(rows, context.sort),
        footer: rows.length > 0 ? footerOf(data.tables.first.current, data.tables.second.current) : null,
        page: 1,
      };
    }),
    /** A failure clears the data: no cards or rows, total 0, page 1, every detail closed. */
    clearData: assign(clearedData),
    storeComparison: assign(({ context }, tables: Readonly<Record<Side, ReadonlyArray<PerformanceRow>>>) => {
      const rows = mergedRows(tables.first, tables.second, levelOf(context));
      return { comparisonRows: rows, comparisonFooter: rows.length > 0 ? footerOf(tables.first, tables.second) : null };
    }),
    clearComparison: assign({ comparisonRows: null, comparisonFooter: null }),
    turnComparingOn: assign({ comparing: true }),
    turnComparingOff: assign({ comparing: false, comparisonRows: null, comparisonFooter: null }),
    chooseTab: assign((_, tab: DataSetComparisonTab) => ({ tab })),
    sortBy: assign(({ context }, column: string) => {
      const sort = nextSort(context.sort, column);
      return { sort, sorted: sortedOf(context.rows, sort), page: 1 };
    }),
    changePage: assign(({ context }, page: number) => ({ page: clampPage(page, context.rows.length, dataSetComparisonPerPage) })),
    toggleRow: assign(({ context }, key: string) => ({
      openRows: context.openRows.includes(key) ? context.openRows.filter((k) => k !== key) : [...context.openRows, key],
    })),
    toggleColumn: assign(({ context }, column: string) => ({ visibleColumns: toggledColumns(context.visibleColumns, column, availableColumns(excludedOf(context.access))) })),
    resetColumns: assign(({ context }) => ({ visibleColumns: defaultVisibleColumns(excludedOf(context.access)) })),
    spawnExportDialog: spawnChild("exportDialog", { id: exportDialogId }),
    openExport: sendTo(exportDialogId, ({ context }) => exportOpenedOf(context)),
  },
  guards: {
    ...reportFrameGuards,
    isDenied: (_, access: ReportAccess) => access.kind === "denied",
    hasData: ({ context }) => context.cards.length > 0 || context.rows.length > 0,
    isComparing: ({ context }) => context.comparing,
    isOtherTab: ({ context }, tab: DataSetComparisonTab) => tab !== context.tab,
    /** The report's table may show it: a column of the report not in its excludedColumns. */
    isAvailableColumn: ({ context }, column: string) => availableColumns(excludedOf(context.access)).includes(column),
    hasRows: ({ context }) => context.rows.length > 0,
  },
}).createMachine({
  id: "dataSetComparison",
  context: ({ input }) => ({
    ...openingReport(input),
    reportId: input.reportId,
    isAdmin: input.session.getSnapshot().context.user?.is_admin === true,
    tab: readReportQuery(input.search ?? "", dataSetComparisonQuery).tab,
    access: null,
    ...clearedData,
    sort: { column: "first.attributed_sales", direction: "desc" },
    visibleColumns: defaultVisibleColumns([]),
    comparing: false,
    comparisonRows: null,
    comparisonFooter: null,
  }),
  invoke: followSessionScope,
  entry: "spawnExportDialog",
  on: {
    "dataSetComparison.tabChosen": { guard: { type: "isOtherTab", params: ({ event }) => event.tab }, actions: { type: "chooseTab", params: ({ event }) => event.tab } },
    "dataSetComparison.linkFollowed": {
      guard: { type: "isOtherTab", params: ({ event }) => event.choices.tab },
      actions: { type: "chooseTab", params: ({ event }) => event.choices.tab },
    },
    "dataSetComparison.sorted": { actions: { type: "sortBy", params: ({ event }) => event.column } },
    "dataSetComparison.pageChanged": { actions: { type: "changePage", params: ({ event }) => event.page } },
    "dataSetComparison.rowToggled": { actions: { type: "toggleRow", params: ({ event }) => event.key } },
  },
  initial: "waiting",
  states: {
    /** No program or dates yet: nothing to ask. */
    waiting: {
      ...waitForScope("opening"),
      on: { "session.scopeChanged": { actions: keepScope } },
    },
    /** Asking whether the program has the report, and where its numbers come from. */
    opening: {
      on: { "session.scopeChanged": followScope },
      invoke: {
        src: "loadReportAccess",
        input: accessInput,
        onDone: [
          { guard: { type: "isDenied", params: ({ event }) => event.output }, target: "denied", actions: { type: "storeAccess", params: ({ event }) => event.output } },
          { target: "open", actions: { type: "storeAccess", params: ({ event }) => event.output } },
        ],
        onError: { target: "failed", actions: ["forgetAccess", "clearData"] },
      },
    },
    /** The program has no entry for the report: the no-access screen. */
    denied: { on: { "session.scopeChanged": followScope } },
    /** The report could not be asked for: nothing shown, silently. */
    failed: { on: { "session.scopeChanged": followScope } },
    open: {
      on: { "session.scopeChanged": followScope },
      initial: "loading",
      states: {
        loading: {
          invoke: {
            src: "loadDataSetComparisonData",
            input: loadInput,
            onDone: { target: "loaded", actions: { type: "storeData", params: ({ event }) => event.output } },
            onError: { target: "failed", actions: "clearData" },
          },
        },
        /** Passed through: data to show or none. */
        loaded: { always: [{ guard: "hasData", target: "ready" }, { target: "empty" }] },
        /** The cards and the table, with the comparison and the Columns modal beside them. */
        ready: {
          type: "parallel",
          on: { "dataSetComparison.exportRequested": { guard: "hasRows", actions: "openExport" } },
          states: {
            comparison: {
              initial: "settling",
              states: {
                /** After every load: comparing goes on loading the comparison period, otherwise off. */
                settling: { always: [{ guard: "isComparing", target: "loading" }, { target: "off" }] },
                off: { on: { "dataSetComparison.comparingToggled": { target: "loading", actions: "turnComparingOn" } } },
                loading: {
                  invoke: {
                    src: "loadComparison",
                    input: loadInput,
                    onDone: { target: "on", actions: { type: "storeComparison", params: ({ event }) => event.output } },
                    onError: { target: "on", actions: "clearComparison" },
                  },
                  on: { "dataSetComparison.comparingToggled": { target: "off", actions: "turnComparingOff" } },
                },
                on: { on: { "dataSetComparison.comparingToggled": { target: "off", actions: "turnComparingOff" } } },
              },
            },
            columns: {
              initial: "closed",
              states: {
                closed: { on: { "dataSetComparison.columnsOpened": { target: "open" } } },
                open: {
                  on: {
                    "dataSetComparison.columnsClosed": { target: "closed" },
                    "dataSetComparison.columnToggled": { guard: { type: "isAvailableColumn", params: ({ event }) => event.column }, actions: { type: "toggleColumn", params: ({ event }) => event.column } },
                    "dataSetComparison.columnsReset": { actions: "resetColumns" },
                  },
                },
              },
            },
          },
        },
        empty: {},
        /** Loading stopped and the data cleared, silently. */
        failed: {},
      },
    },
  },
});

type Snap = SnapshotFrom<typeof dataSetComparisonMachine>;

/** Named selectors: the view reads the report only through these. */
export const dataSetComparisonSelectors = {
  status: (s: Snap): ReportStatus | "denied" => {
    if (s.matches("denied")) return "denied";
    if (s.matches("waiting")) return "waiting";
    if (s.matches("failed") || s.matches({ open: "failed" })) return "failed";
    if (s.matches({ open: "ready" })) return "ready";
    if (s.matches({ open: "empty" })) return "empty";
    return "loading";
  },
  /** The report's name once known (the screen's title). */
  reportName: (s: Snap): string | null => (s.context.access?.kind === "granted" ? s.context.access.report.name : null),
  /** Admins are told when the report reads the old source (it lacks its registered data sets). */
  showsSourceWarning: (s: Snap): boolean => s.context.isAdmin && s.context.access?.kind === "granted" && s.context.access.source.kind === "meta",
  tab: (s: Snap) => s.context.tab,
  /** The screen's choices as its URL carries them (`dataSetComparisonQuery`). */
  choices: (s: Snap): DataSetComparisonChoices => ({ tab: s.context.tab }),
  level: (s: Snap) => dataSetComparisonLevel(s.context.path),
  sideNames: (s: Snap) => namesOf(s.context.access),
  cards: (s: Snap) => s.context.cards,
  pageRows: (s: Snap) => pageSlice(s.context.sorted, s.context.page, dataSetComparisonPerPage),
  footer: (s: Snap) => s.context.footer,
  total: (s: Snap) => s.context.rows.length,
  page: (s: Snap) => s.context.page,
  pageCount: (s: Snap) => pageCount(s.context.rows.length, dataSetComparisonPerPage),
  sort: (s: Snap) => s.context.sort,
  visibleColumns: (s: Snap) => s.context.visibleColumns,
  excludedColumns: (s: Snap) => excludedOf(s.context.access),
  columnsOpen: (s: Snap) => s.matches({ open: { ready: { columns: "open" } } }),
  comparing: (s: Snap) => s.context.comparing,
  comparisonLoading: (s: Snap) => s.matches({ open: { ready: { comparison: "loading" } } }),
  /** Comparing, loaded, and the comparison period has no rows. */
  comparisonMissing: (s: Snap) => s.matches({ open: { ready: { comparison: "on" } } }) && (s.context.comparisonRows?.length ?? 0) === 0,
  comparisonRows: (s: Snap) => (s.context.comparing ? s.context.comparisonRows : null),
  comparisonFooter: (s: Snap) => (s.context.comparing ? s.context.comparisonFooter : null),
  openRows: (s: Snap) => s.context.openRows,
  currency: (s: Snap) => s.context.scope.program?.currency ?? null,
  locale: (s: Snap) => s.context.scope.program?.locale ?? null,
  exportDialog: exportDialogOf,
} satisfies Record<string, (s: Snap) => unknown>;

export type DataSetComparisonActorRef = ActorRefFrom<typeof dataSetComparisonMachine>;
