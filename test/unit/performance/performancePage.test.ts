import { describe, expect, it } from "vitest";
import { levelTableConfig, performancePageKind, performanceRouteKey, type PerformanceRoute } from "../../../src/domain/performance/performancePage";

describe("performance pages by route", () => {
  it.each<[string, PerformanceRoute, ReturnType<typeof performancePageKind>, ReturnType<typeof levelTableConfig>]>([
    ["/performance", { path: [] }, "levelOne", { kind: "level", levelFour: false, deepestLevel: 3 }],
    ["a channel", { path: ["Paid Search"] }, "taxonomyTwo", { kind: "taxonomyTwo", levelFour: false, deepestLevel: 4 }],
    ["two values", { path: ["Paid Search", "Google"] }, "taxonomyThree", { kind: "level", levelFour: false, deepestLevel: 4 }],
    ["three values", { path: ["Paid Search", "Google", "Brand"] }, "levelFour", { kind: "level", levelFour: true, deepestLevel: 4 }],
    ["four values", { path: ["Paid Search", "Google", "Brand", "Exact"] }, "levelFourChart", null],
    ["a search", { path: [], searchTerm: "shoes" }, "search", null],
    ["an empty search term", { path: [], searchTerm: "" }, "search", null],
  ])("%s", (_name, route, kind, table) => {
    expect(performancePageKind(route)).toBe(kind);
    expect(levelTableConfig(route)).toEqual(table);
  });

  it("gives each route its own key: another value, depth or term is another page", () => {
    const keys = [
      { path: [] },
      { path: ["A"] },
      { path: ["B"] },
      { path: ["A", "B"] },
      { path: ["A,B"] },
      { path: ["path"] },
      { path: [], searchTerm: "A" },
      { path: [], searchTerm: "" },
    ].map(performanceRouteKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(performanceRouteKey({ path: ["A", "B"] })).toBe(performanceRouteKey({ path: ["A", "B"] }));
  });
});
