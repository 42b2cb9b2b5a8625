import { Cause, Effect, Exit, Layer, Schema } from "effect";
import { createActor, toPromise } from "xstate";
import { describe, expect, it, vi } from "vitest";
import { apiClientTest, CurrentApiContext, type ApiClient, UnexpectedCall, type OutgoingRequest, type TestAnswer } from "../../../src/services/http/apiClient";
import { request, requestText } from "../../../src/services/http/http";
import { HttpFailures, HttpFailuresLive } from "../../../src/services/http/httpFailures";
import type { HttpError, HttpErrorTag } from "../../../src/services/http/httpErrors";
import { makeAppRuntime } from "../../../src/services/runtime/runtime";
import { storageTest } from "../../../src/services/runtime/storage";
import { EffectDefect, failureOf, fromApiCall, fromEffect } from "../../../src/machines/runtime/fromEffect";

const Answer = Schema.Struct({ data: Schema.Array(Schema.Number) });
const api = { baseUrl: "https://api.example/api/", token: "t0k" };

/** Runs an API call on a test client, returning its exit, the requests sent and the failures published. */
const run = async <A>(effect: Effect.Effect<A, HttpError, CurrentApiContext | HttpFailures | ApiClient>, routes: Record<string, TestAnswer>) => {
  const calls: OutgoingRequest[] = [];
  const published: HttpError[] = [];
  const program = Effect.gen(function* () {
    const failures = yield* HttpFailures;
    yield* failures.subscribe((e) => published.push(e));
    return yield* Effect.exit(effect);
  }).pipe(Effect.provideService(CurrentApiContext, api), Effect.provide(Layer.merge(apiClientTest(routes, calls), HttpFailuresLive)));
  const exit = await Effect.runPromise(program);
  return { exit, calls, published };
};

const failureTag = (exit: Exit.Exit<unknown, HttpError>): string => {
  if (Exit.isSuccess(exit)) return "success";
  const f = Cause.failureOption(exit.cause);
  return f._tag === "Some" ? f.value._tag : "defect";
};

describe("request: the one core of every API call", () => {
  it("sends the API context's base URL, encoded segments, query and bearer token", async () => {
    const { exit, calls } = await run(request({ segments: ["programs", "a/b c", "rows"], query: { date_from: "2026-01-01", empty: "" }, response: Answer }), {
      "GET /programs/a/b c/rows": { status: 200, json: { data: [1, 2] } },
    });
    expect(exit).toEqual(Exit.succeed({ data: [1, 2] }));
    expect(calls[0]?.url).toBe("https://api.example/api/programs/a%2Fb%20c/rows?date_from=2026-01-01");
    expect(calls[0]?.headers).toMatchObject({ Accept: "application/json", Authorization: "Bearer t0k" });
  });

  it("sends a JSON body with its content type", async () => {
    const { calls } = await run(request({ method: "POST", segments: ["x"], body: { a: 1 }, response: Answer }), { "POST /x": { status: 200, json: { data: [] } } });
    expect(calls[0]?.body).toBe('{"a":1}');
    expect(calls[0]?.headers["Content-Type"]).toBe("application/json");
  });

  it.each<[string, TestAnswer, string]>([
    ["401", { status: 401, json: { error: "unauthorized", message: "no" } }, "Unauthorized"],
    ["403", { status: 403, json: { error: "forbidden", message: "no" } }, "Forbidden"],
    ["404", { status: 404 }, "NotFound"],
    ["429", { status: 429, json: { error: "throttled", message: "wait" } }, "ClientError"],
    ["500", { status: 500, text: "<html>" }, "ServerError"],
    ["a network failure", "network-failure", "NetworkError"],
    ["a body of the wrong shape", { status: 200, json: { data: ["x"] } }, "DecodeError"],
  ])("turns %s into its tagged error and publishes it when the caller does not handle it", async (_, answer, tag) => {
    const unhandled = await run(request({ segments: ["x"], response: Answer }), { "GET /x": answer });
    expect(failureTag(unhandled.exit)).toBe(tag);
    expect(unhandled.published.map((e) => e._tag)).toEqual([tag]);
    const handled = await run(request({ segments: ["x"], response: Answer, handles: [tag as HttpErrorTag] }), { "GET /x": answer });
    expect(failureTag(handled.exit)).toBe(tag);
    expect(handled.published).toEqual([]);
  });

  it("keeps the server's message in the error", async () => {
    const { exit } = await run(request({ segments: ["x"], response: Answer, handles: ["ClientError"] }), { "GET /x": { status: 422, json: { error: "invalid", message: "Bad date" } } });
    expect(Exit.isFailure(exit) && Cause.failureOption(exit.cause)).toMatchObject({ value: { _tag: "ClientError", code: "invalid", message: "Bad date", status: 422 } });
  });

  it("requestText shares the core: same URL and errors, the body kept as text", async () => {
    const ok = await run(requestText({ segments: ["file.csv"] }), { "GET /file.csv": { status: 200, text: "a,b\n1,2" } });
    expect(ok.exit).toEqual(Exit.succeed("a,b\n1,2"));
    expect(ok.calls[0]?.headers.Accept).toContain("text/csv");
    const failed = await run(requestText({ segments: ["file.csv"] }), { "GET /file.csv": { status: 503 } });
    expect(failureTag(failed.exit)).toBe("ServerError");
    expect(failed.published).toHaveLength(1);
  });

  it("sends no Authorization header without a token", async () => {
    const calls: OutgoingRequest[] = [];
    await Effect.runPromise(
      request({ segments: ["x"], response: Answer }).pipe(
        Effect.provideService(CurrentApiContext, { baseUrl: "/api", token: null }),
        Effect.provide(Layer.merge(apiClientTest({ "GET /x": { status: 200, json: { data: [] } } }, calls), HttpFailuresLive)),
      ),
    );
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.url).toBe("/api/x");
  });

  it("the test client dies loudly on a call it was not told to expect", async () => {
    const { exit } = await run(request({ segments: ["surprise"], response: Answer }), {});
    expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true);
    expect(Exit.isFailure(exit) && Cause.pretty(exit.cause)).toContain("unexpected API call GET /surprise");
    expect(new UnexpectedCall({ method: "GET", path: "/surprise" }).message).toBe("unexpected API call GET /surprise");
  });
});

describe("fromEffect and fromApiCall: Effects as actors", () => {
  const runtimeWith = (routes: Record<string, TestAnswer>) =>
    makeAppRuntime(Layer.mergeAll(apiClientTest(routes), HttpFailuresLive, storageTest()));

  it("fromApiCall provides the input's API context to the call (live client: fetch) and resolves with its answer", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ data: [7] }), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    try {
      const logic = fromApiCall<{ data: ReadonlyArray<number> }, { api: typeof api }, HttpError>(() => request({ segments: ["x"], response: Answer }));
      await expect(toPromise(createActor(logic, { input: { api } }).start())).resolves.toEqual({ data: [7] });
      expect(fetch.mock.calls[0]?.[0]).toBe("https://api.example/api/x");
      expect(fetch.mock.calls[0]?.[1].headers).toMatchObject({ Authorization: "Bearer t0k" });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("a typed failure reaches onError as it is, and failureOf reads it back typed", async () => {
    const runtime = runtimeWith({ "GET /x": { status: 403, json: { error: "forbidden", message: "Not yours" } } });
    const logic = fromEffect((_: null) => Effect.provideService(request({ segments: ["x"], response: Answer, handles: ["Forbidden"] }), CurrentApiContext, api), runtime);
    const error = await toPromise(createActor(logic, { input: null }).start()).catch((e: unknown) => e);
    const failure = failureOf(logic, { error });
    expect(failure).not.toBeInstanceOf(EffectDefect);
    expect(failure instanceof EffectDefect ? null : failure._tag).toBe("Forbidden");
  });

  it("a defect (an unexpected call) reaches onError as an EffectDefect naming it", async () => {
    const runtime = runtimeWith({});
    const logic = fromEffect((_: null) => Effect.provideService(request({ segments: ["nope"], response: Answer }), CurrentApiContext, api), runtime);
    const error = await toPromise(createActor(logic, { input: null }).start()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EffectDefect);
    expect(String((error as Error).message)).toContain("unexpected API call GET /nope");
  });

  it("each runtime has its own failure channel", async () => {
    const a = runtimeWith({ "GET /x": { status: 500 } });
    const b = runtimeWith({});
    const heardA: string[] = [];
    const heardB: string[] = [];
    a.runSync(Effect.flatMap(HttpFailures, (f) => f.subscribe((e) => heardA.push(e._tag))));
    b.runSync(Effect.flatMap(HttpFailures, (f) => f.subscribe((e) => heardB.push(e._tag))));
    await a.runPromiseExit(Effect.provideService(request({ segments: ["x"], response: Answer }), CurrentApiContext, api));
    expect(heardA).toEqual(["ServerError"]);
    expect(heardB).toEqual([]);
  });
});
