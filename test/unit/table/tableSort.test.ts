import { describe, expect, it } from "vitest";
import { nextSort, sortRows, toggleDirection, type SortSpec } from "../../../src/domain/table/tableSort";

type Row = { readonly id: string; readonly taxonomy_2?: unknown; readonly clicks?: unknown };

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

  const withNone: Row[] = [
    { id: "none", taxonomy_2: "None", clicks: 999 },
    { id: "brand", taxonomy_2: "Brand", clicks: 10 },
    { id: "generic", taxonomy_2: "Generic", clicks: 30 },
    { id: "display", taxonomy_2: "Display", clicks: 20 },
  ];

  it.each([
    [{ column: "clicks", direction: "desc" }, "taxonomy_2", ["generic", "display", "brand", "none"]],
    [{ column: "clicks", direction: "asc" }, "taxonomy_2", ["brand", "display", "generic", "none"]],
    [{ column: "taxonomy_2", direction: "asc" }, "taxonomy_2", ["brand", "display", "generic", "none"]],
    [{ column: "taxonomy_2", direction: "desc" }, "taxonomy_2", ["generic", "display", "brand", "none"]],
    [{ column: "clicks", direction: "desc" }, undefined, ["none", "generic", "display", "brand"]],
    [{ column: "taxonomy_2", direction: "desc" }, undefined, ["none", "generic", "display", "brand"]],
  ] satisfies Array<[SortSpec, string | undefined, string[]]>)("%j with noneLastColumn %s", (spec, noneLastColumn, expected) => {
    expect(ids(sortRows(withNone, spec, noneLastColumn ? { noneLastColumn } : {}))).toEqual(expected);
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

  it("puts 'None' rows after missing values", () => {
    const rows: Row[] = [
      { id: "none", taxonomy_2: "None", clicks: 1 },
      { id: "missing", taxonomy_2: "X" },
      { id: "two", taxonomy_2: "Y", clicks: 2 },
    ];
    expect(ids(sortRows(rows, { column: "clicks", direction: "desc" }, { noneLastColumn: "taxonomy_2" }))).toEqual(["two", "missing", "none"]);
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
