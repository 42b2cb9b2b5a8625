import { idempotencyKeyLifetime, type IdempotencyClaim, type IdempotentRoute, type KeyedCreate } from "../costQueries";
import { numberOf, textOf, type Statements } from "../statements";

/** The claimed key's row: user $1, program $2, route $3, key $4. */
const sameKey = "user_id = $1 AND program_id = $2 AND route = $3 AND idempotency_key = $4";

/** Expired keys are swept at most this often per warehouse (a sweep scans every key). */
export const keySweepIntervalMs = 60_000;

/** When each warehouse's statements last swept expired keys (by the claims' clock). */
const lastSweeps = new WeakMap<Statements, number>();

/**
 * Runs `create` at most once per key, inside the caller's transaction, so the record and
 * its key commit together or not at all. Expired keys are deleted first, at most once a
 * minute (a key's expiry is read from its time, so a key not yet swept is still free; the
 * sweep only keeps the table small, and once a minute keeps it off every row of a batch;
 * an expired row of
 * the claimed key is rewritten instead, so its primary key is not deleted and inserted in
 * one transaction). Writes on one warehouse take turns (the connection line), so of
 * concurrent requests with one key the first creates and the others find its key and
 * answer its answer; the primary key refuses a second row for one key should writers ever
 * run side by side (that request then fails and creates nothing). ClickHouse has neither the
 * primary key nor the transaction: there the turn alone keeps one row per key (one server's
 * writes), and the record is written before its key, so a failure between the two leaves a
 * record whose key a resend does not find (it creates again), never a key without its record.
 */
export const createOnce = async (
  sql: Statements,
  programId: number,
  claim: IdempotencyClaim,
  create: () => Promise<number>,
): Promise<KeyedCreate> => {
  const cutoff = claim.at - idempotencyKeyLifetime;
  const scope = [claim.userId, programId, claim.route, claim.key];
  if (claim.at - (lastSweeps.get(sql) ?? -Infinity) >= keySweepIntervalMs) {
    lastSweeps.set(sql, claim.at);
    // Looked for first: a DELETE is a mutation on ClickHouse, a few hundred ms even when it matches no row.
    const expired = `FROM idempotency_keys WHERE created_at <= $5 AND NOT (${sameKey})`;
    if ((await sql.rows(`SELECT 1 AS expired ${expired} LIMIT 1`, [...scope, cutoff])).length > 0) {
      await sql.run(`DELETE ${expired}`, [...scope, cutoff]);
    }
  }
  const stored = (await sql.rows(`SELECT body_digest, answer_status, answer_body, created_at FROM idempotency_keys WHERE ${sameKey}`, scope))[0];
  if (stored && numberOf(stored["created_at"]) > cutoff) {
    if (textOf(stored["body_digest"]) !== claim.bodyDigest) return { outcome: "keyReused" };
    return { outcome: "repeated", answer: { status: numberOf(stored["answer_status"]), body: textOf(stored["answer_body"]) } };
  }
  const answer = claim.answerOf(await create());
  const values = [...scope, claim.bodyDigest, answer.status, answer.body, claim.at];
  await sql.run(
    stored
      ? `UPDATE idempotency_keys SET body_digest = $5, answer_status = $6, answer_body = $7, created_at = $8 WHERE ${sameKey}`
      : `INSERT INTO idempotency_keys (user_id, program_id, route, idempotency_key, body_digest, answer_status, answer_body, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    values,
  );
  return { outcome: "created", answer };
};

/** Of `keys`, those stored for the user, program and route and not expired at `at`, in the order asked. */
export const storedKeysOf = async (
  sql: Statements,
  scope: { readonly programId: number; readonly userId: number; readonly route: IdempotentRoute },
  keys: ReadonlyArray<string>,
  at: number,
): Promise<ReadonlyArray<string>> => {
  if (keys.length === 0) return [];
  const asked = keys.map((_, i) => `$${i + 5}`).join(", ");
  const rows = await sql.rows(
    `SELECT idempotency_key FROM idempotency_keys
     WHERE user_id = $1 AND program_id = $2 AND route = $3 AND created_at > $4 AND idempotency_key IN (${asked})`,
    [scope.userId, scope.programId, scope.route, at - idempotencyKeyLifetime, ...keys],
  );
  const found = new Set(rows.map((r) => textOf(r["idempotency_key"])));
  return keys.filter((k) => found.has(k));
};
