import { assign, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from "xstate";
import { funnelLevelColumn } from "../../domain/funnel/funnelReport";
import {
  initiatorChart,
  initiatorChartHeight,
  initiatorColumnsOf,
  initiatorDefaultColumns,
  initiatorFieldNames,
  initiatorPerPage,
  type InitiatorRow,
} from "../../domain/initiatorRating/initiatorRating";
import { initiatorQueryShape, type InitiatorChoices } from "../../domain/initiatorRating/initiatorRatingQuery";
import { readReportQuery } from "../../domain/report/reportQuery";
import type { ReportStatus } from "../../domain/report/analysisReportTexts";
import { pageCount, pageSlice } from "../../domain/table/pagination";
import type { SortSpec } from "../../domain/table/tableSort";
import type { HttpError } from "../../services/http/httpErrors";
import { loadInitiatorRating } from "../../services/initiatorRating/initiatorRating";
import { followSessionScope, keepScopeAssignment, type SessionScopeChanged } from "../reports/reportScope";
import { followScope, localTableAssignments, rowsDataStates, type LocalTableEvent } from "../reports/reportData";
import { dataStatusOf, exportDialogId, exportDialogOf, openingReport, reportFrameActors, reportFrameGuards, routeCallOf } from "../reports/reportFrame";
import type { ReportRouteInput, RouteCall, RouteReport } from "../reports/reportFrame";
import { fromApiCall } from "../runtime/fromEffect";

/**
 * One initiator rating page: the derived rows (upper funnel + solo against mid + lower) of
 * the level under its taxonomy path, for the session's program and dates (followed as they
 * change), sorted and paged locally, 10 a page, total funnel revenue biggest first at first.
 *
 * `data`: `waiting` while the session has no program or dates, then `loading`, and `ready` or
 * `empty`; a failed load (or an answer that is not initiator input) is `failed` and shows
 * nothing. The page opens on its link's choices (`initiatorQueryShape`); the view writes
 * them back (`initiatorRatingSelectors.choices`). A sort goes back to page 1. The column
 * chooser (`columnsDialog`, `closed` or `open`) toggles the shown columns, the last one
 * staying; 'Reset to Defaults' shows upper + solo revenue, the total and the upper + solo share.
 */

export type InitiatorRatingInput = ReportRouteInput;

export interface InitiatorRatingContext extends RouteReport {
  readonly sort: SortSpec;
  readonly page: number;
  readonly columns: ReadonlyArray<string>;
  /** Every row in the current sort. */
  readonly sorted: ReadonlyArray<InitiatorRow>;
}

export type InitiatorRatingEvent =
  | SessionScopeChanged
  | { readonly type: "initiator.columnsChosen"; readonly columns: ReadonlyArray<string> }
  | LocalTableEvent<"initiator">;

type Context = InitiatorRatingContext;

/** The initiator table: 10 rows a page, a new column sorted biggest first (the taxonomy column A to Z), the five derived columns. */
const initiatorTable = localTableAssignments<InitiatorRow, Context>({
  perPage: initiatorPerPage,
  firstDirectionOf: (context, column) => (column === funnelLevelColumn(context.path) ? "asc" : "desc"),
  columnNames: initiatorFieldNames,
  defaultColumns: initiatorDefaultColumns,
  columnsOf: initiatorColumnsOf,
});

export const initiatorRatingMachine = setup({
  types: {
    context: {} as Context,
    events: {} as InitiatorRatingEvent,
    input: {} as InitiatorRatingInput,
  },
  actors: {
    ...reportFrameActors,
    loadInitiatorRating: fromApiCall<ReadonlyArray<InitiatorRow>, RouteCall, HttpError>(({ scope }) => loadInitiatorRating(scope)),
  },
  actions: {
    spawnExportDialog: spawnChild("exportDialog", { id: exportDialogId }),
    keepScope: assign(keepScopeAssignment),
    keepRows: assign(initiatorTable.keepRows),
    dropRows: assign(initiatorTable.dropRows),
    sortBy: assign(initiatorTable.sortBy),
    turnPage: assign(initiatorTable.turnPage),
    toggleColumn: assign(initiatorTable.toggleColumn),
    resetColumns: assign(initiatorTable.resetColumns),
    chooseColumns: assign(initiatorTable.chooseColumns),
  },
  guards: {
    ...reportFrameGuards,
    hasRows: (_, rows: ReadonlyArray<InitiatorRow>) => rows.length > 0,
  },
}).createMachine({
  id: "initiatorRating",
  context: ({ input }) => {
    const choices = readReportQuery(input.search ?? "", initiatorQueryShape(input.path));
    return {
      ...openingReport(input),
      sort: { column: choices.sort, direction: choices.direction },
      page: choices.page,
      columns: initiatorColumnsOf(choices.columns),
      sorted: [],
    };
  },
  // The page's Export Data dialog lives as long as the report.
  entry: "spawnExportDialog",
  invoke: followSessionScope,
  type: "parallel",
  on: {
    "initiator.sorted": { actions: { type: "sortBy", params: ({ event }) => event.column } },
    "initiator.columnsChosen": { actions: { type: "chooseColumns", params: ({ event }) => event.columns } },
    "initiator.columnToggled": { actions: { type: "toggleColumn", params: ({ event }) => event.column } },
    "initiator.columnsReset": { actions: "resetColumns" },
  },
  states: {
    data: {
      initial: "waiting",
      on: { "session.scopeChanged": followScope("dropRows") },
      states: rowsDataStates({ src: "loadInitiatorRating", input: routeCallOf, paged: "initiator.paged" }),
    },
    /** The column chooser (a dialog of the five derived columns). */
    columnsDialog: {
      initial: "closed",
      states: {
        closed: { on: { "initiator.columnsOpened": "open" } },
        open: { on: { "initiator.columnsClosed": "closed" } },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof initiatorRatingMachine>;

const pageRowsOf = (s: Snap): ReadonlyArray<InitiatorRow> => pageSlice(s.context.sorted, s.context.page, initiatorPerPage);

/** Named selectors: the view reads the report only through these. */
export const initiatorRatingSelectors = {
  status: (s: Snap): ReportStatus => dataStatusOf(s),
  isLoading: (s: Snap) => s.matches({ data: "loading" }),
  isChoosingColumns: (s: Snap) => s.matches({ columnsDialog: "open" }),
  path: (s: Snap) => s.context.path,
  levelColumn: (s: Snap) => funnelLevelColumn(s.context.path),
  columns: (s: Snap) => s.context.columns,
  sort: (s: Snap) => s.context.sort,
  page: (s: Snap) => s.context.page,
  perPage: () => initiatorPerPage,
  total: (s: Snap) => s.context.sorted.length,
  pageCount: (s: Snap) => pageCount(s.context.sorted.length, initiatorPerPage),
  /** Every row in the current sort (the export's rows). */
  sortedRows: (s: Snap) => s.context.sorted,
  /** The rows of the current page, in the current sort. */
  pageRows: pageRowsOf,
  /** The chart of the page's rows. */
  chart: (s: Snap) => initiatorChart(pageRowsOf(s)),
  /** The chart's height: 100 px plus 30 per bar. */
  chartHeight: (s: Snap) => initiatorChartHeight(pageRowsOf(s).length),
  /** Every choice as the link carries it. */
  choices: (s: Snap): InitiatorChoices => ({ sort: s.context.sort.column, direction: s.context.sort.direction, page: s.context.page, columns: s.context.columns }),
  exportDialog: exportDialogOf,
} satisfies Record<string, (s: Snap) => unknown>;

export type InitiatorRatingActorRef = ActorRefFrom<typeof initiatorRatingMachine>;
export type InitiatorRatingSnapshot = Snap;
