import { describe, expect, it } from "vitest";
import { performanceCrumbs, performanceTitle } from "../../../src/views/performance/performanceTitles";
import { taxonomyPath } from "../../../src/views/shell/performancePaths";

describe("page titles", () => {
  it.each([
    [[], undefined, "Performance Report"],
    [["Paid Search"], undefined, "Paid Search | Performance Report"],
    [["Paid Search", "Google Ads"], undefined, "Google Ads | Performance Report"],
    [["a", "b", "Brand"], undefined, "Brand | Performance Report"],
    [["a", "b", "c", "Exact"], undefined, "Exact | Performance Report"],
    [[], "shoes", '"shoes" | Performance Report'],
  ] as const)("%j search %s → %s", (path, term, title) => {
    expect(performanceTitle(path, term)).toBe(title);
  });
});

describe("taxonomy links", () => {
  it.each([
    [[], "/performance"],
    [["Paid Search"], "/performance/taxonomy_one/Paid%20Search"],
    [["A/B", "x%y"], "/performance/taxonomy_one/A%2FB/taxonomy_two/x%25y"],
    [["a", "b", "c", "d"], "/performance/taxonomy_one/a/taxonomy_two/b/taxonomy_three/c/taxonomy_four/d"],
    [["a", "b", "c", "d", "e"], "/performance/taxonomy_one/a/taxonomy_two/b/taxonomy_three/c/taxonomy_four/d"],
  ] as const)("%j → %s", (values, path) => {
    expect(taxonomyPath(values)).toBe(path);
  });
});

describe("breadcrumbs", () => {
  it("starts at 'All Channels' and links every level, except 'None'", () => {
    expect(performanceCrumbs(["Email", "None", "Weekly"])).toEqual([
      { label: "All Channels", href: "/performance" },
      { label: "Email", href: "/performance/taxonomy_one/Email" },
      { label: "None" },
      { label: "Weekly", href: "/performance/taxonomy_one/Email/taxonomy_two/None/taxonomy_three/Weekly" },
    ]);
  });
  it("search results show the query after 'All Channels'", () => {
    expect(performanceCrumbs([], "x")).toEqual([{ label: "All Channels", href: "/performance" }, { label: '"x"' }]);
  });
});
