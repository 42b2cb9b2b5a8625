import { describe, expect, it } from "vitest";
import { coverage, modelPaths, runPath } from "../harness";
import { affiliatePerformanceModel } from "./affiliatePerformance.model";

// Shortest paths only: the column-chooser region multiplies the data states.
describe("affiliatePerformance model (shortest paths)", () => {
  const paths = modelPaths(affiliatePerformanceModel, { strategy: "shortest" });

  it("reaches every state node of the machine", () => {
    const c = coverage(affiliatePerformanceModel, paths);
    expect(c.transient).toEqual([]);
    expect(c.missing).toEqual([]);
    expect(c.covered).toEqual(c.expected);
  });

  it("covers the transitions the product names", () => {
    const steps = new Set(paths.flatMap((p) => p.steps));
    for (const step of [
      "→ loadAffiliatePerformance resolves [eighteen] → report.(data.ready",
      "→ loadAffiliatePerformance resolves [none] → report.(data.empty",
      "→ loadAffiliatePerformance rejects [server] → report.(data.failed",
      "→ loadAffiliatePerformance rejects [refused] → refused (done)",
      "→ affiliates.columnsOpened → ",
    ])
      expect([...steps].some((s) => s.includes(step)), step).toBe(true);
  });

  it.each(paths.map((p) => [p.title, p] as const))("%s", async (_title, path) => {
    await runPath(affiliatePerformanceModel, path);
  });
});
