import { Either, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { chartAnswer, ColumnHeaders, levelTaxonomyFields, tableAnswer, taxonomyPathFields } from "../../../src/domain/report/reportAnswers";

const Row = Schema.Struct({ ...levelTaxonomyFields, clicks: Schema.Number });
const Path = Schema.Struct(taxonomyPathFields);
const Table = tableAnswer(Row);
const Chart = chartAnswer(Row);

const decodes = <A, I>(schema: Schema.Schema<A, I, never>, value: unknown): boolean => Either.isRight(Schema.decodeUnknownEither(schema)(value));

const headers = { clicks: "Page Lands" };

describe("the answers every report shares", () => {
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
  ])("%s: %s", (_, schema, value, expected) => {
    expect(decodes(schema, value)).toBe(expected);
  });
});
