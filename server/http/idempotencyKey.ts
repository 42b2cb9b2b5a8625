import { createHash } from "node:crypto";
import type { Context } from "hono";
import { refuse, type Refusal } from "./answers";
import type { Reading } from "./requestReading";

/** The refusals of a create under an `Idempotency-Key`. */
export const idempotencyRefusals = {
  invalidKey: {
    status: 400,
    error: "invalid_idempotency_key",
    message: "The Idempotency-Key header must be 1 to 200 printable ASCII characters.",
  },
  keyReused: {
    status: 422,
    error: "idempotency_key_reused",
    message: "This Idempotency-Key was already used with a different request body.",
  },
} as const satisfies Record<string, Refusal>;

/** 1 to 200 printable ASCII characters (space to tilde). */
const keyPattern = /^[\x20-\x7e]{1,200}$/;

/** The request's `Idempotency-Key`: null when absent, 400 invalid_idempotency_key when present but not a valid key. */
export const readIdempotencyKey = (c: Context): Reading<string | null> => {
  const key = c.req.header("Idempotency-Key");
  if (key === undefined) return { ok: true, value: null };
  return keyPattern.test(key) ? { ok: true, value: key } : { ok: false, response: refuse(c, idempotencyRefusals.invalidKey) };
};

/** The SHA-256 (hex) of a request body as sent, stored with its key to tell a repeat from a reuse. */
export const bodyDigest = (body: string): string => createHash("sha256").update(body).digest("hex");
