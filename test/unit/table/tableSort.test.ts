import { describe, expect, it } from "vitest";
import { isNonePath, nextSort, reportRowName, sortPathRows, sortReportRows, sortRows, toggleDirection, type SortSpec } from "../../../src/domain/table/tableSort";

type Row = {
  readonly id: string;
  readonly taxonomy_1?: unknown;
  readonly taxonomy_2?: unknown;
  readonly taxonomy_3?: unknown;
  readonly taxonomy_4?: unknown;
  readonly clicks?: unknown;
};

const ids = (rows: ReadonlyArray<Row>) => rows.map((r) => r.id);

describe("toggleDirection", () => {
  it.each([
    ["asc", "desc"],
    ["desc", "asc"],
  ] as const)("%s -> %s", (d, expected) => {
    expect(toggleDirection(d)).toBe(expected);
  });
});

describe("nextSort", () => {
  it.each([
    [null, "clicks", undefined, { column: "clicks", direction: "desc" }],
    [undefined, "clicks", "asc", { column: "clicks", direction: "asc" }],
    [{ column: "clicks", direction: "desc" }, "clicks", undefined, { column: "clicks", direction: "asc" }],
    [{ column: "clicks", direction: "asc" }, "clicks", undefined, { column: "clicks", direction: "desc" }],
    [{ column: "clicks", direction: "asc" }, "cpa", undefined, { column: "cpa", direction: "desc" }],
    [{ column: "clicks", direction: "desc" }, "taxonomy_1", "asc", { column: "taxonomy_1", direction: "asc" }],
  ] satisfies Array<[SortSpec | null | undefined, string, "asc" | "desc" | undefined, SortSpec]>)(
    "%j, click %s (first %s) -> %j",
    (current, column, first, expected) => {
      expect(nextSort(current, column, first)).toEqual(expected);
    },
  );
});

describe("sortRows", () => {
  const numbers: Row[] = [
    { id: "a", clicks: 10 },
    { id: "b", clicks: 2 },
    { id: "c", clicks: 100 },
    { id: "d", clicks: -5 },
    { id: "e", clicks: 2 },
  ];

  it.each([
    ["asc", ["d", "b", "e", "a", "c"]],
    ["desc", ["c", "a", "b", "e", "d"]],
  ] as const)("numbers numerically, %s, ties stable", (direction, expected) => {
    expect(ids(sortRows(numbers, { column: "clicks", direction }))).toEqual(expected);
  });

  const texts: Row[] = [
    { id: "1", taxonomy_2: "campaign 10" },
    { id: "2", taxonomy_2: "Campaign 2" },
    { id: "3", taxonomy_2: "banner" },
    { id: "4", taxonomy_2: "Zebra" },
    { id: "5", taxonomy_2: "Émail" },
    { id: "6", taxonomy_2: "email" },
  ];

  it.each([
    ["asc", ["3", "2", "1", "5", "6", "4"]],
    ["desc", ["4", "5", "6", "1", "2", "3"]],
  ] as const)("texts with the locale's collation, case- and accent-insensitive, numbers inside as numbers, %s", (direction, expected) => {
    expect(ids(sortRows(texts, { column: "taxonomy_2", direction }, { locale: "en" }))).toEqual(expected);
  });

  it("pins no row: 'None' is a text like any other", () => {
    const rows: Row[] = [
      { id: "none", taxonomy_1: "None", clicks: 1 },
      { id: "brand", taxonomy_1: "Brand", clicks: 2 },
    ];
    expect(ids(sortRows(rows, { column: "clicks", direction: "asc" }))).toEqual(["none", "brand"]);
  });

  const ragged: Row[] = [
    { id: "null", clicks: null },
    { id: "five", clicks: 5 },
    { id: "nan", clicks: Number.NaN },
    { id: "text", clicks: "x" },
    { id: "undef" },
    { id: "one", clicks: 1 },
    { id: "empty", clicks: "" },
    { id: "obj", clicks: {} },
  ];

  it.each([
    ["asc", ["one", "five", "text", "null", "nan", "undef", "empty", "obj"]],
    ["desc", ["text", "five", "one", "null", "nan", "undef", "empty", "obj"]],
  ] as const)("missing values last in both directions (%s), in their order", (direction, expected) => {
    expect(ids(sortRows(ragged, { column: "clicks", direction }))).toEqual(expected);
  });

  it.each([
    [[] as Row[], []],
    [[{ id: "only", clicks: 1 }], ["only"]],
  ])("handles %j", (rows, expected) => {
    expect(ids(sortRows(rows, { column: "clicks", direction: "asc" }))).toEqual(expected);
  });

  it("does not change the rows given", () => {
    const rows: Row[] = [
      { id: "b", clicks: 2 },
      { id: "a", clicks: 1 },
    ];
    const sorted = sortRows(rows, { column: "clicks", direction: "asc" });
    expect(ids(rows)).toEqual(["b", "a"]);
    expect(sorted).not.toBe(rows);
  });

  it("is stable on a large table of ties", () => {
    const rows: Row[] = Array.from({ length: 1000 }, (_, i) => ({ id: String(i), clicks: i % 3 }));
    const sorted = sortRows(rows, { column: "clicks", direction: "desc" });
    const twos = sorted.filter((r) => r.clicks === 2).map((r) => Number(r.id));
    expect(twos).toEqual([...twos].sort((a, b) => a - b));
    expect(sorted[0]?.clicks).toBe(2);
    expect(sorted.at(-1)?.clicks).toBe(0);
  });
});

describe("reportRowName", () => {
  it.each([
    ["a level-one row", { id: "r", taxonomy_1: "Paid Search" }, "Paid Search"],
    ["a peek row", { id: "r", taxonomy_1: "Paid Search", taxonomy_2: "None" }, "None"],
    ["a fourth-level row", { id: "r", taxonomy_1: "None", taxonomy_2: "A", taxonomy_3: "B", taxonomy_4: "C" }, "C"],
    ["a row without a taxonomy", { id: "r", clicks: 1 }, undefined],
  ] satisfies Array<[string, Row, string | undefined]>)("%s", (_, row, expected) => {
    expect(reportRowName(row)).toBe(expected);
  });
});

describe("sortReportRows: rows named 'None' go last in every sort", () => {
  // 'None' has the smallest clicks, and sorts between 'Display' and 'Paid Search' by name.
  const levelOne: Row[] = [
    { id: "paid", taxonomy_1: "Paid Search", clicks: 30 },
    { id: "none", taxonomy_1: "None", clicks: 1 },
    { id: "display", taxonomy_1: "Display", clicks: 20 },
    { id: "affiliate", taxonomy_1: "Affiliate", clicks: 300 },
  ];
  const peek: Row[] = [
    { id: "google", taxonomy_1: "Paid Search", taxonomy_2: "Google", clicks: 5 },
    { id: "none", taxonomy_1: "Paid Search", taxonomy_2: "None", clicks: 999 },
    { id: "bing", taxonomy_1: "Paid Search", taxonomy_2: "Bing", clicks: 50 },
  ];
  // A fourth-level row is named by its taxonomy_4; a 'None' higher up does not pin it.
  const fourth: Row[] = [
    { id: "none", taxonomy_1: "Direct", taxonomy_2: "None", taxonomy_3: "None", taxonomy_4: "None", clicks: 0 },
    { id: "brand", taxonomy_1: "Paid Search", taxonomy_2: "Google", taxonomy_3: "Brand", taxonomy_4: "Exact", clicks: 7 },
    { id: "upper", taxonomy_1: "None", taxonomy_2: "X", taxonomy_3: "Y", taxonomy_4: "Z", clicks: 3 },
  ];
  const ragged: Row[] = [
    { id: "none", taxonomy_1: "None", clicks: 2 },
    { id: "missing", taxonomy_1: "X" },
    { id: "two", taxonomy_1: "Y", clicks: 3 },
    { id: "none2", taxonomy_1: "None", clicks: 9 },
  ];

  it.each([
    ["level one", levelOne, { column: "clicks", direction: "asc" }, ["display", "paid", "affiliate", "none"]],
    ["level one", levelOne, { column: "clicks", direction: "desc" }, ["affiliate", "paid", "display", "none"]],
    ["level one", levelOne, { column: "taxonomy_1", direction: "asc" }, ["affiliate", "display", "paid", "none"]],
    ["level one", levelOne, { column: "taxonomy_1", direction: "desc" }, ["paid", "display", "affiliate", "none"]],
    ["peek rows", peek, { column: "clicks", direction: "asc" }, ["google", "bing", "none"]],
    ["peek rows", peek, { column: "clicks", direction: "desc" }, ["bing", "google", "none"]],
    ["peek rows", peek, { column: "taxonomy_2", direction: "asc" }, ["bing", "google", "none"]],
    ["fourth-level rows", fourth, { column: "clicks", direction: "asc" }, ["upper", "brand", "none"]],
    ["fourth-level rows", fourth, { column: "clicks", direction: "desc" }, ["brand", "upper", "none"]],
    ["missing values, then 'None' rows in the same sort", ragged, { column: "clicks", direction: "asc" }, ["two", "missing", "none", "none2"]],
    ["missing values, then 'None' rows in the same sort", ragged, { column: "clicks", direction: "desc" }, ["two", "missing", "none2", "none"]],
  ] satisfies Array<[string, Row[], SortSpec, string[]]>)("%s by %j", (_, rows, spec, expected) => {
    expect(ids(sortReportRows(rows, spec, { locale: "en" }))).toEqual(expected);
  });
});

describe("isNonePath", () => {
  it.each([
    ["a path of 'None' only", { id: "r", taxonomy_1: "None", taxonomy_2: "None", taxonomy_3: "None", taxonomy_4: "None" }, true],
    ["a channel without deeper levels", { id: "r", taxonomy_1: "SEO", taxonomy_2: "Google Organic", taxonomy_3: "None", taxonomy_4: "None" }, false],
    ["a 'None' channel with a named level below", { id: "r", taxonomy_1: "None", taxonomy_2: "X", taxonomy_3: "None", taxonomy_4: "None" }, false],
    ["a fully named path", { id: "r", taxonomy_1: "A", taxonomy_2: "B", taxonomy_3: "C", taxonomy_4: "D" }, false],
    ["a row without a taxonomy", { id: "r", clicks: 1 }, false],
  ] satisfies Array<[string, Row, boolean]>)("%s", (_, row, expected) => {
    expect(isNonePath(row)).toBe(expected);
  });
});

describe("sortPathRows: search results sort by value; only a path that is 'None' throughout goes last", () => {
  // SEO › Google Organic › None › None has the most clicks: it leads descending and is last
  // only ascending, by its value, not because a level of its path is 'None'.
  const search: Row[] = [
    { id: "seo", taxonomy_1: "SEO", taxonomy_2: "Google Organic", taxonomy_3: "None", taxonomy_4: "None", clicks: 2467 },
    { id: "brand", taxonomy_1: "Paid Search", taxonomy_2: "Google", taxonomy_3: "Brand", taxonomy_4: "Exact", clicks: 7 },
    { id: "none", taxonomy_1: "None", taxonomy_2: "None", taxonomy_3: "None", taxonomy_4: "None", clicks: 9999 },
    { id: "email", taxonomy_1: "Email", taxonomy_2: "Newsletter", taxonomy_3: "January", taxonomy_4: "None", clicks: 300 },
  ];

  it.each([
    [{ column: "clicks", direction: "desc" }, ["seo", "email", "brand", "none"]],
    [{ column: "clicks", direction: "asc" }, ["brand", "email", "seo", "none"]],
    [{ column: "taxonomy_1", direction: "asc" }, ["email", "brand", "seo", "none"]],
    [{ column: "taxonomy_1", direction: "desc" }, ["seo", "brand", "email", "none"]],
  ] satisfies Array<[SortSpec, string[]]>)("by %j", (spec, expected) => {
    expect(ids(sortPathRows(search, spec, { locale: "en" }))).toEqual(expected);
  });
});
