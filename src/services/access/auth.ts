import type { Effect } from "effect";
import { LoginResponse, MeResponse, Ok, type LoginRequest, type PasswordReset } from "../../domain/access/auth";
import { request, type ApiCall } from "../http/http";
import type { HttpError } from "../http/httpErrors";

/** Wrong credentials (401) and throttling (429) are the sign-in screen's to show. */
export const login = (body: LoginRequest): Effect.Effect<LoginResponse, HttpError, ApiCall> =>
  request({ method: "POST", segments: ["auth", "login"], body, response: LoginResponse, handles: ["Unauthorized", "ClientError"] });

/** Signing out ends the server session; any failure is the caller's (the local session ends anyway). */
export const logout = (): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({
    method: "POST",
    segments: ["auth", "logout"],
    response: Ok,
    handles: ["Unauthorized", "Forbidden", "NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"],
  });

export const me = (): Effect.Effect<MeResponse, HttpError, ApiCall> =>
  request({ segments: ["auth", "me"], response: MeResponse, handles: ["NetworkError", "DecodeError"] });

const silent = ["Unauthorized", "Forbidden", "NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"] as const;

/** The recovery page only logs a failure: the page does not change. */
export const requestPasswordReset = (email: string): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({ method: "POST", segments: ["auth", "password", "request-reset"], body: { email }, response: Ok, handles: silent });

/** Any failure means a bad link. */
export const validateResetLink = (token: string, email: string): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({ method: "POST", segments: ["auth", "password", "validate"], body: { token, email }, response: Ok, handles: silent });

/** A reset failure is not shown to the user. */
export const resetPassword = (body: PasswordReset): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({ method: "POST", segments: ["auth", "password", "reset"], body, response: Ok, handles: silent });
