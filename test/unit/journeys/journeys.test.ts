import { describe, expect, it } from "vitest";
import {
  cleanJourneySearch,
  crunchJourney,
  filterLevels,
  journeyMatches,
  touchName,
  uniqueTouches,
  type JourneySearch,
  type JourneyTouch,
} from "../../../src/domain/journeys/journeys";

const t = (a: string, b = "None", c = "None", d = "None"): JourneyTouch => ({ taxonomy_1: a, taxonomy_2: b, taxonomy_3: c, taxonomy_4: d });
const google = t("Paid Search", "Google Ads", "Brand / Generic", "Exact");
const bing = t("Paid Search", "Bing Ads", "Brand");
const email = t("Email", "Newsletter");
const seo = t("SEO");
const path = [email, google, google, seo, bing];

describe("journey filter levels", () => {
  it.each([
    [{}, []],
    [{ taxonomy_one: "Email" }, ["Email"]],
    [{ taxonomy_one: "Email", taxonomy_two: "Newsletter" }, ["Email", "Newsletter"]],
    [{ taxonomy_one: "Email", taxonomy_three: "x" }, ["Email"]],
    [{ taxonomy_one: "  " }, []],
  ])("%j names %j", (f, levels) => {
    expect(filterLevels(f)).toEqual(levels);
  });
});

describe("journey matching", () => {
  it.each<[string, JourneySearch, boolean]>([
    ["no filter", {}, true],
    ["first matches", { first: [{ taxonomy_one: "Email" }] }, true],
    ["first does not match", { first: [{ taxonomy_one: "Paid Search" }] }, false],
    ["first: any of several", { first: [{ taxonomy_one: "SEO" }, { taxonomy_one: "Email" }] }, true],
    ["last at level 2", { last: [{ taxonomy_one: "Paid Search", taxonomy_two: "Bing Ads" }] }, true],
    ["last wrong level 2", { last: [{ taxonomy_one: "Paid Search", taxonomy_two: "Google Ads" }] }, false],
    ["anywhere or", { anywhere: [{ taxonomy_one: "Display" }, { taxonomy_one: "SEO" }] }, true],
    ["anywhere and, one missing", { anywhere: [{ taxonomy_one: "Display" }, { taxonomy_one: "SEO" }], anywhere_connector: "and" }, false],
    ["anywhere and, both there", { anywhere: [{ taxonomy_one: "Email" }, { taxonomy_one: "SEO" }], anywhere_connector: "and" }, true],
    ["level 3 with a slash", { anywhere: [{ taxonomy_one: "Paid Search", taxonomy_two: "Google Ads", taxonomy_three: "Brand / Generic" }] }, true],
    ["before/after", { comparison: [{ before: { taxonomy_one: "Email" }, after: { taxonomy_one: "SEO" }, immediately: false }] }, true],
    ["before/after reversed", { comparison: [{ before: { taxonomy_one: "SEO" }, after: { taxonomy_one: "Email" }, immediately: false }] }, false],
    ["immediately before: not adjacent", { comparison: [{ before: { taxonomy_one: "Email" }, after: { taxonomy_one: "SEO" }, immediately: true }] }, false],
    ["immediately before: adjacent", { comparison: [{ before: { taxonomy_one: "SEO" }, after: { taxonomy_one: "Paid Search" }, immediately: true }] }, true],
    ["an incomplete comparison is ignored", { comparison: [{ before: { taxonomy_one: "Display" }, after: {}, immediately: true }] }, true],
    ["all groups together", { first: [{ taxonomy_one: "Email" }], last: [{ taxonomy_one: "Paid Search" }], anywhere: [{ taxonomy_one: "SEO" }] }, true],
  ])("%s", (_label, search, expected) => {
    expect(journeyMatches(path, search)).toBe(expected);
  });

  it("an empty journey passes only an empty filter", () => {
    expect(journeyMatches([], {})).toBe(true);
    expect(journeyMatches([], { first: [{ taxonomy_one: "Email" }] })).toBe(false);
  });
});

describe("cleaning the filter for the request", () => {
  it("drops empty touchpoints, incomplete comparisons and empty groups, and defaults the connector to or", () => {
    expect(
      cleanJourneySearch({
        first: [{}],
        last: [],
        anywhere: [{ taxonomy_one: "SEO" }, { taxonomy_one: "" }],
        comparison: [
          { before: { taxonomy_one: "Email" }, after: {}, immediately: false },
          { before: { taxonomy_one: "Email" }, after: { taxonomy_one: "SEO" }, immediately: true },
        ],
      }),
    ).toEqual({
      anywhere: [{ taxonomy_one: "SEO" }],
      anywhere_connector: "or",
      comparison: [{ before: { taxonomy_one: "Email" }, after: { taxonomy_one: "SEO" }, immediately: true }],
    });
  });
});

describe("crunching", () => {
  it.each([
    [2, [["Email / Newsletter", 1], ["Paid Search / Google Ads", 2], ["SEO", 1], ["Paid Search / Bing Ads", 1]]],
    [3, [["Email / Newsletter", 1], ["Paid Search / Google Ads / Brand / Generic", 2], ["SEO", 1], ["Paid Search / Bing Ads / Brand", 1]]],
  ] as const)("level %i", (level, expected) => {
    expect(crunchJourney(path, level).map((c) => [c.name, c.count])).toEqual(expected);
  });

  it("merges only consecutive touches", () => {
    expect(crunchJourney([seo, email, seo, seo], 2).map((c) => c.count)).toEqual([1, 1, 2]);
  });

  it.each([
    [2, 4],
    [3, 4],
    [4, 4],
  ] as const)("unique touches at level %i", (level, n) => {
    expect(uniqueTouches(path, level)).toBe(n);
  });

  it.each([
    ["a channel alone, 'None' levels left out", seo, 4, "SEO"],
    ["every level", google, 4, "Paid Search / Google Ads / Brand / Generic / Exact"],
    ["down to the level only", google, 2, "Paid Search / Google Ads"],
    ["an unclassified touch", t("None"), 4, "None"],
    ["an unclassified touch at level 2", t("None"), 2, "None"],
    ["an unclassified touch with empty values", t("", "", "", ""), 3, "None"],
  ] as const)("names %s", (_, touch, level, expected) => {
    expect(touchName(touch, level)).toBe(expected);
  });

  it("crunches unclassified touches into tags named 'None'", () => {
    const none = t("None");
    expect(crunchJourney([none, none, seo, none], 2).map((c) => [c.name, c.count])).toEqual([
      ["None", 2],
      ["SEO", 1],
      ["None", 1],
    ]);
  });
});
