import { describe, expect, it } from "vitest";
import { parseScreenRoute, parseTaxonomyRoute, taxonomyRouteHref, type IdentifiedRoute, type TaxonomyRoute, type TaxonomyRouteShape } from "../../../src/domain/report/taxonomyRoute";

const three: TaxonomyRouteShape = { depth: 3, trailingSelected: false };
const four: TaxonomyRouteShape = { depth: 4, trailingSelected: false };
const withSelected: TaxonomyRouteShape = { depth: 3, trailingSelected: true };

describe("parseTaxonomyRoute", () => {
  const cases: ReadonlyArray<[string, string, TaxonomyRouteShape, TaxonomyRoute | null]> = [
    ["/breakdown", "the report's own page", three, { path: [], selected: null }],
    ["/breakdown/", "a trailing slash", three, { path: [], selected: null }],
    ["/breakdown/taxonomy_one/Paid%20Search", "one level, decoded once", three, { path: ["Paid Search"], selected: null }],
    ["/breakdown/taxonomy_one/A%252F/taxonomy_two/B%2FC", "'%25' and '%2F' decode once", three, { path: ["A%2F", "B/C"], selected: null }],
    ["/breakdown/taxonomy_one/a/taxonomy_two/b/taxonomy_three/c", "three levels", three, { path: ["a", "b", "c"], selected: null }],
    ["/breakdown/taxonomy_one/a/taxonomy_two/b/taxonomy_three/c/taxonomy_four/d", "a fourth level where three is the deepest", three, null],
    ["/funnel/taxonomy_one/a/taxonomy_two/b/taxonomy_three/c/taxonomy_four/d", "a fourth level where the report allows it", four, { path: ["a", "b", "c", "d"], selected: null }],
    ["/breakdown/taxonomy_two/b", "a level out of order", three, null],
    ["/breakdown/taxonomy_one", "a segment without its value", three, null],
    ["/breakdown/taxonomy_one/%E0%A4%A", "a malformed escape", three, null],
    ["/breakdown/Paid", "a trailing value where the report takes none", three, null],
    ["/diminishing-returns/Paid%20Search", "a selected taxonomy at the top level", withSelected, { path: [], selected: "Paid Search" }],
    ["/diminishing-returns/taxonomy_one/a/b", "a selected child under one level", withSelected, { path: ["a"], selected: "b" }],
    ["/diminishing-returns/taxonomy_one/a/b/c", "two trailing values", withSelected, null],
    ["/breakdownx", "another path sharing the prefix", three, null],
    ["/funnel-trends", "another report", four, null],
  ];
  it.each(cases)("%s (%s)", (pathname, _why, shape, expected) => {
    const base = pathname.startsWith("/diminishing-returns") ? "/diminishing-returns" : pathname.startsWith("/funnel") ? "/funnel" : "/breakdown";
    expect(parseTaxonomyRoute(pathname, base, shape)).toEqual(expected);
  });
});

describe("parseScreenRoute", () => {
  const byId: TaxonomyRouteShape = { depth: 4, trailingSelected: false, identified: true };
  const idOnly: TaxonomyRouteShape = { depth: 0, trailingSelected: false, identified: true };
  const cases: ReadonlyArray<[string, string, string, TaxonomyRouteShape, IdentifiedRoute | null]> = [
    ["/custom-reports/1", "/custom-reports", "the id alone", byId, { id: "1", path: [], selected: null }],
    ["/custom-reports/1/", "/custom-reports", "a trailing slash", byId, { id: "1", path: [], selected: null }],
    ["/custom-reports/1/taxonomy_one/Paid%20Search/taxonomy_two/b", "/custom-reports", "the id then two levels", byId, { id: "1", path: ["Paid Search", "b"], selected: null }],
    ["/custom-reports/a%2Fb/taxonomy_one/x", "/custom-reports", "an encoded id, decoded once", byId, { id: "a/b", path: ["x"], selected: null }],
    ["/custom-reports", "/custom-reports", "no id", byId, null],
    ["/custom-reports/", "/custom-reports", "an empty id", byId, null],
    ["/custom-reports/%20", "/custom-reports", "a blank id", byId, null],
    ["/custom-reports/%E0%A4%A", "/custom-reports", "a malformed id", byId, null],
    ["/custom-reports/1/taxonomy_two/b", "/custom-reports", "a level out of order after the id", byId, null],
    ["/reports/view/7", "/reports/view", "an id-only screen", idOnly, { id: "7", path: [], selected: null }],
    ["/reports/view/7/more", "/reports/view", "more after an id-only screen's id", idOnly, null],
    ["/reports/viewer/7", "/reports/view", "another path sharing the prefix", idOnly, null],
    ["/breakdown/taxonomy_one/a", "/breakdown", "a screen without an id", three, { id: null, path: ["a"], selected: null }],
    ["/breakdown/7", "/breakdown", "a value where a screen without an id takes none", three, null],
  ];
  it.each(cases)("%s (%s)", (pathname, base, _why, shape, expected) => {
    expect(parseScreenRoute(pathname, base, shape)).toEqual(expected);
  });
});

describe("taxonomyRouteHref", () => {
  const cases: ReadonlyArray<[ReadonlyArray<string>, string | null, string]> = [
    [[], null, "/breakdown"],
    [["Paid Search"], null, "/breakdown/taxonomy_one/Paid%20Search"],
    [["a/b", "50%"], null, "/breakdown/taxonomy_one/a%2Fb/taxonomy_two/50%25"],
    [["a"], "b c", "/breakdown/taxonomy_one/a/b%20c"],
    [[], "x", "/breakdown/x"],
  ];
  it.each(cases)("%j selected %s → %s", (path, selected, href) => {
    expect(taxonomyRouteHref("/breakdown", path, selected)).toBe(href);
  });

  it("reads back what it writes", () => {
    const path = ["Paid / Search", "100% off", "Ünïcode"];
    expect(parseTaxonomyRoute(taxonomyRouteHref("/breakdown", path), "/breakdown", three)).toEqual({ path, selected: null });
  });
});
