import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import type { ModelComparisonResponse } from "../../../src/domain/modelComparison/modelComparison";
import {
  exportOpenedOf,
  modelComparisonMachine,
  modelComparisonSelectors as sel,
  type ModelComparisonInput,
} from "../../../src/machines/modelComparison/modelComparison.machine";
import { httpErrors, quietReportScopeListener, scopeOf, sessionOf } from "../../model/fixtures";
import { levelTwo, noOrders, threeChannels } from "../../model/modelComparison/modelComparisonFixtures";

/** The report with its call answered by `answers` in turn (each call recorded). */
const start = (answers: ReadonlyArray<ModelComparisonResponse | Error>, input: Partial<ModelComparisonInput> = {}) => {
  const calls: unknown[] = [];
  let i = 0;
  const actor = createActor(
    modelComparisonMachine.provide({
      actors: {
        sessionScopeListener: quietReportScopeListener,
        loadComparison: fromPromise(async ({ input: call }) => {
          calls.push(call);
          const answer = answers[Math.min(i++, answers.length - 1)];
          if (answer instanceof Error) throw answer;
          return answer as ModelComparisonResponse;
        }),
      },
    }),
    { input: { session: sessionOf(), path: [], ...input } },
  ).start();
  return { actor, calls };
};

type Actor = ReturnType<typeof start>["actor"];
const settled = (actor: Actor) => waitFor(actor, (s) => sel.status(s) !== "loading" && sel.status(s) !== "waiting");
const names = (actor: Actor) => sel.rows(actor.getSnapshot()).map((r) => r.name);

describe("model comparison", () => {
  it("loads level 1 for the session's program and dates, sorted by last-click revenue, biggest first, 'None' last", async () => {
    const { actor, calls } = start([threeChannels]);
    await settled(actor);
    expect(calls).toEqual([{ api: { baseUrl: "/api", token: "tok-1" }, call: { program: "acme", range: { from: "2026-01-01", to: "2026-01-31" }, level: "taxonomy_1" } }]);
    expect(sel.status(actor.getSnapshot())).toBe("ready");
    expect(names(actor)).toEqual(["Email", "Display", "None"]);
    // each model's change against last click: Markov gives Display 120 against 40
    const display = sel.rows(actor.getSnapshot())[1]!;
    expect(display).toMatchObject({ markov_revenue: 120, markov_change: 80, markov_change_percent: 200, last_click_revenue: 40 });
    expect(display).not.toHaveProperty("last_click_change");
  });

  it("another level loads afresh and keeps its choice; the same level loads nothing", async () => {
    const { actor, calls } = start([threeChannels, levelTwo]);
    await settled(actor);
    actor.send({ type: "modelComparison.levelChanged", level: "taxonomy_1" });
    expect(calls).toHaveLength(1);
    actor.send({ type: "modelComparison.levelChanged", level: "taxonomy_2" });
    expect(sel.status(actor.getSnapshot())).toBe("loading");
    await settled(actor);
    expect(calls).toMatchObject([{ call: { level: "taxonomy_1" } }, { call: { level: "taxonomy_2" } }]);
    expect(sel.level(actor.getSnapshot())).toBe("taxonomy_2");
    expect(names(actor)).toEqual(["Email › None", "Display › None", "None › None"]);
  });

  it("opens on its link's level and sort, and a header sorts by its column, again turning the direction", async () => {
    const { actor, calls } = start([levelTwo], { search: "level=taxonomy_2&sort=markov_revenue" });
    await settled(actor);
    expect(calls).toMatchObject([{ call: { level: "taxonomy_2" } }]);
    expect(names(actor)).toEqual(["Display › None", "Email › None", "None › None"]);
    actor.send({ type: "modelComparison.headerClicked", column: "name" });
    expect(sel.choices(actor.getSnapshot())).toMatchObject({ sort: "name", direction: "asc" });
    expect(names(actor)).toEqual(["Display › None", "Email › None", "None › None"]);
    actor.send({ type: "modelComparison.headerClicked", column: "name" });
    expect(names(actor)).toEqual(["Email › None", "Display › None", "None › None"]);
    actor.send({ type: "modelComparison.headerClicked", column: "no_such_column" });
    expect(sel.choices(actor.getSnapshot())).toMatchObject({ sort: "name", direction: "desc" });
  });

  it("waits without dates, keeps a level chosen meanwhile, and loads it once the session has them", async () => {
    const { actor, calls } = start([levelTwo], { session: sessionOf({ range: null }) });
    expect(sel.status(actor.getSnapshot())).toBe("waiting");
    actor.send({ type: "modelComparison.levelChanged", level: "taxonomy_2" });
    actor.send({ type: "session.scopeChanged", scope: scopeOf() });
    await settled(actor);
    expect(calls).toMatchObject([{ call: { level: "taxonomy_2" } }]);
  });

  it("is empty without orders, and a failure forgets the answer and loads again on 'Try again'", async () => {
    const { actor, calls } = start([noOrders, httpErrors.server, threeChannels]);
    await settled(actor);
    expect(sel.status(actor.getSnapshot())).toBe("empty");
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2026-02-01", to: "2026-02-28" } }) });
    await settled(actor);
    expect(sel.status(actor.getSnapshot())).toBe("failed");
    expect(sel.rows(actor.getSnapshot())).toEqual([]);
    expect(sel.transitions(actor.getSnapshot())).toBeNull();
    actor.send({ type: "modelComparison.retried" });
    await settled(actor);
    expect(calls).toHaveLength(3);
    expect(sel.status(actor.getSnapshot())).toBe("ready");
    expect(sel.removalEffects(actor.getSnapshot()).map((e) => e.channel)).toEqual(["Email", "Display"]);
  });

  it("exports every row in the current sort with every model's figures, named after the report", async () => {
    const { actor } = start([threeChannels]);
    await settled(actor);
    actor.send({ type: "modelComparison.exportRequested" });
    const dialog = sel.exportDialog(actor.getSnapshot())!;
    expect(dialog.getSnapshot().value).not.toBe("closed");
    const opened = exportOpenedOf(actor.getSnapshot().context);
    expect(opened.taxonomyColumns).toEqual(["taxonomy_1"]);
    expect(opened.rows.map((r) => r["taxonomy_1"])).toEqual(["Email", "Display", "None"]);
    expect(opened.columns).toContain("shapley_revenue");
    expect(opened.labels?.["markov_change_percent"]).toBe("Markov vs Last Click %");
    expect(opened.naming.reportKind).toBe("Model Comparison");
  });
});
