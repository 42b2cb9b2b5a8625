import { createActor, fromCallback, type AnyActorRef } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { FunnelResponse } from "../../../src/domain/analysis/analysis";
import { funnelReportMachine, funnelReportSelectors as sel } from "../../../src/machines/funnel/funnelReport.machine";
import type { FunnelScope } from "../../../src/services/funnel/funnel";
import type { ApiContext } from "../../../src/services/http/apiClient";
import { httpErrors, scopeOf, sessionOf } from "../../model/fixtures";
import { threeChannels, twelveChannels, noChannels } from "../../model/funnel/funnelFixtures";
import type { SessionScope } from "../../../src/domain/report/reportScope";
import type { SessionSource } from "../../../src/machines/shell/sessionScope";
import { controlled } from "../support";

/** The report's session listener, quiet: the tests send `session.scopeChanged` themselves. */
const quietListener = fromCallback<{ type: "noop" }, { readonly session: SessionSource; readonly scope: SessionScope }>(() => undefined);

const actors: AnyActorRef[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

const open = (options: { path?: ReadonlyArray<string>; search?: string; signedOut?: boolean } = {}) => {
  const load = controlled<FunnelResponse, { api: ApiContext; scope: FunnelScope }>();
  const session = options.signedOut ? sessionOf({ programCode: null, range: null }) : sessionOf();
  const report = createActor(funnelReportMachine.provide({ actors: { loadFunnel: load.logic, sessionScopeListener: quietListener } }), {
    input: { session, path: options.path ?? [], search: options.search },
  }).start();
  actors.push(report);
  return { report, load, snap: () => report.getSnapshot() };
};

describe("funnel report: loading", () => {
  it("loads the level under its path for the session's program and dates, then shows the rows sorted by the level's column", async () => {
    const { load, snap } = open({ path: ["Email"] });
    expect(sel.status(snap())).toBe("loading");
    expect(load.calls[0]?.scope).toEqual({ program: "acme", range: { from: "2026-01-01", to: "2026-01-31" }, path: ["Email"] });
    await load.resolve(threeChannels);
    expect(sel.status(snap())).toBe("ready");
    expect(sel.sort(snap())).toEqual({ column: "taxonomy_2", direction: "asc" });
  });

  it("waits without a program and dates, and loads when the session has them", async () => {
    const { report, load, snap } = open({ signedOut: true });
    expect(sel.status(snap())).toBe("waiting");
    expect(load.calls).toHaveLength(0);
    report.send({ type: "session.scopeChanged", scope: scopeOf() });
    expect(sel.status(snap())).toBe("loading");
    expect(load.calls).toHaveLength(1);
  });

  it("says 'empty' for an answer with no rows", async () => {
    const { load, snap } = open();
    await load.resolve(noChannels);
    expect(sel.status(snap())).toBe("empty");
  });

  it("stops loading silently on a failure, with no rows", async () => {
    const { load, snap } = open();
    await load.reject(httpErrors.server);
    expect(sel.status(snap())).toBe("failed");
    expect(sel.total(snap())).toBe(0);
  });

  it("loads again for other dates, not for the same scope", async () => {
    const { report, load } = open();
    await load.resolve(threeChannels);
    report.send({ type: "session.scopeChanged", scope: scopeOf() });
    expect(load.calls).toHaveLength(1);
    report.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2026-02-01", to: "2026-02-28" } }) });
    expect(load.calls).toHaveLength(2);
    expect(load.calls[1]?.scope.range).toEqual({ from: "2026-02-01", to: "2026-02-28" });
  });
});

describe("funnel report: choices", () => {
  it("pages 8 rows at a time, 'None' last", async () => {
    const { report, load, snap } = open();
    await load.resolve(twelveChannels);
    expect(sel.pageRows(snap())).toHaveLength(8);
    expect(sel.pageCount(snap())).toBe(2);
    report.send({ type: "funnel.paged", page: 2 });
    expect(sel.pageRows(snap()).map((r) => r.taxonomy_1).at(-1)).toBe("None");
    expect(sel.pageRows(snap())).toHaveLength(4);
  });

  it("renormalises the bars to 100 per row in Revenue Percent and shows credit in Credit", async () => {
    const { report, load, snap } = open();
    await load.resolve(threeChannels);
    expect(sel.chart(snap()).max).toBeNull();
    report.send({ type: "funnel.modeChosen", mode: "revenue_percent" });
    expect(sel.mode(snap())).toBe("revenue_percent");
    const chart = sel.chart(snap());
    expect(chart.max).toBe(100);
    for (let bar = 0; bar < chart.names.length; bar++) expect(chart.stacks.reduce((sum, s) => sum + (s.values[bar] ?? 0), 0)).toBeCloseTo(100, 8);
    report.send({ type: "funnel.modeChosen", mode: "credit" });
    expect(sel.chart(snap()).stacks.map((s) => s.key)).toEqual(["solo_credit", "upper_funnel_credit", "mid_funnel_credit", "lower_funnel_credit"]);
  });

  it("sorts a funnel column biggest first, toggles on a second click, and goes back to page 1", async () => {
    const { report, load, snap } = open();
    await load.resolve(twelveChannels);
    report.send({ type: "funnel.paged", page: 2 });
    report.send({ type: "funnel.sorted", column: "mid_funnel_revenue" });
    expect(sel.sort(snap())).toEqual({ column: "mid_funnel_revenue", direction: "desc" });
    expect(sel.page(snap())).toBe(1);
    expect(sel.pageRows(snap())[0]?.taxonomy_1).toBe("Email");
    report.send({ type: "funnel.sorted", column: "mid_funnel_revenue" });
    expect(sel.sort(snap()).direction).toBe("asc");
  });

  it("keeps the chosen funnel columns; choosing none or only unknown ones shows the 12", async () => {
    const { report, snap } = open();
    report.send({ type: "funnel.columnsChosen", columns: ["solo_credit", "lower_funnel_revenue"] });
    expect(sel.columns(snap())).toEqual(["solo_credit", "lower_funnel_revenue"]);
    report.send({ type: "funnel.columnsChosen", columns: ["clicks"] });
    expect(sel.columns(snap())).toHaveLength(12);
  });

  it("opens on a shared link's choices, its page moved to the last once the rows are there", async () => {
    const { load, snap } = open({ search: "program=acme&mode=credit&sort=solo_revenue&direction=desc&page=9&columns=solo_credit,mid_funnel_credit" });
    expect(sel.mode(snap())).toBe("credit");
    await load.resolve(twelveChannels);
    expect(sel.choices(snap())).toEqual({ mode: "credit", sort: "solo_revenue", direction: "desc", page: 2, columns: ["solo_credit", "mid_funnel_credit"] });
  });

  it("reads a link's unknown choices as the defaults", () => {
    const { snap } = open({ path: ["Email", "News"], search: "mode=bars&sort=clicks&direction=up&page=0&columns=clicks" });
    expect(sel.choices(snap())).toEqual({ mode: "revenue", sort: "taxonomy_3", direction: "asc", page: 1, columns: sel.columns(snap()) });
    expect(sel.columns(snap())).toHaveLength(12);
  });
});

describe("funnel report: the column chooser", () => {
  it("opens and closes, toggles columns in the standard order, keeps the last one, and resets to the 12", () => {
    const { report, snap } = open();
    expect(sel.isChoosingColumns(snap())).toBe(false);
    report.send({ type: "funnel.columnsOpened" });
    expect(sel.isChoosingColumns(snap())).toBe(true);
    report.send({ type: "funnel.columnsChosen", columns: ["lower_funnel_credit"] });
    report.send({ type: "funnel.columnToggled", column: "solo_revenue" });
    expect(sel.columns(snap())).toEqual(["solo_revenue", "lower_funnel_credit"]);
    report.send({ type: "funnel.columnToggled", column: "solo_revenue" });
    report.send({ type: "funnel.columnToggled", column: "lower_funnel_credit" });
    expect(sel.columns(snap())).toEqual(["lower_funnel_credit"]);
    report.send({ type: "funnel.columnsReset" });
    expect(sel.columns(snap())).toHaveLength(12);
    report.send({ type: "funnel.columnsClosed" });
    expect(sel.isChoosingColumns(snap())).toBe(false);
  });
});

describe("funnel report: a new scope while loading", () => {
  it("drops the load in flight and loads the new dates", async () => {
    const { report, load, snap } = open();
    report.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2001-01-01", to: "2001-01-31" } }) });
    expect(load.wasAborted(0)).toBe(true);
    expect(load.calls.map((c) => c.scope.range.from)).toEqual(["2026-01-01", "2001-01-01"]);
    await load.resolve(threeChannels);
    await load.resolve(noChannels);
    expect(sel.status(snap())).toBe("empty");
  });
});
