import { createHash, randomBytes } from "node:crypto";
import type { Context } from "hono";
import { Schema } from "effect";
import { maxBatchSize } from "../../src/domain/ingestion/collection";
import type { WriteKeyKind } from "../../src/domain/ingestion/writeKeys";
import type { Program } from "../../src/domain/shell/program";
import { SlidingWindowLimit } from "../auth/throttle";
import { writeKeyDigest } from "../engine/ingestion";
import { refusals, refuse, refuseThrottled, type Refusal } from "../http/answers";
import type { ServerContext } from "../serverContext";

/**
 * What /collect and the order feed share (docs/engine.md, "Ingestion"): their refusals,
 * the write key's program, the per-key rate and the batch read from a body.
 */
export const ingestionRefusals = {
  invalidWriteKey: { status: 401, error: "invalid_write_key", message: "The write key is unknown or revoked." },
  publishableKey: {
    status: 403,
    error: "publishable_key",
    message:
      "A publishable key can only send events to /collect. Changing orders needs the program's secret key (Data Sources, 'Create secret key'), sent from your shop's server.",
  },
  batchTooLarge: { status: 413, error: "batch_too_large", message: `A request carries at most ${maxBatchSize} rows.` },
  tooManyRequests: {
    status: 429,
    error: "too_many_requests",
    message: "Too many requests with this write key. Try again in a few seconds.",
  },
} as const satisfies Record<string, Refusal>;

/** Requests one write key may send from one client in the window (POST /collect and the order feed). */
export const collectionLimit = { limit: 1200, windowMs: 60_000 };

/**
 * A client's address as a salted hash, the salt drawn afresh each UTC day and kept only in
 * memory: the rate rule can tell clients apart within a day, and nothing that could give
 * the address back is ever stored or logged.
 */
export const createAddressHasher = (clock: () => number) => {
  let day = Number.NaN;
  let salt = randomBytes(16);
  // The day's hashes of the addresses seen (memory only, forgotten with the salt): a beacon's check hashes nothing again.
  const hashes = new Map<string, string>();
  return (address: string): string => {
    const today = Math.floor(clock() / 86_400_000);
    if (today !== day) {
      day = today;
      salt = randomBytes(16);
      hashes.clear();
    }
    const known = hashes.get(address);
    if (known !== undefined) return known;
    const hash = createHash("sha256").update(salt).update(address).digest("hex").slice(0, 24);
    if (hashes.size >= addressesHashedKept) hashes.clear();
    hashes.set(address, hash);
    return hash;
  };
};

/** Addresses whose hash of the day the hasher keeps at most; past it the memory starts again. */
const addressesHashedKept = 10_000;

/**
 * How finely a key's last use is kept: the key check writes it at most once per key in this
 * span (per process), so a busy site's events cost one small write a minute, not one each.
 */
export const keyUseGranularityMs = 60_000;

/** Keys whose last noted use the process remembers at most; past it the memory starts again. */
const notedKeysKept = 10_000;

/** What a working key opens (its program and kind), as the stores answer it. */
type KeyHolder = NonNullable<Awaited<ReturnType<ServerContext["stores"]["ingestion"]["programOfKey"]>>>;

export type KeyReading =
  | { readonly ok: true; readonly program: Program; readonly kind: WriteKeyKind }
  | { readonly ok: false; readonly response: Response };

/**
 * The program and kind of a write key that works, then the rate rule for (key, client): 401
 * invalid_write_key for a key unknown or revoked, 429 with Retry-After over the rate. A
 * key let through has its last use noted (at most once per key a minute).
 */
export const createKeyCheck = (context: ServerContext, rule: { readonly limit: number; readonly windowMs: number }, keyMemoMs = 0) => {
  const limit = new SlidingWindowLimit(rule.limit, rule.windowMs);
  /** Working keys found in the last `keyMemoMs` (0: none kept): a revoked key is refused at most that long after. */
  const foundKeys = new Map<string, { readonly holder: KeyHolder; readonly until: number }>();
  const holderOf = async (digest: string): Promise<KeyHolder | null> => {
    if (keyMemoMs <= 0) return context.stores.ingestion.programOfKey(digest);
    const now = context.clock();
    const kept = foundKeys.get(digest);
    if (kept && now < kept.until && now >= kept.until - keyMemoMs) return kept.holder;
    const holder = await context.stores.ingestion.programOfKey(digest);
    if (foundKeys.size >= notedKeysKept) foundKeys.clear();
    if (holder) foundKeys.set(digest, { holder, until: now + keyMemoMs });
    else foundKeys.delete(digest);
    return holder;
  };
  const addressHash = createAddressHasher(context.clock);
  const notedUses = new Map<string, number>();
  const noteUse = async (digest: string, now: number) => {
    const last = notedUses.get(digest);
    if (last !== undefined && now >= last && now - last < keyUseGranularityMs) return;
    if (notedUses.size >= notedKeysKept) notedUses.clear();
    notedUses.set(digest, now);
    try {
      await context.stores.ingestion.noteKeyUse(digest, now);
    } catch (error) {
      // A last use is a convenience for the list: failing to write it never fails the request (and names no key).
      notedUses.delete(digest);
      context.log.warn("a write key's last use could not be written", { error });
    }
  };
  /** The digests of keys that worked (a beacon's key is hashed once, not on every request); past `notedKeysKept` the memory starts again. */
  const digests = new Map<string, string>();
  const digestOf = (key: string): string => digests.get(key) ?? writeKeyDigest(key);
  return async (c: Context, key: string): Promise<KeyReading> => {
    const digest = digestOf(key);
    const holder = key.length > 0 ? await holderOf(digest) : null;
    if (!holder) return { ok: false, response: refuse(c, ingestionRefusals.invalidWriteKey) };
    // The program as it is now (the key's holder may have been read before an edit), and refused when archived.
    const program = await context.stores.programs.findByCode(holder.program.code);
    if (!program) return { ok: false, response: refuse(c, ingestionRefusals.invalidWriteKey) };
    if (program.archived) return { ok: false, response: refuse(c, refusals.programArchived) };
    const client = `${digest}:${addressHash(context.clientAddress(c))}`;
    const now = context.clock();
    if (limit.isExhausted(client, now)) {
      return { ok: false, response: refuseThrottled(c, ingestionRefusals.tooManyRequests, limit.retryAfterMs(client, now)) };
    }
    limit.record(client, now);
    if (!digests.has(key)) {
      if (digests.size >= notedKeysKept) digests.clear();
      digests.set(key, digest);
    }
    await noteUse(digest, now);
    return { ok: true, program, kind: holder.kind };
  };
};

export type BatchReading = { readonly ok: true; readonly rows: ReadonlyArray<unknown> } | { readonly ok: false; readonly response: Response };

/** The rows of a body: the array under `field`, or the body itself as one row; 413 batch_too_large past the batch size. */
export const readBatch = (c: Context, body: Record<string, unknown>, field: string): BatchReading => {
  const listed = body[field];
  const rows = Array.isArray(listed) ? (listed as ReadonlyArray<unknown>) : [body];
  if (rows.length > maxBatchSize) return { ok: false, response: refuse(c, ingestionRefusals.batchTooLarge) };
  return { ok: true, rows };
};

/** 202 with the answer encoded by the shared Schema. */
export const accepted = <A, I>(c: Context, schema: Schema.Schema<A, I, never>, value: A): Response =>
  c.json(Schema.encodeSync(schema)(value) as object, 202);
