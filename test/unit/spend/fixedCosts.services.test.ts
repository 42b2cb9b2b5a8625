import { Cause, Effect, Exit, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { apiClientTest, CurrentApiContext, type ApiClient, type OutgoingRequest, type TestAnswer } from "../../../src/services/http/apiClient";
import { HttpFailures, HttpFailuresLive } from "../../../src/services/http/httpFailures";
import type { HttpError } from "../../../src/services/http/httpErrors";
import { listFixedCosts } from "../../../src/services/spend/costs";

const api = { baseUrl: "/api", token: "t0k" };
const january = { from: "2026-01-01", to: "2026-01-31" };
const route = "GET /programs/north wind/fixed-costs";

const run = async <A>(effect: Effect.Effect<A, HttpError, CurrentApiContext | HttpFailures | ApiClient>, answer: TestAnswer) => {
  const calls: OutgoingRequest[] = [];
  const published: HttpError[] = [];
  const program = Effect.gen(function* () {
    const failures = yield* HttpFailures;
    yield* failures.subscribe((e) => published.push(e));
    return yield* Effect.exit(effect);
  }).pipe(Effect.provideService(CurrentApiContext, api), Effect.provide(Layer.merge(apiClientTest({ [route]: answer }, calls), HttpFailuresLive)));
  return { exit: await Effect.runPromise(program), calls, published };
};

const stored = {
  id: 7,
  taxonomy_1: "SEO",
  taxonomy_2: "Google Organic",
  taxonomy_3: "None",
  taxonomy_4: "None",
  cost: 2500,
  start_date: "2026-01-05",
  end_date: null,
  meta: '{"frequency":"single","original_frequency":"single"}',
  days: 1,
};

describe("listFixedCosts", () => {
  it("asks for the program's configurations in its dates and decodes meta", async () => {
    const { exit, calls } = await run(listFixedCosts("north wind", january), { status: 200, json: { data: [stored] } });
    expect(calls[0]?.url).toBe("/api/programs/north%20wind/fixed-costs?date_from=2026-01-01&date_to=2026-01-31");
    expect(Exit.isSuccess(exit) && exit.value.data[0]?.meta).toEqual({ frequency: "single", original_frequency: "single" });
  });

  it.each<[string, TestAnswer, boolean]>([
    ["404", { status: 404 }, false],
    ["400", { status: 400, json: { error: "invalid_dates", message: "no" } }, false],
    ["500", { status: 500, text: "<html>" }, false],
    ["a network failure", "network-failure", false],
    ["a meta that is not JSON", { status: 200, json: { data: [{ ...stored, meta: "{" }] } }, false],
    ["403", { status: 403, json: { error: "forbidden", message: "no" } }, true],
    ["401", { status: 401, json: { error: "unauthorized", message: "no" } }, true],
  ])("a failed load (%s) is the list's own unless the app answers it", async (_, answer, published) => {
    const result = await run(listFixedCosts("north wind", january), answer);
    expect(Exit.isFailure(result.exit) && Cause.failureOption(result.exit.cause)._tag).toBe("Some");
    expect(result.published.length > 0).toBe(published);
  });
});
