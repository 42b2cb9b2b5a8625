import { Schema } from "effect";

/**
 * Which of a list of `Idempotency-Key`s the signed-in person already used for creates in
 * a program (POST programs/{program}/fixed-costs/stored-keys, and variable-costs/…): the
 * batch import's dry run counts those rows as already stored and does not send them.
 * The server and the client decode with these Schemas.
 */

/** Most keys one call may ask about; the import asks in slices of this size. */
export const maxStoredKeysPerCall = 500;

/** An Idempotency-Key as the creates accept it: 1 to 200 printable ASCII characters. */
export const IdempotencyKeyText = Schema.String.pipe(Schema.pattern(/^[\x20-\x7e]{1,200}$/));

export const StoredKeysRequest = Schema.Struct({
  keys: Schema.Array(IdempotencyKeyText).pipe(Schema.maxItems(maxStoredKeysPerCall)),
});
export type StoredKeysRequest = typeof StoredKeysRequest.Type;

/** The keys asked about that are stored (and not yet expired), in the order asked. */
export const StoredKeysAnswer = Schema.Struct({ stored: Schema.Array(Schema.String) });
export type StoredKeysAnswer = typeof StoredKeysAnswer.Type;

/** The keys in slices of at most `maxStoredKeysPerCall`, repeats left out. */
export const storedKeySlices = (keys: ReadonlyArray<string>): string[][] => {
  const unique = [...new Set(keys)];
  const slices: string[][] = [];
  for (let i = 0; i < unique.length; i += maxStoredKeysPerCall) slices.push(unique.slice(i, i + maxStoredKeysPerCall));
  return slices;
};
