import { describe, expect, it } from "vitest";
import { drillHref, reportCrumbs, reportTitle } from "../../../src/domain/report/reportCrumbs";

describe("reportCrumbs", () => {
  it.each([
    [[], [{ label: "All Channels", href: "/breakdown" }]],
    [
      ["Google Ad", "Brand"],
      [
        { label: "All Channels", href: "/breakdown" },
        { label: "Google Ad", href: "/breakdown/taxonomy_one/Google%20Ad" },
        { label: "Brand", href: "/breakdown/taxonomy_one/Google%20Ad/taxonomy_two/Brand" },
      ],
    ],
    [
      ["None", "a/b"],
      [{ label: "All Channels", href: "/breakdown" }, { label: "None" }, { label: "a/b", href: "/breakdown/taxonomy_one/None/taxonomy_two/a%2Fb" }],
    ],
  ])("%o", (path, expected) => {
    expect(reportCrumbs("/breakdown", path)).toEqual(expected);
  });
});

describe("drillHref", () => {
  it.each([
    [[], "Email", 3, "/breakdown/taxonomy_one/Email"],
    [["Email"], "50% off & more", 3, "/breakdown/taxonomy_one/Email/taxonomy_two/50%25%20off%20%26%20more"],
    [["a", "b"], "c", 3, "/breakdown/taxonomy_one/a/taxonomy_two/b/taxonomy_three/c"],
    [["a", "b", "c"], "d", 3, null],
    [[], "None", 3, null],
    [["None"], "x", 3, null],
  ] as const)("%o then %s (deepest %d) is %s", (path, value, deepest, expected) => {
    expect(drillHref("/breakdown", path, value, deepest)).toBe(expected);
  });
});

describe("reportTitle", () => {
  it.each([
    [[], "Channel Breakdown"],
    [["Google Ad", "Brand"], "Brand Channel Breakdown"],
  ])("%o", (path, expected) => {
    expect(reportTitle("Channel Breakdown", path)).toBe(expected);
  });
});
