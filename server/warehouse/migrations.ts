import { numberOf, type StatementLine } from "./statements";

/** One step of a warehouse's schema; each engine keeps its own ordered list (duckdb/schema.ts, clickhouse/schema.ts). */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly statements: ReadonlyArray<string>;
}

/** The migrations of `list` not yet applied, in version order. */
export const pendingMigrations = (list: ReadonlyArray<Migration>, applied: ReadonlySet<number>): ReadonlyArray<Migration> =>
  [...list].sort((a, b) => a.version - b.version).filter((m) => !applied.has(m.version));

/**
 * Creates the ledger (`schema_migrations`) when missing, then runs each pending migration
 * and records it. On DuckDB a migration and its ledger row commit together; ClickHouse has
 * no transaction around DDL, so there the ledger row is written after every statement
 * answered, and a migration that failed part-way is refused loudly when run again (its
 * CREATEs find their tables) rather than recorded half-done.
 */
export const applyMigrations = async (line: StatementLine, ledger: string, list: ReadonlyArray<Migration>, now: number): Promise<void> => {
  await line.exclusive((sql) => sql.run(ledger));
  const applied = await line.exclusive(async (sql) =>
    new Set((await sql.rows("SELECT version FROM schema_migrations")).map((r) => numberOf(r["version"] ?? null))),
  );
  for (const migration of pendingMigrations(list, applied)) {
    await line.transaction(async (sql) => {
      for (const statement of migration.statements) await sql.run(statement);
      await sql.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)", [migration.version, migration.name, now]);
    });
  }
};
