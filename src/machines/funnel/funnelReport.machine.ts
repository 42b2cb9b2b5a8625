import { assign, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { FunnelResponse, FunnelRow } from "../../domain/analysis/analysis";
import { funnelQueryShape, type FunnelChoices } from "../../domain/funnel/funnelQuery";
import { funnelChart, funnelColumnNames, funnelColumnsOf, funnelDefaultColumns, funnelLevelColumn, funnelPerPage, type FunnelMode } from "../../domain/funnel/funnelReport";
import { readReportQuery } from "../../domain/report/reportQuery";
import type { ReportStatus } from "../../domain/report/analysisReportTexts";
import { pageCount, pageSlice } from "../../domain/table/pagination";
import type { SortSpec } from "../../domain/table/tableSort";
import { loadFunnel } from "../../services/funnel/funnel";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";
import { followSessionScope, keepScopeAssignment, type SessionScopeChanged } from "../reports/reportScope";
import { followScope, localTableAssignments, rowsDataStates, type LocalTableEvent } from "../reports/reportData";
import {
  dataStatusOf,
  exportDialogId,
  exportDialogOf,
  openingReport,
  reportFrameActors,
  reportFrameGuards,
  routeCallOf,
  type ReportRouteInput,
  type RouteCall,
  type RouteReport,
} from "../reports/reportFrame";

/**
 * One funnel page: the funnel rows of the level under its taxonomy path (the program and
 * dates from the session, followed as they change), sorted and paged locally, with the
 * mode the bars show and the table's visible columns.
 *
 * - `data`: `waiting` while the session has no program or dates, then `loading`, and
 *   `ready` or `empty` (no rows); a failed load is `failed` and shows nothing (the
 *   product stops loading silently there). A new scope loads again.
 * - `mode`: `revenue`, `revenuePercent` (bars renormalised to 100 per row) or `credit`,
 *   chosen by `funnel.modeChosen`.
 * - `columnsDialog`: the column chooser, `closed` or `open`; its checkboxes toggle the
 *   visible columns (`funnel.columnToggled`; the last one stays), 'Reset to Defaults'
 *   shows the 12 again.
 * - The page opens on its link's choices (`funnelQueryShape`: mode, sort, page,
 *   columns); the view writes the choices back to the URL (`funnelReportSelectors.choices`).
 *   A link's page past the last moves to the last page once the rows are there; a sort
 *   goes back to page 1.
 */

export type FunnelReportInput = ReportRouteInput;

export interface FunnelReportContext extends RouteReport {
  /** The mode the link asked for, read once by the `mode` region as it starts. */
  readonly openingMode: FunnelMode;
  readonly sort: SortSpec;
  readonly page: number;
  readonly columns: ReadonlyArray<string>;
  /** Every row in the current sort. */
  readonly sorted: ReadonlyArray<FunnelRow>;
  readonly headers: Readonly<Record<string, string>>;
}

export type FunnelReportEvent =
  | SessionScopeChanged
  | { readonly type: "funnel.modeChosen"; readonly mode: FunnelMode }
  | { readonly type: "funnel.columnsChosen"; readonly columns: ReadonlyArray<string> }
  | LocalTableEvent<"funnel">;

type Context = FunnelReportContext;

/** The funnel table: 8 rows a page, a new column sorted biggest first (the taxonomy column A to Z), the 12 funnel columns. */
const funnelTable = localTableAssignments<FunnelRow, Context>({
  perPage: funnelPerPage,
  firstDirectionOf: (context, column) => (column === funnelLevelColumn(context.path) ? "asc" : "desc"),
  columnNames: funnelColumnNames,
  defaultColumns: funnelDefaultColumns,
  columnsOf: funnelColumnsOf,
});

export const funnelReportMachine = setup({
  types: {
    context: {} as Context,
    events: {} as FunnelReportEvent,
    input: {} as FunnelReportInput,
  },
  actors: {
    ...reportFrameActors,
    loadFunnel: fromApiCall<FunnelResponse, RouteCall, HttpError>(({ scope }) => loadFunnel(scope)),
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    spawnExportDialog: spawnChild("exportDialog", { id: exportDialogId }),
    keepRows: assign(({ context }, answer: FunnelResponse) => ({ ...funnelTable.keepRows({ context }, answer.data), headers: answer.column_headers })),
    dropRows: assign(funnelTable.dropRows),
    sortBy: assign(funnelTable.sortBy),
    turnPage: assign(funnelTable.turnPage),
    toggleColumn: assign(funnelTable.toggleColumn),
    resetColumns: assign(funnelTable.resetColumns),
    chooseColumns: assign(funnelTable.chooseColumns),
  },
  guards: {
    ...reportFrameGuards,
    hasRows: (_, answer: FunnelResponse) => answer.data.length > 0,
    opensIn: ({ context }, mode: FunnelMode) => context.openingMode === mode,
    isMode: (_, params: { readonly chosen: FunnelMode; readonly mode: FunnelMode }) => params.chosen === params.mode,
  },
}).createMachine({
  id: "funnelReport",
  context: ({ input }) => {
    const choices = readReportQuery(input.search ?? "", funnelQueryShape(input.path));
    return {
      ...openingReport(input),
      openingMode: choices.mode,
      sort: { column: choices.sort, direction: choices.direction },
      page: choices.page,
      columns: funnelColumnsOf(choices.columns),
      sorted: [],
      headers: {},
    };
  },
  // The page's Export Data dialog lives as long as the report.
  entry: "spawnExportDialog",
  invoke: followSessionScope,
  type: "parallel",
  on: {
    "funnel.sorted": { actions: { type: "sortBy", params: ({ event }) => event.column } },
    "funnel.columnsChosen": { actions: { type: "chooseColumns", params: ({ event }) => event.columns } },
    "funnel.columnToggled": { actions: { type: "toggleColumn", params: ({ event }) => event.column } },
    "funnel.columnsReset": { actions: "resetColumns" },
  },
  states: {
    data: {
      initial: "waiting",
      on: { "session.scopeChanged": followScope("dropRows") },
      states: rowsDataStates({ src: "loadFunnel", input: routeCallOf, paged: "funnel.paged" }),
    },
    mode: {
      initial: "opening",
      on: {
        "funnel.modeChosen": [
          { guard: { type: "isMode", params: ({ event }) => ({ chosen: event.mode, mode: "revenue" }) }, target: ".revenue" },
          { guard: { type: "isMode", params: ({ event }) => ({ chosen: event.mode, mode: "revenue_percent" }) }, target: ".revenuePercent" },
          { guard: { type: "isMode", params: ({ event }) => ({ chosen: event.mode, mode: "credit" }) }, target: ".credit" },
        ],
      },
      states: {
        /** The link's mode. */
        opening: {
          always: [
            { guard: { type: "opensIn", params: "revenue_percent" }, target: "revenuePercent" },
            { guard: { type: "opensIn", params: "credit" }, target: "credit" },
            { target: "revenue" },
          ],
        },
        revenue: {},
        /** Bars renormalised to sum 100 per row, on a 0–100 axis. */
        revenuePercent: {},
        credit: {},
      },
    },
    /** The column chooser (a dialog of the 12 funnel columns). */
    columnsDialog: {
      initial: "closed",
      states: {
        closed: { on: { "funnel.columnsOpened": "open" } },
        open: { on: { "funnel.columnsClosed": "closed" } },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof funnelReportMachine>;

const modeOf = (s: Snap): FunnelMode => (s.matches({ mode: "revenuePercent" }) ? "revenue_percent" : s.matches({ mode: "credit" }) ? "credit" : "revenue");
const pageRowsOf = (s: Snap): ReadonlyArray<FunnelRow> => pageSlice(s.context.sorted, s.context.page, funnelPerPage);

/** Named selectors: the view reads the report only through these. */
export const funnelReportSelectors = {
  status: (s: Snap): ReportStatus => dataStatusOf(s),
  isLoading: (s: Snap) => s.matches({ data: "loading" }),
  isChoosingColumns: (s: Snap) => s.matches({ columnsDialog: "open" }),
  mode: modeOf,
  path: (s: Snap) => s.context.path,
  levelColumn: (s: Snap) => funnelLevelColumn(s.context.path),
  headers: (s: Snap) => s.context.headers,
  columns: (s: Snap) => s.context.columns,
  sort: (s: Snap) => s.context.sort,
  page: (s: Snap) => s.context.page,
  perPage: () => funnelPerPage,
  total: (s: Snap) => s.context.sorted.length,
  pageCount: (s: Snap) => pageCount(s.context.sorted.length, funnelPerPage),
  /** Every row in the current sort (the export's rows). */
  sortedRows: (s: Snap) => s.context.sorted,
  /** The rows of the current page, in the current sort. */
  pageRows: pageRowsOf,
  /** The chart of the page's rows in the current mode. */
  chart: (s: Snap) => funnelChart(pageRowsOf(s), modeOf(s), s.context.headers),
  /** Every choice as the link carries it. */
  choices: (s: Snap): FunnelChoices => ({
    mode: modeOf(s),
    sort: s.context.sort.column,
    direction: s.context.sort.direction,
    page: s.context.page,
    columns: s.context.columns,
  }),
  exportDialog: exportDialogOf,
} satisfies Record<string, (s: Snap) => unknown>;

export type FunnelReportActorRef = ActorRefFrom<typeof funnelReportMachine>;
export type FunnelReportSnapshot = Snap;
