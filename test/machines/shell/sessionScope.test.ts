import { assign, createActor, setup } from "xstate";
import { describe, expect, it } from "vitest";
import { sessionMachine } from "../../../src/machines/shell/session.machine";
import { openingScope, sessionScopeListener, type SessionScopeChanged, type SessionSource } from "../../../src/machines/shell/sessionScope";
import type { SessionScope } from "../../../src/domain/report/reportScope";
import { answering, flush } from "../support";
import type { MeResponse, Ok } from "../../../src/domain/access/auth";
import type { ApiContext } from "../../../src/domain/shell/session";

const profile = {
  user: { id: 1, username: "demo", email: "demo@example.com", is_admin: false },
  programs: [
    { id: 1, code: "northwind", name: "Northwind", currency: "GBP", utc_offset: "+00:00", locale: "en-GB" },
    { id: 2, code: "bluepeak", name: "Bluepeak", currency: "USD", utc_offset: "-05:00", locale: "en-US" },
  ],
};

/** A parent that records every scope the listener tells it. */
const recorderOf = (session: SessionSource) =>
  setup({
    types: { context: {} as { heard: ReadonlyArray<SessionScope> }, events: {} as SessionScopeChanged },
    actors: { sessionScopeListener },
    actions: { record: assign({ heard: ({ context, event }) => [...context.heard, event.scope] }) },
  }).createMachine({
    context: { heard: [] },
    invoke: { src: "sessionScopeListener", input: { session, scope: openingScope(session) } },
    on: { "session.scopeChanged": { actions: "record" } },
  });

describe("sessionScopeListener", () => {
  const start = async () => {
    const session = createActor(sessionMachine.provide({ actors: { loadProfile: answering<MeResponse, ApiContext>(profile).logic, endSession: answering<Ok, ApiContext>({ ok: true }).logic } }), { input: {} }).start();
    session.send({ type: "session.signedIn", token: "t", user: profile.user });
    await flush();
    const parent = createActor(recorderOf(session)).start();
    const heard = () => parent.getSnapshot().context.heard;
    return { session, parent, heard };
  };

  it("tells nothing until the scope changes, then each change once", async () => {
    const { session, heard } = await start();
    expect(heard()).toEqual([]);
    session.send({ type: "session.datesChanged", from: "2026-02-01", to: "2026-02-28" });
    expect(heard().map((s) => s.range)).toEqual([{ from: "2026-02-01", to: "2026-02-28" }]);
    session.send({ type: "session.programSelected", program: "bluepeak" });
    session.send({ type: "session.namedFilterChanged", filter: "returning" });
    expect(heard().map((s) => [s.program?.code, s.filter])).toEqual([
      ["northwind", "default"],
      ["bluepeak", "default"],
      ["bluepeak", "returning"],
    ]);
  });

  it("ignores changes that are not the scope (sort, chart preferences, the same dates again)", async () => {
    const { session, heard } = await start();
    session.send({ type: "session.sortChanged", metric: "clicks", direction: "asc" });
    session.send({ type: "session.chartTypeToggled" });
    const { range } = session.getSnapshot().context;
    if (range) session.send({ type: "session.datesChanged", from: range.from, to: range.to });
    expect(heard()).toEqual([]);
  });

  it("tells a sign-out (no token) and stops listening when its parent stops", async () => {
    const { session, parent, heard } = await start();
    session.send({ type: "session.signOutRequested" });
    await flush();
    const told = heard().length;
    expect(heard().at(-1)?.api.token ?? null).toBeNull();
    parent.stop();
    session.send({ type: "session.apiBaseUrlChanged", url: "/other" });
    expect(heard()).toHaveLength(told);
  });
});
