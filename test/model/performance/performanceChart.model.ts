import type { EventObject } from "xstate";
import { canChooseChartMetric } from "../../../src/domain/performance/performanceChart";
import type { Interval } from "../../../src/domain/shell/session";
import { performanceChartMachine, performanceChartSelectors as sel, type ChartParams, type LoadChartInput } from "../../../src/machines/performance/performanceChart.machine";
import { defineMachineModel, invariant } from "../harness";
import { february, january, paidSearchNew, quietDays, threeDays } from "./chartFixtures";
import { httpErrors } from "../fixtures";

const none: Readonly<Record<string, never>> = {};
const scopeChanges: Readonly<Record<string, { params: ChartParams }>> = { february: { params: february }, same: { params: january } };
const intervalChoices: Readonly<Record<string, { interval: Interval }>> = { day: { interval: "day" }, week: { interval: "week" }, month: { interval: "month" } };

/**
 * The performance chart: interval and
 * chart type modes starting from the session's preferences, reloads on a new scope or
 * interval, silent failures, two distinct metrics, preferences told to the session.
 */
export const performanceChartModel = defineMachineModel({
  name: "performanceChart",
  machine: performanceChartMachine,
  input: {
    defaults: (rig) => ({ session: rig.recorder("session"), params: january, metricOne: "clicks", metricTwo: "attributed_revenue", interval: "day" as const, chartType: "area" as const }),
    weeklyBars: (rig) => ({ session: rig.recorder("session"), params: paidSearchNew, metricOne: "roas", metricTwo: "roas", interval: "week" as const, chartType: "bar" as const }),
    monthly: (rig) => ({ session: rig.recorder("session"), params: january, metricOne: "", metricTwo: "", interval: "month" as const, chartType: "area" as const }),
  },
  // Keeps the graph small enough for simple paths: a new scope or interval is asked for
  // once a load has ended, the chart type is toggled where something is drawn at the
  // opening interval (test/machines/performance/performanceChart.test.ts sends the same events in
  // every other state).
  events: {
    "chart.scopeChanged": (s) => (sel.isLoading(s) ? none : scopeChanges),
    "chart.intervalChosen": (s) => (sel.isLoading(s) ? none : intervalChoices),
    // The same scope again (new costs): asked for once a load has ended.
    "chart.reloaded": (s) => (sel.isLoading(s) ? [] : [{}]),
    "chart.typeToggled": (s) => (sel.hasData(s) && sel.interval(s) === s.context.opening.interval ? [{}] : []),
    // A new metric, and the one already chosen in the other list (refused).
    "chart.metricOneChosen": (s) => ({ cpa: { metric: "cpa" }, otherList: { metric: s.context.metricTwo } }),
    "chart.metricTwoChosen": (s) => ({ roi: { metric: "roi" }, otherList: { metric: s.context.metricOne } }),
  },
  actorOutcomes: {
    loadChart: { resolves: { threeDays, quiet: quietDays }, rejects: { server: httpErrors.server } },
  },
  // Whether rows are held; the metrics, the scope and the calls are checked by the invariants below.
  observe: (c) => ({ rows: c.rows.length }),
  strategies: { simple: { observe: null, maxPaths: 150 } },
  limit: 200_000,
  check: ({ action, before, after, newCalls }) => {
    const c = after.context;
    invariant(c.metricOne !== c.metricTwo, `the two metrics differ: ${c.metricOne}`);
    invariant(canChooseChartMetric(c.metricOne, c.metricTwo) && canChooseChartMetric(c.metricTwo, c.metricOne), "both metrics are catalogue metrics");
    invariant(!sel.metricOneChoices(after).find((m) => m.name === c.metricTwo && !m.disabled), "metric two is disabled in metric one's list");
    invariant(!sel.metricTwoChoices(after).find((m) => m.name === c.metricOne && !m.disabled), "metric one is disabled in metric two's list");
    if (sel.isEmpty(after)) invariant(c.rows.length === 0, "an empty chart holds no rows");

    // Every load asks for the mode's interval and the scope's taxonomy path and filter.
    const loads = newCalls.filter((x) => x.kind === "actor" && x.name === "loadChart");
    for (const l of loads) {
      const input = l.payload as LoadChartInput;
      invariant(input.interval === sel.interval(after), `loaded at ${input.interval} in the ${sel.interval(after)} mode`);
      invariant(JSON.stringify(input.scope.path) === JSON.stringify(c.params.path) && input.scope.filter === c.params.filter, "the route's path and filter");
      invariant(input.scope.range.from === c.params.range.from && input.api === c.params.api, "the scope's dates and API");
    }
    const ev = action.kind === "event" ? (action.event as EventObject & Record<string, unknown>) : null;
    const intervalMoved = before !== undefined && sel.interval(before) !== sel.interval(after);
    const rescoped = before !== undefined && before.context.params !== c.params;
    const reloaded = ev?.type === "chart.reloaded";
    invariant(loads.length === (action.kind === "init" || intervalMoved || rescoped || reloaded ? 1 : 0), `one load per start, interval or scope change, or reload (got ${loads.length})`);
    if (reloaded && before) invariant(sel.isLoading(after) && !intervalMoved && !rescoped, "a reload loads the same interval and scope again");

    // The session hears each preference change once, and only changes.
    const told = newCalls.filter((x) => x.kind === "received" && x.name === "session").map((x) => x.payload as EventObject & Record<string, unknown>);
    const expected: Array<Record<string, unknown>> = [];
    if (before && ev) {
      if (intervalMoved) expected.push({ type: "session.intervalChanged", interval: sel.interval(after) });
      if (sel.chartType(before) !== sel.chartType(after)) expected.push({ type: "session.chartTypeToggled" });
      if (before.context.metricOne !== c.metricOne || before.context.metricTwo !== c.metricTwo) {
        expected.push({ type: "session.metricsChanged", metricOne: c.metricOne, metricTwo: c.metricTwo });
      }
    }
    invariant(JSON.stringify(told) === JSON.stringify(expected), `the session heard ${JSON.stringify(told)}, expected ${JSON.stringify(expected)}`);
    if (ev?.type === "chart.typeToggled" && before) invariant(sel.chartType(before) !== sel.chartType(after), "the toggle flips area and bar");
  },
});
