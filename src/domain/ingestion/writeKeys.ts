import { Schema } from "effect";

/**
 * A program's write keys (GET|POST /api/programs/{program}/write-keys, DELETE …/{id};
 * admins only): what a site's collection script and a shop's order feed present. The key
 * itself is shown once, in the answer of its create; the server keeps only its SHA-256
 * digest and its first characters (`prefix`) to tell keys apart. Times are epoch ms.
 */

/** Characters of a key shown in lists (its fixed start `wk_` and a few more). */
export const writeKeyPrefixLength = 10;

/** A write key as the server issues it: `wk_` and 43 URL-safe base64 characters (32 random bytes). */
export const writeKeyPattern = /^wk_[A-Za-z0-9_-]{43}$/;

export const WriteKey = Schema.Struct({
  id: Schema.Number,
  prefix: Schema.String,
  created_at: Schema.Number,
  /** When it was revoked; null while it works. */
  revoked_at: Schema.NullOr(Schema.Number),
});
export type WriteKey = typeof WriteKey.Type;

/** The program's keys, newest first, revoked ones included. */
export const WriteKeyList = Schema.Struct({ data: Schema.Array(WriteKey) });
export type WriteKeyList = typeof WriteKeyList.Type;

/** The answer of a create: the new key's record and the key itself, which is never shown again. */
export const CreatedWriteKey = Schema.Struct({ data: Schema.Struct({ ...WriteKey.fields, key: Schema.String }) });
export type CreatedWriteKey = typeof CreatedWriteKey.Type;
