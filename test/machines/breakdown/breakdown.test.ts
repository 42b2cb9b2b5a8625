import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { MultiChartResponse } from "../../../src/domain/performance/performance";
import { breakdownMachine, breakdownSelectors as sel, type BreakdownInput } from "../../../src/machines/breakdown/breakdown.machine";
import { httpErrors, quietReportScopeListener, scopeOf, sessionOf } from "../../model/fixtures";
import { channels, manyChannels, noChannels } from "../../model/breakdown/breakdownFixtures";

const start = (answers: ReadonlyArray<MultiChartResponse | Error>, input: Partial<BreakdownInput> = {}) => {
  const calls: Array<{ scope: { path: ReadonlyArray<string>; range: unknown }; interval: string }> = [];
  let i = 0;
  const actor = createActor(
    breakdownMachine.provide({
      actors: {
        sessionScopeListener: quietReportScopeListener,
        loadBreakdown: fromPromise(async ({ input: call }) => {
          calls.push(call as (typeof calls)[number]);
          const answer = answers[Math.min(i++, answers.length - 1)];
          if (answer instanceof Error) throw answer;
          return answer as MultiChartResponse;
        }),
      },
    }),
    { input: { session: sessionOf(), path: [], ...input } },
  ).start();
  return { actor, calls };
};

const settled = (actor: ReturnType<typeof start>["actor"]) => waitFor(actor, (s) => sel.status(s) !== "loading" && sel.status(s) !== "waiting");
const names = (actor: ReturnType<typeof start>["actor"]) => sel.pageCards(actor.getSnapshot()).map((c) => c.name);

describe("channel breakdown", () => {
  it("loads the level below its path at the interval chosen, cards by clicks, descending, 'None' last", async () => {
    const { actor, calls } = start([channels], { path: ["Web", "Mail"] });
    await settled(actor);
    expect(calls).toMatchObject([{ scope: { path: ["Web", "Mail"], program: "acme", range: { from: "2026-01-01", to: "2026-01-31" } }, interval: "day" }]);
    expect(names(actor)).toEqual(["Paid Search", "Email", "Display", "None"]);
    expect(sel.choices(actor.getSnapshot())).toMatchObject({ metricOne: "clicks", metricTwo: "attributed_revenue" });
  });

  it("another interval loads again, the same one does not; metrics, chart type and direction do not load", async () => {
    const { actor, calls } = start([channels]);
    await settled(actor);
    actor.send({ type: "breakdown.intervalChanged", interval: "day" });
    actor.send({ type: "breakdown.chartTypeChanged", chartType: "bar" });
    actor.send({ type: "breakdown.metricTwoChanged", metric: "roas" });
    actor.send({ type: "breakdown.directionToggled" });
    expect(calls).toHaveLength(1);
    expect(names(actor)).toEqual(["Display", "Email", "Paid Search", "None"]);
    actor.send({ type: "breakdown.intervalChanged", interval: "week" });
    await settled(actor);
    expect(calls.map((c) => c.interval)).toEqual(["day", "week"]);
    expect(sel.choices(actor.getSnapshot())).toMatchObject({ chartType: "bar", metricTwo: "roas", direction: "asc", interval: "week" });
  });

  it("another first metric sorts by it and goes to page 1; the two metrics stay different", async () => {
    const { actor } = start([manyChannels(14)], { search: "page=2" });
    await settled(actor);
    expect(names(actor)).toEqual(["Channel 8", "Channel 7", "Channel 6", "Channel 5", "Channel 4", "Channel 3"]);
    actor.send({ type: "breakdown.metricOneChanged", metric: "attributed_revenue" });
    expect(sel.choices(actor.getSnapshot()).metricOne).toBe("clicks");
    actor.send({ type: "breakdown.metricOneChanged", metric: "impressions" });
    expect(sel.choices(actor.getSnapshot())).toMatchObject({ metricOne: "impressions", page: 1 });
    actor.send({ type: "breakdown.metricTwoChanged", metric: "impressions" });
    expect(sel.choices(actor.getSnapshot()).metricTwo).toBe("attributed_revenue");
  });

  it("pages 6, 12 or 24 cards; a page past the last is the last", async () => {
    const { actor } = start([manyChannels(30)], { search: "page=9&per_page=12" });
    await settled(actor);
    expect(sel.choices(actor.getSnapshot())).toMatchObject({ page: 3, perPage: 12 });
    expect(sel.pageCards(actor.getSnapshot())).toHaveLength(6);
    actor.send({ type: "breakdown.perPageChanged", perPage: 24 });
    expect(sel.choices(actor.getSnapshot())).toMatchObject({ page: 1, perPage: 24 });
    expect(sel.pageCards(actor.getSnapshot())).toHaveLength(24);
    actor.send({ type: "breakdown.perPageChanged", perPage: 8 });
    expect(sel.choices(actor.getSnapshot()).perPage).toBe(24);
    actor.send({ type: "breakdown.pageChanged", page: 2 });
    expect(sel.pageCards(actor.getSnapshot())).toHaveLength(6);
  });

  it("no series is the empty state; a failure clears the cards and headers, silently, until the scope changes", async () => {
    const empty = start([noChannels]);
    await settled(empty.actor);
    expect(sel.status(empty.actor.getSnapshot())).toBe("empty");

    const { actor, calls } = start([channels, httpErrors.server as unknown as Error, channels]);
    await settled(actor);
    expect(Object.keys(sel.headers(actor.getSnapshot())).length).toBeGreaterThan(0);
    actor.send({ type: "breakdown.intervalChanged", interval: "month" });
    await settled(actor);
    expect(sel.status(actor.getSnapshot())).toBe("failed");
    expect(sel.total(actor.getSnapshot())).toBe(0);
    expect(sel.headers(actor.getSnapshot())).toEqual({});
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2026-02-01", to: "2026-02-28" } }) });
    await settled(actor);
    expect(sel.status(actor.getSnapshot())).toBe("ready");
    expect(calls).toHaveLength(3);
  });

  it("waits without dates, keeping a chosen interval for the first load", async () => {
    const { actor, calls } = start([channels], { session: sessionOf({ range: null }) });
    actor.send({ type: "breakdown.intervalChanged", interval: "month" });
    expect(sel.status(actor.getSnapshot())).toBe("waiting");
    actor.send({ type: "session.scopeChanged", scope: scopeOf() });
    await settled(actor);
    expect(calls.map((c) => c.interval)).toEqual(["month"]);
  });

  it("Export opens the dialog with every card's points, the two metrics visible", async () => {
    const { actor } = start([channels], { search: "metric_two=roas" });
    await settled(actor);
    actor.send({ type: "breakdown.exportRequested" });
    const c = sel.exportDialog(actor.getSnapshot())?.getSnapshot().context;
    expect(c?.reportName).toBe("acme_channel_breakdown_2026-01-01_2026-01-31");
    expect(c?.selected).toEqual(["taxonomy_1", "conversion_date", "clicks", "roas"]);
    expect(c?.rows.map((r) => `${String(r.taxonomy_1)} ${String(r.conversion_date)}`)).toEqual([
      "Paid Search 2026-01-01",
      "Paid Search 2026-01-02",
      "Email 2026-01-01",
      "Email 2026-01-02",
      "Display 2026-01-01",
      "None 2026-01-01",
    ]);
  });
});
