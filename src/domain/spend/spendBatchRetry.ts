import type { SpendEntry } from "./spendForm";

/**
 * How a spend batch row is delivered when the network or the server fails (PURE): the
 * row's `Idempotency-Key`, which failures are tried again, and how long to wait first.
 *
 * The server answers a create sent again with the same key and the same body with the
 * first answer and creates nothing, so a row may be resent whenever its answer was lost.
 */

/** At most this many requests per row (the first and four retries). */
export const maxRowAttempts = 5;
/** The wait after the first failed attempt; it doubles after each one. */
export const retryBaseMs = 500;
/** No wait is longer, not even one a `Retry-After` asks for. */
export const retryCapMs = 8_000;

/** Why one attempt failed: no answer at all, or an answer with a failing status. */
export type AttemptFailure =
  | { readonly kind: "network" }
  | { readonly kind: "status"; readonly status: number; readonly retryAfterSeconds?: number }
  /** An answer that came but could not be read: the row may well be saved, so it is not sent again. */
  | { readonly kind: "unreadable" };

/** Network failures, 5xx and 429 are tried again; any other 4xx (and an unreadable answer) never. */
export const isRetryableFailure = (failure: AttemptFailure): boolean =>
  failure.kind === "network" || (failure.kind === "status" && (failure.status >= 500 || failure.status === 429));

/**
 * The wait (ms) before the next attempt after failed attempt `attempt` (1 for the first):
 * 0.5 s, 1 s, 2 s, 4 s, then 8 s at most; a `Retry-After` in seconds replaces it, capped
 * at the same 8 s.
 */
export const retryWaitMs = (attempt: number, failure: AttemptFailure): number => {
  if (failure.kind === "status" && failure.retryAfterSeconds !== undefined) return Math.min(retryCapMs, Math.max(0, failure.retryAfterSeconds * 1000));
  return Math.min(retryCapMs, retryBaseMs * 2 ** Math.max(0, attempt - 1));
};

/** The wait (ms) before trying a row again after failed attempt `attempt`, or null when it ends as an error. */
export const nextRetryMs = (attempt: number, failure: AttemptFailure): number | null =>
  attempt >= maxRowAttempts || !isRetryableFailure(failure) ? null : retryWaitMs(attempt, failure);

/**
 * A `Retry-After` header as seconds (a whole number of seconds, RFC 9110); an HTTP date or
 * anything else is ignored (undefined), and the backoff applies.
 */
export const retryAfterSeconds = (header: string | null | undefined): number | undefined => {
  const text = header?.trim() ?? "";
  return /^\d{1,9}$/.test(text) ? Number(text) : undefined;
};

// ---------------------------------------------------------------------------------------
// The row's Idempotency-Key

const fnvPrime128 = (1n << 88n) + (1n << 8n) + 0x3bn;
const fnvOffset128 = 0x6c62272e07bb014262b821756295c58dn;
const mask128 = (1n << 128n) - 1n;

/** FNV-1a, 128 bits, of a text's UTF-8 bytes, as 32 hex digits. */
export const fnv1a128 = (text: string): string => {
  let hash = fnvOffset128;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * fnvPrime128) & mask128;
  }
  return hash.toString(16).padStart(32, "0");
};

/** What identifies one row of a dropped sheet. */
export interface SpendRowIdentity {
  /** The dropped file's name. */
  readonly fileName: string;
  /** The row's line in the sheet (1 is the top line). */
  readonly line: number;
  /** The row as it is sent, normalised. */
  readonly body: SpendEntry;
}

/**
 * The `Idempotency-Key` of a sheet row (PURE, deterministic): `spend-row-` and the 128-bit
 * FNV-1a of the file name, the row's line and its normalised body (keys sorted). The
 * browser does not expose a file's identity beyond its name once it is read, so the key
 * is the row's own content where it stands: the same file dropped again (after a reload,
 * or after a lost answer) sends every row with the same key, and the server creates it
 * only once within the key's lifetime (24 hours); a row whose content or line changed is
 * another row. Two rows of one file never share a key, since their lines differ.
 */
export const spendRowIdempotencyKey = (row: SpendRowIdentity): string => {
  const body = Object.fromEntries(Object.entries(row.body).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return `spend-row-${fnv1a128(JSON.stringify([row.fileName, row.line, body]))}`;
};
