/**
 * The warehouse schema as an ordered list of migrations. Each runs once, in its own
 * transaction, and is recorded in `schema_migrations`; later issues append migrations
 * (hits, orders, costs, attribution facts) instead of editing earlier ones.
 *
 * The DDL uses types both DuckDB and ClickHouse know (INTEGER, BIGINT, VARCHAR,
 * BOOLEAN); times are epoch milliseconds in BIGINT columns. Constraints and table
 * engines are what an engine-specific migration list would change.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly statements: ReadonlyArray<string>;
}

export const migrationLedger = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name VARCHAR NOT NULL,
  applied_at BIGINT NOT NULL
)`;

export const migrations: ReadonlyArray<Migration> = [
  {
    version: 1,
    name: "accounts, sessions, password resets and messages",
    statements: [
      `CREATE TABLE programs (
        id INTEGER PRIMARY KEY,
        code VARCHAR NOT NULL UNIQUE,
        name VARCHAR NOT NULL,
        currency VARCHAR NOT NULL,
        utc_offset VARCHAR NOT NULL,
        locale VARCHAR NOT NULL
      )`,
      `CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        username VARCHAR NOT NULL UNIQUE,
        email VARCHAR NOT NULL,
        password_hash VARCHAR NOT NULL,
        is_admin BOOLEAN NOT NULL
      )`,
      `CREATE TABLE program_members (
        program_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        PRIMARY KEY (program_id, user_id)
      )`,
      `CREATE TABLE sessions (
        token_digest VARCHAR PRIMARY KEY,
        user_id INTEGER NOT NULL,
        opened_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      `CREATE TABLE password_resets (
        token_digest VARCHAR PRIMARY KEY,
        user_id INTEGER NOT NULL,
        email VARCHAR NOT NULL,
        issued_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        used_at BIGINT
      )`,
      `CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        audience VARCHAR NOT NULL,
        user_id INTEGER,
        program_id INTEGER,
        html VARCHAR NOT NULL,
        meta_icon VARCHAR,
        meta_type VARCHAR,
        created_at BIGINT NOT NULL
      )`,
      `CREATE TABLE message_dismissals (
        message_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        dismissed_at BIGINT NOT NULL,
        PRIMARY KEY (message_id, user_id)
      )`,
    ],
  },
];

/** The migrations not yet applied, in version order. */
export const pendingMigrations = (applied: ReadonlySet<number>): ReadonlyArray<Migration> =>
  [...migrations].sort((a, b) => a.version - b.version).filter((m) => !applied.has(m.version));
