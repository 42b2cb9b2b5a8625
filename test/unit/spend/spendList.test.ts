import { describe, expect, it } from "vitest";
import {
  cutText,
  defaultSpendSort,
  fixedSpendColumns,
  fixedSpendDays,
  fixedSpendListPage,
  fixedSpendRow,
  fixedSpendSearchText,
  initialSpendListQuery,
  matchesSpendSearch,
  rememberedSearchText,
  rememberedSort,
  searchKey,
  searchKeysOf,
  searchSpendRows,
  sortSpendRows,
  spendListPage,
  spendListPerPage,
  spendListTexts,
  taxonomyCell,
  variableSpendColumns,
  variableSpendListPage,
  variableSpendSearchText,
  type FixedSpendRow,
  type VariableSpendRow,
} from "../../../src/domain/spend/spendList";
import type { FixedCost, Frequency } from "../../../src/domain/spend/costs";
import type { SortSpec } from "../../../src/domain/table/tableSort";

const fixed = (patch: Partial<FixedSpendRow> = {}): FixedSpendRow => ({
  id: 1,
  taxonomy_1: "Paid Search",
  taxonomy_2: "Google",
  taxonomy_3: "None",
  taxonomy_4: "None",
  cost: 100,
  start_date: "2026-01-01",
  end_date: "2026-01-31",
  days: 31,
  frequency: "daily",
  ...patch,
});

const variable = (patch: Partial<VariableSpendRow> = {}): VariableSpendRow => ({
  id: 1,
  taxonomy_1: "Affiliates",
  cost: 50,
  date: "2026-02-01",
  cost_link: "summer-sale",
  ...patch,
});

describe("fixedSpendDays (inclusive days from start to end)", () => {
  it.each<[string, string | null, Frequency, number | null]>([
    ["2026-01-01", "2026-01-01", "daily", 1],
    ["2026-01-01", "2026-01-02", "daily", 2],
    ["2026-01-01", "2026-01-31", "daily", 31],
    ["2024-02-01", "2024-02-29", "monthly", 29],
    ["2026-02-01", "2026-02-28", "monthly", 28],
    ["2025-12-31", "2026-01-01", "yearly", 2],
    ["2026-01-01", "2026-12-31", "yearly", 365],
    ["2024-01-01", "2024-12-31", "yearly", 366],
    ["2026-03-28", "2026-03-30", "daily", 3],
    ["2026-01-01", null, "single", 1],
    ["2026-01-01", "2026-05-01", "single", 1],
    ["2026-01-01", null, "daily", 1],
    ["2026-01-01", "", "daily", 1],
    ["2026-01-02", "2026-01-01", "daily", null],
    ["2026-02-30", "2026-03-01", "daily", null],
    ["2026-01-01", "tomorrow", "daily", null],
    ["", null, "single", null],
  ])("%s to %s (%s) -> %s", (start, end, frequency, days) => {
    expect(fixedSpendDays(start, end, frequency)).toBe(days);
  });
});

describe("fixedSpendRow", () => {
  const wire = (patch: Partial<FixedCost>): FixedCost => ({
    id: 7,
    taxonomy_1: "Paid Search",
    taxonomy_2: "Google",
    taxonomy_3: "Brand",
    taxonomy_4: "None",
    cost: 12.5,
    start_date: "2026-01-01",
    end_date: "2026-01-10",
    meta: { frequency: "daily", original_frequency: "daily" },
    days: 999,
    ...patch,
  });
  it.each<[string, Partial<FixedCost>, Partial<FixedSpendRow>]>([
    ["daily: days derived from its dates, not the answer's", {}, { frequency: "daily", days: 10, end_date: "2026-01-10" }],
    ["single without end date", { end_date: null, meta: { frequency: "single", original_frequency: "single" } }, { frequency: "single", days: 1, end_date: null }],
    ["an empty end date reads as none", { end_date: "", meta: { frequency: "single", original_frequency: "single" } }, { end_date: null, days: 1 }],
    ["same start and end", { end_date: "2026-01-01" }, { days: 1 }],
  ])("%s", (_, patch, expected) => {
    expect(fixedSpendRow(wire(patch))).toMatchObject({ id: 7, taxonomy_3: "Brand", cost: 12.5, ...expected });
  });
});

describe("searchKey (case-insensitive, without currency symbols)", () => {
  it.each([
    ["", ""],
    ["   ", ""],
    ["£", ""],
    ["£1,200", "1,200"],
    ["$1,200", "1,200"],
    ["€1.200,00", "1.200,00"],
    ["1.200,00 €", "1.200,00"],
    ["¥1200", "1200"],
    ["₹1,200", "1,200"],
    ["A$1,200", "1,200"],
    ["c$1200", "1200"],
    ["US$ 1200", "1200"],
    ["Paid SEARCH", "paid search"],
    ["Brand$", "brand"],
    ["  Paid\u00a0 Search ", "paid search"],
    ["CHF 1200", "chf 1200"],
  ])("%j -> %j", (query, key) => {
    expect(searchKey(query)).toBe(key);
  });
});

describe("fixed list search", () => {
  const rows: ReadonlyArray<FixedSpendRow> = [
    fixed({ id: 1, cost: 1200 }),
    fixed({ id: 2, taxonomy_1: "Display", taxonomy_2: "Banner Ads", cost: 75.5, start_date: "2026-03-01", end_date: null, days: 1, frequency: "single" }),
    fixed({ id: 3, taxonomy_1: "Social", taxonomy_2: "Facebook", taxonomy_3: "Prospecting", cost: 1200.5 }),
    fixed({ id: 45, taxonomy_1: "Email", taxonomy_2: "None", cost: 0 }),
  ];
  const ids = (query: string, locale?: string) =>
    searchSpendRows(rows, query, (r) => fixedSpendSearchText(r, { locale })).map((r) => r.id);

  it.each<[string, string, ReadonlyArray<number>]>([
    ["empty search: every row", "", [1, 2, 3, 45]],
    ["blank search: every row", "   ", [1, 2, 3, 45]],
    ["a lone currency symbol: every row", "£", [1, 2, 3, 45]],
    ["case-insensitive taxonomy 1", "paid search", [1]],
    ["upper case", "FACEBOOK", [3]],
    ["taxonomy 3", "prospect", [3]],
    ["'None' of an empty level is not searched", "none", []],
    ["£1,200 finds a cost of 1200 (and 1200.50)", "£1,200", [1, 3]],
    ["£1,200.00 finds only 1200", "£1,200.00", [1]],
    ["1200 without symbol or grouping", "1200", [1, 3]],
    ["1200.5 finds 1200.50", "1200.5", [3]],
    ["$ of another currency is ignored too", "$75.50", [2]],
    ["€ of another currency", "€75.5", [2]],
    ["A$ of another currency", "A$75", [2]],
    ["a start date", "2026-03-01", [2]],
    ["an end date", "2026-01-31", [1, 3, 45]],
    ["frequency", "Single", [2]],
    ["id", "45", [45]],
    ["a query never spans two fields", "google 1200", []],
    ["nothing matches", "tiktok", []],
  ])("%s: %j", (_, query, expected) => {
    expect(ids(query)).toEqual(expected);
  });

  it("groups amounts in the program's locale", () => {
    expect(ids("1.200,00", "de-DE")).toEqual([1]);
    expect(ids("1,200.00", "de-DE")).toEqual([]);
  });

  it("matchesSpendSearch compares the query's key with each field", () => {
    expect(matchesSpendSearch("paid search\n1200", "£1200")).toBe(true);
    expect(matchesSpendSearch("paid search\n1200", "search\n1200")).toBe(false);
  });
});

describe("variable list search", () => {
  const rows = [variable({ id: 1 }), variable({ id: 2, taxonomy_1: "Paid Social", cost: 1999.99, cost_link: "spring", date: "2026-04-04" })];
  it.each<[string, ReadonlyArray<number>]>([
    ["", [1, 2]],
    ["SUMMER", [1]],
    ["£1,999.99", [2]],
    ["€1999", [2]],
    ["2026-04", [2]],
    ["affiliates", [1]],
  ])("%j -> %j", (query, expected) => {
    expect(searchSpendRows(rows, query, (r) => variableSpendSearchText(r)).map((r) => r.id)).toEqual(expected);
  });
});

describe("sortSpendRows (the table sort; ties stay id descending)", () => {
  const rows: ReadonlyArray<FixedSpendRow> = [
    fixed({ id: 2, cost: 50, taxonomy_1: "b" }),
    fixed({ id: 10, cost: 50, taxonomy_1: "A" }),
    fixed({ id: 3, cost: 20, taxonomy_1: "c", end_date: null }),
    fixed({ id: 7, cost: 90, taxonomy_1: "a" }),
  ];
  it.each<[SortSpec, ReadonlyArray<number>]>([
    [defaultSpendSort, [10, 7, 3, 2]],
    [{ column: "id", direction: "asc" }, [2, 3, 7, 10]],
    [{ column: "cost", direction: "desc" }, [7, 10, 2, 3]],
    [{ column: "cost", direction: "asc" }, [3, 10, 2, 7]],
    [{ column: "taxonomy_1", direction: "asc" }, [10, 7, 2, 3]],
    [{ column: "taxonomy_1", direction: "desc" }, [3, 2, 10, 7]],
    [{ column: "end_date", direction: "asc" }, [10, 7, 2, 3]],
    [{ column: "end_date", direction: "desc" }, [10, 7, 2, 3]],
  ])("%j -> %j", (sort, expected) => {
    expect(sortSpendRows(rows, sort).map((r) => r.id)).toEqual(expected);
    expect(sortSpendRows([...rows].reverse(), sort).map((r) => r.id)).toEqual(expected);
  });

  it("sorts by id descending when no sort is given", () => {
    expect(sortSpendRows([variable({ id: 1 }), variable({ id: 3 }), variable({ id: 2 })]).map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it("offers every shown column for sorting, id first", () => {
    expect(fixedSpendColumns[0]).toBe("id");
    expect(variableSpendColumns[0]).toBe("id");
    expect(Object.keys(spendListTexts.fixedColumns)).toEqual([...fixedSpendColumns]);
    expect(Object.keys(spendListTexts.variableColumns)).toEqual([...variableSpendColumns]);
  });
});

describe("cutText (taxonomy 3 and 4 cut after 30 characters)", () => {
  const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  const ascii = (n: number) => "abcdefghijklmnopqrstuvwxyz0123456789".repeat(2).slice(0, n);
  it.each<[string, string, string, boolean]>([
    ["empty", "", "", false],
    ["29 characters", ascii(29), ascii(29), false],
    ["30 characters", ascii(30), ascii(30), false],
    ["31 characters", ascii(31), `${ascii(30)}…`, true],
    ["29 characters then an emoji (30 code points)", `${ascii(29)}😀`, `${ascii(29)}😀`, false],
    ["emoji kept whole at the cut", `${ascii(29)}😀😀`, `${ascii(29)}😀…`, true],
    ["30 emoji", "😀".repeat(30), "😀".repeat(30), false],
    ["31 emoji", "😀".repeat(31), `${"😀".repeat(30)}…`, true],
    ["non-BMP letters", "𝒜".repeat(31), `${"𝒜".repeat(30)}…`, true],
    ["accented", "é".repeat(31), `${"é".repeat(30)}…`, true],
  ])("%s", (_, text, shown, cut) => {
    const cell = cutText(text);
    expect(cell).toEqual({ shown, full: text, cut });
    expect(Array.from(cell.shown.replace(/…$/u, "")).length).toBeLessThanOrEqual(30);
    expect(loneSurrogate.test(cell.shown)).toBe(false);
  });

  it.each<["taxonomy_1" | "taxonomy_2" | "taxonomy_3" | "taxonomy_4", boolean]>([
    ["taxonomy_1", false],
    ["taxonomy_2", false],
    ["taxonomy_3", true],
    ["taxonomy_4", true],
  ])("%s cut: %s", (level, cut) => {
    const long = ascii(40);
    expect(taxonomyCell(level, long)).toEqual({ shown: cut ? `${ascii(30)}…` : long, full: long, cut });
  });
});

describe("spendListPage (15 a page)", () => {
  const rows = Array.from({ length: 32 }, (_, i) => i + 1);
  it.each<[number, number, ReadonlyArray<number>, number, number, number]>([
    [32, 1, [1, 15], 1, 15, 3],
    [32, 2, [16, 30], 16, 30, 3],
    [32, 3, [31, 32], 31, 32, 3],
    [32, 9, [31, 32], 31, 32, 3],
    [32, 0, [1, 15], 1, 15, 3],
    [15, 1, [1, 15], 1, 15, 1],
    [16, 2, [16, 16], 16, 16, 2],
    [0, 1, [], 0, 0, 1],
  ])("%i rows, page %i", (count, page, range, first, last, pages) => {
    const result = spendListPage(rows.slice(0, count), page);
    expect(spendListPerPage).toBe(15);
    expect(result.rows).toEqual(range.length === 0 ? [] : rows.slice(range[0]! - 1, range[1]));
    expect(result).toMatchObject({ first, last, pageCount: pages, total: count });
    expect(result.page).toBe(Math.min(Math.max(1, page), pages));
  });
});

describe("fixedSpendListPage and variableSpendListPage (search, then sort, then page)", () => {
  const many = Array.from({ length: 40 }, (_, i) => fixed({ id: i + 1, taxonomy_1: i % 2 === 0 ? "Even" : "Odd", cost: 100 + i }));
  it.each<[string, Partial<typeof initialSpendListQuery>, ReadonlyArray<number>, number]>([
    ["first view: id descending, page 1", {}, Array.from({ length: 15 }, (_, i) => 40 - i), 40],
    ["page 3 holds the last 10", { page: 3 }, Array.from({ length: 10 }, (_, i) => 10 - i), 40],
    ["search then page", { search: "odd" }, Array.from({ length: 15 }, (_, i) => 40 - 2 * i), 20],
    ["search a cost with a symbol", { search: "£139" }, [40], 1],
    ["sort by cost ascending", { sort: { column: "cost", direction: "asc" } }, Array.from({ length: 15 }, (_, i) => i + 1), 40],
    ["a page past the last shows the last", { search: "even", page: 5 }, [9, 7, 5, 3, 1], 20],
  ])("%s", (_, patch, ids, total) => {
    const page = fixedSpendListPage(many, { ...initialSpendListQuery, ...patch });
    expect(page.rows.map((r) => r.id)).toEqual(ids);
    expect(page.total).toBe(total);
  });

  it("the variable list the same way", () => {
    const rows = [variable({ id: 1 }), variable({ id: 5, cost: 1200 }), variable({ id: 3, cost: 1200 })];
    expect(variableSpendListPage(rows, { search: "£1,200", sort: { column: "cost", direction: "asc" }, page: 1 }).rows.map((r) => r.id)).toEqual([5, 3]);
  });
});

describe("spendListTexts (the product's words)", () => {
  it.each<[keyof typeof spendListTexts, string]>([
    ["fixedEmpty", "There are no fixed spend configurations to show"],
    ["variableEmpty", "There are no variable spend configurations to show"],
    ["saved", "The spend configuration has been saved"],
    ["removeConfirmation", "Are you sure you want to remove this spend configuration?"],
    ["removeConfirm", "I'm sure"],
    ["removed", "The spend configuration was successfully removed"],
    ["forbidden", "You don't have access to this spend configuration"],
    ["addFixedSpend", "Add Fixed Spend"],
    ["batchImport", "Batch Import"],
    ["fixedTitle", "Fixed Spend"],
    ["dateRangeNotice", "Data now loads with the selected date range."],
  ])("%s", (key, text) => {
    expect(spendListTexts[key]).toBe(text);
  });
});

describe("rememberedSearchText (a row's search text worked out once per locale)", () => {
  const row = variable({ cost: 1200 });
  const other = variable({ id: 2, cost: 1200 });
  it.each<[string, ReadonlyArray<[VariableSpendRow, string | null]>, number]>([
    ["the same row and locale again: once", [[row, "en-GB"], [row, "en-GB"], [row, "en-GB"]], 1],
    ["no locale and a null locale are the same", [[row, null], [row, null]], 1],
    ["another locale: again", [[row, "en-GB"], [row, "de-DE"]], 2],
    ["another row (even an equal one): again", [[row, "en-GB"], [other, "en-GB"], [{ ...row }, "en-GB"]], 3],
  ])("%s", (_, calls, expected) => {
    let worked = 0;
    const text = rememberedSearchText((r: VariableSpendRow, options) => {
      worked += 1;
      return variableSpendSearchText(r, options);
    });
    const texts = calls.map(([r, locale]) => text(r, { locale }));
    expect(worked).toBe(expected);
    calls.forEach(([r, locale], i) => expect(texts[i]).toBe(variableSpendSearchText(r, { locale })));
  });

  it("the list pages search with the locale's grouped amounts, as before", () => {
    const rows = [variable({ id: 1, cost: 1200 }), variable({ id: 2, cost: 99 })];
    expect(variableSpendListPage(rows, { ...initialSpendListQuery, search: "1.200,00" }, { locale: "de-DE" }).rows.map((r) => r.id)).toEqual([1]);
    expect(variableSpendListPage(rows, { ...initialSpendListQuery, search: "1.200,00" }, { locale: "en-GB" }).rows.map((r) => r.id)).toEqual([]);
  });
});

describe("spendListTexts: the variable list's own words", () => {
  it.each<[string, string]>([
    [spendListTexts.variableTitle, "Variable Spend"],
    [spendListTexts.variableSearch, "Search variable spend"],
    [spendListTexts.variableLoading, "Loading variable spend…"],
    [spendListTexts.delete, "Delete"],
    [spendListTexts.deleteEntry(41), "Delete variable spend 41"],
    [spendListTexts.cancel, "Cancel"],
  ])("%s", (text, expected) => expect(text).toBe(expected));
});

describe("searchKeysOf: every field's search key in one pass", () => {
  /** The rule it stands for: each field's key, empty ones left out, one per line. */
  const fieldByField = (fields: ReadonlyArray<string>): string =>
    fields
      .map(searchKey)
      .filter((key) => key !== "")
      .join("\n");

  it.each<[string, ReadonlyArray<string>]>([
    ["plain fields", ["17", "Paid Search", "Google"]],
    ["spaces at the ends of fields", ["  Paid  Search ", " Google", "Brand  "]],
    ["an empty and a blank field between others", ["a", "", "   ", "b"]],
    ["empty first and last fields", ["", "middle", " "]],
    ["currency symbols at a field's start and end", ["£1,200.00", "US$5", "12 €", "HK$ 3", "ab$"]],
    ["letters before a symbol in the field before", ["US", "$5"]],
    ["line breaks and tabs inside a field", ["two\nlines", "a\tb", "no-break\u00a0space"]],
    ["case that lowers to more characters", ["İstanbul", "STRASSE"]],
    ["nothing at all", []],
    ["only blanks", [" ", "", "\t"]],
  ])("%s", (_, fields) => expect(searchKeysOf(fields)).toBe(fieldByField(fields)));

  it("agrees with the field-by-field rule on 2,000 generated rows", () => {
    const pieces = ["a", "B", " ", "  ", "£", "$", "US$", "€", "\u00a0", "\t", "\n", "1", ",", ".", "Ä", "ß", "é", "-"];
    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let row = 0; row < 2_000; row++) {
      const fields = Array.from({ length: 1 + next(6) }, () => Array.from({ length: next(6) }, () => pieces[next(pieces.length)]).join(""));
      expect(searchKeysOf(fields), JSON.stringify(fields)).toBe(fieldByField(fields));
    }
  });
});

describe("rememberedSort: a list's sort worked out once, searches filter it", () => {
  const rows: FixedSpendRow[] = Array.from({ length: 40 }, (_, i) =>
    fixed({ id: i + 1, taxonomy_1: ["Paid Search", "Display", "Email"][i % 3] ?? "", taxonomy_2: `Campaign ${i % 7}`, cost: (i * 37) % 11 }),
  );

  it("answers the same array for the same list and sort, another for another sort or list", () => {
    const sort: SortSpec = { column: "cost", direction: "desc" };
    const first = rememberedSort(rows, sort);
    expect(rememberedSort(rows, { ...sort })).toBe(first);
    expect(rememberedSort(rows, { column: "cost", direction: "asc" })).not.toBe(first);
    expect(rememberedSort([...rows], sort)).not.toBe(first);
    expect(first).toEqual(sortSpendRows(rows, sort));
  });

  it.each<[string, SortSpec]>([
    ["cost, descending", { column: "cost", direction: "desc" }],
    ["taxonomy 2, ascending", { column: "taxonomy_2", direction: "asc" }],
    ["taxonomy 1, descending", { column: "taxonomy_1", direction: "desc" }],
    ["id, ascending", { column: "id", direction: "asc" }],
  ])("filtering the list sorted by %s gives the order of sorting the matches", (_, sort) => {
    for (const search of ["", "paid", "campaign 3", "display", "1"]) {
      const shown = fixedSpendListPage(rows, { search, sort, page: 1 }, { locale: "en-GB" });
      const matches = searchSpendRows(rows, search, (r) => fixedSpendSearchText(r, { locale: "en-GB" }));
      expect(shown.rows.map((r) => r.id), `${search}`).toEqual(sortSpendRows(matches, sort).slice(0, spendListPerPage).map((r) => r.id));
      expect(shown.total).toBe(matches.length);
    }
  });
});
