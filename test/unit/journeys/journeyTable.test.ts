import { describe, expect, it } from "vitest";
import { filterWithinTaxonomies, sameJourneySearch } from "../../../src/domain/journeys/journeyFilterCleaning";
import type { JourneySearch, JourneyTouch } from "../../../src/domain/journeys/journeys";
import { blocksOfPage, journeysQueryShape, rowsOfPage, writeJourneyFilter } from "../../../src/domain/journeys/journeysQuery";
import { averageOrderValue, journeyPathLevel, pathName, samePath, sharePercent, stepName } from "../../../src/domain/journeys/journeySummary";
import {
  channelTone,
  crunchedAt,
  formatConversionDate,
  journeyLength,
  journeyTableRow,
  ordinalDay,
  successionText,
  tagTone,
  uniqueAt,
  type TagTone,
} from "../../../src/domain/journeys/journeyTable";
import { readReportQuery, withReportQuery } from "../../../src/domain/report/reportQuery";

const t = (a: string, b = "None", c = "None", d = "None"): JourneyTouch => ({ taxonomy_1: a, taxonomy_2: b, taxonomy_3: c, taxonomy_4: d });
const brand = t("Paid Search", "Google Ads", "Brand", "Exact");
const generic = t("Paid Search", "Google Ads", "Generic", "Broad");
const email = t("Email", "Newsletter", "Weekly", "Issue 1");
const emailOther = t("Email", "Newsletter", "Weekly", "Issue 2");
const seo = t("SEO");

describe("a journey's row at each level", () => {
  const row = journeyTableRow({ order_id: "o1", conversion_date: "2026-01-01T10:00:00+00:00", order_amount: 12, journey_path: [email, emailOther, brand, generic, brand, seo, seo] });
  it.each([
    [2, [["Email / Newsletter", 2], ["Paid Search / Google Ads", 3], ["SEO", 2]], 3],
    [3, [["Email / Newsletter / Weekly", 2], ["Paid Search / Google Ads / Brand", 1], ["Paid Search / Google Ads / Generic", 1], ["Paid Search / Google Ads / Brand", 1], ["SEO", 2]], 4],
    [4, [["Email / Newsletter / Weekly / Issue 1", 1], ["Email / Newsletter / Weekly / Issue 2", 1], ["Paid Search / Google Ads / Brand / Exact", 1], ["Paid Search / Google Ads / Generic / Broad", 1], ["Paid Search / Google Ads / Brand / Exact", 1], ["SEO", 2]], 5],
  ] as const)("level %i: tags %j, %i unique", (level, tags, unique) => {
    expect(crunchedAt(row, level).map((c) => [c.name, c.count])).toEqual(tags);
    expect(uniqueAt(row, level)).toBe(unique);
  });

  it.each([
    [[], 0],
    [[seo], 1],
    [[seo, seo, brand], 3],
  ] as const)("journey length of %j is %i", (path, length) => {
    expect(journeyLength(path)).toBe(length);
  });

  it("keeps the order's own fields and its length", () => {
    expect(row).toMatchObject({ order_id: "o1", order_amount: 12, journey_length: 7 });
  });
});

describe("tag colours by channel name prefix", () => {
  it.each<[string, TagTone]>([
    ["Google Ads", "google"],
    ["Google Ad Grants", "google"],
    ["Affiliates", "affiliate"],
    ["Email", "email"],
    ["Bing Ads", "bing"],
    ["SEO", "seo"],
    ["Direct", "direct"],
    ["Referral", "direct"],
    ["Paid Social", "social"],
    ["Organic Social", "social"],
    ["Display", "display"],
    ["Paid Search", "other"],
    ["google ads", "other"],
    ["", "other"],
  ])("%s is %s", (name, tone) => {
    expect(channelTone(name)).toBe(tone);
  });

  it.each<[ReadonlyArray<string>, TagTone]>([
    [["Paid Search", "Google Ads"], "google"],
    [["Paid Search", "Bing Ads", "Brand"], "bing"],
    [["Email", "Display banners"], "email"],
    [["Paid Search", "Generic"], "other"],
    [[], "other"],
  ])("a tag of %j is %s (the top level that names a family)", (values, tone) => {
    expect(tagTone(values)).toBe(tone);
  });
});

describe("the Conversion column", () => {
  it.each([
    ["2020-01-01T10:00:00+00:00", "+00:00", "January 1st 2020, 10:00"],
    ["2020-01-01T10:00:00+01:00", "+01:00", "January 1st 2020, 10:00"],
    ["2020-01-01T10:00:00+00:00", "+01:00", "January 1st 2020, 11:00"],
    ["2020-01-01T00:30:00+00:00", "-05:00", "December 31st 2019, 19:30"],
    ["2026-03-02T09:05:00Z", "+05:30", "March 2nd 2026, 14:35"],
    ["2026-11-03T23:59:00-08:00", "-08:00", "November 3rd 2026, 23:59"],
    ["2026-11-11T12:00:00+00:00", "+00:00", "November 11th 2026, 12:00"],
    ["2026-11-22T12:00:00+00:00", "nonsense", "November 22nd 2026, 12:00"],
    ["2026-07-15T22:30:00Z", "Europe/Berlin", "July 16th 2026, 00:30"],
    ["2026-01-15T23:30:00+00:00", "Europe/Berlin", "January 16th 2026, 00:30"],
    ["2026-10-25T01:30:00+00:00", "Europe/Berlin", "October 25th 2026, 02:30"],
    ["2026-07-15T22:30:00Z", "America/New_York", "July 15th 2026, 18:30"],
    ["not a date", "+00:00", "not a date"],
    ["2026-11-22", "+00:00", "2026-11-22"],
  ])("%s in %s reads %s", (iso, offset, text) => {
    expect(formatConversionDate(iso, offset)).toBe(text);
  });

  it.each([
    [1, "1st"], [2, "2nd"], [3, "3rd"], [4, "4th"], [11, "11th"], [12, "12th"], [13, "13th"], [21, "21st"], [22, "22nd"], [23, "23rd"], [30, "30th"], [31, "31st"],
  ])("day %i is %s", (day, text) => {
    expect(ordinalDay(day)).toBe(text);
  });

  it("says how many touch-points a merged tag stands for", () => {
    expect(successionText(3)).toBe("We saw 3 touch-points in succession");
  });
});

describe("pages out of blocks of 160", () => {
  it.each([
    [1, 15, null, [0]],
    [10, 15, null, [0]],
    [11, 15, null, [0, 1]],
    [12, 15, null, [1]],
    [4, 50, null, [0, 1]],
    [4, 50, 155, [0]],
    [4, 50, 161, [0, 1]],
    [7, 30, 1000, [1]],
    [1, 50, 0, [0]],
  ] as const)("page %i of %i (total %s) needs blocks %j", (page, perPage, total, blocks) => {
    expect(blocksOfPage(page, perPage, total)).toEqual(blocks);
  });

  it("reads a page's rows across two blocks, and leaves out rows not loaded", () => {
    const block = (b: number) => Array.from({ length: 160 }, (_, i) => b * 160 + i);
    expect(rowsOfPage(new Map([[0, block(0)], [1, block(1)]]), 4, 50, 400)).toEqual(Array.from({ length: 50 }, (_, i) => 150 + i));
    expect(rowsOfPage(new Map([[0, block(0)]]), 4, 50, 400)).toEqual(Array.from({ length: 10 }, (_, i) => 150 + i));
    expect(rowsOfPage(new Map([[0, block(0)]]), 2, 15, 20)).toEqual([15, 16, 17, 18, 19]);
  });
});

describe("the journeys page's link", () => {
  const filter: JourneySearch = { first: [{ taxonomy_one: "Email" }], anywhere: [{ taxonomy_one: "SEO" }], anywhere_connector: "and" };
  const path = [["SEO", "Organic"], ["Email", "None"]];
  it("writes only the choices off their defaults, the filter and path as JSON, and reads them back", () => {
    const choices = { sort: "journey_length", direction: "asc", page: 3, perPage: 30, level: 3, filter, path } as const;
    const query = withReportQuery("program=northwind", journeysQueryShape, choices);
    const q = new URLSearchParams(query);
    expect(q.get("program")).toBe("northwind");
    expect(JSON.parse(q.get("journey_search") ?? "")).toEqual(filter);
    expect(JSON.parse(q.get("path") ?? "")).toEqual(path);
    expect(readReportQuery(query, journeysQueryShape)).toEqual(choices);
    const defaults = readReportQuery("", journeysQueryShape);
    expect(defaults).toEqual({ sort: "conversion_date", direction: "desc", page: 1, perPage: 15, level: 2, filter: {}, path: null });
    expect(withReportQuery("", journeysQueryShape, defaults)).toBe("");
  });

  it.each([
    ["journey_search=%7B", { filter: {} }],
    [`journey_search=${encodeURIComponent(JSON.stringify({ anywhere_connector: "xor" }))}`, { filter: {} }],
    [`path=${encodeURIComponent(JSON.stringify([["Email"]]))}`, { path: null }],
    [`path=${encodeURIComponent(JSON.stringify([["Email", "News"], ["SEO", "Organic", "None"]]))}`, { path: null }],
    ["level=1", { level: 2 }],
    ["per_page=20", { perPage: 15 }],
    ["sort=order_id", { sort: "conversion_date" }],
  ])("reads %s as its default", (query, expected) => {
    expect(readReportQuery(query, journeysQueryShape)).toMatchObject(expected);
  });

  it("writes an empty filter as nothing and cleans the rest", () => {
    expect(writeJourneyFilter({ first: [{}], comparison: [{ before: { taxonomy_one: "A" }, after: {}, immediately: true }] })).toBe("{}");
  });
});

describe("a linked filter against the program's taxonomies", () => {
  const taxonomies = [email, brand, seo];
  it.each<[string, JourneySearch, JourneySearch]>([
    ["keeps what is there", { first: [{ taxonomy_one: "Email", taxonomy_two: "Newsletter" }] }, { first: [{ taxonomy_one: "Email", taxonomy_two: "Newsletter" }] }],
    ["drops a gone value", { first: [{ taxonomy_one: "Gone" }, { taxonomy_one: "SEO" }] }, { first: [{ taxonomy_one: "SEO" }] }],
    ["drops a gone deeper level", { last: [{ taxonomy_one: "Paid Search", taxonomy_two: "Bing" }] }, {}],
    ["keeps 'None' where a taxonomy has it", { anywhere: [{ taxonomy_one: "SEO", taxonomy_two: "None" }] }, { anywhere: [{ taxonomy_one: "SEO", taxonomy_two: "None" }], anywhere_connector: "or" }],
    [
      "drops a pair when either side is gone",
      {
        comparison: [
          { before: { taxonomy_one: "Email" }, after: { taxonomy_one: "Gone" }, immediately: false },
          { before: { taxonomy_one: "Email" }, after: { taxonomy_one: "SEO" }, immediately: true },
        ],
      },
      { comparison: [{ before: { taxonomy_one: "Email" }, after: { taxonomy_one: "SEO" }, immediately: true }] },
    ],
    ["drops the group and its connector when nothing is left", { anywhere: [{ taxonomy_one: "Gone" }], anywhere_connector: "and" }, {}],
  ])("%s", (_name, search, cleaned) => {
    expect(filterWithinTaxonomies(search, taxonomies)).toEqual(cleaned);
  });

  it.each<[JourneySearch, JourneySearch, boolean]>([
    [{}, {}, true],
    [{}, { first: [{}] }, true],
    [{ first: [{ taxonomy_one: "A", taxonomy_two: "B" }] }, { first: [{ taxonomy_two: "B", taxonomy_one: "A" }] }, true],
    [{ anywhere: [{ taxonomy_one: "A" }] }, { anywhere: [{ taxonomy_one: "A" }], anywhere_connector: "or" }, true],
    [{ anywhere: [{ taxonomy_one: "A" }] }, { anywhere: [{ taxonomy_one: "A" }], anywhere_connector: "and" }, false],
    [{ first: [{ taxonomy_one: "A" }] }, { last: [{ taxonomy_one: "A" }] }, false],
  ])("%j and %j ask the same: %s", (a, b, same) => {
    expect(sameJourneySearch(a, b)).toBe(same);
  });
});

describe("summary paths", () => {
  it.each([
    [[["Email", "Newsletter"]], "Email / Newsletter", 2],
    [[["SEO", "None", "None"], ["Paid Search", "Google Ads", "Brand"]], "SEO > Paid Search / Google Ads / Brand", 3],
    [[["A", "B", "C", "D"]], "A / B / C / D", 4],
    [[["None", "None"], ["SEO", "None"], ["None", "None"]], "None > SEO > None", 2],
  ] as const)("%j reads %s at level %i", (path, name, level) => {
    expect(pathName(path)).toBe(name);
    expect(journeyPathLevel(path)).toBe(level);
  });

  it.each([
    [[["A", "B"]], [["A", "B"]], true],
    [[["A", "B"]], [["A", "C"]], false],
    [[["A", "B"]], [["A", "B"], ["A", "B"]], false],
    [null, null, true],
    [null, [["A", "B"]], false],
  ] as const)("%j and %j are the same path: %s", (a, b, same) => {
    expect(samePath(a, b)).toBe(same);
  });

  it.each([
    [100, 4, 25],
    [0, 0, 0],
    [10, 0, 0],
  ])("AOV of %d over %d orders is %d", (revenue, orders, aov) => {
    expect(averageOrderValue(revenue, orders)).toBe(aov);
  });

  it.each([
    [1, 4, 25],
    [0, 0, 0],
    [3, 3, 100],
  ])("%d of %d is %d%%", (part, whole, share) => {
    expect(sharePercent(part, whole)).toBe(share);
  });

  it.each([
    [["Email", "None"], "Email"],
    [["None", "None", "None"], "None"],
  ] as const)("names the step %j %s", (step, name) => {
    expect(stepName(step)).toBe(name);
  });
});
