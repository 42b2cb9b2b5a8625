import { describe, expect, it } from "vitest";
import { coverage, modelPaths, runPath } from "../harness";
import { funnelReportModel } from "./funnelReport.model";

// Shortest paths only: the mode and column-chooser regions multiply the data states, so the
// simple paths between every pair of states run into the millions.
describe("funnelReport model (shortest paths)", () => {
  const paths = modelPaths(funnelReportModel, { strategy: "shortest" });

  it("reaches every state node of the machine", () => {
    const c = coverage(funnelReportModel, paths);
    expect(c.transient).toEqual(["funnelReport.mode.opening"]);
    expect(c.missing).toEqual([]);
    expect(c.covered).toEqual(c.expected);
  });

  it("covers the transitions the product names", () => {
    const steps = new Set(paths.flatMap((p) => p.steps));
    for (const step of [
      "→ loadFunnel resolves [twelve] → data.ready",
      "→ loadFunnel resolves [none] → data.empty",
      // A failed load stops loading with no message.
      "→ loadFunnel rejects [server] → data.failed",
      "→ funnel.columnsOpened → ",
    ])
      expect([...steps].some((s) => s.includes(step)), step).toBe(true);
  });

  it.each(paths.map((p) => [p.title, p] as const))("%s", async (_title, path) => {
    await runPath(funnelReportModel, path);
  });
});
