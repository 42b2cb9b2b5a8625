import { isDeepStrictEqual } from "node:util";
import { comparisonSorts, comparisonTableRows, sortedComparisonRows } from "../../../src/domain/modelComparison/modelComparison";
import { modelComparisonMachine, modelComparisonSelectors as sel } from "../../../src/machines/modelComparison/modelComparison.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors, quietReportScopeListener, scopeOf, sessionOf } from "../fixtures";
import { levelTwo, noOrders, threeChannels } from "./modelComparisonFixtures";

/** The model comparison: scope following, load, the level, the local sort, retry, export. */
export const modelComparisonModel = defineMachineModel({
  name: "modelComparison",
  machine: modelComparisonMachine,
  input: {
    levelOne: () => ({ session: sessionOf(), path: [] }),
    linkedLevelTwo: () => ({ session: sessionOf(), path: [], search: "level=taxonomy_2&sort=name&order=asc" }),
  },
  events: {
    "session.scopeChanged": { february: { scope: scopeOf({ range: { from: "2026-02-01", to: "2026-02-28" } }) }, signedOut: { scope: scopeOf({ range: null }) } },
    "modelComparison.levelChanged": { one: { level: "taxonomy_1" }, two: { level: "taxonomy_2" } },
    "modelComparison.headerClicked": { name: { column: "name" }, markov: { column: "markov_revenue" } },
    "modelComparison.retried": [{}],
    "modelComparison.exportRequested": [{}],
  },
  actorOutcomes: {
    loadComparison: { resolves: { three: threeChannels, levelTwo, none: noOrders }, rejects: { server: httpErrors.server } },
  },
  provide: () => ({ actors: { sessionScopeListener: quietReportScopeListener } }),
  observe: (c) => ({ level: c.choices.level, byName: c.choices.sort === "name", rows: c.sorted.length > 0 }),
  strategies: { simple: { observe: (c) => ({ level: c.choices.level, rows: c.sorted.length > 0 }), maxPaths: 80 } },
  limit: 20000,
  check: ({ action, after }) => {
    const c = after.context;
    invariant(comparisonSorts.includes(c.choices.sort), "the sort is one of the table's columns");
    const expected = c.answer === null ? [] : sortedComparisonRows(comparisonTableRows(c.answer), c.choices.sort, c.choices.direction);
    invariant(isDeepStrictEqual(c.sorted, expected), "the rows are the answer's, in the chosen sort");
    if (sel.status(after) === "ready") invariant(c.sorted.length > 0, "a ready report has rows");
    if (action.kind === "actor" && action.outcome === "rejects") invariant(c.answer === null && sel.status(after) === "failed", "a failure forgets the answer and says so");
  },
});
