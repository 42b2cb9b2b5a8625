import { Cause, Effect, Exit, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { apiClientTest, CurrentApiContext, type ApiClient, type OutgoingRequest, type TestAnswer } from "../../../src/services/http/apiClient";
import { HttpFailures, HttpFailuresLive } from "../../../src/services/http/httpFailures";
import type { HttpError } from "../../../src/services/http/httpErrors";
import { deleteVariableCost, listVariableCosts } from "../../../src/services/spend/costs";

const api = { baseUrl: "/api", token: "t0k" };
const listRoute = "GET /programs/north wind/variable-costs";
const deleteRoute = "DELETE /programs/north wind/variable-costs/41";

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

const entry = (id: number) => ({ id, taxonomy_1: "Paid Search", cost: 12.5, date: "2026-01-05", cost_link: `gads-${id}` });

const failureTag = (exit: Exit.Exit<unknown, HttpError>): string | null => {
  if (Exit.isSuccess(exit)) return null;
  const failure = Cause.failureOption(exit.cause);
  return failure._tag === "Some" ? failure.value._tag : null;
};

describe("listVariableCosts", () => {
  it("asks for every entry of the program (no dates) and decodes them with VariableCostList", async () => {
    const { exit, calls } = await run(listVariableCosts("north wind"), { [listRoute]: { status: 200, json: { data: [entry(2), entry(1)] } } });
    expect(calls.map((c) => [c.method, c.url])).toEqual([["GET", "/api/programs/north%20wind/variable-costs"]]);
    expect(Exit.isSuccess(exit) && exit.value.data.map((r) => r.id)).toEqual([2, 1]);
  });

  it("decodes an answer of thousands of entries (in slices) to the same rows", async () => {
    const data = Array.from({ length: 2000 }, (_, i) => entry(2000 - i));
    const { exit } = await run(listVariableCosts("north wind"), { [listRoute]: { status: 200, json: { data } } });
    expect(Exit.isSuccess(exit) && exit.value.data).toEqual(data);
  });

  it.each<[string, TestAnswer, string, boolean]>([
    ["404", { status: 404 }, "NotFound", false],
    ["400", { status: 400, json: { error: "invalid_dates", message: "no" } }, "ClientError", false],
    ["500", { status: 500, text: "<html>" }, "ServerError", false],
    ["a network failure", "network-failure", "NetworkError", false],
    ["an entry without a cost link", { status: 200, json: { data: [{ ...entry(1), cost_link: undefined }] } }, "DecodeError", false],
    ["a cost that is text", { status: 200, json: { data: [{ ...entry(1), cost: "12.50" }] } }, "DecodeError", false],
    ["403", { status: 403, json: { error: "forbidden", message: "no" } }, "Forbidden", true],
    ["401", { status: 401, json: { error: "unauthorized", message: "no" } }, "Unauthorized", true],
  ])("a failed load (%s) is the list's own unless the app answers it", async (_, answer, tag, published) => {
    const result = await run(listVariableCosts("north wind"), { [listRoute]: answer });
    expect(failureTag(result.exit)).toBe(tag);
    expect(result.published.length > 0).toBe(published);
  });
});

describe("deleteVariableCost", () => {
  it("sends DELETE for the entry, with no body, and decodes Ok", async () => {
    const { exit, calls } = await run(deleteVariableCost("north wind", 41), { [deleteRoute]: { status: 200, json: { ok: true } } });
    expect(calls.map((c) => [c.method, c.url, c.body ?? null])).toEqual([["DELETE", "/api/programs/north%20wind/variable-costs/41", null]]);
    expect(Exit.isSuccess(exit) && exit.value).toEqual({ ok: true });
  });

  it.each<[string, TestAnswer, string, boolean]>([
    ["404 (already gone): the list's own", { status: 404, json: { error: "not_found", message: "no" } }, "NotFound", false],
    ["an answer that is not Ok", { status: 200, json: { ok: false } }, "DecodeError", true],
    ["500", { status: 500, text: "<html>" }, "ServerError", true],
    ["a network failure", "network-failure", "NetworkError", true],
    ["403", { status: 403, json: { error: "forbidden", message: "no" } }, "Forbidden", true],
    ["422", { status: 422, json: { error: "invalid", message: "no" } }, "ClientError", true],
  ])("a failed delete (%s): published to the app unless it is a 404", async (_, answer, tag, published) => {
    const result = await run(deleteVariableCost("north wind", 41), { [deleteRoute]: answer });
    expect(failureTag(result.exit)).toBe(tag);
    expect(result.published.length > 0).toBe(published);
  });
});
