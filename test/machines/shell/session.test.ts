import { SimulatedClock, createActor, type AnyActorRef } from "xstate";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { MeResponse, Ok } from "../../../src/domain/access/auth";
import { defaultPreferences, type SessionLink } from "../../../src/domain/shell/session";
import { createEventLog } from "../../../src/machines/shell/eventLog";
import { createPersistedActor, readSnapshot, writeSnapshot } from "../../../src/machines/shell/persistence";
import { sessionMachine, sessionSelectors as sel } from "../../../src/machines/shell/session.machine";
import type { ApiContext } from "../../../src/services/http/http";
import { publishHttpFailure } from "../../../src/machines/shell/httpFailureListener";
import { memoryStore } from "../../../src/services/runtime/storage";
import { acme, alice, beta, httpErrors, ok, profile, tokyo } from "../../model/fixtures";
import { answering, controlled, flush } from "../support";

/** A program in Europe/Berlin whose offset was saved in winter. */
const berlin = { ...acme, id: 4, code: "berlin", currency: "EUR", utc_offset: "+01:00", time_zone: "Europe/Berlin" };

const running: AnyActorRef[] = [];
const track = <T extends AnyActorRef>(a: T): T => {
  running.push(a);
  return a;
};

const setup = (input: { apiBaseUrl?: string } = {}) => {
  const loadProfile = controlled<MeResponse, ApiContext>();
  const endSession = controlled<Ok, ApiContext>();
  const actor = track(
    createActor(sessionMachine.provide({ actors: { loadProfile: loadProfile.logic, endSession: endSession.logic } }), {
      clock: new SimulatedClock(),
      input,
    }).start(),
  );
  return { actor, loadProfile, endSession, snap: () => actor.getSnapshot() };
};

const signIn = { type: "session.signedIn", token: "tok-1", user: alice } as const;

const ready = async (me: MeResponse = profile) => {
  const s = setup();
  s.actor.send(signIn);
  await s.loadProfile.resolve(me);
  return s;
};

beforeEach(() => vi.setSystemTime(new Date("2026-03-15T12:00:00Z")));
afterEach(() => {
  for (const a of running.splice(0)) a.stop();
  vi.useRealTimers();
});

describe("session machine: signing in", () => {
  it("starts signed out with the default API base", () => {
    const { snap } = setup();
    expect(snap().value).toEqual({ signedOut: "idle" });
    expect(sel.apiBaseUrl(snap())).toBe("/api");
    expect(sel.isSignedIn(snap())).toBe(false);
  });

  it("sign in → loadingProfile (with the new token) → ready on the first program, last 30 days ending yesterday", async () => {
    const { actor, loadProfile, snap } = setup();
    actor.send(signIn);
    expect(sel.isLoadingProfile(snap())).toBe(true);
    expect(sel.token(snap())).toBe("tok-1");
    expect(loadProfile.calls).toEqual([{ baseUrl: "/api", token: "tok-1" }]);
    await loadProfile.resolve(profile);
    expect(sel.isReady(snap())).toBe(true);
    expect(sel.user(snap())).toEqual(alice);
    expect(sel.programCode(snap())).toBe("acme");
    expect(sel.program(snap())).toEqual(acme);
    expect(sel.currencySymbol(snap())).toBe("£");
    expect(sel.range(snap())).toEqual({ from: "2026-02-13", to: "2026-03-14" });
    expect(sel.preferences(snap())).toEqual(defaultPreferences);
  });

  it.each([
    // program offset, instant, expected range (today in the program's offset, minus one day, 30 days)
    ["+09:00 after its midnight", tokyo, "2026-03-15T20:00:00Z", { from: "2026-02-14", to: "2026-03-15" }],
    ["+09:00 before its midnight", tokyo, "2026-03-15T14:59:59Z", { from: "2026-02-13", to: "2026-03-14" }],
    ["-05:00 before its midnight", beta, "2026-03-15T03:00:00Z", { from: "2026-02-12", to: "2026-03-13" }],
    ["-05:00 after its midnight", beta, "2026-03-15T05:00:00Z", { from: "2026-02-13", to: "2026-03-14" }],
    ["+00:00 across a leap day", acme, "2028-03-01T00:30:00Z", { from: "2028-01-31", to: "2028-02-29" }],
    // A program with a time zone: Berlin's summer time (+02:00), its winter time (+01:00), the day its clocks go forward.
    ["Europe/Berlin in summer after its midnight", berlin, "2026-07-15T22:30:00Z", { from: "2026-06-16", to: "2026-07-15" }],
    ["Europe/Berlin in summer before its midnight", berlin, "2026-07-15T21:59:59Z", { from: "2026-06-15", to: "2026-07-14" }],
    ["Europe/Berlin in winter after its midnight", berlin, "2026-01-15T23:30:00Z", { from: "2025-12-17", to: "2026-01-15" }],
    ["Europe/Berlin after the 23-hour day", berlin, "2026-03-29T22:00:00Z", { from: "2026-02-28", to: "2026-03-29" }],
  ])("the default range follows the program's time zone (%s)", async (_l, program, now, range) => {
    vi.setSystemTime(new Date(now));
    const { snap } = await ready({ user: alice, programs: [program] });
    expect(sel.range(snap())).toEqual(range);
  });

  it.each([
    { case: "the sign-in's programs", programs: [acme, beta], program: "acme", range: { from: "2026-02-13", to: "2026-03-14" } },
    { case: "no program", programs: [], program: null, range: null },
  ])("a sign-in whose answer lists the programs is ready at once, without a profile call ($case)", ({ programs, program, range }) => {
    const { actor, loadProfile, snap } = setup();
    actor.send({ ...signIn, programs });
    expect(sel.isReady(snap())).toBe(true);
    expect(loadProfile.calls).toEqual([]);
    expect(sel.token(snap())).toBe("tok-1");
    expect(sel.user(snap())).toEqual(alice);
    expect(sel.programs(snap())).toEqual(programs);
    expect(sel.programCode(snap())).toBe(program);
    expect(sel.range(snap())).toEqual(range);
  });

  it("keeps a range already chosen (e.g. from a link) instead of the default", async () => {
    const { actor, loadProfile, snap } = setup();
    actor.send(signIn);
    actor.send({ type: "session.linkOpened", link: { program: "beta", from: "2026-01-01", to: "2026-01-31" } });
    await loadProfile.resolve(profile);
    expect(sel.programCode(snap())).toBe("beta");
    expect(sel.range(snap())).toEqual({ from: "2026-01-01", to: "2026-01-31" });
  });

  it("a user without programs is ready with no program and no range", async () => {
    const { snap } = await ready({ user: alice, programs: [] });
    expect(sel.isReady(snap())).toBe(true);
    expect(sel.programCode(snap())).toBeNull();
    expect(sel.range(snap())).toBeNull();
    expect(sel.currencySymbol(snap())).toBe("£");
  });

  it("a 401 on the profile call ends the session as expired", async () => {
    const { actor, loadProfile, snap } = setup();
    actor.send(signIn);
    await loadProfile.reject(httpErrors.unauthorized);
    expect(sel.hasExpired(snap())).toBe(true);
    expect(sel.token(snap())).toBeNull();
    expect(sel.user(snap())).toBeNull();
  });

  it.each([
    ["500", httpErrors.server],
    ["network", httpErrors.network],
  ])("a %s on the profile call offers a retry", async (_l, error) => {
    const { actor, loadProfile, snap } = setup();
    actor.send(signIn);
    await loadProfile.reject(error);
    expect(sel.isUnavailable(snap())).toBe(true);
    expect(sel.token(snap())).toBe("tok-1");
    actor.send({ type: "session.retried" });
    expect(sel.isLoadingProfile(snap())).toBe(true);
    expect(loadProfile.calls).toHaveLength(2);
    await loadProfile.resolve(profile);
    expect(sel.isReady(snap())).toBe(true);
  });

  it("resuming reloads the profile and keeps program and range", async () => {
    const { actor, loadProfile, snap } = await ready();
    actor.send({ type: "session.programSelected", program: "beta" });
    actor.send({ type: "session.resumed" });
    expect(sel.isLoadingProfile(snap())).toBe(true);
    await loadProfile.resolve(profile);
    expect(sel.programCode(snap())).toBe("beta");
    expect(sel.range(snap())).toEqual({ from: "2026-02-13", to: "2026-03-14" });
  });

  it("falls back to the first program when the remembered one is gone", async () => {
    const { actor, loadProfile, snap } = await ready();
    actor.send({ type: "session.programSelected", program: "beta" });
    actor.send({ type: "session.resumed" });
    await loadProfile.resolve({ user: alice, programs: [acme] });
    expect(sel.programCode(snap())).toBe("acme");
  });
});

describe("session machine: program, dates and links", () => {
  it("switches only to a program the user has, and only when ready", async () => {
    const s = setup();
    s.actor.send(signIn);
    s.actor.send({ type: "session.programSelected", program: "beta" });
    expect(sel.programCode(s.snap())).toBeNull();
    await s.loadProfile.resolve(profile);
    s.actor.send({ type: "session.programSelected", program: "beta" });
    expect(sel.programCode(s.snap())).toBe("beta");
    expect(sel.currencySymbol(s.snap())).toBe("$");
    s.actor.send({ type: "session.programSelected", program: "nope" });
    expect(sel.programCode(s.snap())).toBe("beta");
    s.actor.send({ type: "session.programSelected", program: "" });
    expect(sel.programCode(s.snap())).toBe("beta");
  });

  it.each([
    ["reversed", "2026-01-31", "2026-01-01"],
    ["an impossible date", "2026-02-01", "2026-02-30"],
    ["a non-leap 29 February", "2026-02-01", "2026-02-29"],
    ["not ISO", "01/02/2026", "2026-02-03"],
    ["empty", "", ""],
  ])("ignores a range that is %s", async (_l, from, to) => {
    const { actor, snap } = await ready();
    actor.send({ type: "session.datesChanged", from, to });
    expect(sel.range(snap())).toEqual({ from: "2026-02-13", to: "2026-03-14" });
  });

  it("takes a valid range, including a single day", async () => {
    const { actor, snap } = await ready();
    actor.send({ type: "session.datesChanged", from: "2024-02-29", to: "2024-02-29" });
    expect(sel.range(snap())).toEqual({ from: "2024-02-29", to: "2024-02-29" });
    expect(sel.dateFrom(snap())).toBe("2024-02-29");
    expect(sel.dateTo(snap())).toBe("2024-02-29");
  });

  it("applies each valid part of a link and ignores the rest", async () => {
    const { actor, snap } = await ready();
    actor.send({ type: "session.linkOpened", link: { program: "nope", from: "2026-01-01", to: "2026-01-31" } });
    expect(sel.programCode(snap())).toBe("acme");
    expect(sel.range(snap())).toEqual({ from: "2026-01-01", to: "2026-01-31" });
    actor.send({ type: "session.linkOpened", link: { program: "beta", from: "2026-01-31", to: "2026-01-01" } });
    expect(sel.programCode(snap())).toBe("beta");
    expect(sel.range(snap())).toEqual({ from: "2026-01-01", to: "2026-01-31" });
  });

  it.each<[string, SessionLink, ReadonlyArray<string>]>([
    ["a program they may not see", { program: "secret" }, ["Acme"]],
    ["one they may see", { program: "beta" }, []],
    ["no program", { from: "2026-01-01", to: "2026-01-31" }, []],
    ["an empty program", { program: "" }, []],
  ])("a link to %s tells the listeners which program is shown instead: %j", async (_, link, told) => {
    const { actor, snap } = await ready();
    const heard: string[] = [];
    actor.on("session.programRefused", (e) => heard.push(e.shown.name));
    actor.send({ type: "session.linkOpened", link });
    expect(heard).toEqual(told);
    expect(sel.programCode(snap())).toBe(link.program === "beta" ? "beta" : "acme");
  });

  it("a link's program taken before the programs were known, and not among them, is told as refused once they are", async () => {
    const { actor, loadProfile, snap } = setup();
    const heard: string[] = [];
    actor.on("session.programRefused", (e) => heard.push(e.shown.name));
    actor.send(signIn);
    actor.send({ type: "session.linkOpened", link: { program: "secret" } });
    expect(heard).toEqual([]);
    await loadProfile.resolve(profile);
    expect(sel.programCode(snap())).toBe("acme");
    expect(heard).toEqual(["Acme"]);
  });

  it("a link's program taken before the programs were known, and among them, says nothing", async () => {
    const { actor, loadProfile, snap } = setup();
    const heard: string[] = [];
    actor.on("session.programRefused", (e) => heard.push(e.shown.name));
    actor.send(signIn);
    actor.send({ type: "session.linkOpened", link: { program: "beta" } });
    await loadProfile.resolve(profile);
    expect(sel.programCode(snap())).toBe("beta");
    expect(heard).toEqual([]);
  });

  it("ignores links while signed out", () => {
    const { actor, snap } = setup();
    actor.send({ type: "session.linkOpened", link: { program: "beta", from: "2026-01-01", to: "2026-01-31" } });
    expect(sel.programCode(snap())).toBeNull();
    expect(sel.range(snap())).toBeNull();
  });
});

describe("session machine: preferences", () => {
  it("applies valid preference changes and ignores invalid ones", async () => {
    const { actor, snap } = await ready();
    const prefs = () => sel.preferences(snap());
    actor.send({ type: "session.namedFilterChanged", filter: "returning" });
    actor.send({ type: "session.namedFilterChanged", filter: "bogus" as never });
    expect(sel.namedFilter(snap())).toBe("returning");
    actor.send({ type: "session.metricsChanged", metricOne: "cpa", metricTwo: "roas" });
    actor.send({ type: "session.metricsChanged", metricOne: "clicks", metricTwo: "clicks" });
    actor.send({ type: "session.metricsChanged", metricOne: "", metricTwo: "roas" });
    expect([prefs().metricOne, prefs().metricTwo]).toEqual(["cpa", "roas"]);
    actor.send({ type: "session.chartTypeToggled" });
    expect(prefs().chartType).toBe("bar");
    actor.send({ type: "session.chartTypeToggled" });
    expect(prefs().chartType).toBe("area");
    actor.send({ type: "session.intervalChanged", interval: "month" });
    actor.send({ type: "session.intervalChanged", interval: "year" as never });
    expect(prefs().interval).toBe("month");
    actor.send({ type: "session.columnsChanged", columns: ["clicks", "cpa"] });
    actor.send({ type: "session.columnsChanged", columns: [] });
    expect(prefs().columns).toEqual(["clicks", "cpa"]);
    actor.send({ type: "session.sortChanged", metric: "cpa", direction: "asc" });
    expect([prefs().sortMetric, prefs().sortDirection]).toEqual(["cpa", "asc"]);
  });

  it("ignores preference changes before the profile is loaded", () => {
    const { actor, snap } = setup();
    actor.send(signIn);
    actor.send({ type: "session.chartTypeToggled" });
    expect(sel.preferences(snap())).toEqual(defaultPreferences);
  });
});

describe("session machine: API base URL", () => {
  it("takes a valid URL while signed out, trimmed and without trailing slashes", () => {
    const { actor, snap } = setup();
    actor.send({ type: "session.apiBaseUrlChanged", url: " https://api.example.com/v1// " });
    expect(sel.apiBaseUrl(snap())).toBe("https://api.example.com/v1");
    actor.send({ type: "session.apiBaseUrlChanged", url: "//evil.example.com" });
    actor.send({ type: "session.apiBaseUrlChanged", url: "javascript:alert(1)" });
    expect(sel.apiBaseUrl(snap())).toBe("https://api.example.com/v1");
  });

  it("ignores changes while signed in, and an invalid input URL", async () => {
    const { actor, snap } = await ready();
    actor.send({ type: "session.apiBaseUrlChanged", url: "https://other.example.com" });
    expect(sel.apiBaseUrl(snap())).toBe("/api");
    expect(sel.apiBaseUrl(setup({ apiBaseUrl: "ftp://x" }).snap())).toBe("/api");
    expect(sel.apiBaseUrl(setup({ apiBaseUrl: "/proxy/api" }).snap())).toBe("/proxy/api");
  });

  it("the profile call goes to the chosen base URL", () => {
    const { actor, loadProfile } = setup();
    actor.send({ type: "session.apiBaseUrlChanged", url: "https://api.example.com" });
    actor.send(signIn);
    expect(loadProfile.calls).toEqual([{ baseUrl: "https://api.example.com", token: "tok-1" }]);
  });
});

describe("session machine: 401 and signing out", () => {
  it("a 401 on the app-wide failure channel signs out as expired", async () => {
    const { snap } = await ready();
    publishHttpFailure(httpErrors.forbidden); // not the session's
    expect(sel.isReady(snap())).toBe(true);
    publishHttpFailure(httpErrors.unauthorized);
    expect(sel.hasExpired(snap())).toBe(true);
    expect(sel.token(snap())).toBeNull();
    expect(sel.programs(snap())).toEqual([]);
  });

  it("does not listen once signed out (a late 401 does not turn a sign-out into an expiry)", async () => {
    const { actor, endSession, snap } = await ready();
    actor.send({ type: "session.signOutRequested" });
    await endSession.resolve(ok);
    publishHttpFailure(httpErrors.unauthorized);
    expect(snap().value).toEqual({ signedOut: "idle" });
  });

  it("sign out calls the API once with the token, then forgets the credentials", async () => {
    const { actor, endSession, snap } = await ready();
    actor.send({ type: "session.signOutRequested" });
    actor.send({ type: "session.signOutRequested" });
    expect(sel.isSigningOut(snap())).toBe(true);
    expect(endSession.calls).toEqual([{ baseUrl: "/api", token: "tok-1" }]);
    await endSession.resolve(ok);
    expect(snap().value).toEqual({ signedOut: "idle" });
    expect(sel.token(snap())).toBeNull();
    expect(sel.user(snap())).toBeNull();
    expect(endSession.calls).toHaveLength(1);
    // The next person to sign in on this browser does not inherit the view.
    expect(sel.programCode(snap())).toBeNull();
    expect(sel.range(snap())).toBeNull();
    expect(sel.apiBaseUrl(snap())).toBe("/api");
  });

  it("a failed sign-out call still signs out", async () => {
    const { actor, endSession, snap } = await ready();
    actor.send({ type: "session.signOutRequested" });
    await endSession.reject(httpErrors.network);
    expect(snap().value).toEqual({ signedOut: "idle" });
  });

  it("can sign in again after expiring", async () => {
    const { actor, loadProfile, snap } = await ready();
    publishHttpFailure(httpErrors.unauthorized);
    actor.send({ ...signIn, token: "tok-2" });
    expect(loadProfile.calls.at(-1)).toEqual({ baseUrl: "/api", token: "tok-2" });
    await loadProfile.resolve(profile);
    expect(sel.isReady(snap())).toBe(true);
  });
});

describe("session persistence", () => {
  const key = "session";
  const fakes = () => {
    const loadProfile = answering<MeResponse, ApiContext>(profile);
    const endSession = answering<Ok, ApiContext>(ok);
    return { loadProfile, endSession, machine: sessionMachine.provide({ actors: { loadProfile: loadProfile.logic, endSession: endSession.logic } }) };
  };

  it("round trip: a reload resumes where the person was, still listening for 401", async () => {
    const store = memoryStore();
    const first = fakes();
    const { actor, restored } = createPersistedActor(first.machine, { key, version: 1, store });
    track(actor).start();
    expect(restored).toBe(false);
    actor.send(signIn);
    await flush();
    actor.send({ type: "session.programSelected", program: "beta" });
    actor.send({ type: "session.datesChanged", from: "2026-01-01", to: "2026-01-31" });
    actor.send({ type: "session.chartTypeToggled" });
    const before = actor.getSnapshot();
    actor.stop();

    const second = fakes();
    const again = createPersistedActor(second.machine, { key, version: 1, store });
    track(again.actor).start();
    expect(again.restored).toBe(true);
    const after = again.actor.getSnapshot();
    expect(after.value).toEqual({ signedIn: "ready" });
    expect(after.context).toEqual(before.context);
    expect(second.loadProfile.calls).toEqual([]);

    publishHttpFailure(httpErrors.unauthorized);
    expect(sel.hasExpired(again.actor.getSnapshot())).toBe(true);
    // and the expiry itself is stored
    expect(readSnapshot({ key, version: 1, store })).toMatchObject({ value: { signedOut: "expired" } });
  });

  it("discards a snapshot written by another version", () => {
    const store = memoryStore();
    const { actor } = createPersistedActor(fakes().machine, { key, version: 1, store });
    track(actor).start();
    actor.send(signIn);
    writeSnapshot(actor, { key, version: 1, store });
    expect(store.get(key)).not.toBeNull();

    expect(readSnapshot({ key, version: 2, store })).toBeUndefined();
    expect(store.get(key)).toBeNull();

    writeSnapshot(actor, { key, version: 1, store });
    const next = createPersistedActor(fakes().machine, { key, version: 2, store });
    expect(next.restored).toBe(false);
    expect(next.actor.getSnapshot().value).toEqual({ signedOut: "idle" });
  });

  it.each([
    ["not JSON", "{oops"],
    ["no envelope", JSON.stringify({ value: "x" })],
    ["an empty snapshot", JSON.stringify({ version: 1, snapshot: null })],
  ])("discards a stored value that is %s", (_l, raw) => {
    const store = memoryStore();
    store.set(key, raw);
    expect(readSnapshot({ key, version: 1, store })).toBeUndefined();
    expect(store.get(key)).toBeNull();
  });
});

describe("session event log", () => {
  it("a recording replayed into a fresh actor reproduces the same state and context", async () => {
    const log = createEventLog();
    const recorded = track(
      createActor(sessionMachine.provide({ actors: { loadProfile: answering<MeResponse, ApiContext>(profile).logic, endSession: answering<Ok, ApiContext>(ok).logic } }), {
        id: "session",
        input: {},
        inspect: log.inspect,
      }).start(),
    );
    recorded.send({ type: "session.apiBaseUrlChanged", url: "https://api.example.com/" });
    recorded.send(signIn);
    await flush();
    recorded.send({ type: "session.programSelected", program: "beta" });
    recorded.send({ type: "session.datesChanged", from: "2026-01-01", to: "2026-01-31" });
    recorded.send({ type: "session.datesChanged", from: "2026-02-01", to: "2026-02-30" });
    recorded.send({ type: "session.intervalChanged", interval: "week" });
    recorded.send({ type: "session.resumed" });
    await flush();
    recorded.send({ type: "session.sortChanged", metric: "cpa", direction: "asc" });
    publishHttpFailure(httpErrors.unauthorized);
    recorded.send({ ...signIn, token: "tok-2" });
    await flush();

    const events = log.eventsOf("session");
    expect(events.map((e) => e.type)).toContain("http.failed");
    expect(events.some((e) => e.type.startsWith("xstate."))).toBe(false);

    // The saved recording is JSON: replay from its parsed form, as a test of a saved file would.
    const saved = JSON.parse(log.toJSON()) as { entries: Array<{ actor: string; event: { type: string } }> };
    const replayed = track(
      createActor(sessionMachine.provide({ actors: { loadProfile: answering<MeResponse, ApiContext>(profile).logic, endSession: answering<Ok, ApiContext>(ok).logic } }), {
        id: "session",
        input: {},
      }).start(),
    );
    for (const e of saved.entries.filter((x) => x.actor === "session")) {
      replayed.send(e.event as never);
      await flush();
    }
    expect(replayed.getSnapshot().value).toEqual(recorded.getSnapshot().value);
    expect(replayed.getSnapshot().context).toEqual(recorded.getSnapshot().context);
    expect(sel.token(replayed.getSnapshot())).toBe("tok-2");
    expect(sel.apiBaseUrl(replayed.getSnapshot())).toBe("https://api.example.com");
  });

  it("the log is bounded", () => {
    const log = createEventLog(3);
    const actor = track(createActor(sessionMachine, { id: "session", input: {}, inspect: log.inspect }).start());
    for (let i = 0; i < 5; i++) actor.send({ type: "session.apiBaseUrlChanged", url: `/api${i}` });
    expect(log.eventsOf("session").map((e) => (e as { url?: string }).url)).toEqual(["/api2", "/api3", "/api4"]);
  });
});
