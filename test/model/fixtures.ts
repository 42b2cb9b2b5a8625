/** Shared test data for the machine models and the machine scenario tests. */
import type { MeResponse, LoginResponse, Ok } from "../../src/domain/access/auth";
import type { Message } from "../../src/domain/shell/message";
import type { Program } from "../../src/domain/shell/program";
import type { AdminProgram } from "../../src/domain/programs/programAdmin";
import type { User } from "../../src/domain/shell/user";
import { createActor, fromCallback, setup, type AnyActorRef, type EventObject } from "xstate";
import { sessionScopeOf, type SessionScope } from "../../src/domain/report/reportScope";
import { defaultPreferences, type ApiContext, type SessionState } from "../../src/domain/shell/session";
import type { ScopedScreen, SessionSource } from "../../src/machines/shell/sessionScope";
import { ClientError, Forbidden, NetworkError, NotFound, ServerError, Unauthorized } from "../../src/services/http/httpErrors";

export const api: ApiContext = { baseUrl: "/api", token: null };
export const signedInApi: ApiContext = { baseUrl: "/api", token: "tok-1" };

export const alice: User = { id: 1, username: "alice", email: "alice@example.com", is_admin: false };

export const acme: Program = { id: 1, code: "acme", name: "Acme", currency: "GBP", utc_offset: "+00:00", locale: "en-GB" };
/** Acme as the Programs screen lists it (its admin fields), active. */
export const acmeAdminProgram: AdminProgram = {
  id: 1,
  code: "acme",
  name: "Acme",
  currency: "GBP",
  time_zone: "Europe/London",
  attribution_model: "linear",
  lookback_days: 30,
  archived: false,
};
/** Northwind as the admin screens list it (its admin fields), active. */
export const northwindAdminProgram: AdminProgram = {
  id: 1,
  code: "northwind",
  name: "Northwind",
  currency: "GBP",
  time_zone: "Europe/London",
  attribution_model: "position_based",
  lookback_days: 1,
  archived: false,
};
export const beta: Program = { id: 2, code: "beta", name: "Beta", currency: "USD", utc_offset: "-05:00", locale: "en-US" };
export const tokyo: Program = { id: 3, code: "tokyo", name: "Tokyo", currency: "JPY", utc_offset: "+09:00", locale: "ja-JP" };

export const profile: MeResponse = { user: alice, programs: [acme, beta] };
export const loginResponse: LoginResponse = { token: "tok-1", user: alice, programs: [acme, beta] };
export const ok: Ok = { ok: true };

export const messageOne: Message = { id: 1, message: "<b>Maintenance</b> tonight", meta: { type: "is-warning" } };
export const messageTwo: Message = { id: 2, message: "New report available", meta: {} };

export const httpErrors = {
  unauthorized: new Unauthorized({ status: 401, message: "HTTP 401", path: "/auth/me" }),
  forbidden: new Forbidden({ status: 403, message: "HTTP 403", path: "/programs/acme/admin" }),
  notFound: new NotFound({ status: 404, message: "HTTP 404", path: "/programs/acme/x" }),
  badRequest: new ClientError({ status: 400, code: "bad_request", message: "HTTP 400", path: "/x" }),
  unprocessable: new ClientError({ status: 422, code: "invalid_token", message: "HTTP 422", path: "/auth/password/validate" }),
  throttled: new ClientError({ status: 429, code: "throttled", message: "HTTP 429", path: "/auth/login" }),
  wrongCredentials: new Unauthorized({ status: 401, message: "HTTP 401", path: "/auth/login" }),
  server: new ServerError({ status: 500, message: "HTTP 500", path: "/x" }),
  unavailable: new ServerError({ status: 503, message: "HTTP 503", path: "/x" }),
  network: new NetworkError({ message: "Failed to fetch", path: "/x" }),
} as const;

/**
 * A stand-in for the session actor as screens' actors read it: a fixed context (signed in
 * as alice on acme, January 2026, unless told otherwise), no changes. Scope changes are
 * sent to the actor under test as `session.scopeChanged`, as its listener would.
 */
export const sessionOf = (overrides: Partial<SessionState> = {}): SessionSource => {
  const context: SessionState = {
    apiBaseUrl: "/api",
    token: "tok-1",
    user: alice,
    programs: [acme, beta],
    programCode: "acme",
    range: { from: "2026-01-01", to: "2026-01-31" },
    preferences: defaultPreferences,
    ...overrides,
  };
  return { getSnapshot: () => ({ context }), subscribe: () => ({ unsubscribe: () => undefined }) };
};

/** A session scope as `session.scopeChanged` carries it. */
export const scopeOf = (overrides: Partial<SessionState> = {}): SessionScope => sessionScopeOf(sessionOf(overrides).getSnapshot().context);

/** The listener a screen's actor invokes (given the session and the scope the screen opened with), quiet: tests send `session.scopeChanged` themselves. */
export const quietSessionScopeListener = fromCallback<{ type: "noop" }, ScopedScreen>(() => undefined);

/** The same listener, under the name the analysis reports' tests use. */
export const quietReportScopeListener = quietSessionScopeListener;

/**
 * A session actor double that both carries a session context (as `sessionOf`) and records
 * every event sent to it, for machines that read the session and tell it things (sign-in).
 */
export const recordingSessionActor = (record: (event: EventObject) => void, overrides: Partial<SessionState> = {}): AnyActorRef & SessionSource =>
  createActor(
    setup({ types: { context: {} as SessionState }, actions: { record: ({ event }) => record(event) } }).createMachine({
      context: sessionOf(overrides).getSnapshot().context,
      on: { "*": { actions: "record" } },
    }),
  ).start();
