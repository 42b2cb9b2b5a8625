import { SimulatedClock, createActor } from "xstate";
import { describe, expect, it } from "vitest";
import type { Ok } from "../../../src/domain/access/auth";
import type { Message } from "../../../src/domain/shell/message";
import { messagesMachine, messagesSelectors as sel, type MessagesCall, type MessagesInput } from "../../../src/machines/shell/messages.machine";
import type { ApiContext } from "../../../src/services/http/http";
import { httpErrors, messageOne, messageTwo, ok, quietSessionScopeListener, scopeOf, sessionOf, signedInApi } from "../../model/fixtures";
import { controlled } from "../support";

const account: MessagesInput = { session: sessionOf(), kind: "account" };
const system: MessagesInput = { session: sessionOf({ token: null }), kind: "system" };

const setup = (input: MessagesInput = account) => {
  const load = controlled<ReadonlyArray<Message>, MessagesCall>();
  const dismiss = controlled<Ok, { api: ApiContext; id: number }>();
  const actor = createActor(messagesMachine.provide({ actors: { loadMessages: load.logic, dismissMessage: dismiss.logic, sessionScopeListener: quietSessionScopeListener } }), {
    clock: new SimulatedClock(),
    input,
  }).start();
  const shown = () => sel.visibleMessages(actor.getSnapshot()).map((m) => m.id);
  return { actor, load, dismiss, shown };
};

const loaded = async (input: MessagesInput = account) => {
  const s = setup(input);
  await s.load.resolve([messageOne, messageTwo]);
  return s;
};

describe("messages machine", () => {
  it("loads the source's messages and shows them", async () => {
    const { actor, load, shown } = setup();
    expect(sel.isLoading(actor.getSnapshot())).toBe(true);
    expect(load.calls).toEqual([{ api: signedInApi, source: { kind: "account", program: "acme" } }]);
    await load.resolve([messageOne, messageTwo]);
    expect(actor.getSnapshot().value).toEqual({ ready: "idle" });
    expect(shown()).toEqual([1, 2]);
    expect(sel.canDismiss(actor.getSnapshot())).toBe(true);
  });

  it("a load failure shows no messages", async () => {
    const { actor, load, shown } = setup();
    await load.reject(httpErrors.server);
    expect(actor.getSnapshot().value).toEqual({ ready: "idle" });
    expect(shown()).toEqual([]);
  });

  it("dismissing hides the message at once and calls the dismiss service once", async () => {
    const { actor, dismiss, shown } = await loaded();
    actor.send({ type: "messages.dismissed", id: 1 });
    expect(shown()).toEqual([2]); // before the server answers
    expect(dismiss.calls).toEqual([{ api: signedInApi, id: 1 }]);
    await dismiss.resolve(ok);
    expect(actor.getSnapshot().value).toEqual({ ready: "idle" });
    expect(actor.getSnapshot().context.pending).toEqual([]);
    expect(dismiss.calls).toHaveLength(1);
    expect(shown()).toEqual([2]);
  });

  it("sends dismissals one after another, oldest first", async () => {
    const { actor, dismiss, shown } = await loaded();
    actor.send({ type: "messages.dismissed", id: 2 });
    actor.send({ type: "messages.dismissed", id: 1 });
    expect(shown()).toEqual([]);
    expect(dismiss.calls).toEqual([{ api: signedInApi, id: 2 }]);
    await dismiss.resolve(ok);
    expect(dismiss.calls.map((c) => c.id)).toEqual([2, 1]);
    await dismiss.resolve(ok);
    expect(dismiss.calls).toHaveLength(2);
    expect(actor.getSnapshot().context.pending).toEqual([]);
  });

  it("a failed dismissal is not retried; the message comes back on the next load", async () => {
    const { actor, load, dismiss, shown } = await loaded();
    actor.send({ type: "messages.dismissed", id: 1 });
    await dismiss.reject(httpErrors.server);
    expect(dismiss.calls).toHaveLength(1);
    expect(shown()).toEqual([2]);
    actor.send({ type: "messages.reloaded" });
    await load.resolve([messageOne, messageTwo]);
    expect(shown()).toEqual([1, 2]);
  });

  it("a reload while a dismissal is pending does not bring the message back (regression)", async () => {
    const { actor, load, dismiss, shown } = await loaded();
    actor.send({ type: "messages.dismissed", id: 1 });
    actor.send({ type: "messages.reloaded" });
    expect(dismiss.wasAborted()).toBe(true);
    await load.resolve([messageOne, messageTwo]); // the server has not seen the dismissal yet
    expect(shown()).toEqual([2]);
    // the dismissal is sent again after the reload, once
    expect(dismiss.calls.map((c) => c.id)).toEqual([1, 1]);
    actor.send({ type: "messages.dismissed", id: 1 });
    expect(actor.getSnapshot().context.pending).toEqual([1]);
  });

  it("ignores dismissing an unknown message, and any dismissal of system messages", async () => {
    const acc = await loaded();
    acc.actor.send({ type: "messages.dismissed", id: 999 });
    expect(acc.dismiss.calls).toEqual([]);
    expect(acc.shown()).toEqual([1, 2]);

    const sys = await loaded(system);
    expect(sel.canDismiss(sys.actor.getSnapshot())).toBe(false);
    sys.actor.send({ type: "messages.dismissed", id: 1 });
    expect(sys.dismiss.calls).toEqual([]);
    expect(sys.shown()).toEqual([1, 2]);
  });

  it("reloads on request", async () => {
    const { actor, load, shown } = await loaded();
    actor.send({ type: "messages.reloaded" });
    expect(sel.isLoading(actor.getSnapshot())).toBe(true);
    expect(load.calls).toHaveLength(2);
    await load.resolve([messageTwo]);
    expect(shown()).toEqual([2]);
  });

  it("follows the session: another program or token loads that program's messages with the new API context", async () => {
    const { actor, load, shown } = await loaded();
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta", token: "tok-2" }) });
    expect(load.calls[1]).toEqual({ api: { baseUrl: "/api", token: "tok-2" }, source: { kind: "account", program: "beta" } });
    await load.resolve([messageTwo]);
    expect(shown()).toEqual([2]);
    expect(sel.canDismiss(actor.getSnapshot())).toBe(true);
  });

  it.each([
    ["other dates", { range: { from: "2026-03-01", to: "2026-03-31" } }],
    ["another named filter", { preferences: { ...sessionOf().getSnapshot().context.preferences, namedFilter: "new" as const } }],
  ])("does not reload for a scope change that leaves the messages as they are (%s)", async (_, change) => {
    const { actor, load } = await loaded();
    actor.send({ type: "session.scopeChanged", scope: scopeOf(change) });
    expect(load.calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toEqual({ ready: "idle" });
  });

  it("system messages follow the base URL, not the program", async () => {
    const { actor, load } = await loaded(system);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ token: null, programCode: "beta" }) });
    expect(load.calls).toHaveLength(1);
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ token: null, apiBaseUrl: "https://api.example.com/api" }) });
    expect(load.calls[1]).toEqual({ api: { baseUrl: "https://api.example.com/api", token: null }, source: { kind: "system" } });
  });

  it("a scope change during a load abandons the old load", async () => {
    const { actor, load } = setup();
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta" }) });
    expect(load.wasAborted(0)).toBe(true);
    expect(load.calls).toHaveLength(2);
  });

  it("ignores dismissals while loading", () => {
    const { actor, dismiss } = setup();
    actor.send({ type: "messages.dismissed", id: 1 });
    expect(dismiss.calls).toEqual([]);
    expect(actor.getSnapshot().context.pending).toEqual([]);
  });
});
