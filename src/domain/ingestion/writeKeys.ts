import { Schema } from "effect";
import { listAnswer } from "../report/listAnswer";

/**
 * A program's write keys (GET|POST /api/programs/{program}/write-keys, DELETE …/{id};
 * admins only): what a site's collection script and a shop's order feed present. The key
 * itself is shown once, in the answer of its create; the server keeps only its SHA-256
 * digest and its first characters (`prefix`) to tell keys apart. Times are epoch ms.
 *
 * Two kinds are issued: a publishable key (`pk_…`), which is in every page of a site and
 * can only send events to /collect, and a secret key (`sk_…`), kept on a shop's server, for
 * the order feed and any other server-to-server call (it may send events too). A key
 * issued before the split (`wk_…`) is `legacy`: it was put in the script tag of every page,
 * so it acts as a publishable key (events only; the order feed refuses it), and the Data
 * Sources screen asks to replace it with one key of each kind.
 */

/** Characters of a key shown in lists (its fixed start `pk_`, `sk_` or `wk_` and a few more). */
export const writeKeyPrefixLength = 10;

export const writeKeyKinds = ["publishable", "secret", "legacy"] as const;
export type WriteKeyKind = (typeof writeKeyKinds)[number];

/** The kinds a create may ask for (legacy keys are never issued again). */
export const issuedKeyKinds = ["publishable", "secret"] as const;
export type IssuedKeyKind = (typeof issuedKeyKinds)[number];

/** The fixed start of a key of each kind. */
export const writeKeyStarts: Readonly<Record<WriteKeyKind, string>> = { publishable: "pk_", secret: "sk_", legacy: "wk_" };

/** A write key as the server issues it: `pk_` or `sk_` and 43 URL-safe base64 characters (32 random bytes). */
export const writeKeyPattern = /^(pk|sk)_[A-Za-z0-9_-]{43}$/;

/** Whether a key of this kind may change orders (the order feed): only a secret key, never a publishable or legacy one (both are in pages). */
export const mayWriteOrders = (kind: WriteKeyKind): boolean => kind === "secret";

/** The body of POST …/write-keys: the kind of key to create. */
export const WriteKeyRequest = Schema.Struct({ kind: Schema.Literal(...issuedKeyKinds) });
export type WriteKeyRequest = typeof WriteKeyRequest.Type;

export const WriteKey = Schema.Struct({
  id: Schema.Number,
  prefix: Schema.String,
  kind: Schema.Literal(...writeKeyKinds),
  created_at: Schema.Number,
  /** When it was revoked; null while it works. */
  revoked_at: Schema.NullOr(Schema.Number),
  /** When it was last presented to /collect or the order feed, to the minute; null if not known (never, or before this was kept). */
  last_used_at: Schema.NullOr(Schema.Number),
});
export type WriteKey = typeof WriteKey.Type;

/** The program's keys, newest first, revoked ones included. */
export const WriteKeyList = listAnswer(WriteKey);
export type WriteKeyList = typeof WriteKeyList.Type;

/** The answer of a create: the new key's record and the key itself, which is never shown again. */
export const CreatedWriteKey = Schema.Struct({ data: Schema.Struct({ ...WriteKey.fields, key: Schema.String }) });
export type CreatedWriteKey = typeof CreatedWriteKey.Type;
