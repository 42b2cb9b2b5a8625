import { Effect, Exit } from "effect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiClient } from "../../../src/services/http/apiClient";
import { HttpFailures } from "../../../src/services/http/httpFailures";
import { NotFound, type HttpError } from "../../../src/services/http/httpErrors";
import { appRuntime } from "../../../src/services/runtime/runtime";
import { Storage } from "../../../src/services/runtime/storage";

describe("appRuntime: the app's one runtime, on the live services", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("gives every run the same store (memory where there is no localStorage)", () => {
    const store = appRuntime.runSync(Storage);
    store.set("k", "v");
    expect(appRuntime.runSync(Storage)).toBe(store);
    expect(appRuntime.runSync(Storage).get("k")).toBe("v");
    store.remove("k");
  });

  it("has one failure channel: a failure published in one run reaches a listener subscribed in another", () => {
    const heard: HttpError[] = [];
    const stop = appRuntime.runSync(Effect.flatMap(HttpFailures, (failures) => failures.subscribe((error) => heard.push(error))));
    const failure = new NotFound({ status: 404, message: "gone", path: "/x" });
    appRuntime.runSync(Effect.flatMap(HttpFailures, (failures) => failures.publish(failure)));
    stop();
    appRuntime.runSync(Effect.flatMap(HttpFailures, (failures) => failures.publish(failure)));
    expect(heard).toEqual([failure]);
  });

  it("sends through fetch, and an aborted signal interrupts the run", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("{}", { status: 200, headers: { "Retry-After": "3" } })));
    const send = Effect.flatMap(ApiClient, (client) => client.send({ method: "GET", url: "/api/x", path: "/x", headers: {} }));
    const exit = await appRuntime.runPromiseExit(send);
    expect(exit).toEqual(Exit.succeed({ status: 200, text: "{}", retryAfter: "3" }));
    const controller = new AbortController();
    controller.abort();
    const aborted = await appRuntime.runPromiseExit(Effect.never, { signal: controller.signal });
    expect(Exit.isInterrupted(aborted)).toBe(true);
  });
});
