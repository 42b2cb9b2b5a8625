import { describe, expect, it } from "vitest";
import { dismissedKey } from "../../../src/domain/shell/messageDismissals";
import { dismissalMemory } from "../../../src/machines/shell/dismissalMemory";
import type { SessionSource } from "../../../src/machines/shell/sessionScope";
import type { SessionState } from "../../../src/domain/shell/session";
import { memoryStore } from "../../../src/services/runtime/storage";
import { alice, sessionOf } from "../../model/fixtures";

/** A session whose context can change under the memory (sign-out, another user, another API). */
const changingSession = (context: SessionState): SessionSource & { set(next: Partial<SessionState>): void } => {
  let current = context;
  return {
    getSnapshot: () => ({ context: current }),
    subscribe: () => ({ unsubscribe: () => undefined }),
    set: (next) => {
      current = { ...current, ...next };
    },
  };
};

describe("dismissalMemory", () => {
  it("remembers dismissals in the store, per API and user, read afresh at each use", () => {
    const store = memoryStore();
    const session = changingSession(sessionOf().getSnapshot().context);
    const memory = dismissalMemory(session, store);
    memory.remember(4);
    memory.remember(2);
    expect(memory.dismissed()).toEqual([4, 2]);
    expect(store.get(dismissedKey("/api", alice.id))).toBe("[4,2]");

    session.set({ user: { ...alice, id: 8 } });
    expect(memory.dismissed()).toEqual([]);
    memory.remember(5);
    expect(store.get(dismissedKey("/api", 8))).toBe("[5]");

    session.set({ user: alice, apiBaseUrl: "https://api.example.com/api" });
    expect(memory.dismissed()).toEqual([]);
    session.set({ apiBaseUrl: "/api" });
    expect(memory.dismissed()).toEqual([4, 2]);
  });

  it("without a signed-in user nothing is read or kept", () => {
    const store = memoryStore();
    store.set(dismissedKey("/api", alice.id), "[1]");
    const memory = dismissalMemory(sessionOf({ user: null }), store);
    expect(memory.dismissed()).toEqual([]);
    memory.remember(3);
    expect(store.get(dismissedKey("/api", alice.id))).toBe("[1]");
  });

  it("a kept value that does not read as ids counts as none and is replaced on the next dismissal", () => {
    const store = memoryStore();
    store.set(dismissedKey("/api", alice.id), "not json");
    const memory = dismissalMemory(sessionOf(), store);
    expect(memory.dismissed()).toEqual([]);
    memory.remember(6);
    expect(memory.dismissed()).toEqual([6]);
  });
});
