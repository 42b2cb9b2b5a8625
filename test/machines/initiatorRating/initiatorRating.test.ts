import { createActor, fromCallback, type AnyActorRef } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import { initiatorRows, type InitiatorRow } from "../../../src/domain/initiatorRating/initiatorRating";
import { initiatorRatingMachine, initiatorRatingSelectors as sel } from "../../../src/machines/initiatorRating/initiatorRating.machine";
import type { FunnelScope } from "../../../src/services/funnel/funnel";
import type { ApiContext } from "../../../src/services/http/apiClient";
import { DecodeError } from "../../../src/services/http/httpErrors";
import { scopeOf, sessionOf } from "../../model/fixtures";
import { threeChannels, twelveChannels } from "../../model/funnel/funnelFixtures";
import type { SessionScope } from "../../../src/domain/report/reportScope";
import type { SessionSource } from "../../../src/machines/shell/sessionScope";
import { controlled } from "../support";

/** The report's session listener, quiet: the tests send `session.scopeChanged` themselves. */
const quietListener = fromCallback<{ type: "noop" }, { readonly session: SessionSource; readonly scope: SessionScope }>(() => undefined);

const actors: AnyActorRef[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

const derived = (answer: typeof twelveChannels): ReadonlyArray<InitiatorRow> => {
  const rows = initiatorRows(answer.data);
  if (!rows.ok) throw new Error(rows.problem);
  return rows.rows;
};

const open = (options: { path?: ReadonlyArray<string>; search?: string; signedOut?: boolean } = {}) => {
  const load = controlled<ReadonlyArray<InitiatorRow>, { api: ApiContext; scope: FunnelScope }>();
  const session = options.signedOut ? sessionOf({ programCode: null, range: null }) : sessionOf();
  const report = createActor(initiatorRatingMachine.provide({ actors: { loadInitiatorRating: load.logic, sessionScopeListener: quietListener } }), {
    input: { session, path: options.path ?? [], search: options.search },
  }).start();
  actors.push(report);
  return { report, load, snap: () => report.getSnapshot() };
};

describe("initiator rating", () => {
  it("shows 'loading' until the rows arrive, then sorts them by total funnel revenue, biggest first, 10 a page, 'None' last", async () => {
    const { load, snap } = open({ path: ["Email", "News"] });
    expect(sel.status(snap())).toBe("loading");
    expect(load.calls[0]?.scope.path).toEqual(["Email", "News"]);
    await load.resolve(derived(twelveChannels));
    expect(sel.status(snap())).toBe("ready");
    const totals = sel.sortedRows(snap()).filter((r) => r.taxonomy_1 !== "None").map((r) => r.total_funnel_revenue);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(sel.sortedRows(snap()).at(-1)?.taxonomy_1).toBe("None");
    expect(sel.pageRows(snap())).toHaveLength(10);
    expect(sel.chartHeight(snap())).toBe(400);
  });

  it("draws the page's bars: upper + solo stacked with mid + lower", async () => {
    const { load, snap } = open();
    await load.resolve(derived(threeChannels));
    const chart = sel.chart(snap());
    expect(chart.names).toEqual(["Email", "SEO", "None"]);
    expect(chart.stacks.map((s) => s.values)).toEqual([
      [30, 50, 2],
      [70, 50, 2],
    ]);
    expect(sel.chartHeight(snap())).toBe(190);
  });

  it("is empty for no rows and stops silently on a refused answer", async () => {
    const first = open();
    await first.load.resolve([]);
    expect(sel.status(first.snap())).toBe("empty");
    const second = open();
    await second.load.reject(new DecodeError({ message: "The funnel answer could not be read: a row's location must hold 1 to 4 names", path: "x" }));
    expect(sel.status(second.snap())).toBe("failed");
    expect(sel.total(second.snap())).toBe(0);
  });

  it("waits for a program and dates", () => {
    const { report, load, snap } = open({ signedOut: true });
    expect(sel.status(snap())).toBe("waiting");
    report.send({ type: "session.scopeChanged", scope: scopeOf() });
    expect(load.calls).toHaveLength(1);
    report.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: null, range: null }) });
    expect(sel.status(snap())).toBe("waiting");
  });

  it("pages, sorts (back to page 1) and chooses columns", async () => {
    const { report, load, snap } = open();
    await load.resolve(derived(twelveChannels));
    report.send({ type: "initiator.paged", page: 2 });
    expect(sel.pageRows(snap())).toHaveLength(2);
    report.send({ type: "initiator.sorted", column: "taxonomy_1" });
    expect(sel.sort(snap())).toEqual({ column: "taxonomy_1", direction: "asc" });
    expect(sel.page(snap())).toBe(1);
    report.send({ type: "initiator.columnsChosen", columns: ["mid_lower_revenue_percent"] });
    expect(sel.columns(snap())).toEqual(["mid_lower_revenue_percent"]);
  });

  it("opens on a shared link's choices and writes them back the same", async () => {
    const { load, snap } = open({ search: "sort=upper_solo_revenue_percent&direction=asc&page=2&columns=mid_lower_revenue,total_funnel_revenue" });
    await load.resolve(derived(twelveChannels));
    expect(sel.choices(snap())).toEqual({ sort: "upper_solo_revenue_percent", direction: "asc", page: 2, columns: ["mid_lower_revenue", "total_funnel_revenue"] });
  });
});

describe("initiator rating: the column chooser", () => {
  it("opens, toggles a column, resets to the three defaults and closes", () => {
    const { report, snap } = open();
    report.send({ type: "initiator.columnsOpened" });
    expect(sel.isChoosingColumns(snap())).toBe(true);
    report.send({ type: "initiator.columnToggled", column: "mid_lower_revenue" });
    expect(sel.columns(snap())).toEqual(["upper_solo_revenue", "mid_lower_revenue", "total_funnel_revenue", "upper_solo_revenue_percent"]);
    report.send({ type: "initiator.columnsReset" });
    expect(sel.columns(snap())).toEqual(["upper_solo_revenue", "total_funnel_revenue", "upper_solo_revenue_percent"]);
    report.send({ type: "initiator.columnsClosed" });
    expect(sel.isChoosingColumns(snap())).toBe(false);
  });
});

describe("initiator rating: a new scope while loading", () => {
  it("drops the load in flight and loads the new dates", async () => {
    const { report, load, snap } = open();
    report.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2001-01-01", to: "2001-01-31" } }) });
    expect(load.wasAborted(0)).toBe(true);
    expect(load.calls.map((c) => c.scope.range.from)).toEqual(["2026-01-01", "2001-01-01"]);
    await load.resolve(derived(threeChannels));
    await load.resolve([]);
    expect(sel.status(snap())).toBe("empty");
  });
});
