import { writeKeyKinds, type WriteKeyKind } from "../../src/domain/ingestion/writeKeys";
import { audit } from "./auditQueries";
import { programFrom } from "./programRows";
import type { IngestionQueries, KeyHolder, WriteKeyRecord } from "./ingestionQueries";
import { nullableNumberOf, numberOf, textOf, type Row, type StatementLine } from "./statements";

/**
 * The programs' write keys (docs/engine.md, "Ingestion") in standard SQL both engines answer
 * the same. A key's digest is unique: a new key is written only after a read in the same turn
 * found no key with its digest (ClickHouse has no unique constraint; DuckDB's also holds).
 * Lookups run on the access-check line. A working key's program is remembered in the
 * process; revoking forgets every remembered key before the write starts and again once it
 * answered, and a lookup begun before a revocation is not remembered after it, so a revoked
 * key is refused from the moment its revocation answers.
 */

export type WriteKeyQueries = Pick<IngestionQueries, "createWriteKey" | "writeKeys" | "revokeWriteKey" | "programOfKey" | "noteKeyUse">;

/** A stored kind; anything unknown is read as legacy (a key from before the split: events only, like a publishable key). */
const kindOf = (value: unknown): WriteKeyKind => writeKeyKinds.find((k) => k === value) ?? "legacy";

const keyFrom = (row: Row): WriteKeyRecord => ({
  id: numberOf(row["id"]),
  programId: numberOf(row["program_id"]),
  prefix: textOf(row["prefix"]),
  kind: kindOf(row["kind"]),
  createdAt: numberOf(row["created_at"]),
  revokedAt: nullableNumberOf(row["revoked_at"]),
  lastUsedAt: nullableNumberOf(row["last_used_at"]),
});

/** What the audit trail keeps of a key: its public prefix and kind, never the key or its digest. */
const keyState = (key: WriteKeyRecord) => ({ prefix: key.prefix, kind: key.kind, created_at: key.createdAt, revoked_at: key.revokedAt });

/** Remembered working keys at most; past it the memory starts again. */
const workingKeysKept = 10_000;

export const writeKeyQueries = (line: StatementLine, accessChecks: StatementLine): WriteKeyQueries => {
  const workingKeys = new Map<string, KeyHolder>();
  let revocations = 0;

  return {
    createWriteKey: (programId, digest, prefix, kind, at, by) =>
      line.transaction(async (sql) => {
        const taken = await sql.rows("SELECT 1 AS taken FROM write_keys WHERE key_digest = $1 LIMIT 1", [digest]);
        if (taken.length > 0) throw new Error("A write key with this digest is already stored");
        const next = numberOf((await sql.rows("SELECT coalesce(max(id), 0) + 1 AS id FROM write_keys"))[0]?.["id"] ?? 1);
        await sql.run(
          "INSERT INTO write_keys (id, program_id, key_digest, prefix, kind, created_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6, NULL)",
          [next, programId, digest, prefix, kind, at],
        );
        const created: WriteKeyRecord = { id: next, programId, prefix, kind, createdAt: at, revokedAt: null, lastUsedAt: null };
        if (by) await audit(sql, { by, kind: "write key", programId, object: next, action: "created", before: null, after: keyState(created) });
        return created;
      }),

    writeKeys: (programId) =>
      line.exclusive(async (sql) =>
        (
          await sql.rows(
            "SELECT id, program_id, prefix, kind, created_at, revoked_at, last_used_at FROM write_keys WHERE program_id = $1 ORDER BY created_at DESC, id DESC",
            [programId],
          )
        ).map(keyFrom),
      ),

    revokeWriteKey: async (programId, id, at, by) => {
      const forget = () => {
        revocations++;
        workingKeys.clear();
      };
      forget();
      try {
        return await line.transaction(async (sql) => {
          const found = await sql.rows(
            "SELECT id, program_id, prefix, kind, created_at, revoked_at, last_used_at FROM write_keys WHERE program_id = $1 AND id = $2",
            [programId, id],
          );
          if (found.length === 0) return false;
          const open = found.find((row) => row["revoked_at"] === null || row["revoked_at"] === undefined);
          if (open) {
            await sql.run("UPDATE write_keys SET revoked_at = $3 WHERE program_id = $1 AND id = $2 AND revoked_at IS NULL", [
              programId,
              id,
              at,
            ]);
            const before = keyFrom(open);
            if (by)
              await audit(sql, { by, kind: "write key", programId, object: id, action: "revoked", before: keyState(before), after: keyState({ ...before, revokedAt: at }) });
          }
          return true;
        });
      } finally {
        forget();
      }
    },

    programOfKey: (digest) => {
      const known = workingKeys.get(digest);
      if (known !== undefined) return Promise.resolve(known);
      const mark = revocations;
      return accessChecks.exclusive(async (sql) => {
        const row = (
          await sql.rows(
            `SELECT p.id AS id, p.code AS code, p.name AS name, p.currency AS currency, p.utc_offset AS utc_offset, p.locale AS locale,
               p.time_zone AS time_zone, k.kind AS kind
             FROM write_keys k JOIN programs p ON p.id = k.program_id
             WHERE k.key_digest = $1 AND k.revoked_at IS NULL`,
            [digest],
          )
        )[0];
        if (!row) return null;
        const holder: KeyHolder = {
          program: programFrom(row),
          kind: kindOf(row["kind"]),
        };
        if (mark === revocations) {
          if (workingKeys.size >= workingKeysKept) workingKeys.clear();
          workingKeys.set(digest, holder);
        }
        return holder;
      });
    },

    noteKeyUse: (digest, at) =>
      line.transaction(async (sql) => {
        await sql.run("UPDATE write_keys SET last_used_at = $2 WHERE key_digest = $1 AND revoked_at IS NULL", [digest, at]);
      }),
  };
};
