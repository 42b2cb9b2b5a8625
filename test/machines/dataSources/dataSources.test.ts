import { createActor, createMachine, SimulatedClock, type AnyActorRef, type EventObject } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { Ok } from "../../../src/domain/access/auth";
import type { IngestionHealth } from "../../../src/domain/ingestion/ingestionHealth";
import type { CreatedWriteKey, WriteKey, WriteKeyList } from "../../../src/domain/ingestion/writeKeys";
import {
  dataSourcesMachine,
  dataSourcesSelectors as sel,
  type CreateCall,
  type ProgramCall,
  type RevokeCall,
} from "../../../src/machines/dataSources/dataSources.machine";
import { healthRefreshMs, ingestionHealthMachine, ingestionHealthSelectors as healthSel, type HealthCall } from "../../../src/machines/dataSources/ingestionHealth.machine";
import { httpErrors, quietReportScopeListener, scopeOf, sessionOf } from "../../model/fixtures";
import { controlled, flush } from "../support";

const actors: AnyActorRef[] = [];
afterEach(() => {
  for (const a of actors.splice(0)) a.stop();
});

const older: WriteKey = { id: 1, prefix: "wk_older00", kind: "legacy", created_at: 1_700_000_000_000, revoked_at: null, last_used_at: null };
const gone: WriteKey = { id: 2, prefix: "wk_gone000", kind: "legacy", created_at: 1_690_000_000_000, revoked_at: 1_695_000_000_000, last_used_at: null };
const created: CreatedWriteKey = { data: { id: 3, prefix: "sk_fresh00", kind: "secret", created_at: 1_710_000_000_000, revoked_at: null, last_used_at: null, key: "sk_fresh00-the-whole-secret" } };
const healthOf = (accepted: number): IngestionHealth => ({
  data: {
    at: 1_710_000_000_000,
    day: "2024-03-09",
    events: { accepted, duplicates: 0 },
    orders: { accepted: 0, duplicates: 0 },
    custom_events: { accepted: 0, duplicates: 0 },
    identifies: { accepted: 0, duplicates: 0 },
    refused: [],
    last_event_at: null,
    last_order_at: null,
    pending: 0,
    lag_ms: 0,
  },
});

const open = () => {
  const clock = new SimulatedClock();
  const loadKeys = controlled<WriteKeyList, ProgramCall>();
  const createKey = controlled<CreatedWriteKey, CreateCall>();
  const revokeKey = controlled<Ok, RevokeCall>();
  const loadHealth = controlled<IngestionHealth, HealthCall>();
  const toasts: EventObject[] = [];
  const toastActor = createActor(createMachine({ on: { "*": { actions: ({ event }) => toasts.push(event) } } })).start();
  let wentHome = 0;
  const screen = createActor(
    dataSourcesMachine.provide({
      actors: { loadKeys: loadKeys.logic, createKey: createKey.logic, revokeKey: revokeKey.logic, healthPoller: ingestionHealthMachine.provide({ actors: { loadHealth: loadHealth.logic } }), sessionScopeListener: quietReportScopeListener },
      actions: { goHome: () => void wentHome++ },
    }),
    { input: { session: sessionOf(), toasts: toastActor }, clock },
  ).start();
  actors.push(screen, toastActor);
  const ready = async (keys: ReadonlyArray<WriteKey> = [older, gone], accepted = 0) => {
    await loadKeys.resolve({ data: keys });
    await loadHealth.resolve(healthOf(accepted));
  };
  const snap = () => screen.getSnapshot();
  const healthSnap = () => {
    const poller = sel.health(snap());
    if (poller === null) throw new Error("no health while the keys are not shown");
    return poller.getSnapshot();
  };
  return { screen, clock, loadKeys, createKey, revokeKey, loadHealth, toasts, wentHome: () => wentHome, ready, snap, healthSnap };
};

describe("data sources screen", () => {
  it.each<[string, string | undefined, string, string]>([
    ["the app's relative API on the page's origin", "/api", "https://shop.example", "https://shop.example"],
    ["an API on another origin", "https://api.example/api", "https://shop.example", "https://api.example"],
  ])("the snippets' addresses: %s", (_, apiBaseUrl, pageOrigin, origin) => {
    const screen = createActor(dataSourcesMachine.provide({ actors: { sessionScopeListener: quietReportScopeListener } }), {
      input: { session: sessionOf({ apiBaseUrl }), pageOrigin },
    });
    const snap = screen.getSnapshot();
    expect(sel.collectionOrigin(snap)).toBe(origin);
    expect(sel.apiBase(snap)).toBe(`${origin}/api`);
  });

  it("loads the session program's keys, then its health", async () => {
    const s = open();
    expect(sel.keysStatus(s.snap())).toBe("loading");
    expect(s.loadKeys.calls[0]?.program).toBe("acme");
    await s.loadKeys.resolve({ data: [older, gone] });
    expect(sel.keysStatus(s.snap())).toBe("ready");
    expect(sel.keys(s.snap()).map((k) => k.id)).toEqual([1, 2]);
    expect(healthSel.status(s.healthSnap())).toBe("loading");
    await s.loadHealth.resolve(healthOf(4));
    expect(healthSel.status(s.healthSnap())).toBe("shown");
    expect(healthSel.health(s.healthSnap())?.events.accepted).toBe(4);
  });

  it("says when the program has no keys", async () => {
    const s = open();
    await s.ready([]);
    expect(sel.keysStatus(s.snap())).toBe("empty");
  });

  it("loads the health again after the named delay while open, and never before", async () => {
    const s = open();
    await s.ready();
    s.clock.increment(healthRefreshMs - 1);
    await flush();
    expect(s.loadHealth.calls).toHaveLength(1);
    s.clock.increment(1);
    await flush();
    expect(s.loadHealth.calls).toHaveLength(2);
    // The old figures stay on screen while the next ones load.
    expect(healthSel.status(s.healthSnap())).toBe("shown");
    await s.loadHealth.resolve(healthOf(9));
    expect(healthSel.health(s.healthSnap())?.events.accepted).toBe(9);
  });

  it("tries a failed health again after the same delay, saying so meanwhile", async () => {
    const s = open();
    await s.loadKeys.resolve({ data: [older] });
    await s.loadHealth.reject(httpErrors.server);
    expect(healthSel.status(s.healthSnap())).toBe("unavailable");
    s.clock.increment(healthRefreshMs);
    await flush();
    expect(s.loadHealth.calls).toHaveLength(2);
    await s.loadHealth.resolve(healthOf(1));
    expect(healthSel.status(s.healthSnap())).toBe("shown");
  });

  it("shows a created key once: first in the list, until dismissed", async () => {
    const s = open();
    await s.ready();
    s.screen.send({ type: "keys.createAsked", kind: "secret" });
    expect(sel.isCreating(s.snap())).toBe(true);
    expect(sel.creatingKind(s.snap())).toBe("secret");
    s.screen.send({ type: "keys.createAsked", kind: "publishable" });
    await s.createKey.resolve(created);
    expect(s.createKey.calls).toHaveLength(1);
    expect(s.createKey.calls[0]).toMatchObject({ kind: "secret" });
    expect(sel.shownKey(s.snap())).toEqual({ id: 3, prefix: "sk_fresh00", kind: "secret", key: "sk_fresh00-the-whole-secret" });
    expect(sel.keys(s.snap()).map((k) => k.id)).toEqual([3, 1, 2]);
    expect(JSON.stringify(sel.keys(s.snap()))).not.toContain("the-whole-secret");
    s.screen.send({ type: "copy.done", target: "key" });
    expect(sel.copy(s.snap())).toEqual({ target: "key", outcome: "copied" });
    s.screen.send({ type: "keys.shownDismissed" });
    expect(sel.shownKey(s.snap())).toBeNull();
    expect(sel.copy(s.snap())).toBeNull();
  });

  it("forgets a shown key when the program changes, and loads the other program's keys", async () => {
    const s = open();
    await s.ready();
    s.screen.send({ type: "keys.createAsked", kind: "publishable" });
    await s.createKey.resolve(created);
    s.screen.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta" }) });
    expect(sel.shownKey(s.snap())).toBeNull();
    expect(sel.keysStatus(s.snap())).toBe("loading");
    expect(s.loadKeys.calls[1]?.program).toBe("beta");
  });

  it("says a failed create and shows no key", async () => {
    const s = open();
    await s.ready();
    s.screen.send({ type: "keys.createAsked", kind: "publishable" });
    await s.createKey.reject(httpErrors.server);
    expect(sel.shownKey(s.snap())).toBeNull();
    expect(sel.notice(s.snap())).toEqual({ tone: "failure", text: "The write key could not be created. Try again." });
  });

  it("asks before revoking; Cancel keeps the key", async () => {
    const s = open();
    await s.ready();
    s.screen.send({ type: "keys.revokeAsked", id: 1 });
    expect(sel.confirming(s.snap())?.prefix).toBe("wk_older00");
    s.screen.send({ type: "keys.revokeCancelled" });
    expect(sel.confirming(s.snap())).toBeNull();
    expect(s.revokeKey.calls).toHaveLength(0);
  });

  it("does not ask about a key already revoked", async () => {
    const s = open();
    await s.ready();
    s.screen.send({ type: "keys.revokeAsked", id: 2 });
    expect(sel.confirming(s.snap())).toBeNull();
  });

  it("revokes a confirmed key, shows the server's list again and says so", async () => {
    const s = open();
    await s.ready();
    s.screen.send({ type: "keys.revokeAsked", id: 1 });
    s.screen.send({ type: "keys.revokeConfirmed" });
    expect(sel.isRevoking(s.snap())).toBe(true);
    expect(s.revokeKey.calls[0]).toMatchObject({ program: "acme", id: 1 });
    await s.revokeKey.resolve({ ok: true } as unknown as Ok);
    expect(s.loadKeys.calls).toHaveLength(2);
    await s.loadKeys.resolve({ data: [{ ...older, revoked_at: 1_710_000_000_000 }, gone] });
    expect(sel.keys(s.snap())[0]?.revoked_at).toBe(1_710_000_000_000);
    expect(sel.notice(s.snap())).toEqual({ tone: "success", text: "The key wk_older00… is revoked." });
    expect(sel.confirming(s.snap())).toBeNull();
  });

  it("says a failed revocation and keeps the key working", async () => {
    const s = open();
    await s.ready();
    s.screen.send({ type: "keys.revokeAsked", id: 1 });
    s.screen.send({ type: "keys.revokeConfirmed" });
    await s.revokeKey.reject(httpErrors.server);
    expect(sel.notice(s.snap())?.tone).toBe("failure");
    expect(sel.keys(s.snap())[0]?.revoked_at).toBeNull();
  });

  it("ends with the admin refusal when the health is refused too", async () => {
    const s = open();
    await s.loadKeys.resolve({ data: [older] });
    expect(s.loadHealth.calls[0]?.program).toBe("acme");
    await s.loadHealth.reject(httpErrors.forbidden);
    expect(s.snap().status).toBe("done");
    expect(s.wentHome()).toBe(1);
  });

  it("stops loading the health once the program changes", async () => {
    const s = open();
    await s.ready();
    s.screen.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta" }) });
    expect(sel.health(s.snap())).toBeNull();
    s.clock.increment(healthRefreshMs * 3);
    await flush();
    expect(s.loadHealth.calls).toHaveLength(1);
  });

  it("ends with the admin refusal on a 403: the toasts say so and the screen opens /", async () => {
    const s = open();
    await s.loadKeys.reject(httpErrors.forbidden);
    expect(s.snap().status).toBe("done");
    expect(s.toasts).toContainEqual({ type: "toast.shown", text: "You don't have access to admin resources", kind: "error" });
    expect(s.wentHome()).toBe(1);
  });

  it("says a failed list and loads again on 'Try again'", async () => {
    const s = open();
    await s.loadKeys.reject(httpErrors.server);
    expect(sel.keysStatus(s.snap())).toBe("failed");
    s.screen.send({ type: "keys.retried" });
    expect(s.loadKeys.calls).toHaveLength(2);
    await s.loadKeys.resolve({ data: [older] });
    expect(sel.keysStatus(s.snap())).toBe("ready");
  });
});
