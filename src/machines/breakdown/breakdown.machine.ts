import { assign, sendTo, setup, spawnChild, type ActorRefFrom, type SnapshotFrom } from "xstate";
import {
  breakdownCards,
  breakdownMetrics,
  breakdownQuery,
  breakdownTexts as texts,
  exportRowsOf,
  exportTaxonomyColumns,
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
import type { ReportStatus } from "../../domain/report/analysisReportTexts";
import { clampPage, pageCount, pageSlice } from "../../domain/table/pagination";
import { toggleDirection } from "../../domain/table/tableSort";
import { loadBreakdown } from "../../services/breakdown/breakdown";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import type { ReportScope } from "../../services/performance/performance";
import { type ExportOpened } from "../exports/exportDialog.machine";
import { keepScope, keepScopeAssignment, reportCallOf, scopeGuard, followSessionScope, type SessionScopeChanged } from "../reports/reportScope";
import type { ReportRouteInput, RouteReport } from "../reports/reportData";
import { exportDialogId, exportDialogOf, exportNamingOf, openingReport, reportFrameActors, reportFrameGuards } from "../reports/reportFrame";
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
  | { type: "breakdown.directionToggled" }
  | { type: "breakdown.pageChanged"; page: number }
  | { type: "breakdown.perPageChanged"; perPage: number }
  | { type: "breakdown.exportRequested" };

interface LoadInput {
  readonly api: ApiContext;
  readonly scope: ReportScope;
  readonly interval: BreakdownInterval;
}

type Context = BreakdownContext;

const loadInput = ({ context }: { readonly context: Context }): LoadInput => {
  const call = reportCallOf(context.scope);
  return {
    api: call.api,
    scope: { program: call.program, range: call.range, path: context.path, filter: context.scope.filter },
    interval: context.choices.interval,
  };
};

const resorted = (cards: ReadonlyArray<BreakdownCard>, c: BreakdownChoices) => sortedCards(cards, c.metricOne, c.direction);

/** New choices that change the order: the cards in it, page 1. */
const reordered = (context: Context, choices: BreakdownChoices) => {
  const next = { ...choices, page: 1 };
  return { choices: next, sorted: resorted(context.cards, next) };
};

const levelNames = ["Taxonomy 1", "Taxonomy 2", "Taxonomy 3", "Taxonomy 4"];

/** What the Export Data dialog opens with: every card's points in the cards' order, the two metrics chosen visible. */
export const exportOpenedOf = (context: Context): ExportOpened => {
  const taxonomyColumns = [...exportTaxonomyColumns(context.path), "conversion_date"];
  return {
    type: "export.opened",
    kind: "table",
    columns: [...breakdownMetrics],
    visibleColumns: [context.choices.metricOne, context.choices.metricTwo],
    taxonomyColumns,
    labels: {
      ...columnHeaders(),
      ...context.headers,
      conversion_date: texts.date,
      ...Object.fromEntries(exportTaxonomyColumns(context.path).map((c, i) => [c, levelNames[i] ?? c])),
    },
    naming: exportNamingOf(context.scope, texts.exportKind),
    rows: exportRowsOf(context.sorted),
    sort: null,
    sheetName: texts.exportKind,
  };
};

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
    changePage: assign(({ context }, page: number) => ({ choices: { ...context.choices, page: clampPage(page, context.cards.length, context.choices.perPage) } })),
    changePerPage: assign(({ context }, perPage: number) => ({ choices: { ...context.choices, perPage, page: 1 } })),
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
    isPerPageOffered: (_, perPage: number) => breakdownQuery.perPage.read(String(perPage)) !== null,
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
    "breakdown.directionToggled": { actions: "toggleDirection" },
    "breakdown.pageChanged": { actions: { type: "changePage", params: ({ event }) => event.page } },
    "breakdown.perPageChanged": { guard: { type: "isPerPageOffered", params: ({ event }) => event.perPage }, actions: { type: "changePerPage", params: ({ event }) => event.perPage } },
  },
  initial: "waiting",
  states: {
    /** No program or dates yet: nothing to load (another interval is only kept). */
    waiting: {
      always: { guard: "hasCompleteScope", target: "open" },
      on: {
        "session.scopeChanged": { actions: keepScope },
        "breakdown.intervalChanged": { actions: { type: "changeInterval", params: ({ event }) => event.interval } },
      },
    },
    open: {
      initial: "loading",
      on: {
        "session.scopeChanged": [
          { guard: scopeGuard("isIncompleteScope"), target: "waiting", actions: keepScope },
          { guard: scopeGuard("isOtherScope"), target: ".loading", reenter: true, actions: keepScope },
        ],
        "breakdown.intervalChanged": {
          guard: { type: "isOtherInterval", params: ({ event }) => event.interval },
          target: ".loading",
          reenter: true,
          actions: { type: "changeInterval", params: ({ event }) => event.interval },
        },
      },
      states: {
        loading: {
          invoke: {
            src: "loadBreakdown",
            input: loadInput,
            onDone: { target: "loaded", actions: { type: "storeCards", params: ({ event }) => event.output } },
            onError: { target: "failed", actions: "clearCards" },
          },
        },
        /** Passed through: cards or none. */
        loaded: { always: [{ guard: "hasCards", target: "ready" }, { target: "empty" }] },
        ready: { on: { "breakdown.exportRequested": { actions: "openExport" } } },
        empty: {},
        /** Loading stopped, silently (the product shows no message). */
        failed: {},
      },
    },
  },
});

type Snap = SnapshotFrom<typeof breakdownMachine>;

/** Named selectors: the view reads the report only through these. */
export const breakdownSelectors = {
  status: (s: Snap): ReportStatus =>
    s.matches("waiting")
      ? "waiting"
      : s.matches({ open: "loading" }) || s.matches({ open: "loaded" })
        ? "loading"
        : s.matches({ open: "failed" })
          ? "failed"
          : s.matches({ open: "empty" })
            ? "empty"
            : "ready",
  choices: (s: Snap) => s.context.choices,
  /** The cards of the current page, in the current sort. */
  pageCards: (s: Snap) => pageSlice(s.context.sorted, s.context.choices.page, s.context.choices.perPage),
  total: (s: Snap) => s.context.cards.length,
  /** Cards from the last answer (kept while the next one loads). */
  hasCards: (s: Snap) => s.context.cards.length > 0,
  pageCount: (s: Snap) => pageCount(s.context.cards.length, s.context.choices.perPage),
  headers: (s: Snap) => s.context.headers,
  currency: (s: Snap) => s.context.scope.program?.currency ?? null,
  locale: (s: Snap) => s.context.scope.program?.locale ?? null,
  exportDialog: exportDialogOf,
} satisfies Record<string, (s: Snap) => unknown>;

export type BreakdownActorRef = ActorRefFrom<typeof breakdownMachine>;
