import { DuckDBInstance, type DuckDBValue } from "@duckdb/node-api";
import type { Message } from "../../../src/domain/shell/message";
import type { Program } from "../../../src/domain/shell/program";
import type { User } from "../../../src/domain/shell/user";
import { duckDbAnnotationQueries } from "./annotationQueries";
import { duckDbClassificationQueries } from "./classificationQueries";
import { duckDbColumnSetQueries } from "./columnSetQueries";
import { duckDbConnectorQueries } from "./connectorQueries";
import { duckDbCostQueries } from "./costQueries";
import { duckDbCustomReportQueries } from "./customReportQueries";
import { duckDbProgramSettingsQueries } from "./programSettingsQueries";
import { duckDbSeasonalityQueries } from "./seasonalityQueries";
import { duckDbAttributionQueries } from "./attributionQueries";
import { duckDbReportQueries } from "./reportQueries";
import { duckDbAnalysisQueries } from "./analysisQueries";
import { duckDbIngestionQueries } from "./ingestionQueries";
import { duckDbIngestionHealthQueries } from "./ingestionHealthQueries";
import { migrationLedger, pendingMigrations } from "./schema";
import type {
  DataSetRows,
  MessageAudience,
  MessageRow,
  ResetLinkRecord,
  UserCredentials,
  Warehouse,
} from "../warehouse";
import { insertRows, nullableNumberOf, nullableTextOf, numberOf, textOf, type Row, type Statements } from "../statements";
import { ConnectionLine } from "./connectionLine";
import { createAccessMemo } from "../accessMemo";
import { createDataGenerations } from "../dataGenerations";
import { createPreviewMemo } from "./classificationPreviewQueries";

export interface DuckDbWarehouseOptions {
  /** A database file, or ":memory:". */
  readonly path: string;
  /** Stamps applied migrations. */
  readonly clock: () => number;
}

/**
 * Opens (or creates) a DuckDB database, applies pending migrations and answers the
 * Warehouse families. Work is queued on one connection, so a transaction never
 * interleaves with another request's statements. The per-request access checks (the
 * session's user, the program by its code, membership) read on a second connection of
 * their own, so they do not wait behind writes: DuckDB gives each statement a snapshot of
 * what was committed, and every write commits before its request answers, so a check
 * always sees the sign-in, sign-out or membership a client was already told about.
 * The classification preview reads on a third connection for the same reason: it is a
 * read-only dry run, and DuckDB gives each of its statements (each of its read
 * transactions) a snapshot of committed data, so it never sees a half-done write. What it
 * keeps between previews is kept under the program's data generation, bumped by every
 * write of hits, touches or their classification here (a rebuild, appended raw data, the
 * demo data).
 */
export const openDuckDbWarehouse = async (options: DuckDbWarehouseOptions): Promise<Warehouse> => {
  const instance = await DuckDBInstance.create(options.path);
  const connection = await instance.connect();
  const line = new ConnectionLine(connection);
  await migrate(line, options.clock());
  const accessConnection = await instance.connect();
  const accessChecks = new ConnectionLine(accessConnection);
  const previewConnection = await instance.connect();
  const previews = new ConnectionLine(previewConnection);
  const generations = createDataGenerations();
  const attribution = duckDbAttributionQueries(line);
  const ingestion = duckDbIngestionQueries(line, accessChecks);
  // The access checks' answers that cannot go stale, kept in the process (warehouse/accessMemo.ts).
  const memo = createAccessMemo();

  return {
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
    },

    sessions: {
      open: (session) =>
        line.exclusive((sql) =>
          sql.run("INSERT INTO sessions (token_digest, user_id, opened_at, expires_at) VALUES ($1, $2, $3, $4)", [
            session.tokenDigest,
            session.userId,
            session.openedAt,
            session.expiresAt,
          ]),
        ),
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
      purgeExpired: (now) =>
        memo.whileEnding({ expiredAt: now }, () =>
          line.exclusive((sql) => sql.run("DELETE FROM sessions WHERE expires_at <= $1", [now])),
        ),
    },

    programs: {
      all: () =>
        line.exclusive(async (sql) =>
          (await sql.rows("SELECT id, code, name, currency, utc_offset, locale FROM programs ORDER BY id")).map(programFrom),
        ),
      ofMember: (userId) =>
        line.exclusive(async (sql) =>
          (
            await sql.rows(
              `SELECT p.id, p.code, p.name, p.currency, p.utc_offset, p.locale
               FROM programs p JOIN program_members m ON m.program_id = p.id
               WHERE m.user_id = $1 ORDER BY p.id`,
              [userId],
            )
          ).map(programFrom),
        ),
      findByCode: (code) => {
        const known = memo.program(code);
        if (known) return Promise.resolve(known);
        return accessChecks.exclusive(async (sql) => {
          const rows = await sql.rows("SELECT id, code, name, currency, utc_offset, locale FROM programs WHERE code = $1", [
            code,
          ]);
          const row = rows[0];
          if (!row) return null;
          const program = programFrom(row);
          memo.rememberProgram(program);
          return program;
        });
      },
      isMember: (userId, programId) => {
        if (memo.isMember(userId, programId)) return Promise.resolve(true);
        return accessChecks.exclusive(async (sql) => {
          const rows = await sql.rows(
            "SELECT count(*) AS n FROM program_members WHERE user_id = $1 AND program_id = $2",
            [userId, programId],
          );
          const member = numberOf(rows[0]?.["n"] ?? 0) > 0;
          if (member) memo.rememberMember(userId, programId);
          return member;
        });
      },
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
          await sql.run("UPDATE password_resets SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL", [
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
            "SELECT token_digest, user_id, email, issued_at, expires_at, used_at FROM password_resets WHERE token_digest = $1",
            [tokenDigest],
          );
          const row = rows[0];
          return row ? resetLinkFrom(row) : null;
        }),
      redeem: (redemption) =>
        memo.whileEnding({ userId: redemption.userId }, () => line.transaction(async (sql) => {
          const open = await sql.rows(
            "SELECT count(*) AS n FROM password_resets WHERE token_digest = $1 AND user_id = $2 AND used_at IS NULL",
            [redemption.tokenDigest, redemption.userId],
          );
          if (numberOf(open[0]?.["n"] ?? 0) === 0) return false;
          await sql.run("UPDATE password_resets SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL", [
            redemption.at,
            redemption.userId,
          ]);
          await sql.run("UPDATE users SET password_hash = $1 WHERE id = $2", [redemption.passwordHash, redemption.userId]);
          await sql.run("DELETE FROM sessions WHERE user_id = $1", [redemption.userId]);
          return true;
        })),
    },

    demoData: {
      isEmpty: () =>
        line.exclusive(async (sql) => numberOf((await sql.rows("SELECT count(*) AS n FROM programs"))[0]?.["n"] ?? 0) === 0),
      load: (rows, alsoWrite) =>
        generations.after(
          line.transaction(async (sql) => {
            await loadRows(sql, rows);
            if (alsoWrite) await alsoWrite(sql);
          }),
        ),
    },

    costs: duckDbCostQueries(line),
    annotations: duckDbAnnotationQueries(line),
    seasonality: duckDbSeasonalityQueries(line),
    columnSets: duckDbColumnSetQueries(line),
    programSettings: duckDbProgramSettingsQueries(line),
    customReports: duckDbCustomReportQueries(line),
    classifications: duckDbClassificationQueries(line, previews, createPreviewMemo(generations.of)),
    connectors: duckDbConnectorQueries(line),

    attribution: {
      ...attribution,
      rebuild: (programId, work) => generations.after(attribution.rebuild(programId, work), programId),
      append: (batch) => generations.after(attribution.append(batch)),
    },
    reports: duckDbReportQueries(line),
    analysis: duckDbAnalysisQueries(line),
    ingestion: {
      ...ingestion,
      addEvents: (programId, hits, at) => generations.after(ingestion.addEvents(programId, hits, at), programId),
      importEvents: (programId, hits, at) => generations.after(ingestion.importEvents(programId, hits, at), programId),
      putOrders: (programId, orders, at) => generations.after(ingestion.putOrders(programId, orders, at), programId),
      process: (programId, plan, settings, at) => generations.after(ingestion.process(programId, plan, settings, at), programId),
    },
    ingestionHealth: duckDbIngestionHealthQueries(line),

    close: async () => {
      await accessChecks.exclusive(async () => accessConnection.closeSync());
      await previews.exclusive(async () => previewConnection.closeSync());
      await line.exclusive(async () => {
        connection.closeSync();
        instance.closeSync();
      });
    },
  };
};

const migrate = async (line: ConnectionLine, now: number): Promise<void> => {
  await line.exclusive((sql) => sql.run(migrationLedger));
  const applied = await line.exclusive(async (sql) =>
    new Set((await sql.rows("SELECT version FROM schema_migrations")).map((r) => numberOf(r["version"] ?? null))),
  );
  for (const migration of pendingMigrations(applied)) {
    await line.transaction(async (sql) => {
      for (const statement of migration.statements) await sql.run(statement);
      await sql.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)", [
        migration.version,
        migration.name,
        now,
      ]);
    });
  }
};

const loadRows = async (sql: Statements, rows: DataSetRows): Promise<void> => {
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

const programFrom = (row: Row): Program => ({
  id: numberOf(row["id"]),
  code: textOf(row["code"]),
  name: textOf(row["name"]),
  currency: textOf(row["currency"]),
  utc_offset: textOf(row["utc_offset"]),
  locale: textOf(row["locale"]),
});

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
});
