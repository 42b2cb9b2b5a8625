import type { DuckDBValue } from "@duckdb/node-api";
import type { Message } from "../../src/domain/shell/message";
import type { User } from "../../src/domain/shell/user";
import { timeZoneOfOffset } from "../../src/domain/programs/programAdmin";
import type { AccessMemo } from "./accessMemo";
import { audit, type AuditBy } from "./auditQueries";
import type { AuditAction } from "../../src/domain/audit/auditTrail";
import type { ProgramSettings } from "../../src/domain/settings/programSettings";
import { peopleQueries, personState } from "./peopleQueries";
import { programColumns, programFrom } from "./programRows";
import { nextId } from "./sql/records";
import { insertRows, nullableNumberOf, nullableTextOf, numberOf, textOf, type Row, type StatementLine, type Statements } from "./statements";
import type {
  AdminCreation,
  DataSetRows,
  MessageAudience,
  MessageQueries,
  MessageRow,
  PasswordResetQueries,
  PeopleQueries,
  ProfileChangeOutcome,
  ProgramQueries,
  ProgramRecord,
  ResetLinkRecord,
  SessionQueries,
  UserCredentials,
  UserQueries,
} from "./warehouse";

/**
 * Accounts, sessions, programs, messages, password resets and people: the families every warehouse
 * answers with the same standard SQL (DuckDB and ClickHouse alike). Writes and reads take
 * turns on `line`; the per-request access checks (a session's user, a program by its code,
 * membership) read through `accessChecks`, a line of their own where the engine has one,
 * and keep what cannot go stale in `memo` (accessMemo.ts).
 */
export interface AccountQueries {
  readonly users: UserQueries;
  readonly sessions: SessionQueries;
  readonly programs: ProgramQueries;
  readonly messages: MessageQueries;
  readonly passwordResets: PasswordResetQueries;
  readonly people: PeopleQueries;
}

/**
 * The tables of the accounts families and the migration ledger: what a warehouse writes
 * itself, never copied from the demo's analytics (clickhouse/demoAnalyticsCopy.ts) and held
 * whole on every node of a cluster (clickhouse/shardedWarehouse.ts).
 */
export const accountTables: ReadonlyArray<string> = [
  "schema_migrations",
  "programs",
  "users",
  "program_members",
  "sessions",
  "password_resets",
  "invitations",
  "messages",
  "message_dismissals",
];

/** True while the warehouse holds no program (a new database, or one whose demo load failed before its programs). */
export const noProgramYet = async (sql: Statements): Promise<boolean> =>
  numberOf((await sql.rows("SELECT count(*) AS n FROM programs"))[0]?.["n"] ?? 0) === 0;

/** True while the warehouse holds no account (a production start before its first admin). */
export const noAccountYet = async (sql: Statements): Promise<boolean> =>
  numberOf((await sql.rows("SELECT count(*) AS n FROM users"))[0]?.["n"] ?? 0) === 0;

export const accountQueries = (line: StatementLine, accessChecks: StatementLine, memo: AccessMemo): AccountQueries => ({
    users: {
      findCredentials: (username) =>
        line.exclusive(async (sql) => {
          const rows = await sql.rows(
            "SELECT id, username, email, is_admin, password_hash FROM users WHERE username = $1",
            [username.toLowerCase()],
          );
          const row = rows[0];
          return row ? credentialsFrom(row) : null;
        }),
      findByEmail: (email) =>
        line.exclusive(async (sql) => {
          const rows = await sql.rows(
            "SELECT id, username, email, is_admin FROM users WHERE lower(email) = $1 ORDER BY id LIMIT 1",
            [email.toLowerCase()],
          );
          const row = rows[0];
          return row ? userFrom(row) : null;
        }),
      anyAccount: () => line.exclusive(async (sql) => !(await noAccountYet(sql))),
      createAdmin: (account, onlyFirst) =>
        line.transaction(async (sql): Promise<AdminCreation> => {
          if (onlyFirst && !(await noAccountYet(sql))) return { refused: "accountsExist" };
          const username = account.username.toLowerCase();
          const taken = await sql.rows("SELECT count(*) AS n FROM users WHERE username = $1 OR lower(email) = $2", [
            username,
            account.email.toLowerCase(),
          ]);
          if (numberOf(taken[0]?.["n"] ?? 0) > 0) return { refused: "taken" };
          const user: User = { id: await nextId(sql, "users"), username, email: account.email, is_admin: true };
          await sql.run("INSERT INTO users (id, username, email, password_hash, is_admin) VALUES ($1, $2, $3, $4, $5)", [
            user.id,
            user.username,
            user.email,
            account.passwordHash,
            true,
          ]);
          // One line, the new admin's own (no one else is there to make the first).
          await audit(sql, {
            by: { userId: user.id, userName: user.username, at: account.at },
            kind: "person",
            programId: null,
            object: user.id,
            action: "created",
            before: null,
            after: personState({ ...user, isAdmin: true, programIds: [] }),
          });
          return { created: user };
        }),
      // The user's remembered sessions carry the old name and email: forgotten, so the next call reads the new ones.
      changeProfile: (change) =>
        memo.whileEnding({ userId: change.userId }, () =>
          line.transaction(async (sql): Promise<ProfileChangeOutcome> => {
            const others = await sql.rows(
              "SELECT username, email FROM users WHERE id <> $1 AND (username = $2 OR lower(email) = $3)",
              [change.userId, change.username.toLowerCase(), change.email.toLowerCase()],
            );
            if (others.some((row) => textOf(row["username"]) === change.username.toLowerCase())) return { kind: "nameTaken" };
            if (others.length > 0) return { kind: "emailTaken" };
            await sql.run("UPDATE users SET username = $1, email = $2 WHERE id = $3", [
              change.username.toLowerCase(),
              change.email,
              change.userId,
            ]);
            const rows = await sql.rows("SELECT id, username, email, is_admin FROM users WHERE id = $1", [change.userId]);
            const row = rows[0];
            if (!row) throw new Error("the account changed is gone");
            return { kind: "changed", user: userFrom(row) };
          }),
        ),
      changePassword: (change) =>
        memo.whileEnding({ userId: change.userId }, () =>
          line.transaction(async (sql) => {
            await sql.run("UPDATE users SET password_hash = $1 WHERE id = $2", [change.passwordHash, change.userId]);
            if (change.keepSession === null) await sql.run("DELETE FROM sessions WHERE user_id = $1", [change.userId]);
            else
              await sql.run("DELETE FROM sessions WHERE user_id = $1 AND token_digest <> $2", [change.userId, change.keepSession]);
          }),
        ),
    },

    sessions: {
      // A session opened is a sign-in: the people list shows when each person last signed in.
      open: (session) =>
        line.transaction(async (sql) => {
          await sql.run("INSERT INTO sessions (token_digest, user_id, opened_at, expires_at) VALUES ($1, $2, $3, $4)", [
            session.tokenDigest,
            session.userId,
            session.openedAt,
            session.expiresAt,
          ]);
          await sql.run("UPDATE users SET last_signed_in_at = $1 WHERE id = $2", [session.openedAt, session.userId]);
        }),
      findUser: (tokenDigest, now) => {
        const known = memo.session(tokenDigest, now);
        if (known) return Promise.resolve(known);
        const mark = memo.lookupMark();
        return accessChecks.exclusive(async (sql) => {
          const rows = await sql.rows(
            `SELECT u.id, u.username, u.email, u.is_admin, s.expires_at
             FROM sessions s JOIN users u ON u.id = s.user_id
             WHERE s.token_digest = $1 AND s.expires_at > $2`,
            [tokenDigest, now],
          );
          const row = rows[0];
          if (!row) return null;
          const user = userFrom(row);
          memo.rememberSession(tokenDigest, user, numberOf(row["expires_at"]), mark);
          return user;
        });
      },
      end: (tokenDigest) =>
        memo.whileEnding({ tokenDigest }, () =>
          line.exclusive((sql) => sql.run("DELETE FROM sessions WHERE token_digest = $1", [tokenDigest])),
        ),
      // Asks first: nearly every sign-in finds nothing expired, and a DELETE is a mutation on ClickHouse (tens of ms).
      purgeExpired: (now) =>
        memo.whileEnding({ expiredAt: now }, () =>
          line.exclusive(async (sql) => {
            const expired = await sql.rows("SELECT 1 AS one FROM sessions WHERE expires_at <= $1 LIMIT 1", [now]);
            if (expired.length > 0) await sql.run("DELETE FROM sessions WHERE expires_at <= $1", [now]);
          }),
        ),
      endAllOf: (userId) =>
        memo.whileEnding({ userId }, () => line.exclusive((sql) => sql.run("DELETE FROM sessions WHERE user_id = $1", [userId]))),
    },

    programs: {
      all: () =>
        line.exclusive(async (sql) =>
          (await sql.rows(`SELECT ${programColumns} FROM programs WHERE archived_at IS NULL ORDER BY id`)).map(programFrom),
        ),
      ofMember: (userId) =>
        line.exclusive(async (sql) =>
          (
            await sql.rows(
              `SELECT p.id, p.code, p.name, p.currency, p.utc_offset, p.locale, p.time_zone
               FROM programs p JOIN program_members m ON m.program_id = p.id
               WHERE m.user_id = $1 AND p.archived_at IS NULL ORDER BY p.id`,
              [userId],
            )
          ).map(programFrom),
        ),
      findByCode: (code) => {
        const known = memo.program(code);
        if (known) return Promise.resolve(known);
        const mark = memo.programLookupMark();
        return accessChecks.exclusive(async (sql) => {
          const rows = await sql.rows(`SELECT ${programRecordColumns} FROM programs WHERE code = $1`, [code]);
          const row = rows[0];
          if (!row) return null;
          const program = { ...programFrom(row), archived: nullableNumberOf(row["archived_at"]) !== null };
          memo.rememberProgram(program, mark);
          return program;
        });
      },
      isMember: (userId, programId) => {
        if (memo.isMember(userId, programId)) return Promise.resolve(true);
        const mark = memo.memberLookupMark();
        return accessChecks.exclusive(async (sql) => {
          const rows = await sql.rows(
            "SELECT count(*) AS n FROM program_members WHERE user_id = $1 AND program_id = $2",
            [userId, programId],
          );
          const member = numberOf(rows[0]?.["n"] ?? 0) > 0;
          if (member) memo.rememberMember(userId, programId, mark);
          return member;
        });
      },
      everyProgram: () =>
        line.exclusive(async (sql) =>
          (await sql.rows(`SELECT ${programRecordColumns} FROM programs ORDER BY id`)).map(programRecordFrom),
        ),
      create: (program, by, model) =>
        memo.whileChangingProgram(program.code, () =>
          line.transaction(async (sql) => {
            const taken = await sql.rows("SELECT count(*) AS n FROM programs WHERE code = $1", [program.code]);
            if (numberOf(taken[0]?.["n"] ?? 0) > 0) return null;
            const next = await sql.rows("SELECT coalesce(max(id), 0) + 1 AS id FROM programs");
            await sql.run(
              `INSERT INTO programs (id, code, name, currency, utc_offset, locale, time_zone, archived_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, NULL)`,
              [numberOf(next[0]?.["id"] ?? 1), program.code, program.name, program.currency, program.utc_offset, program.locale, program.time_zone],
            );
            const created = await programByCode(sql, program.code);
            if (created) await auditProgram(sql, by, { action: "created", before: null, after: created, model: { before: null, after: model } });
            return created;
          }),
        ),
      change: (code, change, by, model) =>
        memo.whileChangingProgram(code, () =>
          line.transaction(async (sql) => {
            const before = await programByCode(sql, code);
            const fields = (["name", "currency", "time_zone", "utc_offset"] as const).filter((field) => change[field] !== undefined);
            if (fields.length > 0)
              await sql.run(
                `UPDATE programs SET ${fields.map((field, index) => `${field} = $${index + 2}`).join(", ")} WHERE code = $1`,
                [code, ...fields.map((field) => change[field] as string)],
              );
            const after = await programByCode(sql, code);
            if (before && after) {
              const line: ProgramLine = { action: "changed", before, after, ...(model ? { model } : {}) };
              const states = programStates(line);
              // The same edit again changes nothing and writes no line.
              if (JSON.stringify(states.before) !== JSON.stringify(states.after)) await auditProgram(sql, by, line);
            }
            return after;
          }),
        ),
      setArchived: (code, archivedAt, by) =>
        memo.whileChangingProgram(code, () =>
          line.transaction(async (sql) => {
            const before = await programByCode(sql, code);
            // Archiving again keeps the first time.
            if (archivedAt === null) await sql.run("UPDATE programs SET archived_at = NULL WHERE code = $1", [code]);
            else await sql.run("UPDATE programs SET archived_at = $2 WHERE code = $1 AND archived_at IS NULL", [code, archivedAt]);
            const after = await programByCode(sql, code);
            // A repeat keeps the state and writes no line.
            if (before && after && before.archived !== after.archived)
              await auditProgram(sql, by, { action: after.archived ? "archived" : "unarchived", before, after });
            return after;
          }),
        ),
    },

    messages: {
      system: () =>
        line.exclusive(async (sql) =>
          (
            await sql.rows("SELECT id, html, meta_icon, meta_type FROM messages WHERE audience = 'system' ORDER BY id")
          ).map(messageFrom),
        ),
      forUser: (userId) =>
        line.exclusive(async (sql) =>
          (
            await sql.rows(
              `SELECT id, html, meta_icon, meta_type FROM messages
               WHERE audience = 'user' AND user_id = $1
                 AND id NOT IN (SELECT message_id FROM message_dismissals WHERE user_id = $1)
               ORDER BY id`,
              [userId],
            )
          ).map(messageFrom),
        ),
      forProgram: (programId, userId) =>
        line.exclusive(async (sql) =>
          (
            await sql.rows(
              `SELECT id, html, meta_icon, meta_type FROM messages
               WHERE audience = 'program' AND program_id = $1
                 AND id NOT IN (SELECT message_id FROM message_dismissals WHERE user_id = $2)
               ORDER BY id`,
              [programId, userId],
            )
          ).map(messageFrom),
        ),
      findAudience: (messageId) =>
        line.exclusive(async (sql) => {
          const rows = await sql.rows("SELECT audience, user_id, program_id FROM messages WHERE id = $1", [messageId]);
          const row = rows[0];
          return row ? audienceFrom(row) : null;
        }),
      dismiss: (messageId, userId, at) =>
        line.exclusive((sql) =>
          sql.run(
            `INSERT INTO message_dismissals (message_id, user_id, dismissed_at)
             SELECT $1, $2, $3
             WHERE NOT EXISTS (SELECT 1 FROM message_dismissals WHERE message_id = $1 AND user_id = $2)`,
            [messageId, userId, at],
          ),
        ),
    },

    passwordResets: {
      issue: (link) =>
        line.transaction(async (sql) => {
          // A newer link voids the user's open ones: only the last mail works.
          await sql.run("UPDATE password_resets SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL AND purpose = 'reset'", [
            link.issuedAt,
            link.userId,
          ]);
          await sql.run(
            `INSERT INTO password_resets (token_digest, user_id, email, issued_at, expires_at, used_at)
             VALUES ($1, $2, $3, $4, $5, NULL)`,
            [link.tokenDigest, link.userId, link.email, link.issuedAt, link.expiresAt],
          );
        }),
      find: (tokenDigest) =>
        line.exclusive(async (sql) => {
          const rows = await sql.rows(
            "SELECT token_digest, user_id, email, issued_at, expires_at, used_at, purpose FROM password_resets WHERE token_digest = $1",
            [tokenDigest],
          );
          const row = rows[0];
          return row ? resetLinkFrom(row) : null;
        }),
      redeem: (redemption) =>
        memo.whileEnding({ userId: redemption.userId }, () => line.transaction(async (sql) => {
          const open = await sql.rows(
            "SELECT count(*) AS n FROM password_resets WHERE token_digest = $1 AND user_id = $2 AND used_at IS NULL AND purpose = 'reset'",
            [redemption.tokenDigest, redemption.userId],
          );
          if (numberOf(open[0]?.["n"] ?? 0) === 0) return false;
          await sql.run("UPDATE password_resets SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL AND purpose = 'reset'", [
            redemption.at,
            redemption.userId,
          ]);
          await sql.run("UPDATE users SET password_hash = $1 WHERE id = $2", [redemption.passwordHash, redemption.userId]);
          await sql.run("DELETE FROM sessions WHERE user_id = $1", [redemption.userId]);
          return true;
        })),
    },

    people: peopleQueries(line, memo),
});

/** Writes a data set's programs, users, memberships and messages (the demo data, tests). */
export const loadAccountRows = async (sql: Statements, rows: DataSetRows): Promise<void> => {
  await insertRows(
    sql,
    "programs",
    ["id", "code", "name", "currency", "utc_offset", "locale"],
    rows.programs.map((p) => [p.id, p.code, p.name, p.currency, p.utc_offset, p.locale]),
  );
  await insertRows(
    sql,
    "users",
    ["id", "username", "email", "password_hash", "is_admin"],
    rows.users.map((u) => [u.id, u.username.toLowerCase(), u.email, u.passwordHash, u.isAdmin]),
  );
  await insertRows(
    sql,
    "program_members",
    ["program_id", "user_id"],
    rows.memberships.map((m) => [m.programId, m.userId]),
  );
  await insertRows(
    sql,
    "messages",
    ["id", "audience", "user_id", "program_id", "html", "meta_icon", "meta_type", "created_at"],
    rows.messages.map(messageColumns),
  );
};

const messageColumns = (m: MessageRow): ReadonlyArray<DuckDBValue> => {
  const userId = m.audience.kind === "user" ? m.audience.userId : null;
  const programId = m.audience.kind === "program" ? m.audience.programId : null;
  return [m.id, m.audience.kind, userId, programId, m.html, m.icon, m.type, m.createdAt];
};

const userFrom = (row: Row): User => ({
  id: numberOf(row["id"]),
  username: textOf(row["username"]),
  email: textOf(row["email"]),
  is_admin: row["is_admin"] === true,
});

const credentialsFrom = (row: Row): UserCredentials => ({
  user: userFrom(row),
  passwordHash: textOf(row["password_hash"]),
});

const programRecordColumns = `${programColumns}, archived_at`;

/**
 * What the audit trail keeps of a program: every field its form sets (name, code, currency, time
 * zone, and, where the form set them, the model, its level and order, and the lookback) and
 * whether it is archived.
 */
const programState = (program: ProgramRecord, model: ProgramSettings | null) => ({
  code: program.code,
  name: program.name,
  currency: program.currency,
  time_zone: program.time_zone,
  ...(model ?? {}),
  archived: program.archived,
});

interface ProgramLine {
  readonly action: AuditAction;
  readonly before: ProgramRecord | null;
  readonly after: ProgramRecord;
  /** The settings the form set with it, before and after (null: none set). */
  readonly model?: { readonly before: ProgramSettings | null; readonly after: ProgramSettings };
}

const programStates = (change: ProgramLine) => ({
  before: change.before && programState(change.before, change.model?.before ?? null),
  after: programState(change.after, change.model?.after ?? null),
});

const auditProgram = (sql: Statements, by: AuditBy, change: ProgramLine) =>
  audit(sql, { by, kind: "program", programId: change.after.id, object: change.after.code, action: change.action, ...programStates(change) });

const programByCode = async (sql: Statements, code: string): Promise<ProgramRecord | null> => {
  const row = (await sql.rows(`SELECT ${programRecordColumns} FROM programs WHERE code = $1`, [code]))[0];
  return row ? programRecordFrom(row) : null;
};

/** A program made before programs had a time zone reads its UTC offset as one (timeZoneOfOffset). */
const programRecordFrom = (row: Row): ProgramRecord => {
  const program = programFrom(row);
  return {
    ...program,
    time_zone: nullableTextOf(row["time_zone"]) ?? timeZoneOfOffset(program.utc_offset),
    archived: nullableNumberOf(row["archived_at"]) !== null,
  };
};

const messageFrom = (row: Row): Message => {
  const icon = nullableTextOf(row["meta_icon"]);
  const type = nullableTextOf(row["meta_type"]);
  return {
    id: numberOf(row["id"]),
    message: textOf(row["html"]),
    meta: { ...(icon === null ? {} : { icon }), ...(type === null ? {} : { type }) },
  };
};

const audienceFrom = (row: Row): MessageAudience | null => {
  switch (row["audience"]) {
    case "system":
      return { kind: "system" };
    case "user":
      return { kind: "user", userId: numberOf(row["user_id"]) };
    case "program":
      return { kind: "program", programId: numberOf(row["program_id"]) };
    default:
      return null;
  }
};

const resetLinkFrom = (row: Row): ResetLinkRecord => ({
  tokenDigest: textOf(row["token_digest"]),
  userId: numberOf(row["user_id"]),
  email: textOf(row["email"]),
  issuedAt: numberOf(row["issued_at"]),
  expiresAt: numberOf(row["expires_at"]),
  usedAt: nullableNumberOf(row["used_at"]),
  purpose: row["purpose"] === "invitation" ? "invitation" : "reset",
});
