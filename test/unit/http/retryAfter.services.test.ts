import { Cause, Effect, Exit, Layer, Option, Schema } from "effect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiClientLive, apiClientTest, CurrentApiContext, type ApiClient, type OutgoingRequest, type TestAnswer } from "../../../src/services/http/apiClient";
import { request, type ApiCall } from "../../../src/services/http/http";
import { HttpFailuresLive } from "../../../src/services/http/httpFailures";
import type { HttpError } from "../../../src/services/http/httpErrors";
import { createFixedCost } from "../../../src/services/spend/costs";

const Answer = Schema.Struct({ data: Schema.Number });
const api = { baseUrl: "/api", token: "t0k" };

const failureOf = (exit: Exit.Exit<unknown, HttpError>): HttpError | null => {
  if (Exit.isSuccess(exit)) return null;
  const f = Cause.failureOption(exit.cause);
  return Option.isSome(f) ? f.value : null;
};

const runOn = <A>(layer: Layer.Layer<ApiClient>, effect: Effect.Effect<A, HttpError, ApiCall>) =>
  Effect.runPromise(Effect.exit(effect).pipe(Effect.provideService(CurrentApiContext, api), Effect.provide(Layer.merge(layer, HttpFailuresLive))));

afterEach(() => vi.unstubAllGlobals());

describe("request headers and Retry-After", () => {
  it("a call's own headers are sent beside Accept, Authorization and Content-Type, which it cannot replace", async () => {
    const calls: OutgoingRequest[] = [];
    const exit = await runOn(
      apiClientTest({ "POST /x": { status: 201, json: { data: 1 } } }, calls),
      request({ method: "POST", segments: ["x"], body: { a: 1 }, headers: { "Idempotency-Key": "k-1", Accept: "text/html" }, response: Answer, handles: ["ClientError"] }),
    );
    expect(exit).toEqual(Exit.succeed({ data: 1 }));
    expect(calls[0]?.headers).toEqual({ "Idempotency-Key": "k-1", Accept: "application/json", Authorization: "Bearer t0k", "Content-Type": "application/json" });
  });

  it.each<[string, TestAnswer, string, string | undefined]>([
    ["429 with Retry-After", { status: 429, json: { error: "throttled", message: "slow down" }, retryAfter: "2" }, "ClientError", "2"],
    ["503 with Retry-After", { status: 503, retryAfter: "5" }, "ServerError", "5"],
    ["500 without", { status: 500 }, "ServerError", undefined],
    ["422 without", { status: 422 }, "ClientError", undefined],
  ])("%s: the error keeps the header", async (_label, answer, tag, retryAfter) => {
    const exit = await runOn(apiClientTest({ "GET /x": answer }), request({ segments: ["x"], response: Answer, handles: ["ClientError", "ServerError"] }));
    const error = failureOf(exit);
    expect(error?._tag).toBe(tag);
    expect(error !== null && "retryAfter" in error ? error.retryAfter : undefined).toBe(retryAfter);
  });

  it("the live client reads Retry-After from fetch's answer", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ error: "throttled", message: "no" }), { status: 429, headers: { "Retry-After": "3" } })));
    const error = failureOf(await runOn(ApiClientLive, request({ segments: ["x"], response: Answer, handles: ["ClientError"] })));
    expect(error).toMatchObject({ _tag: "ClientError", status: 429, retryAfter: "3" });
  });

  it("createFixedCost sends the Idempotency-Key it is given, and none without one", async () => {
    const calls: OutgoingRequest[] = [];
    const body = { taxonomy_1: "Paid Search", cost: 1, start_date: "2026-01-01", frequency: "single" } as const;
    const client = apiClientTest({ "POST /programs/acme/fixed-costs": { status: 201, json: { data: { id: 4 } } } }, calls);
    await runOn(client, createFixedCost("acme", body, { idempotencyKey: "spend-row-abc" }));
    await runOn(client, createFixedCost("acme", body));
    expect(calls.map((c) => c.headers["Idempotency-Key"])).toEqual(["spend-row-abc", undefined]);
  });
});
