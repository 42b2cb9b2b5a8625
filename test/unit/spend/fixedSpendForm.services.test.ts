import { Cause, Effect, Exit, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { apiClientTest, CurrentApiContext, type ApiClient, type OutgoingRequest, type TestAnswer } from "../../../src/services/http/apiClient";
import { HttpFailures, HttpFailuresLive } from "../../../src/services/http/httpFailures";
import type { HttpError } from "../../../src/services/http/httpErrors";
import { createFixedCost, findFixedCost, isStaleSpendEdit, removeFixedCost, updateFixedCost } from "../../../src/services/spend/costs";

const api = { baseUrl: "/api", token: "t0k" };

const run = async <A>(effect: Effect.Effect<A, HttpError, CurrentApiContext | HttpFailures | ApiClient>, route: string, answer: TestAnswer) => {
  const calls: OutgoingRequest[] = [];
  const published: HttpError[] = [];
  const program = Effect.gen(function* () {
    const failures = yield* HttpFailures;
    yield* failures.subscribe((e) => published.push(e));
    return yield* Effect.exit(effect);
  }).pipe(Effect.provideService(CurrentApiContext, api), Effect.provide(Layer.merge(apiClientTest({ [route]: answer }, calls), HttpFailuresLive)));
  return { exit: await Effect.runPromise(program), calls, published };
};

const failureTag = (exit: Exit.Exit<unknown, HttpError>): string | null => {
  if (Exit.isSuccess(exit)) return null;
  const failure = Cause.failureOption(exit.cause);
  return failure._tag === "Some" ? failure.value._tag : null;
};

const stored = {
  id: 7,
  taxonomy_1: "SEO",
  taxonomy_2: "Google Organic",
  taxonomy_3: "None",
  taxonomy_4: "None",
  cost: 2500,
  start_date: "2026-01-05",
  end_date: "2026-01-31",
  meta: '{"frequency":"daily","original_frequency":"single"}',
  days: 27,
};

const update = {
  taxonomy_1: "SEO",
  taxonomy_2: "",
  taxonomy_3: "",
  taxonomy_4: "",
  cost: 12.5,
  start_date: "2026-01-05",
  end_date: null,
  frequency: "single" as const,
};

/** Which failures the screen handles itself (not published to the app's dialog) and which the app answers. */
const failures: ReadonlyArray<readonly [string, TestAnswer, string, boolean]> = [
  ["403", { status: 403, json: { error: "forbidden", message: "no" } }, "Forbidden", false],
  ["404", { status: 404, json: { error: "not_found", message: "no" } }, "NotFound", false],
  ["400", { status: 400, json: { error: "invalid_body", message: "no" } }, "ClientError", true],
  ["500", { status: 500, text: "<html>" }, "ServerError", true],
  ["a network failure", "network-failure", "NetworkError", true],
  ["401", { status: 401, json: { error: "unauthorized", message: "no" } }, "Unauthorized", true],
];

describe("findFixedCost", () => {
  const route = "GET /programs/north wind/fixed-costs/7";

  it("asks for the configuration by id in the program and decodes its meta", async () => {
    const { exit, calls } = await run(findFixedCost("north wind", 7), route, { status: 200, json: { data: stored } });
    expect(calls[0]?.url).toBe("/api/programs/north%20wind/fixed-costs/7");
    expect(calls[0]?.headers.Authorization).toBe("Bearer t0k");
    expect(Exit.isSuccess(exit) && exit.value.data).toEqual({ ...stored, meta: { frequency: "daily", original_frequency: "single" } });
  });

  it("an answer whose meta is not JSON is a DecodeError, published to the app", async () => {
    const { exit, published } = await run(findFixedCost("north wind", 7), route, { status: 200, json: { data: { ...stored, meta: "{" } } });
    expect(failureTag(exit)).toBe("DecodeError");
    expect(published.map((e) => e._tag)).toEqual(["DecodeError"]);
  });

  it.each(failures)("a %s is %s; published to the app: %s", async (_, answer, tag, isPublished) => {
    const { exit, published } = await run(findFixedCost("north wind", 7), route, answer);
    expect(failureTag(exit)).toBe(tag);
    expect(published.length > 0).toBe(isPublished);
  });
});

describe("updateFixedCost", () => {
  const route = "PATCH /programs/acme/fixed-costs/7";

  it("sends every field of the form and the version it was loaded at as JSON, and decodes the stored answer", async () => {
    const { exit, calls } = await run(updateFixedCost("acme", 7, update, 3), route, { status: 200, json: { data: { ...stored, cost: 12.5, version: 4 } } });
    expect(calls[0]?.method).toBe("PATCH");
    expect(calls[0]?.headers["Content-Type"]).toBe("application/json");
    expect(JSON.parse(calls[0]?.body ?? "null")).toEqual({ ...update, version: 3 });
    expect(Exit.isSuccess(exit) && exit.value.data.cost).toBe(12.5);
  });

  // A refusal (a stale edit's 409, a 400) is the screen's to show, not the app's dialog.
  const updateFailures = [
    ...failures.map(([name, answer, tag, isPublished]) => [name, answer, tag, tag === "ClientError" ? false : isPublished] as const),
    ["409 stale_spend", { status: 409, json: { error: "stale_spend", message: "Someone else saved it" } }, "ClientError", false] as const,
  ];
  it.each(updateFailures)("a %s is %s; published to the app: %s", async (_, answer, tag, isPublished) => {
    const { exit, published } = await run(updateFixedCost("acme", 7, update, 1), route, answer);
    expect(failureTag(exit)).toBe(tag);
    expect(published.length > 0).toBe(isPublished);
  });

  it("tells a stale edit's 409 from other refusals", async () => {
    const stale = await run(updateFixedCost("acme", 7, update, 1), route, { status: 409, json: { error: "stale_spend", message: "Someone else saved it" } });
    const invalid = await run(updateFixedCost("acme", 7, update, 1), route, { status: 400, json: { error: "invalid_body", message: "no" } });
    const errorOf = (exit: Exit.Exit<unknown, HttpError>): unknown => (Exit.isFailure(exit) ? Cause.failureOption(exit.cause).pipe((o) => (o._tag === "Some" ? o.value : null)) : null);
    expect(isStaleSpendEdit(errorOf(stale.exit))).toBe(true);
    expect(isStaleSpendEdit(errorOf(invalid.exit))).toBe(false);
  });
});

describe("removeFixedCost", () => {
  const route = "DELETE /programs/acme/fixed-costs/7";

  it("sends a DELETE without a body and reads Ok", async () => {
    const { exit, calls } = await run(removeFixedCost("acme", 7), route, { status: 200, json: { ok: true } });
    expect(calls[0]?.method).toBe("DELETE");
    expect(calls[0]?.body).toBeUndefined();
    expect(Exit.isSuccess(exit)).toBe(true);
  });

  it.each(failures)("a %s is %s; published to the app: %s", async (_, answer, tag, isPublished) => {
    const { exit, published } = await run(removeFixedCost("acme", 7), route, answer);
    expect(failureTag(exit)).toBe(tag);
    expect(published.length > 0).toBe(isPublished);
  });
});

describe("createFixedCost with an Idempotency-Key", () => {
  it("sends the key as a header beside the body", async () => {
    const body = { taxonomy_1: "SEO", cost: 0, start_date: "2026-01-05", frequency: "daily" as const, end_date: "2026-01-06" };
    const { exit, calls } = await run(createFixedCost("acme", body, { idempotencyKey: "spend-form-abc" }), "POST /programs/acme/fixed-costs", {
      status: 200,
      json: { data: { id: 9 } },
    });
    expect(calls[0]?.headers["Idempotency-Key"]).toBe("spend-form-abc");
    expect(JSON.parse(calls[0]?.body ?? "null")).toEqual(body);
    expect(Exit.isSuccess(exit) && exit.value.data.id).toBe(9);
  });
});
