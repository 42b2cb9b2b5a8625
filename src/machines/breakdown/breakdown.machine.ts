import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from "xstate";
import {
  breakdownCards,
  breakdownMetrics,
  breakdownQuery,
  breakdownTexts as texts,
  exportRowsOf,
  openingChoices,
  sortedCards,
  type BreakdownCard,
  type BreakdownChartType,
  type BreakdownChoices,
  type BreakdownInterval,
  type BreakdownMetric,
} from "../../domain/breakdown/breakdown";
import type { ColumnHeaders, MultiChartResponse } from "../../domain/performance/performance";
import { columnHeaders } from "../../domain/report/metrics";
import { readReportQuery } from "../../domain/report/reportQuery";
import { exportTaxonomyColumns, taxonomyLabelsOf } from "../../domain/report/taxonomyLevels";
import { clampPage, pageCount, pageSlice } from "../../domain/table/pagination";
import { toggleDirection } from "../../domain/table/tableSort";
import { loadBreakdown } from "../../services/breakdown/breakdown";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import type { ReportScope } from "../../services/performance/performance";
import { type ExportOpened } from "../exports/exportDialog.machine";
import { keepScopeAssignment, followSessionScope, type SessionScopeChanged } from "../reports/reportScope";
import { isOfferedPerPage, openDataStates, openStatusOf, pagedItemsEvents, pagingAssignments, type PagedItemsEvent, type ReportRouteInput, type RouteReport } from "../reports/reportData";
import { exportDialogId, filteredRouteCallOf, openingReport, reportFrameActors, reportFrameGuards, reportFrameSelectors, tableExportOf } from "../reports/reportFrame";
import { fromApiCall } from "../runtime/fromEffect";

/**
 * One channel breakdown page (one taxonomy path): it follows the session's scope
 * (machines/reports/reportScope.ts), loads a series per value of the level below its path
 * at the chosen interval, and keeps the person's choices (first and second metric, chart
 * type, interval, sort direction, page and cards per page), read once from the URL's
 * query when it opens.
 *
 * - A new scope or another interval loads again; the metrics, chart type, direction and
 *   paging are local. Cards are sorted by the first metric's value over the range; another
 *   first metric or direction goes back to page 1; after a load a page past the last is the last.
 * - The two metrics are always different: choosing the other one's metric is ignored.
 * - A failed load clears the cards and the headers and stops loading, with no message.
 * - `breakdown.exportRequested` opens the Export Data dialog (its child) with every card's points.
 */

export type BreakdownInput = ReportRouteInput;

export interface BreakdownContext extends RouteReport {
  readonly choices: BreakdownChoices;
  readonly cards: ReadonlyArray<BreakdownCard>;
  /** Every card in the current sort. */
  readonly sorted: ReadonlyArray<BreakdownCard>;
  /** The answer's metric labels (cleared by a failure). */
  readonly headers: ColumnHeaders;
}

export type BreakdownEvent =
  | SessionScopeChanged
  | { type: "breakdown.metricOneChanged"; metric: BreakdownMetric }
  | { type: "breakdown.metricTwoChanged"; metric: BreakdownMetric }
  | { type: "breakdown.chartTypeChanged"; chartType: BreakdownChartType }
  | { type: "breakdown.intervalChanged"; interval: BreakdownInterval }
  | PagedItemsEvent<"breakdown">
  | { type: "breakdown.exportRequested" };

interface LoadInput {
  readonly api: ApiContext;
  readonly scope: ReportScope;
  readonly interval: BreakdownInterval;
}

type Context = BreakdownContext;

const loadInput = ({ context }: { readonly context: Context }): LoadInput => ({ ...filteredRouteCallOf({ context }), interval: context.choices.interval });

const resorted = (cards: ReadonlyArray<BreakdownCard>, c: BreakdownChoices) => sortedCards(cards, c.metricOne, c.direction);

/** New choices that change the order: the cards in it, page 1. */
const reordered = (context: Context, choices: BreakdownChoices) => {
  const next = { ...choices, page: 1 };
  return { choices: next, sorted: resorted(context.cards, next) };
};

/** What the Export Data dialog opens with: every card's points in the cards' order, the two metrics chosen visible. */
export const exportOpenedOf = (context: Context): ExportOpened => {
  const levels = exportTaxonomyColumns(context.path);
  return tableExportOf(context.scope, texts.exportKind, {
    columns: [...breakdownMetrics],
    visibleColumns: [context.choices.metricOne, context.choices.metricTwo],
    taxonomyColumns: [...levels, "conversion_date"],
    labels: { ...columnHeaders(), ...context.headers, conversion_date: texts.date, ...taxonomyLabelsOf(levels) },
    rows: exportRowsOf(context.sorted),
  });
};

const paging = pagingAssignments<BreakdownChoices, Context>((context) => context.cards.length);

const intervalOf = ({ event }: { readonly event: { readonly interval: BreakdownInterval } }) => event.interval;

export const breakdownMachine = setup({
  types: {
    context: {} as BreakdownContext,
    events: {} as BreakdownEvent,
    input: {} as BreakdownInput,
  },
  actors: {
    ...reportFrameActors,
    loadBreakdown: fromApiCall<MultiChartResponse, LoadInput, HttpError>(({ scope, interval }) => loadBreakdown(scope, interval)),
  },
  actions: {
    keepScope: assign(keepScopeAssignment),
    storeCards: assign(({ context }, answer: MultiChartResponse) => {
      const cards = breakdownCards(answer.data, context.path);
      const choices = { ...context.choices, page: clampPage(context.choices.page, cards.length, context.choices.perPage) };
      return { cards, sorted: resorted(cards, choices), choices, headers: answer.column_headers };
    }),
    /** A failure clears the cards and the headers. */
    clearCards: assign({ cards: [], sorted: [], headers: {} }),
    changeMetricOne: assign(({ context }, metric: BreakdownMetric) => reordered(context, { ...context.choices, metricOne: metric })),
    changeMetricTwo: assign(({ context }, metric: BreakdownMetric) => ({ choices: { ...context.choices, metricTwo: metric } })),
    changeChartType: assign(({ context }, chartType: BreakdownChartType) => ({ choices: { ...context.choices, chartType } })),
    changeInterval: assign(({ context }, interval: BreakdownInterval) => ({ choices: { ...context.choices, interval } })),
    toggleDirection: assign(({ context }) => reordered(context, { ...context.choices, direction: toggleDirection(context.choices.direction) })),
    changePage: assign(paging.changePage),
    changePerPage: assign(paging.changePerPage),
    spawnExportDialog: spawnChild("exportDialog", { id: exportDialogId }),
    openExport: sendTo(exportDialogId, ({ context }) => exportOpenedOf(context)),
  },
  guards: {
    ...reportFrameGuards,
    hasCards: ({ context }) => context.cards.length > 0,
    /** A metric of the set that the other metric is not. */
    isOtherThanMetricTwo: ({ context }, metric: BreakdownMetric) => metric !== context.choices.metricTwo && metric !== context.choices.metricOne,
    isOtherThanMetricOne: ({ context }, metric: BreakdownMetric) => metric !== context.choices.metricOne && metric !== context.choices.metricTwo,
    isOtherInterval: ({ context }, interval: BreakdownInterval) => interval !== context.choices.interval,
    isPerPageOffered: isOfferedPerPage(breakdownQuery.perPage),
  },
}).createMachine({
  id: "breakdown",
  context: ({ input }) => ({
    ...openingReport(input),
    choices: openingChoices(readReportQuery(input.search ?? "", breakdownQuery)),
    cards: [],
    sorted: [],
    headers: {},
  }),
  invoke: followSessionScope,
  entry: "spawnExportDialog",
  on: {
    "breakdown.metricOneChanged": { guard: { type: "isOtherThanMetricTwo", params: ({ event }) => event.metric }, actions: { type: "changeMetricOne", params: ({ event }) => event.metric } },
    "breakdown.metricTwoChanged": { guard: { type: "isOtherThanMetricOne", params: ({ event }) => event.metric }, actions: { type: "changeMetricTwo", params: ({ event }) => event.metric } },
    "breakdown.chartTypeChanged": { actions: { type: "changeChartType", params: ({ event }) => event.chartType } },
    ...pagedItemsEvents("breakdown"),
  },
  initial: "waiting",
  /**
   * `waiting`: no program or dates yet, nothing to load (another interval is only kept);
   * `open` loads again for another interval; a failed load stops silently (the product
   * shows no message).
   */
  states: openDataStates({
    src: "loadBreakdown",
    input: loadInput,
    keep: "storeCards",
    forget: "clearCards",
    has: "hasCards",
    waiting: { "breakdown.intervalChanged": { actions: { type: "changeInterval", params: intervalOf } } },
    open: {
      "breakdown.intervalChanged": { guard: { type: "isOtherInterval", params: intervalOf }, target: ".loading", reenter: true, actions: { type: "changeInterval", params: intervalOf } },
    },
    ready: { "breakdown.exportRequested": { actions: "openExport" } },
    failed: {},
  }),
});

type Snap = SnapshotFrom<typeof breakdownMachine>;

/** Named selectors: the view reads the report only through these. */
export const breakdownSelectors = {
  status: openStatusOf,
  choices: (s: Snap) => s.context.choices,
  /** The cards of the current page, in the current sort. */
  pageCards: (s: Snap) => pageSlice(s.context.sorted, s.context.choices.page, s.context.choices.perPage),
  total: (s: Snap) => s.context.cards.length,
  /** Cards from the last answer (kept while the next one loads). */
  hasCards: (s: Snap) => s.context.cards.length > 0,
  pageCount: (s: Snap) => pageCount(s.context.cards.length, s.context.choices.perPage),
  headers: (s: Snap) => s.context.headers,
  ...reportFrameSelectors,
} satisfies Record<string, (s: Snap) => unknown>;

export type BreakdownActorRef = ActorRefFrom<typeof breakdownMachine>;
