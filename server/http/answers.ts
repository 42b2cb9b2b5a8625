import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { Schema } from "effect";
import { minimumPasswordLength } from "../../src/domain/access/passwordForm";
import { ApiError } from "../../src/domain/shell/apiError";

/** Every ApiError the server answers, by situation. */
export const refusals = {
  malformedJson: { status: 400, error: "malformed_json", message: "The request body is not valid JSON." },
  invalidBody: { status: 400, error: "invalid_body", message: "The request body does not have the expected fields." },
  invalidId: { status: 400, error: "invalid_id", message: "The id in the path must be a whole number." },
  invalidQuery: { status: 400, error: "invalid_query", message: "The query parameters are not valid." },
  auditExportTooLarge: { status: 422, error: "export_too_large", message: "More changes match these filters than an export holds." },
  passwordMismatch: {
    status: 400,
    error: "password_mismatch",
    message: "These passwords don't match. Please ensure both fields match.",
  },
  passwordTooShort: {
    status: 400,
    error: "password_too_short",
    message: `The new password must have at least ${minimumPasswordLength} characters.`,
  },
  invalidResetLink: {
    status: 400,
    error: "invalid_reset_link",
    message: "That reset link is wrong, expired or already used.",
  },
  signInRequired: { status: 401, error: "unauthorized", message: "Sign in to continue." },
  sessionInvalid: { status: 401, error: "unauthorized", message: "The session has ended or is not valid. Sign in again." },
  invalidCredentials: {
    status: 401,
    error: "invalid_credentials",
    message: "We couldn't match the credentials given, please try again",
  },
  programForbidden: { status: 403, error: "forbidden", message: "You don't have access to this program." },
  adminOnly: { status: 403, error: "forbidden", message: "You don't have access to admin resources." },
  notFound: { status: 404, error: "not_found", message: "There is no such resource." },
  programNotFound: { status: 404, error: "program_not_found", message: "There is no program with that code." },
  programCodeTaken: {
    status: 409,
    error: "program_code_taken",
    message: "Another program already has this code. Choose another one.",
  },
  programArchived: { status: 410, error: "program_archived", message: "This program is archived." },
  modelNotDataDriven: {
    status: 409,
    error: "model_not_data_driven",
    message: "The program's attribution model is not data-driven (markov, shapley): there is nothing to fit.",
  },
  personNotFound: { status: 404, error: "person_not_found", message: "There is no person with that id." },
  invitationNotFound: { status: 404, error: "invitation_not_found", message: "There is no open invitation with that id." },
  personExists: {
    status: 409,
    error: "person_exists",
    message: "Someone with this email already has an account.",
  },
  ownAccount: {
    status: 409,
    error: "own_account",
    message: "You cannot make yourself a member or remove yourself. Ask another admin.",
  },
  lastAdmin: {
    status: 409,
    error: "last_admin",
    message: "This is the last admin. Make someone else an admin first.",
  },
  invalidInvitationLink: {
    status: 400,
    error: "invalid_invitation_link",
    message: "That invitation link is wrong, expired, revoked or already used.",
  },
  messageNotFound: { status: 404, error: "message_not_found", message: "There is no message with that id to dismiss." },
  staleClassification: {
    status: 409,
    error: "stale_classification",
    message: "Someone else saved the classification while you were editing. Reload it before saving again.",
  },
  payloadTooLarge: { status: 413, error: "payload_too_large", message: "The request body is larger than 1 MB." },
  unsupportedMediaType: {
    status: 415,
    error: "unsupported_media_type",
    message: "Send the request body as JSON (Content-Type: application/json).",
  },
  tooManyAttempts: {
    status: 429,
    error: "too_many_attempts",
    message: "Too many failed sign-ins for this username. Try again in a few minutes.",
  },
  tooManyFailuresFromAddress: {
    status: 429,
    error: "too_many_attempts",
    message: "Too many failed sign-ins from this address. Try again in a few minutes.",
  },
  tooManyRequests: {
    status: 429,
    error: "too_many_requests",
    message: "Too many requests from this address. Try again in a few minutes.",
  },
  serverError: { status: 500, error: "server_error", message: "Something went wrong on the server." },
  collectionBehind: {
    status: 503,
    error: "collection_unavailable",
    message: "Events cannot be taken right now. Send them again after the Retry-After seconds.",
  },
} as const satisfies Record<string, Refusal>;

export interface Refusal {
  readonly status: ContentfulStatusCode;
  readonly error: string;
  readonly message: string;
}

const encodeApiError = Schema.encodeSync(ApiError);

/** Answers an ApiError; `message` overrides the catalogue's text with a more precise one. */
export const refuse = (c: Context, refusal: Refusal, message?: string): Response =>
  c.json(encodeApiError({ error: refusal.error, message: message ?? refusal.message }), refusal.status);

/**
 * 413 for a body over its limit, with `Connection: close`: the rest of the body is never
 * read, so the server closes the socket after answering, and says so rather than promising
 * keep-alive to a client that would then find the connection gone.
 */
export const refuseTooLarge = (c: Context, message?: string): Response => {
  c.header("Connection", "close");
  return refuse(c, refusals.payloadTooLarge, message);
};

/** 429 with `Retry-After`: the whole seconds (at least 1) until the throttle accepts again. */
export const refuseThrottled = (c: Context, refusal: Refusal, retryAfterMs: number): Response => {
  c.header("Retry-After", String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return refuse(c, refusal);
};

/** 503 with `Retry-After` (whole seconds): a store that cannot take the request now, and will soon. */
export const refuseUnavailable = (c: Context, refusal: Refusal, retryAfterSeconds: number): Response => {
  c.header("Retry-After", String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return refuse(c, refusal);
};

/** Answers `value` encoded by the shared Schema, so the wire shape is the client's. */
export const answer = <A, I>(c: Context, schema: Schema.Schema<A, I, never>, value: A): Response =>
  c.json(Schema.encodeSync(schema)(value) as object, 200);

/** The plain acknowledgement `{ ok: true }`. */
export const okValue = { ok: true } as const;
