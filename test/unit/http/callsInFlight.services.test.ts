import { Effect } from "effect";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchApiClient } from "../../../src/services/http/apiClient";
import { createCallsInFlight, liveCallsInFlight } from "../../../src/services/http/callsInFlight";

afterEach(() => vi.unstubAllGlobals());

describe("calls in flight", () => {
  it.each([
    { case: "no call under way: at once", starts: 0, ends: 0, ran: true },
    { case: "one under way: not yet", starts: 1, ends: 0, ran: false },
    { case: "one started and ended", starts: 1, ends: 1, ran: true },
    { case: "two started, one ended: not yet", starts: 2, ends: 1, ran: false },
    { case: "two started and ended", starts: 2, ends: 2, ran: true },
  ])("$case", ({ starts, ends, ran }) => {
    const calls = createCallsInFlight();
    const enders = Array.from({ length: starts }, () => calls.started());
    const f = vi.fn();
    calls.whenNone(f);
    for (const end of enders.slice(0, ends)) end();
    expect(f).toHaveBeenCalledTimes(ran ? 1 : 0);
    expect(calls.count()).toBe(starts - ends);
  });

  it("a call ended twice counts once; a cancelled wait never runs; a wait runs once", () => {
    const calls = createCallsInFlight();
    const first = calls.started();
    const second = calls.started();
    const cancelled = vi.fn();
    const waiting = vi.fn();
    calls.whenNone(cancelled)();
    calls.whenNone(waiting);
    first();
    first();
    expect(calls.count()).toBe(1);
    expect(waiting).not.toHaveBeenCalled();
    second();
    calls.started()();
    expect(cancelled).not.toHaveBeenCalled();
    expect(waiting).toHaveBeenCalledTimes(1);
  });

  it.each([
    { case: "answered", answer: () => Promise.resolve(new Response("{}", { status: 200 })) },
    { case: "a network failure", answer: () => Promise.reject(new TypeError("Failed to fetch")) },
  ])("the live transport counts its call until its body is read: $case", async ({ answer }) => {
    let release: () => void = () => undefined;
    vi.stubGlobal("fetch", vi.fn(() => new Promise<void>((r) => (release = r)).then(answer)));
    const sent = Effect.runPromise(Effect.either(fetchApiClient.send({ method: "GET", url: "/api/x", path: "/x", headers: {} })));
    expect(liveCallsInFlight.count()).toBe(1);
    release();
    await sent;
    expect(liveCallsInFlight.count()).toBe(0);
  });
});
