import { Cause, Effect, Exit, Layer } from "effect";
import { describe, expect, it } from "vitest";
import { isStaleSave, loadClassification, previewClassification, saveClassification } from "../../../src/services/classification/classification";
import { apiClientTest, CurrentApiContext, type ApiClient, type OutgoingRequest, type TestAnswer } from "../../../src/services/http/apiClient";
import { HttpFailures, HttpFailuresLive } from "../../../src/services/http/httpFailures";
import type { HttpError } from "../../../src/services/http/httpErrors";
import { classificationPreviewOf, loadedClassification } from "../../model/classification/classificationFixtures";

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

const failureOf = (exit: Exit.Exit<unknown, HttpError>): HttpError | null => {
  if (Exit.isSuccess(exit)) return null;
  const failure = Cause.failureOption(exit.cause);
  return failure._tag === "Some" ? failure.value : null;
};

const tree = { data: loadedClassification.data };

describe("loadClassification", () => {
  const route = "GET /programs/north wind/admin/classification";

  it("asks for the program's classification and decodes the tree with its version", async () => {
    const { exit, calls } = await run(loadClassification("north wind"), route, { status: 200, json: loadedClassification });
    expect(calls[0]?.url).toBe("/api/programs/north%20wind/admin/classification");
    expect(Exit.isSuccess(exit) && exit.value).toEqual(loadedClassification);
  });

  it.each<[string, TestAnswer, string, boolean]>([
    ["403 is the editor's (to / with its text)", { status: 403, json: { error: "forbidden", message: "no" } }, "Forbidden", false],
    ["500 opens the app's dialog", { status: 500, text: "<html>" }, "ServerError", true],
    ["an answer without a version is a DecodeError", { status: 200, json: { data: [] } }, "DecodeError", true],
  ])("%s", async (_, answer, tag, isPublished) => {
    const { exit, published } = await run(loadClassification("north wind"), route, answer);
    expect(failureOf(exit)?._tag).toBe(tag);
    expect(published.length > 0).toBe(isPublished);
  });
});

describe("saveClassification", () => {
  const route = "POST /programs/acme/admin/classification";

  it("sends the whole tree with the version it was based on and reads the new version", async () => {
    const { exit, calls } = await run(saveClassification("acme", tree, 3), route, { status: 200, json: { ok: true, version: 4 } });
    expect(JSON.parse(calls[0]?.body ?? "null")).toEqual({ data: tree.data, version: 3 });
    expect(Exit.isSuccess(exit) && exit.value).toEqual({ ok: true, version: 4 });
  });

  it.each<[string, TestAnswer, string, boolean]>([
    ["409 stale_classification is a stale save", { status: 409, json: { error: "stale_classification", message: "newer" } }, "ClientError", true],
    ["400 is a failed save, not a stale one", { status: 400, json: { error: "invalid_body", message: "no" } }, "ClientError", false],
    ["409 of another kind is not a stale save", { status: 409, json: { error: "conflict", message: "no" } }, "ClientError", false],
    ["500", { status: 500, text: "<html>" }, "ServerError", false],
  ])("%s; every failure is the editor's, never the app dialog's", async (_, answer, tag, stale) => {
    const { exit, published } = await run(saveClassification("acme", tree, 3), route, answer);
    const failure = failureOf(exit);
    expect(failure?._tag).toBe(tag);
    expect(isStaleSave(failure)).toBe(stale);
    expect(published).toEqual([]);
  });
});

describe("previewClassification", () => {
  const route = "POST /programs/acme/admin/classification/preview";

  it("sends the draft tree and decodes the dry run with the shared Schema", async () => {
    const { exit, calls } = await run(previewClassification("acme", tree), route, { status: 200, json: classificationPreviewOf() });
    expect(JSON.parse(calls[0]?.body ?? "null")).toEqual({ data: tree.data });
    expect(Exit.isSuccess(exit) && exit.value.rules.find((r) => r.shadowed)?.ruleId).toBe(1102);
  });

  it("a refused draft is the editor's: its preview says it could not be made", async () => {
    const { exit, published } = await run(previewClassification("acme", tree), route, { status: 400, json: { error: "invalid_body", message: "Taxonomy name is required" } });
    expect(failureOf(exit)?._tag).toBe("ClientError");
    expect(published).toEqual([]);
  });
});
