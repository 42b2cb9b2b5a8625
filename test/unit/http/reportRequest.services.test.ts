import { Effect, Exit, Layer, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { apiClientTest, CurrentApiContext, type OutgoingRequest } from "../../../src/services/http/apiClient";
import { HttpFailuresLive } from "../../../src/services/http/httpFailures";
import { slicedDecodeFrom } from "../../../src/services/http/http";
import { dayQuery, rangeQuery, requestRows } from "../../../src/services/http/reportRequest";

const Rows = Schema.Struct({ data: Schema.Array(Schema.Struct({ n: Schema.Number })) });

describe("the report calls' shared query and call", () => {
  it.each([
    [{ from: "2026-01-01", to: "2026-01-31" }, { date_from: "2026-01-01", date_to: "2026-01-31" }],
    [{ from: "2026-03-05", to: "2026-03-05" }, { date_from: "2026-03-05", date_to: "2026-03-05" }],
  ])("a range %j asks %j, and by day with interval=day", (range, query) => {
    expect(rangeQuery(range)).toEqual(query);
    expect(dayQuery(range)).toEqual({ ...query, interval: "day" });
  });

  it.each([
    ["a small answer", 3],
    ["an answer long enough to be decoded in slices", Math.ceil(slicedDecodeFrom / 8) + 10],
  ])("sends the range and decodes %s", async (_, count) => {
    const data = Array.from({ length: count }, (_, n) => ({ n }));
    const calls: OutgoingRequest[] = [];
    const effect = requestRows({ segments: ["programs", "p", "rows"], query: dayQuery({ from: "2026-01-01", to: "2026-01-02" }), response: Rows });
    const exit = await Effect.runPromise(
      Effect.exit(effect).pipe(
        Effect.provideService(CurrentApiContext, { baseUrl: "/api", token: "" }),
        Effect.provide(Layer.merge(apiClientTest({ "GET /programs/p/rows": { status: 200, json: { data } } }, calls), HttpFailuresLive)),
      ),
    );
    expect(exit).toEqual(Exit.succeed({ data }));
    expect(calls[0]?.url).toBe("/api/programs/p/rows?date_from=2026-01-01&date_to=2026-01-02&interval=day");
  });
});
