import { SimulatedClock, createActor, fromCallback, type AnyActorRef, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import type { ChartResponse } from "../../../src/domain/performance/performance";
import type { ChartType, Interval } from "../../../src/domain/shell/session";
import {
  performanceChartMachine,
  performanceChartSelectors as sel,
  type ChartParams,
  type LoadChartInput,
  type PerformanceChartInput,
} from "../../../src/machines/performance/performanceChart.machine";
import { february, january, noRows, paidSearchNew, point, quietDays, threeDays } from "../../model/performance/chartFixtures";
import { httpErrors } from "../../model/fixtures";
import { controlled } from "../support";

const sessionRecorder = () => {
  const heard: EventObject[] = [];
  const ref: AnyActorRef = createActor(fromCallback<EventObject>(({ receive }) => receive((e) => void heard.push(e)))).start();
  return { ref, heard };
};

interface Opening {
  readonly params?: ChartParams;
  readonly metricOne?: string;
  readonly metricTwo?: string;
  readonly interval?: Interval;
  readonly chartType?: ChartType;
}

const setup = (opening: Opening = {}) => {
  const load = controlled<ChartResponse, LoadChartInput>();
  const session = sessionRecorder();
  const input: PerformanceChartInput = {
    session: session.ref,
    params: opening.params ?? january,
    metricOne: opening.metricOne ?? "clicks",
    metricTwo: opening.metricTwo ?? "attributed_revenue",
    interval: opening.interval ?? "day",
    chartType: opening.chartType ?? "area",
  };
  const actor = createActor(performanceChartMachine.provide({ actors: { loadChart: load.logic } }), { clock: new SimulatedClock(), input }).start();
  const snap = () => actor.getSnapshot();
  return { actor, load, heard: session.heard, snap };
};

describe("performance chart machine", () => {
  it("opens at the session's interval and chart type and loads the level-one chart", async () => {
    const { load, snap } = setup();
    expect(snap().value).toEqual({ series: { day: "loading" }, chartType: "area" });
    expect(sel.isLoading(snap())).toBe(true);
    expect(load.calls).toEqual([{ api: january.api, scope: { program: "acme", range: january.range, path: [], filter: "default" }, interval: "day" }]);
    await load.resolve(threeDays);
    expect(snap().value).toEqual({ series: { day: "loaded" }, chartType: "area" });
    expect(sel.hasData(snap())).toBe(true);
    expect(sel.rows(snap())).toHaveLength(3);
  });

  it.each([
    ["week", "bar", { series: { week: "loading" }, chartType: "bar" }],
    ["month", "area", { series: { month: "loading" }, chartType: "area" }],
    ["day", "bar", { series: { day: "loading" }, chartType: "bar" }],
  ] as const)("opens at %s as %s", (interval, chartType, value) => {
    const { snap, load } = setup({ interval, chartType });
    expect(snap().value).toEqual(value);
    expect(sel.interval(snap())).toBe(interval);
    expect(sel.chartType(snap())).toBe(chartType);
    expect(load.calls[0]?.interval).toBe(interval);
  });

  it("loads the route's taxonomy path and the named filter's variant", () => {
    const deep: ChartParams = { ...paidSearchNew, path: ["Paid Search", "Brand", "Exact", "Shoes"] };
    const { load } = setup({ params: deep });
    expect(load.calls[0]?.scope).toEqual({ program: "acme", range: january.range, path: ["Paid Search", "Brand", "Exact", "Shoes"], filter: "new" });
  });

  it.each([
    ["no rows", noRows],
    ["every value 0", quietDays],
  ])("an answer with %s is empty", async (_label, answer) => {
    const { load, snap } = setup();
    await load.resolve(answer);
    expect(snap().value).toEqual({ series: { day: "empty" }, chartType: "area" });
    expect(sel.isEmpty(snap())).toBe(true);
    expect(sel.rows(snap())).toEqual([]);
  });

  it("a failed load is silent: the chart is empty and the old rows are gone", async () => {
    const { actor, load, snap } = setup();
    await load.resolve(threeDays);
    actor.send({ type: "chart.scopeChanged", params: february });
    expect(sel.rows(snap())).toHaveLength(3); // kept while the reload runs
    await load.reject(httpErrors.server);
    expect(sel.isEmpty(snap())).toBe(true);
    expect(sel.rows(snap())).toEqual([]);
  });

  it("choosing an interval reloads at it and tells the session; the current one changes nothing", async () => {
    const { actor, load, heard, snap } = setup();
    await load.resolve(threeDays);
    actor.send({ type: "chart.intervalChosen", interval: "day" });
    expect(load.calls).toHaveLength(1);
    expect(heard).toEqual([]);
    actor.send({ type: "chart.intervalChosen", interval: "week" });
    expect(snap().value).toEqual({ series: { week: "loading" }, chartType: "area" });
    expect(load.calls[1]?.interval).toBe("week");
    expect(heard).toEqual([{ type: "session.intervalChanged", interval: "week" }]);
    await load.resolve({ ...threeDays, data: [point("2025-12-29", { clicks: 60 })] });
    expect(sel.series(snap()).dates).toEqual(["2025-12-29"]);
    actor.send({ type: "chart.intervalChosen", interval: "month" });
    expect(load.calls[2]?.interval).toBe("month");
    expect(heard.at(-1)).toEqual({ type: "session.intervalChanged", interval: "month" });
  });

  it("a new interval during a load abandons it", () => {
    const { actor, load } = setup();
    actor.send({ type: "chart.intervalChosen", interval: "month" });
    expect(load.wasAborted(0)).toBe(true);
    expect(load.calls.map((c) => c.interval)).toEqual(["day", "month"]);
  });

  it("reloads on a new program, dates, path or filter, at the current interval; the same scope changes nothing", async () => {
    const { actor, load } = setup({ interval: "week" });
    await load.resolve(threeDays);
    actor.send({ type: "chart.scopeChanged", params: { ...january } });
    expect(load.calls).toHaveLength(1);
    const changes: ChartParams[] = [
      february,
      { ...february, program: "beta" },
      { ...february, program: "beta", path: ["TV"] },
      { ...february, program: "beta", path: ["TV"], filter: "returning" },
      { ...february, program: "beta", path: ["TV"], filter: "returning", api: { baseUrl: "/api", token: "tok-2" } },
    ];
    for (const [i, params] of changes.entries()) {
      actor.send({ type: "chart.scopeChanged", params });
      expect(load.calls).toHaveLength(i + 2);
      expect(load.calls[i + 1]?.interval).toBe("week");
      expect(load.calls[i + 1]?.scope.path).toEqual(params.path);
      await load.resolve(threeDays);
    }
  });

  it("chart.reloaded loads the same scope again at the current interval, after a load, an empty answer or during a load", async () => {
    const { actor, load, snap } = setup({ interval: "month" });
    await load.resolve(threeDays);
    expect(sel.hasData(snap())).toBe(true);
    actor.send({ type: "chart.reloaded" });
    expect(sel.isLoading(snap())).toBe(true);
    expect(load.calls).toHaveLength(2);
    expect(load.calls[1]).toEqual(load.calls[0]);
    await load.resolve(noRows);
    expect(sel.isEmpty(snap())).toBe(true);
    actor.send({ type: "chart.reloaded" });
    expect(load.calls).toHaveLength(3);
    // During a load: the load starts again (the one in flight may predate the change).
    actor.send({ type: "chart.reloaded" });
    expect(load.wasAborted(0)).toBe(true);
    expect(load.calls).toHaveLength(4);
    expect(load.calls.every((c) => c.interval === "month")).toBe(true);
  });

  it("a new scope during a load abandons it", () => {
    const { actor, load } = setup();
    actor.send({ type: "chart.scopeChanged", params: february });
    expect(load.wasAborted(0)).toBe(true);
    expect(load.calls[1]?.scope.range).toEqual(february.range);
  });

  it("toggles between area and bar, in any load state, and tells the session each time", async () => {
    const { actor, load, heard, snap } = setup();
    actor.send({ type: "chart.typeToggled" });
    expect(sel.chartType(snap())).toBe("bar");
    await load.resolve(threeDays);
    actor.send({ type: "chart.typeToggled" });
    expect(sel.chartType(snap())).toBe("area");
    expect(heard).toEqual([{ type: "session.chartTypeToggled" }, { type: "session.chartTypeToggled" }]);
    expect(load.calls).toHaveLength(1); // the type needs no reload
  });

  it("metric one and two: a new metric is kept and told to the session with the other; no reload", async () => {
    const { actor, load, heard, snap } = setup();
    await load.resolve(threeDays);
    actor.send({ type: "chart.metricOneChosen", metric: "roas" });
    expect(sel.metricOne(snap())).toBe("roas");
    expect(heard).toEqual([{ type: "session.metricsChanged", metricOne: "roas", metricTwo: "attributed_revenue" }]);
    actor.send({ type: "chart.metricTwoChosen", metric: "clicks" });
    expect(heard.at(-1)).toEqual({ type: "session.metricsChanged", metricOne: "roas", metricTwo: "clicks" });
    expect(sel.series(snap()).one.map((p) => p.y)).toEqual([1, 2, 3]);
    expect(sel.series(snap()).two.map((p) => p.y)).toEqual([10, 20, 30]);
    expect(load.calls).toHaveLength(1);
  });

  it("refuses the other list's metric, an unknown metric and the metric already chosen", async () => {
    const { actor, heard, snap } = setup();
    actor.send({ type: "chart.metricOneChosen", metric: "attributed_revenue" });
    actor.send({ type: "chart.metricTwoChosen", metric: "clicks" });
    actor.send({ type: "chart.metricOneChosen", metric: "bogus" });
    actor.send({ type: "chart.metricOneChosen", metric: "clicks" });
    expect([sel.metricOne(snap()), sel.metricTwo(snap())]).toEqual(["clicks", "attributed_revenue"]);
    expect(heard).toEqual([]);
  });

  it("each list disables the other list's choice", () => {
    const { actor, snap } = setup();
    const disabled = (choices: ReturnType<typeof sel.metricOneChoices>) => choices.filter((c) => c.disabled).map((c) => c.name);
    expect(disabled(sel.metricOneChoices(snap()))).toEqual(["attributed_revenue"]);
    expect(disabled(sel.metricTwoChoices(snap()))).toEqual(["clicks"]);
    expect(sel.metricOneChoices(snap()).find((c) => c.name === "clicks")?.label).toBe("Page Lands");
    actor.send({ type: "chart.metricTwoChosen", metric: "cpa" });
    expect(disabled(sel.metricOneChoices(snap()))).toEqual(["cpa"]);
  });

  it.each([
    ["none chosen", "", "", ["clicks", "attributed_revenue"]],
    ["unknown names", "bogus", "nope", ["clicks", "attributed_revenue"]],
    ["the same metric twice", "roas", "roas", ["roas", "attributed_revenue"]],
    ["metric two's default as metric one", "attributed_revenue", "attributed_revenue", ["attributed_revenue", "clicks"]],
  ])("opens with %s as %j", (_label, metricOne, metricTwo, expected) => {
    const { snap } = setup({ metricOne, metricTwo });
    expect([sel.metricOne(snap()), sel.metricTwo(snap())]).toEqual(expected);
  });

  it("the series are in date order whatever order the server sends", async () => {
    const { load, snap } = setup();
    await load.resolve(threeDays);
    const s = sel.series(snap());
    expect(s.dates).toEqual(["2026-01-01", "2026-01-02", "2026-01-03"]);
    expect(s.one).toEqual([
      { x: 0, y: 10 },
      { x: 1, y: 20 },
      { x: 2, y: 30 },
    ]);
    expect(sel.series(snap())).toBe(s); // built once per snapshot context
  });
});
