import { describe, expect, it } from "vitest";
import { clampPage, defaultPerPage, pageBounds, pageCount, pageSlice, peekLimit, peekRows, perPageOptions } from "../../../src/domain/table/pagination";

describe("per-page options", () => {
  it.each([
    ["taxonomyTwo", [10, 15, 30], 10],
    ["level", [15], 15],
    ["search", [15], 15],
  ] as const)("%s offers %j, default %i", (table, options, fallback) => {
    expect(perPageOptions[table]).toEqual(options);
    expect(defaultPerPage[table]).toBe(fallback);
    expect(perPageOptions[table]).toContain(defaultPerPage[table]);
  });
});

describe("pageCount", () => {
  it.each([
    [0, 15, 1],
    [1, 15, 1],
    [15, 15, 1],
    [16, 15, 2],
    [30, 15, 2],
    [31, 15, 3],
    [100, 10, 10],
    [101, 10, 11],
    [29, 30, 1],
    [5, 1, 5],
    [5, 0, 5],
    [5, -3, 5],
    [5, Number.NaN, 5],
    [10, 2.5, 5],
    [-4, 15, 1],
    [Number.NaN, 15, 1],
  ])("%s rows at %s per page -> %i", (total, perPage, expected) => {
    expect(pageCount(total, perPage)).toBe(expected);
  });
});

describe("clampPage", () => {
  it.each([
    ["inside", 2, 40, 15, 2],
    ["the last page", 3, 40, 15, 3],
    ["past the last after the record count shrank", 5, 40, 15, 3],
    ["past the last after per-page grew 10 -> 30", 4, 40, 30, 2],
    ["first page after per-page shrank stays", 1, 40, 10, 1],
    ["no records", 3, 0, 15, 1],
    ["zero", 0, 40, 15, 1],
    ["negative", -2, 40, 15, 1],
    ["fraction", 2.7, 40, 15, 2],
    ["NaN", Number.NaN, 40, 15, 1],
    ["infinity", Number.POSITIVE_INFINITY, 40, 15, 1],
  ])("%s: page %s of %s rows at %s -> %i", (_name, page, total, perPage, expected) => {
    expect(clampPage(page, total, perPage)).toBe(expected);
  });
});

describe("pageSlice", () => {
  const rows = Array.from({ length: 23 }, (_, i) => i + 1);
  it.each([
    [1, 10, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [2, 10, [11, 12, 13, 14, 15, 16, 17, 18, 19, 20]],
    [3, 10, [21, 22, 23]],
    [4, 10, [21, 22, 23]],
    [0, 10, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [2, 15, [16, 17, 18, 19, 20, 21, 22, 23]],
    [1, 30, rows],
  ])("page %i at %i per page", (page, perPage, expected) => {
    expect(pageSlice(rows, page, perPage)).toEqual(expected);
  });

  it("of no rows is empty", () => {
    expect(pageSlice([], 1, 15)).toEqual([]);
  });
});

describe("pageBounds", () => {
  it.each([
    [1, 40, 15, { first: 1, last: 15 }],
    [2, 40, 15, { first: 16, last: 30 }],
    [3, 40, 15, { first: 31, last: 40 }],
    [9, 40, 15, { first: 31, last: 40 }],
    [1, 5, 15, { first: 1, last: 5 }],
    [1, 0, 15, { first: 0, last: 0 }],
  ])("page %i of %i rows at %i", (page, total, perPage, expected) => {
    expect(pageBounds(page, total, perPage)).toEqual(expected);
  });
});

describe("peekRows ('Show me more' above 10)", () => {
  it("shows at most 10", () => {
    expect(peekLimit).toBe(10);
  });

  it.each([
    [0, 0, false],
    [1, 1, false],
    [10, 10, false],
    [11, 10, true],
    [25, 10, true],
  ])("%i rows -> %i shown, more link %s", (n, shown, more) => {
    const rows = Array.from({ length: n }, (_, i) => i);
    const r = peekRows(rows);
    expect(r.shown).toEqual(rows.slice(0, shown));
    expect(r.showMore).toBe(more);
  });
});
