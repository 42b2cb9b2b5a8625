import { createActor, SimulatedClock } from "xstate";
import { describe, expect, it } from "vitest";
import type { FunnelTrendsAnswer } from "../../../src/services/funnelTrends/funnelTrends";
import { funnelTrendsMachine, funnelTrendsSelectors as sel, type FunnelTrendsLoadInput } from "../../../src/machines/funnelTrends/funnelTrends.machine";
import { beta, httpErrors, scopeOf, sessionOf } from "../../model/fixtures";
import { januaryTrends, noTrends } from "../../model/funnelTrends/funnelTrendsFixtures";
import { controlled } from "../support";

const open = (opening: { path?: string[]; selected?: string | null; search?: string } = {}) => {
  const load = controlled<FunnelTrendsAnswer, FunnelTrendsLoadInput>();
  const actor = createActor(funnelTrendsMachine.provide({ actors: { loadFunnelTrends: load.logic } }), {
    clock: new SimulatedClock(),
    input: { session: sessionOf(), path: opening.path ?? [], selected: opening.selected ?? null, search: opening.search ?? "" },
  }).start();
  return { actor, load, snap: () => actor.getSnapshot() };
};

describe("funnel trends machine", () => {
  it("loads the level day by day and fills the range's missing days with zero rows", async () => {
    const { load, snap } = open({ path: ["Email"] });
    expect(sel.status(snap())).toBe("loading");
    expect(load.calls[0]).toMatchObject({ program: "acme", path: ["Email"], range: { from: "2026-01-01", to: "2026-01-31" } });
    await load.resolve(januaryTrends);
    expect(sel.status(snap())).toBe("ready");
    expect(sel.chosenName(snap())).toBe("Email");
    const days = sel.days(snap());
    expect(days).toHaveLength(31);
    expect(days.map((d) => d.solo_revenue)).toEqual(Array.from({ length: 31 }, (_, i) => (i === 0 || i === 30 ? 60 : i === 14 ? 10 : 0)));
  });

  it("names each refused series and still shows the others", async () => {
    const { load, snap } = open();
    await load.resolve(januaryTrends);
    expect(sel.refusals(snap())).toEqual(["'SEO' was refused: data.0.solo_revenue: Expected number, actual \"x\"."]);
    expect(sel.series(snap()).map((s) => s.name)).toEqual(["Email", "Direct"]);
  });

  it("opens on Revenue with the four percent columns, and reads a link's choices", async () => {
    const plain = open();
    expect(sel.mode(plain.snap())).toBe("revenue");
    expect(sel.chartFields(plain.snap())).toEqual(["solo_revenue", "upper_funnel_revenue", "mid_funnel_revenue", "lower_funnel_revenue"]);
    expect(sel.columns(plain.snap())).toEqual(["solo_revenue_percent", "upper_funnel_revenue_percent", "mid_funnel_revenue_percent", "lower_funnel_revenue_percent"]);
    const linked = open({ search: "mode=revenue_percent&columns=solo_credit,solo_revenue&per_page=30&page=2" });
    expect(sel.choices(linked.snap())).toEqual({ mode: "revenue_percent", columns: ["solo_revenue", "solo_credit"], perPage: 30, page: 2 });
    await linked.load.resolve(januaryTrends);
    expect(sel.pageRows(linked.snap())).toHaveLength(1);
    expect(sel.pageRows(linked.snap())[0]?.conversion_date).toBe("2026-01-31");
  });

  it("changes mode, columns (through Table Settings) and pages", async () => {
    const { actor, load, snap } = open();
    await load.resolve(januaryTrends);
    actor.send({ type: "trends.modeChanged", mode: "revenue_percent" });
    expect(sel.chartFields(snap())).toEqual(["solo_revenue_percent", "upper_funnel_revenue_percent", "mid_funnel_revenue_percent", "lower_funnel_revenue_percent"]);
    actor.send({ type: "settings.columnToggled", column: "solo_credit" });
    expect(sel.columns(snap())).not.toContain("solo_credit");
    actor.send({ type: "settings.opened" });
    expect(sel.settingsOpen(snap())).toBe(true);
    actor.send({ type: "settings.columnToggled", column: "solo_credit" });
    actor.send({ type: "settings.columnToggled", column: "mid_funnel_revenue_percent" });
    actor.send({ type: "settings.closed" });
    expect(sel.settingsOpen(snap())).toBe(false);
    expect(sel.columns(snap())).toEqual(["solo_revenue_percent", "solo_credit", "upper_funnel_revenue_percent", "lower_funnel_revenue_percent"]);
    expect(sel.pageCount(snap())).toBe(3);
    actor.send({ type: "table.pageChanged", page: 3 });
    expect(sel.pageRows(snap())).toHaveLength(1);
    actor.send({ type: "table.perPageChanged", perPage: 50 });
    expect(sel.page(snap())).toBe(1);
    expect(sel.pageRows(snap())).toHaveLength(31);
  });

  it("is empty without series or without the one the route names", async () => {
    const none = open();
    await none.load.resolve(noTrends);
    expect(sel.status(none.snap())).toBe("empty");
    const missing = open({ selected: "Display" });
    await missing.load.resolve(januaryTrends);
    expect(sel.status(missing.snap())).toBe("empty");
    const direct = open({ selected: "Direct" });
    await direct.load.resolve(januaryTrends);
    expect(sel.status(direct.snap())).toBe("ready");
    expect(sel.days(direct.snap()).every((d) => d.solo_revenue === 0)).toBe(true);
  });

  it("says a failed load, tries again, and follows the session", async () => {
    const { actor, load, snap } = open();
    await load.reject(httpErrors.network);
    expect(sel.status(snap())).toBe("failed");
    actor.send({ type: "report.retried" });
    await load.resolve(januaryTrends);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: beta.code }) });
    expect(sel.status(snap())).toBe("loading");
    expect(load.calls.at(-1)?.program).toBe("beta");
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: null }) });
    expect(sel.status(snap())).toBe("waiting");
  });

  it("opens Export Data with every day, the Table Settings columns selected", async () => {
    const { actor, load, snap } = open();
    await load.resolve(januaryTrends);
    actor.send({ type: "report.exportRequested" });
    const dialog = sel.exportDialog(snap())!.getSnapshot().context;
    expect(dialog.reportName).toBe("acme_funnel_trends_2026-01-01_2026-01-31");
    expect(dialog.selected).toEqual(["taxonomy_1", "conversion_date", "solo_revenue_percent", "upper_funnel_revenue_percent", "mid_funnel_revenue_percent", "lower_funnel_revenue_percent"]);
    expect(dialog.rows).toHaveLength(31);
    expect(dialog.rows[14]).toMatchObject({ taxonomy_1: "Email", conversion_date: "2026-01-15", solo_revenue: 10 });
  });

  it("loads the new scope when the session changes while a load is under way, Table Settings staying open", async () => {
    const { actor, load, snap } = open();
    actor.send({ type: "settings.opened" });
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2026-01-01", to: "2026-01-10" } }) });
    expect(load.calls).toHaveLength(2);
    expect(load.wasAborted(0)).toBe(true);
    expect(sel.settingsOpen(snap())).toBe(true);
    await load.reject(httpErrors.network).catch(() => undefined);
    await load.resolve(januaryTrends);
    expect(sel.days(snap())).toHaveLength(10);
  });
});
