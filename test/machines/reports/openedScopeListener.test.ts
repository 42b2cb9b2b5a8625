import { createActor, setup, type AnyActorRef } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionState } from "../../../src/domain/shell/session";
import { scopeListenerInput, sessionScopeListener, type SessionSource } from "../../../src/machines/shell/sessionScope";
import { scopeOf, sessionOf } from "../../model/fixtures";

/** A session whose context the test changes, telling its subscribers. */
const changingSession = (initial: SessionState) => {
  let context = initial;
  const listeners = new Set<(s: { readonly context: SessionState }) => void>();
  const session: SessionSource = {
    getSnapshot: () => ({ context }),
    subscribe: (listener) => {
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
  };
  const change = (next: Partial<SessionState>) => {
    context = { ...context, ...next };
    for (const l of listeners) l({ context });
  };
  return { session, change };
};

const actors: AnyActorRef[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

/** A parent that opens with the session's scope of its creation and records what the listener tells it. */
const parentOf = (session: SessionSource, heard: unknown[]) =>
  setup({
    types: { context: {} as { session: SessionSource; scope: ReturnType<typeof scopeOf> } },
    actors: { listener: sessionScopeListener },
    actions: { hear: ({ event }) => heard.push(event) },
  }).createMachine({
    context: { session, scope: scopeOf() },
    invoke: { src: "listener", input: scopeListenerInput },
    on: { "session.scopeChanged": { actions: "hear" } },
  });

describe("sessionScopeListener from the opening scope", () => {
  it("tells the report at once when the session moved between its creation and its start (a shared link's dates)", () => {
    const { session, change } = changingSession(sessionOf().getSnapshot().context);
    const heard: unknown[] = [];
    const report = createActor(parentOf(session, heard));
    actors.push(report);
    change({ range: { from: "2001-01-01", to: "2001-01-31" } });
    report.start();
    expect(heard).toEqual([{ type: "session.scopeChanged", scope: scopeOf({ range: { from: "2001-01-01", to: "2001-01-31" } }) }]);
  });

  it("tells nothing at start when the session is where the report opened, then each new scope once, and nothing for other changes", () => {
    const { session, change } = changingSession(sessionOf().getSnapshot().context);
    const heard: unknown[] = [];
    actors.push(createActor(parentOf(session, heard)).start());
    expect(heard).toEqual([]);
    change({ user: { ...(session.getSnapshot().context.user as NonNullable<SessionState["user"]>), email: "new@example.com" } });
    expect(heard).toEqual([]);
    change({ programCode: "beta" });
    change({ programCode: "beta" });
    expect(heard).toHaveLength(1);
  });

  it("tells another user with the same token (the connections screens call as the user)", () => {
    const { session, change } = changingSession(sessionOf().getSnapshot().context);
    const heard: unknown[] = [];
    actors.push(createActor(parentOf(session, heard)).start());
    change({ user: { ...(session.getSnapshot().context.user as NonNullable<SessionState["user"]>), id: 2 } });
    expect(heard).toEqual([{ type: "session.scopeChanged", scope: { ...scopeOf(), userId: 2 } }]);
  });
});
