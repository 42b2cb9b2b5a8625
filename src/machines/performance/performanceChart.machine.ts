import { assign, sendTo, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { ChartResponse, PerformanceRow } from "../../domain/performance/performance";
import {
  canChooseChartMetric,
  chartMetricChoices,
  chartMetrics,
  chartSeries,
  hasChartData,
  type ChartMetricChoice,
  type ChartSeries,
} from "../../domain/performance/performanceChart";
import { intervals, type ChartType, type Interval } from "../../domain/shell/session";
import * as performanceApi from "../../services/performance/performance";
import type { ReportScope } from "../../services/performance/performance";
import type { ApiContext } from "../../services/http/http";
import type { HttpError } from "../../services/http/httpErrors";
import { fromApiCall } from "../runtime/fromEffect";
import { samePath, sameReportParams, scopeOf, type ReportParams } from "./reportParams";
import { eventData } from "../runtime/eventData";

/**
 * The performance chart: one chart call
 * for the route's taxonomy path (level one with none, then t1 ... t1/t2/t3/t4; the named
 * variant when the session's filter is not 'default') at an interval, drawn as two
 * metrics on two axes, as areas or bars.
 *
 * Modes are states: the interval (day, week, month, each loading, loaded or empty) and
 * the chart type (area, bar); both start where the session's preferences are. Choosing
 * an interval, toggling the type or choosing a metric tells the session (its preference
 * events); a new program, dates, path or filter (`chart.scopeChanged`) or another
 * interval reloads, and so does `chart.reloaded` (the same scope, its figures changed). A failed load is silent: the chart is empty ("There's no data to show").
 */

/** What a chart call depends on: the report's parameters and the route's taxonomy values (0 to 4). */
export interface ChartParams extends ReportParams {
  readonly path: ReadonlyArray<string>;
}

export interface PerformanceChartInput {
  /** The session actor: it hears `session.intervalChanged`, `session.chartTypeToggled` and `session.metricsChanged`. */
  readonly session: AnyActorRef;
  readonly params: ChartParams;
  /** The session's preferences when the chart opens. */
  readonly metricOne: string;
  readonly metricTwo: string;
  readonly interval: Interval;
  readonly chartType: ChartType;
}

export interface PerformanceChartContext {
  readonly session: AnyActorRef;
  readonly params: ChartParams;
  readonly metricOne: string;
  readonly metricTwo: string;
  /** Where the interval and chart type modes start (the session's preferences at opening). */
  readonly opening: { readonly interval: Interval; readonly chartType: ChartType };
  /** The last answer's rows (kept while a reload runs; emptied by an empty or failed load). */
  readonly rows: ReadonlyArray<PerformanceRow>;
}

export type PerformanceChartEvent =
  | { type: "chart.scopeChanged"; params: ChartParams }
  | { type: "chart.reloaded" }
  | { type: "chart.intervalChosen"; interval: Interval }
  | { type: "chart.typeToggled" }
  | { type: "chart.metricOneChosen"; metric: string }
  | { type: "chart.metricTwoChosen"; metric: string };

export interface LoadChartInput {
  readonly api: ApiContext;
  readonly scope: ReportScope;
  readonly interval: Interval;
}

export const sameChartParams = (a: ChartParams, b: ChartParams): boolean => sameReportParams(a, b) && samePath(a.path, b.path);

/** The chart call's answer carried by its done event. */
/** The chart load's answer, as the actions and guards of its done transition take it. */
const answerOf = ({ event }: { event: { output: ChartResponse } }): ChartResponse => event.output;

const loadInput = (context: PerformanceChartContext, interval: Interval): LoadChartInput => ({
  api: context.params.api,
  scope: scopeOf(context.params, context.params.path.slice(0, 4)),
  interval,
});

/**
 * One interval mode (day, week or month): its load (loading, then loaded or empty), a
 * reload on a new scope, and the way to the other two intervals. The three modes are the
 * same but for the interval they load at.
 */
const intervalMode = (interval: Interval) => {
  const others = intervals.filter((i) => i !== interval);
  return {
    initial: "loading" as const,
    on: {
      "chart.intervalChosen": others.map((other) => ({
        guard: { type: "choosesInterval" as const, params: ({ event }: { event: { interval: Interval } }) => ({ chosen: event.interval, interval: other }) },
        target: other,
        actions: { type: "tellSessionInterval" as const, params: { interval: other } },
      })),
      "chart.scopeChanged": { guard: { type: "isNewScope" as const, params: eventData }, target: ".loading" as const, actions: { type: "changeScope" as const, params: eventData } },
      // The same scope again (its figures changed, e.g. a spend was created): the series loads afresh.
      "chart.reloaded": ".loading" as const,
    },
    states: {
      loading: {
        tags: ["loading"],
        invoke: {
          src: "loadChart" as const,
          input: ({ context }: { context: PerformanceChartContext }) => loadInput(context, interval),
          onDone: [
            {
              guard: { type: "answerHasData" as const, params: answerOf },
              target: "loaded" as const,
              actions: { type: "storeRows" as const, params: answerOf },
            },
            { target: "empty" as const, actions: "clearRows" as const },
          ],
          onError: { target: "empty" as const, actions: "clearRows" as const },
        },
      },
      loaded: { tags: ["loaded"] },
      empty: { tags: ["empty"] },
    },
  };
};

export const performanceChartMachine = setup({
  types: {
    context: {} as PerformanceChartContext,
    events: {} as PerformanceChartEvent,
    input: {} as PerformanceChartInput,
  },
  actors: {
    loadChart: fromApiCall<ChartResponse, LoadChartInput, HttpError>(({ scope, interval }) => performanceApi.loadChart(scope, interval)),
  },
  actions: {
    changeScope: assign((_, change: { params: ChartParams }) => ({ params: change.params })),
    storeRows: assign((_, answer: ChartResponse) => ({ rows: answer.data })),
    clearRows: assign({ rows: [] as ReadonlyArray<PerformanceRow> }),
    chooseMetricOne: assign((_, params: { metric: string }) => ({ metricOne: params.metric })),
    chooseMetricTwo: assign((_, params: { metric: string }) => ({ metricTwo: params.metric })),
    tellSessionInterval: sendTo(
      ({ context }) => context.session,
      (_, params: { interval: Interval }) => ({ type: "session.intervalChanged", interval: params.interval }),
    ),
    tellSessionChartType: sendTo(({ context }) => context.session, { type: "session.chartTypeToggled" }),
    tellSessionMetrics: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({ type: "session.metricsChanged", metricOne: context.metricOne, metricTwo: context.metricTwo }),
    ),
  },
  guards: {
    isNewScope: ({ context }, change: { params: ChartParams }) => !sameChartParams(context.params, change.params),
    /** The chosen interval (`chosen`) is the one this transition goes to. */
    choosesInterval: (_, params: { chosen: Interval; interval: Interval }) => params.chosen === params.interval,
    opensAt: ({ context }, params: { interval: Interval }) => context.opening.interval === params.interval,
    opensAsBar: ({ context }) => context.opening.chartType === "bar",
    answerHasData: (_, answer: ChartResponse) => hasChartData(answer.data),
    canBeMetricOne: ({ context }, params: { metric: string }) =>
      params.metric !== context.metricOne && canChooseChartMetric(params.metric, context.metricTwo),
    canBeMetricTwo: ({ context }, params: { metric: string }) =>
      params.metric !== context.metricTwo && canChooseChartMetric(params.metric, context.metricOne),
  },
}).createMachine({
  id: "performanceChart",
  context: ({ input }) => ({
    session: input.session,
    params: input.params,
    ...chartMetrics(input.metricOne, input.metricTwo),
    opening: { interval: input.interval, chartType: input.chartType },
    rows: [],
  }),
  type: "parallel",
  on: {
    "chart.metricOneChosen": { guard: { type: "canBeMetricOne", params: eventData }, actions: [{ type: "chooseMetricOne", params: eventData }, "tellSessionMetrics"] },
    "chart.metricTwoChosen": { guard: { type: "canBeMetricTwo", params: eventData }, actions: [{ type: "chooseMetricTwo", params: eventData }, "tellSessionMetrics"] },
  },
  states: {
    /** The interval mode, each with its series: loading, loaded or empty. */
    series: {
      initial: "opening",
      states: {
        /** Passed through at start: to the session's interval. */
        opening: {
          always: [
            { guard: { type: "opensAt", params: { interval: "week" } }, target: "week" },
            { guard: { type: "opensAt", params: { interval: "month" } }, target: "month" },
            { target: "day" },
          ],
        },
        day: intervalMode("day"),
        week: intervalMode("week"),
        month: intervalMode("month"),
      },
    },
    /** Areas or bars. */
    chartType: {
      initial: "opening",
      states: {
        /** Passed through at start: to the session's chart type. */
        opening: {
          always: [{ guard: "opensAsBar", target: "bar" }, { target: "area" }],
        },
        area: { on: { "chart.typeToggled": { target: "bar", actions: "tellSessionChartType" } } },
        bar: { on: { "chart.typeToggled": { target: "area", actions: "tellSessionChartType" } } },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof performanceChartMachine>;

// Derived lists are built once per context (contexts are immutable).
const seriesCache = new WeakMap<object, ChartSeries>();
const series = (s: Snap): ChartSeries => {
  const cached = seriesCache.get(s.context);
  if (cached) return cached;
  const built = chartSeries(s.context.rows, s.context.metricOne, s.context.metricTwo);
  seriesCache.set(s.context, built);
  return built;
};
const choicesCache = new Map<string, ReadonlyArray<ChartMetricChoice>>();
const choicesBeside = (other: string): ReadonlyArray<ChartMetricChoice> => {
  const cached = choicesCache.get(other);
  if (cached) return cached;
  const built = chartMetricChoices(other);
  choicesCache.set(other, built);
  return built;
};

const interval = (s: Snap): Interval => (s.matches({ series: "week" }) ? "week" : s.matches({ series: "month" }) ? "month" : "day");

export const performanceChartSelectors = {
  isLoading: (s: Snap) => s.hasTag("loading"),
  isEmpty: (s: Snap) => s.hasTag("empty"),
  hasData: (s: Snap) => s.hasTag("loaded"),
  interval,
  chartType: (s: Snap): ChartType => (s.matches({ chartType: "bar" }) ? "bar" : "area"),
  metricOne: (s: Snap) => s.context.metricOne,
  metricTwo: (s: Snap) => s.context.metricTwo,
  /** Metric one's list: metric two disabled. */
  metricOneChoices: (s: Snap) => choicesBeside(s.context.metricTwo),
  /** Metric two's list: metric one disabled. */
  metricTwoChoices: (s: Snap) => choicesBeside(s.context.metricOne),
  rows: (s: Snap) => s.context.rows,
  series,
  params: (s: Snap) => s.context.params,
} satisfies Record<string, (s: Snap) => unknown>;

export type PerformanceChartActorRef = ActorRefFrom<typeof performanceChartMachine>;
