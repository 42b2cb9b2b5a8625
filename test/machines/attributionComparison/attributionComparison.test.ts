import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { TableResponse } from "../../../src/domain/performance/performance";
import {
  attributionComparisonMachine,
  attributionComparisonSelectors as sel,
  type AttributionComparisonInput,
} from "../../../src/machines/attributionComparison/attributionComparison.machine";
import { httpErrors, quietReportScopeListener, scopeOf, sessionOf } from "../../model/fixtures";
import { campaigns, channels, noRows } from "../../model/attributionComparison/attributionFixtures";

/** The report with its table call answered by `answer` (each call recorded). */
const start = (answers: ReadonlyArray<TableResponse | Error>, input: Partial<AttributionComparisonInput> = {}) => {
  const calls: unknown[] = [];
  let i = 0;
  const actor = createActor(
    attributionComparisonMachine.provide({
      actors: {
        sessionScopeListener: quietReportScopeListener,
        loadTable: fromPromise(async ({ input: call }) => {
          calls.push(call);
          const answer = answers[Math.min(i++, answers.length - 1)];
          if (answer instanceof Error) throw answer;
          return answer as TableResponse;
        }),
      },
    }),
    { input: { session: sessionOf(), path: [], ...input } },
  ).start();
  return { actor, calls };
};

const settled = (actor: ReturnType<typeof start>["actor"]) => waitFor(actor, (s) => sel.status(s) !== "loading" && sel.status(s) !== "waiting");

describe("attribution comparison", () => {
  it("loads the level below its path for the session's program and dates, sorted by attributed revenue, descending, 'None' last", async () => {
    const { actor, calls } = start([channels]);
    await settled(actor);
    expect(calls).toEqual([
      { api: { baseUrl: "/api", token: "tok-1" }, scope: { program: "acme", range: { from: "2026-01-01", to: "2026-01-31" }, path: [], filter: "default" } },
    ]);
    expect(sel.status(actor.getSnapshot())).toBe("ready");
    expect(sel.pageRows(actor.getSnapshot()).map((r) => r.name)).toEqual(["Display", "Email", "Affiliates", "None"]);
  });

  it("a deeper page loads the level below its path", async () => {
    const { actor, calls } = start([channels], { path: ["Paid Search", "Brand"] });
    await settled(actor);
    expect(calls).toMatchObject([{ scope: { path: ["Paid Search", "Brand"] } }]);
  });

  it("waits without a program or dates, then loads once the session has them", async () => {
    const { actor, calls } = start([channels], { session: sessionOf({ range: null }) });
    expect(sel.status(actor.getSnapshot())).toBe("waiting");
    actor.send({ type: "session.scopeChanged", scope: scopeOf() });
    await settled(actor);
    expect(calls).toHaveLength(1);
  });

  it("loads again for another scope, and goes back to waiting when the scope loses its dates", async () => {
    const { actor, calls } = start([channels, campaigns(3)]);
    await settled(actor);
    actor.send({ type: "session.scopeChanged", scope: scopeOf() });
    expect(calls).toHaveLength(1);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2026-02-01", to: "2026-02-28" } }) });
    await settled(actor);
    expect(calls).toHaveLength(2);
    expect(sel.total(actor.getSnapshot())).toBe(3);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: null }) });
    expect(sel.status(actor.getSnapshot())).toBe("waiting");
  });

  it("in spend mode a sort on last-click revenue becomes the name column, on page 1", async () => {
    const { actor } = start([campaigns(20)], { search: "sort=last_click_revenue&page=2" });
    await settled(actor);
    expect(sel.choices(actor.getSnapshot())).toMatchObject({ mode: "lcr", sort: "last_click_revenue", page: 2 });
    actor.send({ type: "attribution.modeChanged", mode: "spend" });
    expect(sel.choices(actor.getSnapshot())).toMatchObject({ mode: "spend", sort: "name", page: 1 });
    expect(sel.secondMetric(actor.getSnapshot())).toBe("total_cost");
    // By name, descending, numbers inside names compared as numbers.
    expect(sel.pageRows(actor.getSnapshot())[0]?.name).toBe("Campaign 20");
  });

  it("a mode change that keeps the sort offered keeps the page", async () => {
    const { actor } = start([campaigns(20)], { search: "page=2" });
    await settled(actor);
    actor.send({ type: "attribution.modeChanged", mode: "spend" });
    expect(sel.choices(actor.getSnapshot())).toMatchObject({ mode: "spend", sort: "attributed_revenue", page: 2 });
  });

  it("another sort metric goes back to page 1; a header click on the sort turns its direction; a sort not offered is ignored", async () => {
    const { actor } = start([campaigns(20)], { search: "page=3" });
    await settled(actor);
    expect(sel.choices(actor.getSnapshot()).page).toBe(3);
    actor.send({ type: "attribution.sortChanged", sort: "credit_shift" });
    expect(sel.choices(actor.getSnapshot())).toMatchObject({ sort: "credit_shift", direction: "desc", page: 1 });
    expect(sel.pageRows(actor.getSnapshot())[0]?.name).toBe("Campaign 20");
    actor.send({ type: "attribution.headerClicked", sort: "credit_shift" });
    expect(sel.choices(actor.getSnapshot()).direction).toBe("asc");
    expect(sel.pageRows(actor.getSnapshot())[0]?.name).toBe("Campaign 1");
    actor.send({ type: "attribution.sortChanged", sort: "total_cost" });
    expect(sel.choices(actor.getSnapshot()).sort).toBe("credit_shift");
  });

  it("pages 8, 16 or 32 cards; another size goes back to page 1; a page past the last is the last", async () => {
    const { actor } = start([campaigns(20)], { search: "page=9&per_page=16" });
    await settled(actor);
    expect(sel.choices(actor.getSnapshot())).toMatchObject({ page: 2, perPage: 16 });
    expect(sel.pageRows(actor.getSnapshot())).toHaveLength(4);
    actor.send({ type: "attribution.perPageChanged", perPage: 32 });
    expect(sel.choices(actor.getSnapshot())).toMatchObject({ page: 1, perPage: 32 });
    actor.send({ type: "attribution.perPageChanged", perPage: 10 });
    expect(sel.choices(actor.getSnapshot()).perPage).toBe(32);
    actor.send({ type: "attribution.perPageChanged", perPage: 8 });
    actor.send({ type: "attribution.pageChanged", page: 3 });
    expect(sel.pageCount(actor.getSnapshot())).toBe(3);
    expect(sel.pageRows(actor.getSnapshot())).toHaveLength(4);
  });

  it("no rows is the empty state; a failure empties the rows and 'Try again' loads again", async () => {
    const empty = start([noRows]);
    await settled(empty.actor);
    expect(sel.status(empty.actor.getSnapshot())).toBe("empty");

    const { actor, calls } = start([httpErrors.server as unknown as Error, channels]);
    await settled(actor);
    expect(sel.status(actor.getSnapshot())).toBe("failed");
    expect(sel.total(actor.getSnapshot())).toBe(0);
    actor.send({ type: "attribution.retried" });
    await settled(actor);
    expect(sel.status(actor.getSnapshot())).toBe("ready");
    expect(calls).toHaveLength(2);
  });

  it("Export Data opens the dialog with every row in the current sort, the mode's figures visible", async () => {
    const { actor } = start([channels], { search: "comparisonMetric=spend" });
    await settled(actor);
    actor.send({ type: "attribution.exportRequested" });
    const dialog = sel.exportDialog(actor.getSnapshot());
    const c = dialog?.getSnapshot().context;
    expect(c?.reportName).toBe("acme_attribution_comparison_2026-01-01_2026-01-31");
    expect(c?.taxonomyColumns).toEqual(["taxonomy_1"]);
    expect(c?.selected).toEqual(["taxonomy_1", "attributed_revenue", "total_cost", "credit_shift", "credit_shift_percent"]);
    expect(c?.rows.map((r) => r.taxonomy_1)).toEqual(["Display", "Email", "Affiliates", "None"]);
    expect(c?.labels.last_click_revenue).toBe("Last TouchRevenue");
  });
});
