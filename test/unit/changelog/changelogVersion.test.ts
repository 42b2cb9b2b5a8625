import { describe, expect, it } from "vitest";
import { anchorOf, changelogVersion, changelogVersions } from "../../../src/domain/changelog/changelogVersion";

describe("changelogVersion", () => {
  it.each([
    { heading: "0.3.0 (2026-11-23)", version: "0.3.0", date: "2026-11-23", anchor: "v0.3.0" },
    { heading: "1.6.1 - 2021-03-03", version: "1.6.1", date: "2021-03-03", anchor: "v1.6.1" },
    { heading: "v2.0.0 — 2027-01-05", version: "2.0.0", date: "2027-01-05", anchor: "v2.0.0" },
    { heading: "1.0.0-beta.2 (2020-01-30)", version: "1.0.0-beta.2", date: "2020-01-30", anchor: "v1.0.0-beta.2" },
    { heading: "1.2.0", version: "1.2.0", date: null, anchor: "v1.2.0" },
    { heading: "  0.1.0 (2026-11-22)  ", version: "0.1.0", date: "2026-11-22", anchor: "v0.1.0" },
    { heading: "Unreleased", version: null, date: null, anchor: "unreleased" },
    { heading: "Before the first release!", version: null, date: null, anchor: "before-the-first-release" },
    { heading: "★", version: null, date: null, anchor: "version" },
  ])("'$heading' is version $version of $date, anchor #$anchor", ({ heading, version, date, anchor }) => {
    expect(changelogVersion(heading)).toEqual({ title: heading.trim(), version, date, anchor });
  });
});

describe("anchorOf", () => {
  it.each([
    ["Unreleased", "unreleased"],
    ["  Fixes & more  ", "fixes-more"],
    ["Ünïcode words", "n-code-words"],
    ["1.2", "1.2"],
  ])("%s → %s", (words, anchor) => {
    expect(anchorOf(words)).toBe(anchor);
  });
});

describe("changelogVersions", () => {
  it("keeps the headings' order and gives a repeated anchor a number", () => {
    expect(changelogVersions(["Unreleased", "1.0.0 (2020-02-21)", "Unreleased", "1.0.0"]).map((v) => v.anchor)).toEqual([
      "unreleased",
      "v1.0.0",
      "unreleased-2",
      "v1.0.0-2",
    ]);
  });

  it("of no headings is empty", () => {
    expect(changelogVersions([])).toEqual([]);
  });
});
