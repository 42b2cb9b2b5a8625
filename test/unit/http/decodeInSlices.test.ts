import { Cause, Effect, Either, Exit, Fiber, Layer, ParseResult, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { apiClientTest, CurrentApiContext, type TestAnswer } from "../../../src/services/http/apiClient";
import { decodeInSlices } from "../../../src/services/http/decodeInSlices";
import { request, slicedDecodeFrom, type LargeAnswerDecoder } from "../../../src/services/http/http";
import { HttpFailures, HttpFailuresLive } from "../../../src/services/http/httpFailures";
import type { HttpError } from "../../../src/services/http/httpErrors";
import { TableResponse } from "../../../src/domain/performance/performance";
import { columnHeaders, metricsFromSums, zeroSums } from "../../../src/domain/report/metrics";

/** A performance table of `n` rows under `parent`, every metric derived from its sums. */
const performanceTable = (parent: string, n: number): TableResponse => {
  const data = Array.from({ length: n }, (_, i) => ({
    taxonomy_1: parent,
    taxonomy_2: i === n - 1 ? "None" : `Channel ${i + 1}`,
    ...metricsFromSums({ ...zeroSums, clicks: 1_000 + i, impressions: 20_000 + i, variable_cost: i * 1.5, last_click_sales: i % 17, last_click_revenue: (i % 17) * 41.25 }),
  }));
  return { data, column_headers: columnHeaders(), total: n };
};

const Row = Schema.Struct({ name: Schema.String, clicks: Schema.Number, note: Schema.optional(Schema.String) });
const Answer = Schema.Struct({ data: Schema.Array(Row), total: Schema.Number, labels: Schema.Array(Schema.String) });
const Rows = Schema.Array(Row);
/** A transformation: the sliced path does not apply, the one-go decode does. */
const Counted = Schema.Struct({ data: Schema.Array(Schema.NumberFromString) }).pipe(Schema.filter((a) => a.data.length > 0));

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Channel ${i}`, clicks: i, ...(i % 3 === 0 ? { note: "x" } : {}), extra: true }));

/** Runs the sliced decode with a counting pause; answers the exit as an Either of the value or the formatted error, and the number of pauses. */
const sliced = async <A, I>(schema: Schema.Schema<A, I>, value: unknown, elementsPerSlice = 10) => {
  let pauses = 0;
  const exit = await Effect.runPromiseExit(decodeInSlices(schema, { elementsPerSlice, yieldToPage: Effect.sync(() => void pauses++) })(value));
  return { result: outcome(exit), pauses };
};

const inOneGo = async <A, I>(schema: Schema.Schema<A, I>, value: unknown) => outcome(await Effect.runPromiseExit(Schema.decodeUnknown(schema)(value)));

const outcome = <A>(exit: Exit.Exit<A, ParseResult.ParseError>): Either.Either<A, string> => {
  if (Exit.isSuccess(exit)) return Either.right(exit.value);
  const failure = Cause.failureOption(exit.cause);
  if (failure._tag === "None") throw new Error(Cause.pretty(exit.cause));
  return Either.left(ParseResult.TreeFormatter.formatErrorSync(failure.value));
};

const bad = (n: number, at: number, row: unknown) => rows(n).map((r, i) => (i === at ? row : r));

describe("decodeInSlices: the same answer and the same error as the one-go decode", () => {
  it.each<[string, Schema.Schema.AnyNoContext, unknown, number]>([
    ["a small struct (no array long enough to slice)", Answer, { data: rows(5), total: 5, labels: ["a"] }, 0],
    ["a large struct: its long array in slices of 10", Answer, { data: rows(95), total: 95, labels: ["a", "b"], dropped: 1 }, 10],
    ["two long arrays", Answer, { data: rows(25), total: 1, labels: rows(12).map((r) => r.name) }, 3 + 2],
    ["a large top-level array", Rows, rows(41), 5],
    ["a small top-level array", Rows, rows(3), 0],
    ["a wrong element in the first slice", Answer, { data: bad(95, 2, { name: 1, clicks: 2 }), total: 95, labels: [] }, 1],
    ["a wrong element in the last slice", Answer, { data: bad(95, 94, { name: "x" }), total: 95, labels: [] }, 10],
    ["a wrong property beside a long array", Answer, { data: rows(95), total: "95", labels: [] }, 0],
    ["an array where an object should be", Answer, [1, 2], 0],
    ["a wrong element of a large top-level array", Rows, bad(41, 40, null), 5],
    ["null", Answer, null, 0],
    ["a schema with a transformation and a filter (decoded in one go)", Counted, { data: ["1", "2", "3"].concat(Array(30).fill("4")) }, 0],
    ["a failing transformation", Counted, { data: ["x"] }, 0],
  ])("%s", async (_, schema, value, pauses) => {
    const expected = await inOneGo(schema, value);
    const got = await sliced(schema, value);
    expect(got.result).toEqual(expected);
    expect(got.pauses).toBe(pauses);
  });

  it("keeps the one-go decode's key order and drops excess properties", async () => {
    const value = { labels: [], extra: 1, total: 20, data: rows(20) };
    const got = await sliced(Answer, value);
    expect(Either.isRight(got.result) && Object.keys(got.result.right)).toEqual(["data", "total", "labels"]);
    expect(Either.isRight(got.result) && Object.keys(got.result.right.data[0]!)).toEqual(["name", "clicks", "note"]);
  });

  it("decodes a 1,000-row performance table as the one-go decode does, and names the same wrong cell", async () => {
    const table = performanceTable("Display", 1_000);
    const got = await sliced(TableResponse, JSON.parse(JSON.stringify(table)), 100);
    expect(got.result).toEqual(Either.right(table));
    expect(got.pauses).toBe(10);
    const broken = { ...table, data: table.data.map((r, i) => (i === 700 ? { ...r, clicks: "many" } : r)) };
    const error = await sliced(TableResponse, broken, 100);
    expect(error.result).toEqual(await inOneGo(TableResponse, broken));
    expect(Either.isLeft(error.result) && error.result.left).toContain("[700]");
  });

  it("stops between two slices when interrupted", async () => {
    let pauses = 0;
    const program = Effect.gen(function* () {
      const fiber = yield* Effect.fork(decodeInSlices(Rows, { elementsPerSlice: 10, yieldToPage: Effect.sync(() => void pauses++).pipe(Effect.zipRight(Effect.never)) })(rows(50)));
      yield* Effect.yieldNow();
      return yield* Fiber.interrupt(fiber);
    });
    const exit = await Effect.runPromise(program);
    expect(Exit.isInterrupted(exit)).toBe(true);
    expect(pauses).toBe(1);
  });

  it("gives the main thread back with the platform's own pause", async () => {
    await expect(Effect.runPromise(decodeInSlices(Rows, { elementsPerSlice: 7 })(rows(30)))).resolves.toHaveLength(30);
  });
});

describe("request: a large answer goes through the sliced decode with the same outcome", () => {
  const api = { baseUrl: "/api", token: null };
  /** Counts the answers the call's large-answer decoder was asked to decode (it is `decodeInSlices`). */
  let slicedDecodes = 0;
  const countingSlices: LargeAnswerDecoder = (schema) => (body) => {
    slicedDecodes += 1;
    return decodeInSlices(schema)(body);
  };
  const run = async (answer: TestAnswer, handles: ReadonlyArray<"DecodeError"> = []) => {
    slicedDecodes = 0;
    const published: HttpError[] = [];
    const exit = await Effect.runPromise(
      Effect.gen(function* () {
        const failures = yield* HttpFailures;
        yield* failures.subscribe((e) => published.push(e));
        return yield* Effect.exit(request({ segments: ["programs", "p", "table"], response: TableResponse, handles, decodeLarge: countingSlices }));
      }).pipe(Effect.provideService(CurrentApiContext, api), Effect.provide(Layer.merge(apiClientTest({ "GET /programs/p/table": answer }), HttpFailuresLive))),
    );
    return { exit, published };
  };

  const small = performanceTable("Search", 3);
  const large = performanceTable("Search", 1_000);
  const wrong = (table: TableResponse, at: number) => ({ ...table, data: table.data.map((r, i) => (i === at ? { ...r, roas: null } : r)) });

  it("the large answer is over the threshold and the small one under it", () => {
    expect(JSON.stringify(large).length).toBeGreaterThanOrEqual(slicedDecodeFrom);
    expect(JSON.stringify(small).length).toBeLessThan(slicedDecodeFrom);
  });

  it.each([
    ["small", small],
    ["large", large],
  ])("a %s answer decodes to the table (only a large one through the sliced decode)", async (size, table) => {
    const { exit, published } = await run({ status: 200, json: table });
    expect(exit).toEqual(Exit.succeed(table));
    expect(published).toEqual([]);
    expect(slicedDecodes).toBe(size === "large" ? 1 : 0);
  });

  it("the performance table call decodes a 1,000-row answer (through its sliced decode) to the table", async () => {
    const { loadTable } = await import("../../../src/services/performance/performance");
    const scope = { program: "p", range: { from: "2026-01-01", to: "2026-01-31" }, path: [] };
    const exit = await Effect.runPromise(
      Effect.exit(loadTable(scope)).pipe(
        Effect.provideService(CurrentApiContext, api),
        Effect.provide(Layer.merge(apiClientTest({ "GET /programs/p/performance/table/single/taxonomy_1": { status: 200, json: large } }), HttpFailuresLive)),
      ),
    );
    expect(exit).toEqual(Exit.succeed(large));
  });

  it.each([
    ["small", wrong(small, 2)],
    ["large", wrong(large, 900)],
  ])("a %s answer of the wrong shape is a DecodeError with the formatted message, published unless handled", async (_, body) => {
    const message = ParseResult.TreeFormatter.formatErrorSync(Either.getOrThrowWith(Either.flip(Schema.decodeUnknownEither(TableResponse)(body)), () => "decoded"));
    const unhandled = await run({ status: 200, json: body });
    const failure = Exit.isFailure(unhandled.exit) ? Cause.failureOption(unhandled.exit.cause) : undefined;
    expect(failure).toMatchObject({ value: { _tag: "DecodeError", message, path: "/programs/p/table" } });
    expect(unhandled.published.map((e) => e._tag)).toEqual(["DecodeError"]);
    const handled = await run({ status: 200, json: body }, ["DecodeError"]);
    expect(Exit.isFailure(handled.exit)).toBe(true);
    expect(handled.published).toEqual([]);
  });
});
