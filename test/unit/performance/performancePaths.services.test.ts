import { describe, expect, it } from "vitest";
import { buildUrl } from "../../../src/services/http/http";
import { chartSegments, csvSegments, tableSegments, type ReportScope } from "../../../src/services/performance/performance";

const range = { from: "2026-10-01", to: "2026-10-31" };
const scope = (path: ReadonlyArray<string>, filter?: string): ReportScope => ({ program: "northwind", range, path, filter });
const url = (segments: ReadonlyArray<string>) => buildUrl("/api", segments);

describe("table calls", () => {
  it.each([
    [[], undefined, "/api/programs/northwind/performance/table/single/taxonomy_1"],
    [[], "default", "/api/programs/northwind/performance/table/single/taxonomy_1"],
    [[], "new", "/api/programs/northwind/performance/named/new/table/single/taxonomy_1"],
    [["Paid Search"], undefined, "/api/programs/northwind/performance/table/single/taxonomy_1/Paid%20Search/taxonomy_2"],
    [["A/B", "50% & more"], undefined, "/api/programs/northwind/performance/table/single/taxonomy_1/A%2FB/taxonomy_2/50%25%20%26%20more/taxonomy_3"],
    [["a", "b", "c"], "returning", "/api/programs/northwind/performance/named/returning/table/single/taxonomy_1/a/taxonomy_2/b/taxonomy_3/c/taxonomy_4"],
    // a fourth value lists level four again (the level-four report is the deepest table)
    [["a", "b", "c", "d"], undefined, "/api/programs/northwind/performance/table/single/taxonomy_1/a/taxonomy_2/b/taxonomy_3/c/taxonomy_4"],
  ] as const)("path %j filter %s → %s", (path, filter, expected) => {
    expect(url(tableSegments(scope(path, filter)))).toBe(expected);
  });
});

describe("single chart calls", () => {
  it.each([
    [[], undefined, "/api/programs/northwind/performance/chart/single"],
    [[], "new", "/api/programs/northwind/performance/named/new/chart/single"],
    [["t1"], undefined, "/api/programs/northwind/performance/chart/single/taxonomy_1/t1"],
    [["t1", "t2"], undefined, "/api/programs/northwind/performance/chart/single/taxonomy_1/t1/taxonomy_2/t2"],
    [["t1", "t2", "t3"], undefined, "/api/programs/northwind/performance/chart/single/taxonomy_1/t1/taxonomy_2/t2/taxonomy_3/t3"],
    [["t1", "t2", "t3", "t/4"], undefined, "/api/programs/northwind/performance/chart/single/taxonomy_1/t1/taxonomy_2/t2/taxonomy_3/t3/taxonomy_4/t%2F4"],
  ] as const)("path %j filter %s → %s", (path, filter, expected) => {
    expect(url(chartSegments(scope(path, filter)))).toBe(expected);
  });
});

describe("server CSV calls", () => {
  it.each([
    [[], "/api/programs/northwind/performance/table/csv"],
    [["t1"], "/api/programs/northwind/performance/table/csv/taxonomy_1/t1"],
    [["t1", "t 2"], "/api/programs/northwind/performance/table/csv/taxonomy_1/t1/taxonomy_2/t%202"],
    [["t1", "t2", "t3"], "/api/programs/northwind/performance/table/csv/taxonomy_1/t1/taxonomy_2/t2/taxonomy_3/t3/taxonomy_4"],
    [["t1", "t2", "t3", "t4"], "/api/programs/northwind/performance/table/csv/taxonomy_1/t1/taxonomy_2/t2/taxonomy_3/t3/taxonomy_4"],
  ] as const)("path %j → %s", (path, expected) => {
    expect(url(csvSegments("northwind", path))).toBe(expected);
  });
});
