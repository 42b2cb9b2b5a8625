import { Cause, Effect, Exit, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { funnelHeaders } from "../../../src/domain/analysis/analysis";
import { funnelSegments, loadFunnel, type FunnelScope } from "../../../src/services/funnel/funnel";
import { apiClientTest, CurrentApiContext, type ApiClient, type OutgoingRequest, type TestAnswer } from "../../../src/services/http/apiClient";
import { buildUrl } from "../../../src/services/http/http";
import { HttpFailures, HttpFailuresLive } from "../../../src/services/http/httpFailures";
import type { HttpError } from "../../../src/services/http/httpErrors";
import { loadInitiatorRating } from "../../../src/services/initiatorRating/initiatorRating";

const api = { baseUrl: "/api", token: "t0k" };
const range = { from: "2026-10-01", to: "2026-10-31" };
const scope = (path: ReadonlyArray<string>): FunnelScope => ({ program: "northwind", range, path });
const levelOne = "GET /programs/northwind/performance/funnel/single/taxonomy_1";

const run = async <A>(effect: Effect.Effect<A, HttpError, CurrentApiContext | HttpFailures | ApiClient>, routes: Record<string, TestAnswer>) => {
  const calls: OutgoingRequest[] = [];
  const published: HttpError[] = [];
  const program = Effect.gen(function* () {
    const failures = yield* HttpFailures;
    yield* failures.subscribe((e) => published.push(e));
    return yield* Effect.exit(effect);
  }).pipe(Effect.provideService(CurrentApiContext, api), Effect.provide(Layer.merge(apiClientTest(routes, calls), HttpFailuresLive)));
  return { exit: await Effect.runPromise(program), calls, published };
};

const failureOf = (exit: Exit.Exit<unknown, HttpError>): HttpError | null => {
  if (Exit.isSuccess(exit)) return null;
  const failure = Cause.failureOption(exit.cause);
  return failure._tag === "Some" ? failure.value : null;
};

const row = (taxonomy: Record<string, string>, revenue: readonly [number, number, number, number]) => ({
  ...taxonomy,
  solo_revenue: revenue[0],
  solo_revenue_percent: 10,
  solo_credit: 1,
  upper_funnel_revenue: revenue[1],
  upper_funnel_revenue_percent: 20,
  upper_funnel_credit: 2,
  mid_funnel_revenue: revenue[2],
  mid_funnel_revenue_percent: 30,
  mid_funnel_credit: 3,
  lower_funnel_revenue: revenue[3],
  lower_funnel_revenue_percent: 40,
  lower_funnel_credit: 4,
});

describe("funnelSegments", () => {
  it.each<[ReadonlyArray<string>, string]>([
    [[], "/api/programs/northwind/performance/funnel/single/taxonomy_1"],
    [["Paid Search"], "/api/programs/northwind/performance/funnel/single/taxonomy_1/Paid%20Search/taxonomy_2"],
    [["A/B", "50% & more"], "/api/programs/northwind/performance/funnel/single/taxonomy_1/A%2FB/taxonomy_2/50%25%20%26%20more/taxonomy_3"],
    [["a", "b", "c"], "/api/programs/northwind/performance/funnel/single/taxonomy_1/a/taxonomy_2/b/taxonomy_3/c/taxonomy_4"],
    // four values: the one level-four row
    [["a", "b", "c", "d"], "/api/programs/northwind/performance/funnel/single/taxonomy_1/a/taxonomy_2/b/taxonomy_3/c/taxonomy_4/d"],
  ])("path %j → %s", (path, expected) => {
    expect(buildUrl("/api", funnelSegments(scope(path)))).toBe(expected);
  });
});

describe("loadFunnel", () => {
  it("asks for the level with the dates and interval day, and adds the funnel headers the answer lacks", async () => {
    const headers = Object.fromEntries(Object.entries(funnelHeaders).filter(([k]) => !k.startsWith("solo_")));
    const { exit, calls } = await run(loadFunnel(scope([])), { [levelOne]: { status: 200, json: { data: [row({ taxonomy_1: "Email" }, [1, 2, 3, 4])], column_headers: headers, total: 1 } } });
    expect(calls[0]?.url).toBe("/api/programs/northwind/performance/funnel/single/taxonomy_1?date_from=2026-10-01&date_to=2026-10-31&interval=day");
    expect(Exit.isSuccess(exit) && exit.value.column_headers).toEqual(funnelHeaders);
  });

  it.each<[string, TestAnswer, string]>([
    ["500", { status: 500, text: "<html>" }, "ServerError"],
    ["a revenue as text", { status: 200, json: { data: [{ ...row({ taxonomy_1: "Email" }, [1, 2, 3, 4]), solo_revenue: "1" }], column_headers: {}, total: 1 } }, "DecodeError"],
  ])("fails on %s as %s, handled by the page (not published app-wide)", async (_, answer, tag) => {
    const { exit, published } = await run(loadFunnel(scope([])), { [levelOne]: answer });
    expect(failureOf(exit)?._tag).toBe(tag);
    expect(published).toEqual([]);
  });
});

describe("loadInitiatorRating", () => {
  it("derives upper + solo against mid + lower for every row", async () => {
    const { exit } = await run(loadInitiatorRating(scope([])), {
      [levelOne]: { status: 200, json: { data: [row({ taxonomy_1: "Email" }, [10, 30, 40, 20])], column_headers: funnelHeaders, total: 1 } },
    });
    expect(Exit.isSuccess(exit) && exit.value).toEqual([
      { location: ["Email"], taxonomy_1: "Email", upper_solo_revenue: 40, mid_lower_revenue: 60, total_funnel_revenue: 100, upper_solo_revenue_percent: 40, mid_lower_revenue_percent: 60 },
    ]);
  });

  it("refuses an answer with a row that has no location, naming the problem", async () => {
    const { exit } = await run(loadInitiatorRating(scope([])), {
      [levelOne]: { status: 200, json: { data: [row({ taxonomy_1: "Email" }, [1, 1, 1, 1]), row({}, [1, 1, 1, 1])], column_headers: funnelHeaders, total: 2 } },
    });
    const failure = failureOf(exit);
    expect(failure?._tag).toBe("DecodeError");
    expect(failure?.message).toBe("The funnel answer could not be read: a row's location must hold 1 to 4 names");
  });
});
