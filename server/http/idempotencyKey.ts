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

/** A JSON value written one way only: object keys sorted at every level, no spaces. */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
};

/**
 * The SHA-256 (hex) of a request body as decoded (its JSON value written canonically),
 * stored with its key to tell a repeat from a reuse: a retry whose JSON was serialised
 * again (other key order, spaces, `12.50` for `12.5`) is the same request.
 */
export const bodyDigest = (body: unknown): string => createHash("sha256").update(canonicalJson(body)).digest("hex");

/** The digest of the request's JSON body (already read and checked by the route). */
export const requestBodyDigest = async (c: Context): Promise<string> => bodyDigest(JSON.parse(await c.req.text()) as unknown);
