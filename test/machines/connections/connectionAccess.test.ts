import { createActor, setup } from "xstate";
import { describe, expect, it } from "vitest";
import type { SessionState } from "../../../src/domain/shell/session";
import { connectionAccessListener, connectionAccessOf, connectionSessionSelectors } from "../../../src/machines/connections/connectionAccess";
import { alice, sessionOf } from "../../model/fixtures";

const stateOf = (overrides: Partial<SessionState> = {}): SessionState => sessionOf(overrides).getSnapshot().context;

describe("connectionAccessOf", () => {
  it.each([
    ["signed in", {}, { api: { baseUrl: "/connectors", token: "tok-1" }, userId: alice.id }],
    ["another API", { apiBaseUrl: "https://x.example/api" }, { api: { baseUrl: "https://x.example/connectors", token: "tok-1" }, userId: alice.id }],
    ["no user", { user: null }, null],
    ["no token", { token: null }, null],
  ] as const)("%s", (_label, overrides, expected) => {
    expect(connectionAccessOf(stateOf(overrides))).toEqual(expected);
  });

  it("gives the social platform's page for the user, the same object while nothing changes", () => {
    const s = { context: stateOf() };
    expect(connectionSessionSelectors.facebookPage(s)).toEqual({ url: "/connectors/facebook/connect?svid=1", newTab: false });
    expect(connectionSessionSelectors.facebookPage(s)).toBe(connectionSessionSelectors.facebookPage(s));
    expect(connectionSessionSelectors.facebookPage({ context: stateOf({ user: null }) })).toBeNull();
  });
});

describe("connectionAccessListener", () => {
  it("tells its parent only when the access changes", () => {
    let listener: ((snapshot: { context: SessionState }) => void) | null = null;
    let context = stateOf();
    const session = {
      getSnapshot: () => ({ context }),
      subscribe: (l: (snapshot: { context: SessionState }) => void) => {
        listener = l;
        return { unsubscribe: () => undefined };
      },
    };
    const told: unknown[] = [];
    const parent = createActor(
      setup({ actors: { connectionAccessListener }, actions: { record: ({ event }) => told.push(event) } }).createMachine({
        invoke: { src: "connectionAccessListener", input: { session } },
        on: { "connections.accessChanged": { actions: "record" } },
      }),
    ).start();
    const emit = (next: SessionState) => {
      context = next;
      listener?.({ context });
    };
    emit(stateOf({ programCode: "beta" }));
    expect(told).toEqual([]);
    emit(stateOf({ token: "tok-2" }));
    emit(stateOf({ token: null }));
    expect(told).toEqual([
      { type: "connections.accessChanged", access: { api: { baseUrl: "/connectors", token: "tok-2" }, userId: alice.id } },
      { type: "connections.accessChanged", access: null },
    ]);
    parent.stop();
  });
});
