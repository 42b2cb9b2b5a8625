import { SimulatedClock, createActor } from "xstate";
import { describe, expect, it } from "vitest";
import type { Ok } from "../../../src/domain/access/auth";
import type { Message } from "../../../src/domain/shell/message";
import { dismissedKey } from "../../../src/domain/shell/messageDismissals";
import { dismissalMemory } from "../../../src/machines/shell/dismissalMemory";
import { messagesMachine, messagesSelectors as sel, type MessagesCall, type MessagesInput } from "../../../src/machines/shell/messages.machine";
import type { ApiContext } from "../../../src/services/http/http";
import { memoryStore, type KeyValueStore } from "../../../src/services/runtime/storage";
import { alice, httpErrors, messageOne, messageTwo, ok, quietSessionScopeListener, scopeOf, sessionOf, signedInApi } from "../../model/fixtures";
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
    expect(actor.getSnapshot().matches({ ready: { dismissal: "idle" } })).toBe(true);
    expect(shown()).toEqual([1, 2]);
    expect(sel.canDismiss(actor.getSnapshot())).toBe(true);
  });

  it("a load failure shows no messages", async () => {
    const { actor, load, shown } = setup();
    await load.reject(httpErrors.server);
    expect(actor.getSnapshot().matches({ ready: { dismissal: "idle" } })).toBe(true);
    expect(shown()).toEqual([]);
  });

  it("dismissing hides the message at once and calls the dismiss service once", async () => {
    const { actor, dismiss, shown } = await loaded();
    actor.send({ type: "messages.dismissed", id: 1 });
    expect(shown()).toEqual([2]); // before the server answers
    expect(dismiss.calls).toEqual([{ api: signedInApi, id: 1 }]);
    await dismiss.resolve(ok);
    expect(actor.getSnapshot().matches({ ready: { dismissal: "idle" } })).toBe(true);
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
    expect(actor.getSnapshot().matches({ ready: { dismissal: "idle" } })).toBe(true);
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

  // The group: one 'n messages' line that opens and collapses all of them.

  const messagesNumbered = (count: number): Message[] => Array.from({ length: count }, (_, i) => ({ id: i + 1, message: `Message ${i + 1}`, meta: {} }));

  it.each([
    [1, true],
    [2, true],
    [3, false],
    [5, false],
  ])("%i messages start with the group open: %s", async (count, open) => {
    const { actor, load } = setup();
    expect(sel.isOpen(actor.getSnapshot())).toBe(false); // loading
    await load.resolve(messagesNumbered(count));
    expect(sel.isOpen(actor.getSnapshot())).toBe(open);
    expect(sel.visibleMessages(actor.getSnapshot())).toHaveLength(count);
  });

  it("the group opens and collapses as one, and decides afresh at each load", async () => {
    const { actor, load } = setup();
    await load.resolve(messagesNumbered(5));
    actor.send({ type: "messages.groupToggled" });
    expect(sel.isOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: "messages.groupToggled" });
    expect(sel.isOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: "messages.groupToggled" });
    actor.send({ type: "messages.reloaded" });
    expect(sel.isOpen(actor.getSnapshot())).toBe(false);
    await load.resolve(messagesNumbered(2));
    expect(sel.isOpen(actor.getSnapshot())).toBe(true);
  });

  it("dismissing while the group is open keeps it open", async () => {
    const { actor, load, shown } = setup();
    await load.resolve(messagesNumbered(3));
    actor.send({ type: "messages.groupToggled" });
    actor.send({ type: "messages.dismissed", id: 2 });
    expect(shown()).toEqual([1, 3]);
    expect(sel.isOpen(actor.getSnapshot())).toBe(true);
  });

  // Dismissals remembered in the browser (the reload is a new actor over the same store).

  const withMemory = (store: KeyValueStore, session = sessionOf()): MessagesInput => ({ session, kind: "account", memory: dismissalMemory(session, store) });
  const keptIn = (store: KeyValueStore, userId = alice.id) => JSON.parse(store.get(dismissedKey("/api", userId)) ?? "null") as unknown;

  it("a dismissal is remembered at once; after a reload it stays hidden and is sent again until the server has it", async () => {
    const store = memoryStore();
    const first = setup(withMemory(store));
    await first.load.resolve([messageOne, messageTwo]);
    first.actor.send({ type: "messages.dismissed", id: 1 });
    expect(keptIn(store)).toEqual([1]); // before the server answers
    first.actor.stop();

    // A reload before the server heard of it: it still returns the message.
    const second = setup(withMemory(store));
    await second.load.resolve([messageOne, messageTwo]);
    expect(second.shown()).toEqual([2]);
    expect(second.dismiss.calls).toEqual([{ api: signedInApi, id: 1 }]);
    await second.dismiss.resolve(ok);
    expect(second.actor.getSnapshot().context.pending).toEqual([]);

    // Once the server no longer returns it, nothing more is sent.
    second.actor.send({ type: "messages.reloaded" });
    await second.load.resolve([messageTwo]);
    expect(second.shown()).toEqual([2]);
    expect(second.dismiss.calls).toHaveLength(1);
  });

  it("a failed dismissal stays hidden after the next load and is sent again", async () => {
    const store = memoryStore();
    const { actor, load, dismiss, shown } = setup(withMemory(store));
    await load.resolve([messageOne, messageTwo]);
    actor.send({ type: "messages.dismissed", id: 1 });
    await dismiss.reject(httpErrors.server);
    actor.send({ type: "messages.reloaded" });
    await load.resolve([messageOne, messageTwo]);
    expect(shown()).toEqual([2]);
    expect(dismiss.calls.map((c) => c.id)).toEqual([1, 1]);
  });

  it("remembered per user: another person in the same browser still sees the message", async () => {
    const store = memoryStore();
    const alices = setup(withMemory(store));
    await alices.load.resolve([messageOne, messageTwo]);
    alices.actor.send({ type: "messages.dismissed", id: 1 });

    const bob = { ...alice, id: 7, username: "bob" };
    const bobs = setup(withMemory(store, sessionOf({ user: bob })));
    await bobs.load.resolve([messageOne, messageTwo]);
    expect(bobs.shown()).toEqual([1, 2]);
    expect(bobs.dismiss.calls).toEqual([]);
    expect(keptIn(store, bob.id)).toBeNull();
  });

  it("system messages are never dismissed nor remembered", async () => {
    const store = memoryStore();
    const session = sessionOf({ token: null });
    const { actor, load, shown } = setup({ session, kind: "system", memory: dismissalMemory(session, store) });
    await load.resolve([messageOne, messageTwo]);
    actor.send({ type: "messages.dismissed", id: 1 });
    expect(shown()).toEqual([1, 2]);
    expect(keptIn(store)).toBeNull();
  });
});
