import { createActor, SimulatedClock } from "xstate";
import { describe, expect, it } from "vitest";
import { untaggedSegment } from "../../../src/domain/diminishingReturns/diminishingReturns";
import type { DiminishingAnswer } from "../../../src/services/diminishingReturns/diminishingReturns";
import {
  diminishingReturnsMachine,
  diminishingReturnsSelectors as sel,
  type DiminishingLoadInput,
} from "../../../src/machines/diminishingReturns/diminishingReturns.machine";
import { beta, httpErrors, scopeOf, sessionOf } from "../../model/fixtures";
import { emptyLevel, fixtureRange, levelOne } from "../../model/diminishingReturns/diminishingFixtures";
import { controlled } from "../support";

const open = (opening: { path?: string[]; selected?: string | null; search?: string; noDates?: boolean; range?: { from: string; to: string } } = {}) => {
  const load = controlled<DiminishingAnswer, DiminishingLoadInput>();
  const session = sessionOf({ range: opening.noDates ? null : (opening.range ?? fixtureRange) });
  const actor = createActor(
    diminishingReturnsMachine.provide({ actors: { loadDiminishing: load.logic } }),
    { clock: new SimulatedClock(), input: { session, path: opening.path ?? [], selected: opening.selected ?? null, search: opening.search ?? "" } },
  ).start();
  return { actor, load, snap: () => actor.getSnapshot() };
};

describe("diminishing returns machine", () => {
  it("loads the level's series and the seasonality types for the session's program and dates", async () => {
    const { load, snap } = open({ path: ["Email"] });
    expect(sel.status(snap())).toBe("loading");
    expect(load.calls).toEqual([{ api: { baseUrl: "/api", token: "tok-1" }, program: "acme", range: fixtureRange, path: ["Email"] }]);
    await load.resolve(levelOne);
    expect(sel.status(snap())).toBe("ready");
    expect(sel.chosenName(snap())).toBe("Email");
    expect(sel.segments(snap()).map((s) => s.label)).toEqual(["Black Friday", "Untagged"]);
    expect(sel.hidden(snap())).toEqual([]);
    expect(sel.total(snap())).toBe(12);
  });

  it("waits without dates and loads when the session has them", async () => {
    const { actor, load, snap } = open({ noDates: true });
    expect(sel.status(snap())).toBe("waiting");
    expect(load.calls).toHaveLength(0);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: fixtureRange }) });
    expect(sel.status(snap())).toBe("loading");
    expect(load.calls).toHaveLength(1);
  });

  it("fits the curve from 10 weeks and shows the warning below", async () => {
    const { actor, load, snap } = open();
    await load.resolve(levelOne);
    // 12 weeks on revenue = 100 + 50·ln(spend): the curve is found exactly.
    expect(sel.notEnoughData(snap())).toBe(false);
    expect(sel.fit(snap())?.b).toBeCloseTo(50, 9);
    expect(sel.fit(snap())?.a).toBeCloseTo(100, 9);
    expect(sel.breakEven(snap())).toBeCloseTo(50, 9);
    // The latest week spends 1200: the next unit returns 50 / 1200.
    expect(sel.current(snap())).toEqual({ spend: 1200, marginal: expect.closeTo(50 / 1200, 9), average: expect.closeTo((100 + 50 * Math.log(1200)) / 1200, 9) });
    // Hiding Black Friday (weeks 1, 4, 7, 10) leaves 8 weeks: the warning, no curve.
    actor.send({ type: "segments.toggled", key: "Black Friday" });
    expect(sel.total(snap())).toBe(8);
    expect(sel.notEnoughData(snap())).toBe(true);
    expect(sel.drawnCurve(snap())).toBeNull();
    actor.send({ type: "segments.toggled", key: "Black Friday" });
    expect(sel.notEnoughData(snap())).toBe(false);
  });

  it("shows the series the route selects, and is empty when the level lacks it", async () => {
    const direct = open({ selected: "Direct" });
    await direct.load.resolve(levelOne);
    expect(sel.chosenName(direct.snap())).toBe("Direct");
    expect(sel.notEnoughData(direct.snap())).toBe(true);
    const missing = open({ selected: "Display" });
    await missing.load.resolve(levelOne);
    expect(sel.status(missing.snap())).toBe("empty");
    const none = open();
    await none.load.resolve(emptyLevel);
    expect(sel.status(none.snap())).toBe("empty");
  });

  it("reads its choices from the link and keeps only segments the dates offer", async () => {
    const { load, snap } = open({ search: `hide_seasons=${encodeURIComponent('["Black Friday","Gone"]')}&untagged=off&per_page=50&page=3&what_if=5000` });
    expect(sel.choices(snap())).toMatchObject({ hiddenSeasons: ["Black Friday", "Gone"], untagged: false, perPage: 50, page: 3, whatIf: "5000" });
    await load.resolve(levelOne);
    expect(sel.hidden(snap())).toEqual(["Black Friday", untaggedSegment]);
    // Every week hidden: page 3 is past the last and moves to 1.
    expect(sel.total(snap())).toBe(0);
    expect(sel.page(snap())).toBe(1);
  });

  it("pages the weeks 20 a page and resets to page 1 when the segments change", async () => {
    const { actor, load, snap } = open({ search: "per_page=20" });
    await load.resolve({ ...levelOne, series: [{ name: "Email", data: Array.from({ length: 45 }, (_, i) => ({ conversion_date: `2026-${String(1 + Math.floor(i / 28)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`, total_cost: i + 1, attributed_revenue: i, seasonality: null })) }] });
    expect(sel.pageCount(snap())).toBe(3);
    expect(sel.pageRows(snap())).toHaveLength(20);
    actor.send({ type: "table.pageChanged", page: 3 });
    expect(sel.pageRows(snap())).toHaveLength(5);
    actor.send({ type: "table.perPageChanged", perPage: 50 });
    expect(sel.page(snap())).toBe(1);
    expect(sel.pageRows(snap())).toHaveLength(45);
    actor.send({ type: "table.perPageChanged", perPage: 20 });
    actor.send({ type: "table.pageChanged", page: 2 });
    actor.send({ type: "segments.toggled", key: untaggedSegment });
    expect(sel.page(snap())).toBe(1);
    expect(sel.total(snap())).toBe(0);
  });

  it("reads a what-if spend: predicted revenue, band, and extrapolation outside the weeks", async () => {
    const { actor, load, snap } = open();
    await load.resolve(levelOne);
    actor.send({ type: "whatIf.changed", text: "600" });
    expect(sel.whatIf(snap())).toMatchObject({ spend: 600, revenue: expect.closeTo(100 + 50 * Math.log(600), 9), extrapolated: false });
    expect(sel.drawnCurve(snap())?.extrapolated).toEqual([]);
    actor.send({ type: "whatIf.changed", text: "5000" });
    expect(sel.whatIf(snap())?.extrapolated).toBe(true);
    expect(sel.drawnCurve(snap())?.extrapolated.at(-1)?.spend).toBe(5000);
    actor.send({ type: "whatIf.changed", text: "lots" });
    expect(sel.whatIf(snap())).toBeNull();
    expect(sel.whatIfInvalid(snap())).toBe(true);
  });

  it("says a failed load and loads again on 'Try again'", async () => {
    const { actor, load, snap } = open();
    await load.reject(httpErrors.server);
    expect(sel.status(snap())).toBe("failed");
    actor.send({ type: "report.retried" });
    expect(sel.status(snap())).toBe("loading");
    await load.resolve(levelOne);
    expect(sel.status(snap())).toBe("ready");
  });

  it("loads again for another program, and waits when the dates go", async () => {
    const { actor, load, snap } = open();
    await load.resolve(levelOne);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: fixtureRange }) });
    expect(load.calls).toHaveLength(1);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: beta.code }) });
    expect(sel.status(snap())).toBe("loading");
    expect(load.calls[1]?.program).toBe("beta");
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: null }) });
    expect(sel.status(snap())).toBe("waiting");
    expect(sel.series(snap())).toEqual([]);
  });

  it("opens Export Data with every shown week, the week and taxonomy path always exported", async () => {
    const { actor, load, snap } = open({ path: ["Paid"] });
    await load.resolve(levelOne);
    actor.send({ type: "segments.toggled", key: "Black Friday" });
    actor.send({ type: "report.exportRequested" });
    const dialog = sel.exportDialog(snap())!.getSnapshot().context;
    expect(dialog.reportName).toBe("acme_diminishing_returns_2025-11-03_2026-01-25");
    expect(dialog.selected).toEqual(["taxonomy_1", "taxonomy_2", "conversion_date", "total_cost", "attributed_revenue", "seasonality"]);
    expect(dialog.rows).toHaveLength(8);
    expect(dialog.rows[0]).toMatchObject({ taxonomy_1: "Paid", taxonomy_2: "Email", conversion_date: "2025-11-10", total_cost: 200, seasonality: "Untagged" });
  });

  it("loads the new scope when the session changes while a load is under way", async () => {
    const { actor, load, snap } = open();
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2025-10-01", to: "2026-01-31" } }) });
    expect(load.calls.map((c) => c.range.from)).toEqual(["2025-11-03", "2025-10-01"]);
    expect(load.wasAborted(0)).toBe(true);
    expect(sel.status(snap())).toBe("loading");
  });

  it("hears of dates the session took between the page's making and its start (a link's dates)", async () => {
    let context = sessionOf().getSnapshot().context;
    const listeners: Array<(s: { context: typeof context }) => void> = [];
    const session = { getSnapshot: () => ({ context }), subscribe: (l: (s: { context: typeof context }) => void) => (listeners.push(l), { unsubscribe: () => undefined }) };
    const load = controlled<DiminishingAnswer, DiminishingLoadInput>();
    const actor = createActor(diminishingReturnsMachine.provide({ actors: { loadDiminishing: load.logic } }), { input: { session, path: [], selected: null } });
    context = { ...context, range: { from: "2025-09-01", to: "2025-12-31" } };
    actor.start();
    expect(load.calls.at(-1)?.range).toEqual({ from: "2025-09-01", to: "2025-12-31" });
    context = { ...context, range: { from: "2025-09-08", to: "2025-12-31" } };
    for (const l of listeners) l({ context });
    expect(load.calls.at(-1)?.range.from).toBe("2025-09-08");
  });

  it("shows a range's part weeks but fits the curve on the whole weeks only", async () => {
    // From Wednesday 2025-11-05 to Wednesday 2026-01-21: the first and last of the 12 weeks are parts of weeks.
    const { load, snap } = open({ range: { from: "2025-11-05", to: "2026-01-21" } });
    await load.resolve(levelOne);
    expect(sel.total(snap())).toBe(12);
    expect(sel.weeks(snap()).filter((w) => !w.whole).map((w) => w.date)).toEqual(["2025-11-03", "2026-01-19"]);
    expect(sel.fit(snap())?.weeks).toBe(10);
    // The current weekly spend is the latest whole week's (the 11th: 1100), not the part week's.
    expect(sel.current(snap())?.spend).toBe(1100);
  });
});
