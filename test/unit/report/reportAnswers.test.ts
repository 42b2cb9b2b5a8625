import { Either, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { funnelFieldNames, funnelFields } from "../../../src/domain/analysis/analysis";
import { metricFields } from "../../../src/domain/performance/performance";
import { metricNames } from "../../../src/domain/report/metrics";
import { listAnswer } from "../../../src/domain/report/listAnswer";
import { chartAnswer, ColumnHeaders, fieldsNamed, levelTaxonomyFields, tableAnswer, taxonomyPathFields } from "../../../src/domain/report/reportAnswers";

const Row = Schema.Struct({ ...levelTaxonomyFields, clicks: Schema.Number });
const Path = Schema.Struct(taxonomyPathFields);
const Table = tableAnswer(Row);
const Chart = chartAnswer(Row);
const List = listAnswer(Path);
const Counts = Schema.Struct(fieldsNamed(["hits", "orders"], Schema.Number));
const Texts = Schema.Struct(fieldsNamed(["source", "medium"], Schema.NullOr(Schema.String)));
const path = { taxonomy_1: "a", taxonomy_2: "None", taxonomy_3: "None", taxonomy_4: "None" };

const decodes = <A, I>(schema: Schema.Schema<A, I, never>, value: unknown): boolean => Either.isRight(Schema.decodeUnknownEither(schema)(value));

const headers = { clicks: "Page Lands" };

describe("the answers the API shares", () => {
  it.each<[string, Schema.Schema<unknown, unknown, never>, unknown, boolean]>([
    ["a table: rows, headers and total", Table as never, { data: [{ taxonomy_1: "Paid", clicks: 3 }], column_headers: headers, total: 1 }, true],
    ["a table of level-two rows", Table as never, { data: [{ taxonomy_1: "Paid", taxonomy_2: "Google", clicks: 3 }], column_headers: headers, total: 1 }, true],
    ["a table without its total", Table as never, { data: [], column_headers: headers }, false],
    ["a table without its headers", Table as never, { data: [], total: 0 }, false],
    ["a table with a row of the wrong shape", Table as never, { data: [{ clicks: "3" }], column_headers: headers, total: 1 }, false],
    ["a chart: points and headers", Chart as never, { data: [{ clicks: 1 }], column_headers: headers }, true],
    ["a chart without its headers", Chart as never, { data: [] }, false],
    ["headers that are not text", ColumnHeaders as never, { clicks: 1 }, false],
    ["a full taxonomy path", Path as never, { taxonomy_1: "a", taxonomy_2: "None", taxonomy_3: "None", taxonomy_4: "None" }, true],
    ["a path missing a level", Path as never, { taxonomy_1: "a", taxonomy_2: "b", taxonomy_3: "c" }, false],
    ["a list: its items", List as never, { data: [path, path] }, true],
    ["an empty list", List as never, { data: [] }, true],
    ["a list without its data", List as never, {}, false],
    ["a list that is a bare array", List as never, [path], false],
    ["a list with an item of the wrong shape", List as never, { data: [path, { taxonomy_1: "a" }] }, false],
    ["fields named by a list, each a number", Counts as never, { hits: 3, orders: 0 }, true],
    ["fields named by a list, one missing", Counts as never, { hits: 3 }, false],
    ["fields named by a list, one of another type", Counts as never, { hits: 3, orders: "0" }, false],
    ["fields named by a list, nullable text", Texts as never, { source: null, medium: "cpc" }, true],
  ])("%s: %s", (_, schema, value, expected) => {
    expect(decodes(schema, value)).toBe(expected);
  });
});

describe("fields named by a list", () => {
  it("keeps the names' order, which an encoded answer's keys follow", () => {
    const names = ["orders", "hits", "clicks"] as const;
    const Figures = Schema.Struct(fieldsNamed(names, Schema.Number));
    expect(Object.keys(Figures.fields)).toEqual(names);
    expect(Object.keys(Schema.encodeSync(Figures)({ clicks: 1, hits: 2, orders: 3 }))).toEqual(names);
  });
});

describe("the rows' number fields, named by their lists", () => {
  it.each<[string, Record<string, unknown>, ReadonlyArray<string>]>([
    ["a performance row's 25 metrics", metricFields, metricNames],
    ["a funnel row's 12 funnel fields", funnelFields, funnelFieldNames],
  ])("%s: in the standard order, each a number", (_, fields, names) => {
    expect(Object.keys(fields)).toEqual(names);
    expect(Object.values(fields).every((field) => field === Schema.Number)).toBe(true);
  });
});
