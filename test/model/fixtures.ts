/** Shared test data for the machine models and the machine scenario tests. */
import type { MeResponse, LoginResponse, Ok } from "../../src/domain/access/auth";
import type { Message } from "../../src/domain/shell/message";
import type { Program } from "../../src/domain/shell/program";
import type { User } from "../../src/domain/shell/user";
import type { ApiContext } from "../../src/services/http/http";
import { ClientError, Forbidden, NetworkError, NotFound, ServerError, Unauthorized } from "../../src/services/http/httpErrors";

export const api: ApiContext = { baseUrl: "/api", token: null };
export const signedInApi: ApiContext = { baseUrl: "/api", token: "tok-1" };

export const alice: User = { id: 1, username: "alice", email: "alice@example.com", is_admin: false };

export const acme: Program = { id: 1, code: "acme", name: "Acme", currency: "GBP", utc_offset: "+00:00", locale: "en-GB" };
export const beta: Program = { id: 2, code: "beta", name: "Beta", currency: "USD", utc_offset: "-05:00", locale: "en-US" };
export const tokyo: Program = { id: 3, code: "tokyo", name: "Tokyo", currency: "JPY", utc_offset: "+09:00", locale: "ja-JP" };

export const profile: MeResponse = { user: alice, programs: [acme, beta] };
export const loginResponse: LoginResponse = { token: "tok-1", user: alice };
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
