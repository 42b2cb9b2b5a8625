import { parseRange } from "../../../src/domain/report/dateRange";
import type { Interval, NamedFilter } from "../../../src/domain/shell/session";
import { sessionMachine } from "../../../src/machines/shell/session.machine";
import { publishHttpFailure } from "../../../src/machines/shell/httpFailureListener";
import { defineMachineModel, invariant } from "../harness";
import { alice, beta, httpErrors, ok, profile } from "../fixtures";

/**
 * The session: its context is the fold of its events, persisted and restored. The
 * observed context (part of each state's identity) is the credentials, the program and the range; preferences and the
 * API base URL would multiply the graph, so their guards are covered by the scenario
 * tests (test/machines/shell/session.test.ts) and by the invariants below.
 */
export const sessionModel = defineMachineModel({
  name: "session",
  machine: sessionMachine,
  input: () => ({}),
  events: {
    // A sign-in's answer lists the programs (ready at once); a session signed in without them loads the profile.
    "session.signedIn": { alice: { token: "tok-1", user: alice }, aliceWithPrograms: { token: "tok-1", user: alice, programs: profile.programs } },
    "session.signOutRequested": [{}],
    "session.resumed": [{}],
    "session.retried": [{}],
    "session.userChanged": { newEmail: { user: { ...alice, email: "alice@example.org" } } },
    // An admin made, edited or archived a program: the current one may be gone (archived), or every one.
    "session.programsChanged": { withoutAcme: { programs: [beta] }, none: { programs: [] } },
    "session.programSelected": { known: { program: "beta" }, unknown: { program: "nope" } },
    "session.datesChanged": {
      january: { from: "2026-01-01", to: "2026-01-31" },
      reversed: { from: "2026-01-31", to: "2026-01-01" },
      impossible: { from: "2026-02-01", to: "2026-02-30" },
    },
    "session.linkOpened": { january: { link: { program: "acme", from: "2026-01-01", to: "2026-01-31" } }, bad: { link: { program: "nope", from: "x", to: "y" } } },
    "session.apiBaseUrlChanged": { https: { url: "https://api.example.com/v1/" }, bad: { url: "//evil.example.com" } },
    "session.namedFilterChanged": { known: { filter: "new" }, unknown: { filter: "bogus" as NamedFilter } },
    "session.metricsChanged": { distinct: { metricOne: "clicks", metricTwo: "roas" }, same: { metricOne: "clicks", metricTwo: "clicks" } },
    "session.chartTypeToggled": [{}],
    "session.intervalChanged": { week: { interval: "week" }, unknown: { interval: "year" as Interval } },
    "session.columnsChanged": { one: { columns: ["clicks"] }, none: { columns: [] } },
    "session.sortChanged": { cpa: { metric: "cpa", direction: "asc" } },
    "http.failed": { unauthorized: { error: httpErrors.unauthorized }, forbidden: { error: httpErrors.forbidden } },
  },
  // 401s reach the session through the app-wide channel and its own listener.
  deliver: { "http.failed": (event) => publishHttpFailure(event.error) },
  realActors: ["httpFailureListener"],
  actorOutcomes: {
    loadProfile: {
      resolves: { profile },
      rejects: { "401": httpErrors.unauthorized, "500": httpErrors.server, network: httpErrors.network },
    },
    endSession: { resolves: { ok }, rejects: { network: httpErrors.network } },
  },
  observe: (c) => ({ token: c.token, user: c.user?.username ?? null, programCode: c.programCode, range: c.range }),
  strategies: { simple: { observe: null } },
  limit: 100_000,
  check: ({ after, before, newCalls }) => {
    const c = after.context;
    if (after.matches("signedOut")) invariant(c.token === null && c.user === null && c.programs.length === 0, "signed out forgets the credentials");
    if (after.matches("signedIn")) invariant(c.token !== null, "signed in has a token");
    if (after.matches({ signedIn: "ready" }) && c.programs.length > 0) {
      invariant(c.programs.some((p) => p.code === c.programCode), "ready points at one of the user's programs");
      invariant(c.range !== null && parseRange(c.range.from, c.range.to) !== null, "ready has a valid range");
    }
    const loads = newCalls.filter((x) => x.kind === "actor" && x.name === "loadProfile");
    const entered = after.matches({ signedIn: "loadingProfile" }) && !before?.matches({ signedIn: "loadingProfile" });
    invariant(loads.length === (entered ? 1 : 0), "the profile is loaded on entering loadingProfile");
    for (const l of loads) invariant(JSON.stringify(l.payload) === JSON.stringify({ baseUrl: c.apiBaseUrl, token: c.token }), "profile call uses the session's API context");
    const ends = newCalls.filter((x) => x.kind === "actor" && x.name === "endSession");
    invariant(ends.length === (after.matches({ signedIn: "signingOut" }) && !before?.matches({ signedIn: "signingOut" }) ? 1 : 0), "sign out calls the API once");
  },
});
