import { createMachine, fromPromise, type AnyActorRef, type InspectionEvent } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import type { MeResponse } from "../../../src/domain/access/auth";
import { appSelectors } from "../../../src/machines/shell/app.machine";
import { createAppActors, SESSION_SNAPSHOT_VERSION, type AppActors } from "../../../src/machines/shell/appActors";
import { actorPath } from "../../../src/machines/shell/eventLog";
import { sessionMachine, sessionSelectors } from "../../../src/machines/shell/session.machine";
import { memoryStore, type KeyValueStore } from "../../../src/services/runtime/storage";
import { acme, alice } from "../../model/fixtures";
import { flush } from "../support";

const profile: MeResponse = { user: alice, programs: [acme] };
const session = sessionMachine.provide({ actors: { loadProfile: fromPromise(async () => profile) } });
const started: AppActors[] = [];
afterEach(() => {
  for (const a of started.splice(0)) a.app.stop();
});

const startApp = (opts: { store?: KeyValueStore; inspect?: (ev: InspectionEvent) => void } = {}) => {
  const actors = createAppActors({
    navigate: () => undefined,
    reloadPage: () => undefined,
    sessionMachine: session,
    persistence: opts.store ? { store: opts.store } : false,
    inspect: opts.inspect,
  });
  started.push(actors);
  return actors;
};

/** A screen that holds a part of its own, so the tree is three deep. */
const screen = createMachine({ id: "someScreen", invoke: { id: "table", src: createMachine({ id: "someTable" }) } });
const otherScreen = createMachine({ id: "otherScreen" });
const opened = (key: string, logic = screen) => ({ type: "app.screenOpened" as const, screen: "report", key, logic, route: { path: [key] } });

describe("app root", () => {
  it("a shared link to a program the person may not see, whatever the screen, toasts the program shown instead", async () => {
    const { session, toasts } = startApp();
    session.send({ type: "session.signedIn", token: "t", user: alice });
    await flush();
    session.send({ type: "session.linkOpened", link: { program: "lumen" } });
    expect(toasts.getSnapshot().context).toMatchObject({ queue: [{ text: "You don't have access to that program; showing Acme" }] });
    session.send({ type: "session.linkOpened", link: { program: "acme" } });
    expect(toasts.getSnapshot().context.queue).toHaveLength(1);
  });

  it("owns the session, the error dialog and the toasts, each found in the system by its name", () => {
    const { app, session, errorDialog, toasts } = startApp();
    expect(app.system.get("session")).toBe(session);
    expect(app.system.get("errorDialog")).toBe(errorDialog);
    expect(app.system.get("toasts")).toBe(toasts);
    expect([session, errorDialog, toasts].map(actorPath)).toEqual(["root/session", "root/errorDialog", "root/toasts"]);
  });

  it("spawns the route's screen with the route's input and the app's scope; the same key keeps it, another key replaces it", () => {
    const { app, session, toasts } = startApp();
    app.send(opened("a"));
    const first = appSelectors.screenAt("a")(app.getSnapshot()) as AnyActorRef;
    expect(actorPath(first)).toBe("root/report");
    expect(app.system.get("report")).toBe(first);
    expect((first.getSnapshot() as { children: Record<string, AnyActorRef> }).children.table).toBeDefined();
    app.send(opened("a", otherScreen));
    expect(appSelectors.screenAt("a")(app.getSnapshot())).toBe(first);
    app.send(opened("b", otherScreen));
    const second = appSelectors.screenAt("b")(app.getSnapshot()) as AnyActorRef;
    expect(second).not.toBe(first);
    expect(first.getSnapshot().status).toBe("stopped");
    expect(app.system.get("report")).toBe(second);
    expect(appSelectors.screenAt("a")(app.getSnapshot())).toBeUndefined();
    // Closing another key leaves it; closing its own stops it.
    app.send({ type: "app.screenClosed", key: "a" });
    expect(second.getSnapshot().status).toBe("active");
    app.send({ type: "app.screenClosed", key: "b" });
    expect(second.getSnapshot().status).toBe("stopped");
    expect(app.system.get("report")).toBeUndefined();
    expect(appSelectors.screenName(app.getSnapshot())).toBeNull();
    expect(session.getSnapshot().status).toBe("active");
    expect(toasts.getSnapshot().status).toBe("active");
  });

  it("gives a screen its route's input beside the session and toasts", () => {
    const { app, session, toasts } = startApp();
    let seen: unknown;
    const echo = createMachine({ id: "echo", context: ({ input }) => { seen = input; return {}; } });
    app.send({ type: "app.screenOpened", screen: "echo", key: "x", logic: echo, route: { path: ["Paid Search"], search: "?interval=week" } });
    expect(seen).toMatchObject({ path: ["Paid Search"], search: "?interval=week", session, toasts });
  });

  it("keeps a view's parts by key while they show", () => {
    const { app } = startApp();
    app.send({ type: "app.partOpened", key: "mainMenu-1", part: "mainMenu", logic: otherScreen, input: {} });
    const part = appSelectors.part("mainMenu-1")(app.getSnapshot()) as AnyActorRef;
    expect(actorPath(part)).toBe("root/mainMenu-1");
    app.send({ type: "app.partClosed", key: "mainMenu-1" });
    expect(part.getSnapshot().status).toBe("stopped");
    expect(appSelectors.part("mainMenu-1")(app.getSnapshot())).toBeUndefined();
  });

  it("shows the inspector every actor of every screen with its parent", () => {
    const seen: string[] = [];
    const { app } = startApp({ inspect: (ev) => void (ev.type === "@xstate.actor" && seen.push(actorPath(ev.actorRef as AnyActorRef))) });
    app.send(opened("a"));
    expect(seen).toEqual(expect.arrayContaining(["root", "root/session", "root/errorDialog", "root/toasts", "root/report", "root/report/table"]));
  });

  it("restores the stored session, resumes it and keeps storing it", async () => {
    const store = memoryStore();
    const first = startApp({ store });
    first.session.send({ type: "session.signedIn", token: "tok-1", user: alice });
    await flush();
    expect(JSON.parse(store.get("attribution.session") ?? "{}")).toMatchObject({ version: SESSION_SNAPSHOT_VERSION });
    first.app.stop();

    const events: string[] = [];
    const second = startApp({ store, inspect: (ev) => void (ev.type === "@xstate.event" && events.push((ev.event as { type: string }).type)) });
    expect(sessionSelectors.token(second.session.getSnapshot())).toBe("tok-1");
    expect(events).toContain("session.resumed");
    await flush();
    expect(sessionSelectors.user(second.session.getSnapshot())).toEqual(alice);
  });

  it("discards a stored session it cannot restore", () => {
    const store = memoryStore();
    store.set("attribution.session", JSON.stringify({ version: SESSION_SNAPSHOT_VERSION, snapshot: { value: "nowhere", context: null } }));
    const { session } = startApp({ store });
    expect(sessionSelectors.token(session.getSnapshot())).toBeNull();
    expect(store.get("attribution.session")).toBeNull();
  });
});
