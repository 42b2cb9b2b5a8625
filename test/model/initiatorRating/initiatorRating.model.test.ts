import { describe, expect, it } from "vitest";
import { coverage, modelPaths, runPath } from "../harness";
import { initiatorRatingModel } from "./initiatorRating.model";

// Shortest paths only: the column-chooser region multiplies the data states, so the
// simple paths between every pair of states run into the millions.
describe("initiatorRating model (shortest paths)", () => {
  const paths = modelPaths(initiatorRatingModel, { strategy: "shortest" });

  it("reaches every state node of the machine", () => {
    const c = coverage(initiatorRatingModel, paths);
    expect(c.transient).toEqual([]);
    expect(c.missing).toEqual([]);
    expect(c.covered).toEqual(c.expected);
  });

  it("covers the transitions the product names", () => {
    const steps = new Set(paths.flatMap((p) => p.steps));
    for (const step of [
      "→ loadInitiatorRating resolves [twelve] → data.ready",
      "→ loadInitiatorRating resolves [none] → data.empty",
      // A failed load stops loading with no message (a refused answer reaches the same state; the scenario tests show it).
      "→ loadInitiatorRating rejects [server] → data.failed",
      "→ initiator.columnsOpened → ",
    ])
      expect([...steps].some((s) => s.includes(step)), step).toBe(true);
  });

  it.each(paths.map((p) => [p.title, p] as const))("%s", async (_title, path) => {
    await runPath(initiatorRatingModel, path);
  });
});
