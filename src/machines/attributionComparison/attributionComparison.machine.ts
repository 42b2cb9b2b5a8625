import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from "xstate";
import {
  attributionComparisonTexts as texts,
  attributionHeaders,
  attributionQuery,
  attributionRows,
  columnsShown,
  exportFigures,
  exportRowOf,
  openingChoices,
  secondMetricOf,
  sortedAttributionRows,
  sortInMode,
  sortsOffered,
  type AttributionChoices,
  type AttributionRow,
  type AttributionSort,
  type ComparisonMode,
} from "../../domain/attributionComparison/attributionComparison";
import type { TableResponse } from "../../domain/performance/performance";
import { readReportQuery } from "../../domain/report/reportQuery";
import { exportTaxonomyColumns, taxonomyLabelsOf } from "../../domain/report/taxonomyLevels";
import { clampPage, pageCount, pageSlice } from "../../domain/table/pagination";
import { toggleDirection } from "../../domain/table/tableSort";
import { loadAttributionTable } from "../../services/attributionComparison/attributionComparison";
import type { ReportScope } from "../../services/performance/performance";
import type { HttpError } from "../../services/http/httpErrors";
import type { ApiContext } from "../../services/http/http";
import { type ExportOpened } from "../exports/exportDialog.machine";
import { keepScopeAssignment, followSessionScope, type SessionScopeChanged } from "../reports/reportScope";
import { isOfferedPerPage, openDataStates, openStatusOf, pagedItemsEvents, pagingAssignments, type PagedItemsEvent, type ReportRouteInput, type RouteReport } from "../reports/reportData";
import { exportDialogId, filteredRouteCallOf, openingReport, reportFrameActors, reportFrameGuards, reportFrameSelectors, tableExportOf } from "../reports/reportFrame";
import { fromApiCall } from "../runtime/fromEffect";

/**
 * One attribution comparison page (one taxonomy path): it follows the session's scope
 * (machines/reports/reportScope.ts), loads the table of the level below its path, and
 * keeps the person's choices (comparison mode, sort metric and direction, page and cards
 * per page), read once from the URL's query when it opens.
 *
 * - Mode `lcr` compares attributed with last-click revenue, `spend` with total cost.
 *   A mode change that leaves the sort on a metric the new mode does not offer sorts by
 *   the name column; choosing another sort metric goes back to page 1.
 * - Sorting and paging are local; after a load a page past the last is the last.
 * - A failed load empties the rows and shows the failure with 'Try again' (`attribution.retried`).
 * - `attribution.exportRequested` opens the Export Data dialog (its child) with every row
 *   in the current sort.
 */

export type AttributionComparisonInput = ReportRouteInput;

export interface AttributionComparisonContext extends RouteReport {
  readonly choices: AttributionChoices;
  readonly rows: ReadonlyArray<AttributionRow>;
  /** Every row in the current sort. */
  readonly sorted: ReadonlyArray<AttributionRow>;
}

export type AttributionComparisonEvent =
  | SessionScopeChanged
  | { type: "attribution.modeChanged"; mode: ComparisonMode }
  | { type: "attribution.sortChanged"; sort: AttributionSort }
  /** A header clicked: its column, or the other direction when it is already the sort. */
  | { type: "attribution.headerClicked"; sort: AttributionSort }
  | PagedItemsEvent<"attribution">
  | { type: "attribution.retried" }
  | { type: "attribution.exportRequested" };

interface LoadInput {
  readonly api: ApiContext;
  readonly scope: ReportScope;
}

type Context = AttributionComparisonContext;

const loadInput = ({ context }: { readonly context: Context }): LoadInput => filteredRouteCallOf({ context });

const resorted = (rows: ReadonlyArray<AttributionRow>, choices: AttributionChoices) => sortedAttributionRows(rows, choices.sort, choices.direction);

/** The choices with another sort: the rows in it, page 1. */
const withSort = (context: Context, sort: AttributionSort, direction = context.choices.direction) => {
  const choices = { ...context.choices, sort, direction, page: 1 };
  return { choices, sorted: resorted(context.rows, choices) };
};

/** What the Export Data dialog opens with: every row in the current sort, the mode's columns visible. */
export const exportOpenedOf = (context: Context): ExportOpened => {
  const taxonomyColumns = exportTaxonomyColumns(context.path);
  return tableExportOf(context.scope, texts.exportKind, {
    columns: [...exportFigures],
    visibleColumns: columnsShown(context.choices.mode).filter((c) => c !== "name"),
    taxonomyColumns,
    labels: { ...attributionHeaders, ...taxonomyLabelsOf(taxonomyColumns) },
    rows: context.sorted.map(exportRowOf),
  });
};

const paging = pagingAssignments<AttributionChoices, Context>((context) => context.rows.length);

export const attributionComparisonMachine = setup({
  types: {
    context: {} as AttributionComparisonContext,
    events: {} as AttributionComparisonEvent,
    input: {} as AttributionComparisonInput,
  },
  actors: {
    ...reportFrameActors,
    loadTable: fromApiCall<TableResponse, LoadInput, HttpError>(({ scope }) => loadAttributionTable(scope)),
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    storeRows: assign(({ context }, table: TableResponse) => {
      const rows = attributionRows(table.data, context.path);
      const page = clampPage(context.choices.page, rows.length, context.choices.perPage);
      const choices = { ...context.choices, page };
      return { rows, sorted: resorted(rows, choices), choices };
    }),
    clearRows: assign({ rows: [], sorted: [] }),
    /** Another mode: a sort it does not offer becomes the name column (and page 1). */
    changeMode: assign(({ context }, mode: ComparisonMode) => {
      const sort = sortInMode(context.choices.sort, mode);
      const withMode = { ...context, choices: { ...context.choices, mode } };
      return sort === context.choices.sort ? { choices: withMode.choices } : withSort(withMode, sort);
    }),
    changeSort: assign(({ context }, sort: AttributionSort) => withSort(context, sort)),
    clickHeader: assign(({ context }, sort: AttributionSort) =>
      sort === context.choices.sort ? withSort(context, sort, toggleDirection(context.choices.direction)) : withSort(context, sort),
    ),
    toggleDirection: assign(({ context }) => {
      const choices = { ...context.choices, direction: toggleDirection(context.choices.direction) };
      return { choices, sorted: resorted(context.rows, choices) };
    }),
    changePage: assign(paging.changePage),
    changePerPage: assign(paging.changePerPage),
    spawnExportDialog: spawnChild("exportDialog", { id: exportDialogId }),
    openExport: sendTo(exportDialogId, ({ context }) => exportOpenedOf(context)),
  },
  guards: {
    ...reportFrameGuards,
    hasRows: ({ context }) => context.rows.length > 0,
    isOfferedSort: ({ context }, sort: AttributionSort) => sortsOffered(context.choices.mode).includes(sort),
    isPerPageOffered: isOfferedPerPage(attributionQuery.perPage),
  },
}).createMachine({
  id: "attributionComparison",
  context: ({ input }) => ({
    ...openingReport(input),
    choices: openingChoices(readReportQuery(input.search ?? "", attributionQuery)),
    rows: [],
    sorted: [],
  }),
  invoke: followSessionScope,
  entry: "spawnExportDialog",
  on: {
    "attribution.modeChanged": { actions: { type: "changeMode", params: ({ event }) => event.mode } },
    "attribution.sortChanged": { guard: { type: "isOfferedSort", params: ({ event }) => event.sort }, actions: { type: "changeSort", params: ({ event }) => event.sort } },
    "attribution.headerClicked": { guard: { type: "isOfferedSort", params: ({ event }) => event.sort }, actions: { type: "clickHeader", params: ({ event }) => event.sort } },
    ...pagedItemsEvents("attribution"),
  },
  initial: "waiting",
  /** `waiting`: no program or dates yet, nothing to load; a failed load shows 'Try again'. */
  states: openDataStates({
    src: "loadTable",
    input: loadInput,
    keep: "storeRows",
    forget: "clearRows",
    has: "hasRows",
    waiting: {},
    open: {},
    ready: { "attribution.exportRequested": { actions: "openExport" } },
    failed: { "attribution.retried": { target: "loading" } },
  }),
});

type Snap = SnapshotFrom<typeof attributionComparisonMachine>;

/** Named selectors: the view reads the report only through these. */
export const attributionComparisonSelectors = {
  status: openStatusOf,
  choices: (s: Snap) => s.context.choices,
  mode: (s: Snap) => s.context.choices.mode,
  secondMetric: (s: Snap) => secondMetricOf(s.context.choices.mode),
  sortsOffered: (s: Snap) => sortsOffered(s.context.choices.mode),
  /** The rows of the current page, in the current sort. */
  pageRows: (s: Snap) => pageSlice(s.context.sorted, s.context.choices.page, s.context.choices.perPage),
  total: (s: Snap) => s.context.rows.length,
  pageCount: (s: Snap) => pageCount(s.context.rows.length, s.context.choices.perPage),
  path: (s: Snap) => s.context.path,
  ...reportFrameSelectors,
} satisfies Record<string, (s: Snap) => unknown>;

export type AttributionComparisonActorRef = ActorRefFrom<typeof attributionComparisonMachine>;
