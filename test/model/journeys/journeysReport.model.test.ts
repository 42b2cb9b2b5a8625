import { describe, expect, it } from "vitest";
import { coverage, modelPaths, runPath } from "../harness";
import { journeysReportModel } from "./journeysReport.model";

// Shortest paths: the filter dialog and summary regions multiply the data states.
describe("journeysReport model (shortest paths)", () => {
  const paths = modelPaths(journeysReportModel, { strategy: "shortest" });

  it("reaches every state node of the machine", () => {
    const c = coverage(journeysReportModel, paths);
    expect(c.transient).toEqual(["journeysReport.data.settled"]);
    expect(c.missing).toEqual([]);
  });

  it("covers the transitions the product names", () => {
    const steps = new Set(paths.flatMap((p) => p.steps));
    for (const step of [
      "→ loadTaxonomies resolves [taxonomies] → ",
      "→ loadJourneys resolves [first] → ",
      "→ loadJourneys resolves [none] → ",
      // Failures only stop loading.
      "→ loadTaxonomies rejects [server] → ",
      "→ loadJourneys rejects [server] → ",
      "→ journeys.pathChosen [seo] → ",
      "→ journeys.filterOpened → ",
      "→ journeys.exportRequested → ",
    ])
      expect([...steps].some((s) => s.includes(step)), step).toBe(true);
  });

  it.each(paths.map((p) => [p.title, p] as const))("%s", async (_title, path) => {
    await runPath(journeysReportModel, path);
  });
});
