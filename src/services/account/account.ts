import type { Effect } from "effect";
import { Ok } from "../../domain/access/auth";
import { ProfileAnswer, type PasswordChange, type ProfileChange } from "../../domain/account/accountProfile";
import { request, type ApiCall } from "../http/http";
import type { HttpError } from "../http/httpErrors";

/** Refusals the account page says in its own words (400 and 409, 429, the network); 401 stays the session's, the rest the error dialog's. */
const ownFailures = ["ClientError", "NetworkError"] as const;

/** PATCH /account/profile: the caller's own name and email. */
export const changeProfile = (body: ProfileChange): Effect.Effect<ProfileAnswer, HttpError, ApiCall> =>
  request({ method: "PATCH", segments: ["account", "profile"], body, response: ProfileAnswer, handles: ownFailures });

/** POST /account/password: a wrong current password is a 400 the page shows. */
export const changePassword = (body: PasswordChange): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({ method: "POST", segments: ["account", "password"], body, response: Ok, handles: ownFailures });

/** POST /account/sign-out-everywhere: every session of the caller ends, this one too. */
export const signOutEverywhere = (): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({ method: "POST", segments: ["account", "sign-out-everywhere"], response: Ok, handles: ownFailures });
