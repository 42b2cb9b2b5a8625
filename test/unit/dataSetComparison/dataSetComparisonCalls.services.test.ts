import { Effect, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { ApiClient, CurrentApiContext, type OutgoingRequest } from "../../../src/services/http/apiClient";
import { HttpFailuresLive } from "../../../src/services/http/httpFailures";
import { loadDataSetComparisonData } from "../../../src/services/dataSetComparison/dataSetComparison";

/**
 * An API that answers every call a little later, counting how many are out at once: the
 * screen's six loads (each side's chart and its two tables) are independent, so none waits
 * for another (issue 27, "Ready fast": the previous period's tables went out only after the
 * current ones came back).
 */
const slowApi = (calls: OutgoingRequest[], seen: { inFlight: number; most: number }) =>
  Layer.succeed(ApiClient, {
    send: (request) =>
      Effect.gen(function* () {
        calls.push(request);
        seen.most = Math.max(seen.most, ++seen.inFlight);
        yield* Effect.sleep("5 millis");
        seen.inFlight--;
        const chart = request.path.includes("/chart/");
        return { status: 200, text: JSON.stringify(chart ? { data: [], column_headers: {} } : { data: [], column_headers: {}, total: 0 }) };
      }),
  });

describe("the data-set comparison's loads", () => {
  it("sends the six loads at once", async () => {
    const calls: OutgoingRequest[] = [];
    const seen = { inFlight: 0, most: 0 };
    const data = await Effect.runPromise(
      loadDataSetComparisonData({ program: "p", source: { kind: "named", tags: { first: "valid", second: "cancelled" } }, path: [], range: { from: "2026-02-01", to: "2026-02-28" } }).pipe(
        Effect.provideService(CurrentApiContext, { baseUrl: "/api", token: "" }),
        Effect.provide(Layer.merge(slowApi(calls, seen), HttpFailuresLive)),
      ),
    );
    expect(calls).toHaveLength(6);
    expect(seen.most).toBe(6);
    expect(data.tables.first).toEqual({ current: [], previous: [] });
  });
});
