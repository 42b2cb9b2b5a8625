import { describe, expect, it } from "vitest";
import {
  affiliateColumnsOf,
  affiliateDefaultColumns,
  affiliateSearchText,
  affiliateTaxonomyHref,
  matchesAffiliateSearch,
  matchingAffiliates,
  searchKey,
} from "../../../src/domain/affiliatePerformance/affiliatePerformance";
import { affiliateQueryShape } from "../../../src/domain/affiliatePerformance/affiliatePerformanceQuery";
import type { AffiliateRow } from "../../../src/domain/analysis/analysis";
import { metricsFromSums, totalsOf, zeroSums, type MetricSums } from "../../../src/domain/report/metrics";
import { readReportQuery, reportQueryDefaults, withReportQuery } from "../../../src/domain/report/reportQuery";

type Named = Pick<AffiliateRow, "publisher_id" | "taxonomy_1" | "taxonomy_2" | "taxonomy_3" | "taxonomy_4">;

const named = (publisher_id: string, t1: string, t2: string, t3: string, t4: string): Named => ({
  publisher_id,
  taxonomy_1: t1,
  taxonomy_2: t2,
  taxonomy_3: t3,
  taxonomy_4: t4,
});

const kingdom = named("100872", "Affiliates", "Awin", "Cashback", "Cashback Kingdom");
const blog = named("129987", "Affiliates", "Awin", "Content & Reviews", "The Outdoor Blog");
const rabatt = named("214578", "Affiliates", "Awin", "Gutscheine & Rabatte", "Straße der Rabatte");
const unnamed = named("555", "Affiliates", "None", "None", "None");

describe("searchKey: white space removed, case folded", () => {
  it.each([
    ["  cASH back ", "cashback"],
    ["Cashback\tKingdom\n", "cashbackkingdom"],
    ["STRASSE", "strasse"],
    ["Straße", "strasse"],
    ["ＡＷＩＮ", "awin"],
    ["   ", ""],
    ["", ""],
  ])("%j reads %j", (text, key) => {
    expect(searchKey(text)).toBe(key);
  });
});

describe("affiliateSearchText: the publisher id and the four taxonomy values run together", () => {
  it("has no white space and one case", () => {
    expect(affiliateSearchText(kingdom)).toBe("100872affiliatesawincashbackcashbackkingdom");
  });
});

describe("matchesAffiliateSearch", () => {
  it.each<[string, Named, string, boolean]>([
    ["odd case and spaces", kingdom, "  cASH back ", true],
    ["a publisher id", kingdom, "1008", true],
    ["across the publisher id and taxonomy 1", kingdom, "872 Affil", true],
    ["across two taxonomy levels", kingdom, "awincash", true],
    ["a symbol inside a value", blog, "content&re", true],
    ["ß folds to ss", rabatt, "strasse", true],
    ["ss finds ß", rabatt, "STRASSE DER", true],
    ["nothing typed", blog, "", true],
    ["only spaces", blog, "   ", true],
    ["another publisher", blog, "100872", false],
    ["a value of another row", blog, "cashback", false],
    ["letters in another order", kingdom, "kingdomcashback", false],
  ])("%s", (_, row, search, matches) => {
    expect(matchesAffiliateSearch(row, search)).toBe(matches);
  });
});

describe("matchingAffiliates", () => {
  const rows = [kingdom, blog, rabatt, unnamed];
  it.each<[string, string, ReadonlyArray<Named>]>([
    ["every row for no search, in order", " ", rows],
    ["the matching rows, in order", "AWIN", [kingdom, blog, rabatt]],
    ["'None' is text like any other", "none", [unnamed]],
    ["none matching", "zzz", []],
  ])("%s", (_, search, expected) => {
    expect(matchingAffiliates(rows, search)).toEqual(expected);
  });
});

describe("affiliateTaxonomyHref: the performance drill-down of the cell's path", () => {
  it.each<[string, Readonly<Record<string, unknown>>, "taxonomy_1" | "taxonomy_2" | "taxonomy_3" | "taxonomy_4", string | null]>([
    ["taxonomy 1", kingdom, "taxonomy_1", "/performance/taxonomy_one/Affiliates"],
    ["taxonomy 3, encoded", blog, "taxonomy_3", "/performance/taxonomy_one/Affiliates/taxonomy_two/Awin/taxonomy_three/Content%20%26%20Reviews"],
    [
      "taxonomy 4, the fourth-level page",
      kingdom,
      "taxonomy_4",
      "/performance/taxonomy_one/Affiliates/taxonomy_two/Awin/taxonomy_three/Cashback/taxonomy_four/Cashback%20Kingdom",
    ],
    ["a value with a slash", named("1", "A/B", "x", "y", "z"), "taxonomy_1", "/performance/taxonomy_one/A%2FB"],
    ["'None' is not linked", unnamed, "taxonomy_2", null],
    ["nor a value under 'None'", named("1", "None", "Awin", "x", "y"), "taxonomy_2", null],
    ["the footer has no values", { attributed_revenue: 1 }, "taxonomy_1", null],
    ["an empty value", named("1", "Affiliates", "", "x", "y"), "taxonomy_3", null],
  ])("%s", (_, row, level, href) => {
    expect(affiliateTaxonomyHref("/performance", row, level)).toBe(href);
  });
});

describe("affiliateColumnsOf: a link's column choice", () => {
  it.each<[string, ReadonlyArray<string>, ReadonlyArray<string>]>([
    ["known columns in the standard order", ["roi", "clicks"], ["clicks", "roi"]],
    ["unknown ones dropped", ["clicks", "publisher_id", "nope"], ["clicks"]],
    ["none known: every column", ["nope"], affiliateDefaultColumns],
    ["empty: every column", [], affiliateDefaultColumns],
  ])("%s", (_, columns, expected) => {
    expect(affiliateColumnsOf(columns)).toEqual(expected);
  });
});

describe("affiliateQueryShape: the link carries the search and the table's choices", () => {
  it.each<[string, string, Record<string, unknown>]>([
    ["nothing: the defaults", "", { search: "", sort: "attributed_revenue", direction: "desc", page: 1, columns: affiliateDefaultColumns }],
    ["a search kept as typed", "search=%20cASH%20back", { search: " cASH back" }],
    ["a sort by a taxonomy column", "sort=taxonomy_3&direction=asc", { sort: "taxonomy_3", direction: "asc" }],
    ["an unknown sort reads as the default", "sort=nope&page=0", { sort: "attributed_revenue", page: 1 }],
    ["columns and page", "columns=clicks,roi&page=3", { columns: ["clicks", "roi"], page: 3 }],
  ])("%s", (_, search, expected) => {
    expect(readReportQuery(search, affiliateQueryShape)).toMatchObject(expected);
  });

  it("writes only what differs from the defaults, keeping the session's parameters, and reads it back", () => {
    const choices = { ...reportQueryDefaults(affiliateQueryShape), search: "cash back", page: 2 };
    const written = withReportQuery("program=northwind", affiliateQueryShape, choices);
    expect(written).toBe("program=northwind&search=cash+back&page=2");
    expect(readReportQuery(written, affiliateQueryShape)).toEqual(choices);
  });
});

describe("the footer of affiliate rows: sums, rates recomputed from the sums, 0 for a zero divisor", () => {
  const rowOf = (sums: Partial<MetricSums>) => metricsFromSums({ ...zeroSums, ...sums });
  it.each<[string, ReadonlyArray<Partial<MetricSums>>, Record<string, number>]>([
    [
      "two rows",
      [
        { clicks: 100, attributed_sales: 4, attributed_revenue: 400, last_click_revenue: 300, last_click_sales: 3, first_click_sales: 6, variable_cost: 50, sales_including: 8 },
        { clicks: 300, attributed_sales: 6, attributed_revenue: 200, last_click_revenue: 100, last_click_sales: 1, first_click_sales: 2, variable_cost: 150, sales_including: 12 },
      ],
      {
        clicks: 400,
        attributed_revenue: 600,
        total_cost: 200,
        attributed_conversion_rate: 2.5,
        attributed_aov: 60,
        attributed_revenue_variance: 200,
        attributed_revenue_variance_percent: 50,
        introducer_ratio: 2,
        cpa: 20,
        roas: 3,
        roi: 2,
        sales_including: 20,
        proportional_credit: 50,
      },
    ],
    [
      "no clicks, sales or cost: every rate 0",
      [{ attributed_revenue: 10 }, { last_click_revenue: 0 }],
      { attributed_revenue: 10, attributed_conversion_rate: 0, attributed_aov: 0, cpa: 0, roas: 0, roi: 0, attributed_revenue_variance_percent: 0, introducer_ratio: 0, proportional_credit: 0 },
    ],
    ["no rows", [], { clicks: 0, attributed_revenue: 0, roas: 0 }],
  ])("%s", (_, rows, expected) => {
    const footer = totalsOf(rows.map(rowOf));
    for (const [name, value] of Object.entries(expected)) expect(footer[name as keyof typeof footer], name).toBeCloseTo(value, 10);
  });
});
