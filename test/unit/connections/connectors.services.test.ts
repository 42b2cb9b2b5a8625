import { Cause, Effect, Exit, Layer, Option } from "effect";
import { describe, expect, it } from "vitest";
import { listAccounts, switchAccountSync } from "../../../src/services/connections/connectors";
import { apiClientTest, CurrentApiContext, type ApiClient, type OutgoingRequest, type TestAnswer } from "../../../src/services/http/apiClient";
import { HttpFailures, HttpFailuresLive } from "../../../src/services/http/httpFailures";
import type { HttpError } from "../../../src/services/http/httpErrors";

const api = { baseUrl: "/connectors", token: "t0k" };

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

const failureOf = <A>(exit: Exit.Exit<A, HttpError>): HttpError | null =>
  Exit.isFailure(exit) ? Option.getOrNull(Cause.failureOption(exit.cause)) : null;

const list = "GET /adwords/7/listAccounts";
const account = { accountId: "123-456-7890", account_name: "UK Search", active: true };

describe("listAccounts", () => {
  it("asks the connections service for the user's accounts, with the bearer token, and decodes the list", async () => {
    const { exit, calls } = await run(listAccounts(7, null), list, { status: 200, json: [account] });
    expect(calls[0]?.url).toBe("/connectors/adwords/7/listAccounts");
    expect(calls[0]?.headers["Authorization"]).toBe("Bearer t0k");
    expect(Exit.isSuccess(exit) && exit.value).toEqual([account]);
  });

  it("passes code and state, and decodes a redirect", async () => {
    const { exit, calls } = await run(listAccounts(7, { code: "c 1", state: "s&2" }), list, { status: 200, json: { redirect_to: "http://x/consent" } });
    expect(calls[0]?.url).toBe("/connectors/adwords/7/listAccounts?code=c+1&state=s%262");
    expect(Exit.isSuccess(exit) && exit.value).toEqual({ redirect_to: "http://x/consent" });
  });

  it.each<[string, TestAnswer, string, boolean]>([
    ["an account without its name", { status: 200, json: [{ accountId: "1", active: true }] }, "DecodeError", false],
    ["a refused state", { status: 400, json: { error: "invalid_state", message: "The connection state is unknown, expired or already used. Start the connection again." } }, "ClientError", false],
    ["500", { status: 500, text: "<html>" }, "ServerError", false],
    ["a network failure", "network-failure", "NetworkError", false],
    ["403", { status: 403, json: { error: "forbidden", message: "no" } }, "Forbidden", false],
    ["401", { status: 401, json: { error: "unauthorized", message: "no" } }, "Unauthorized", true],
  ])("%s fails as %s, published to the app only for a 401", async (_, answer, tag, published) => {
    const result = await run(listAccounts(7, null), list, answer);
    expect(failureOf(result.exit)?._tag).toBe(tag);
    expect(result.published.length > 0).toBe(published);
  });

  it("keeps the service's words of a refused state", async () => {
    const message = "The connection state is unknown, expired or already used. Start the connection again.";
    const { exit } = await run(listAccounts(7, { code: "c", state: "s" }), list, { status: 400, json: { error: "invalid_state", message } });
    const failure = failureOf(exit);
    expect(failure?._tag === "ClientError" && [failure.code, failure.message]).toEqual(["invalid_state", message]);
  });
});

describe("switchAccountSync", () => {
  it.each([
    [true, "GET /adwords/7/enableSync/123 456"],
    [false, "GET /adwords/7/disableSync/123 456"],
  ] as const)("active %s calls %s (the account id encoded) and decodes Ok", async (active, route) => {
    const { exit, calls } = await run(switchAccountSync(7, "123 456", active), route, { status: 200, json: { ok: true } });
    expect(calls[0]?.url).toBe(`/connectors/adwords/7/${active ? "enableSync" : "disableSync"}/123%20456`);
    expect(Exit.isSuccess(exit)).toBe(true);
  });

  it("leaves a failed switch to the page", async () => {
    const result = await run(switchAccountSync(7, "1", true), "GET /adwords/7/enableSync/1", { status: 404, json: { error: "not_found", message: "no" } });
    expect(failureOf(result.exit)?._tag).toBe("NotFound");
    expect(result.published).toEqual([]);
  });
});
