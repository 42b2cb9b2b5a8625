import { describe, expect, it } from "vitest";
import { parseTaxonomyRoute, taxonomyRouteHref, type TaxonomyRoute, type TaxonomyRouteShape } from "../../../src/domain/report/taxonomyRoute";

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
