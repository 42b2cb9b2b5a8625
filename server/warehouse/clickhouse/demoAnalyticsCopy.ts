import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ClickHouseClient } from "@clickhouse/client";
import { DuckDBInstance } from "@duckdb/node-api";
import { ConnectionLine } from "../duckdb/connectionLine";
import { migrations } from "../duckdb/schema";
import { textOf, type Statements } from "../statements";
import { clickHouseSettings } from "./clickhouseLine";
import { accountTables } from "../accountQueries";


/**
 * The demo data's analytics on ClickHouse. The demo generator is SQL that draws hits,
 * orders and costs from a traffic plan with DuckDB's hash function as its random source
 * (server/seed/demoAnalyticsSql.ts): the same plan gives the same rows only on DuckDB. So
 * that a ClickHouse warehouse shows the very numbers a DuckDB one does, the generator runs
 * on a scratch in-memory DuckDB with the warehouse schema, and every table it filled is
 * copied across as Parquet: read by the engine from a file when it is embedded (chdb), or
 * streamed in an INSERT ... FORMAT Parquet to a server. Ten million hits cross in seconds
 * and never pass through JavaScript.
 */
export const copyDemoAnalytics = async (
  sql: Statements,
  client: ClickHouseClient,
  write: (duckdb: Statements) => Promise<void>,
  exchangeDir: string | undefined,
  /** Empty each table before its rows arrive: the database has no program yet, so what is there is a failed load's. */
  replace: boolean,
): Promise<void> => {
  const folder = await mkdtemp(join(exchangeDir ?? tmpdir(), "demo-"));
  try {
    await withScratchDemo(write, async (scratch, tables) => {
    for (const table of tables) {
      const file = join(folder, `${table}.parquet`);
      const columns = await scratch.exclusive(async (duckdb) => {
        const count = (await duckdb.rows(`SELECT count(*) AS n FROM ${table}`))[0]?.["n"];
        if (Number(count) === 0) return null;
        await duckdb.run(`COPY ${table} TO '${file}' (FORMAT parquet)`);
        return (
          await duckdb.rows("SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position", [table])
        ).map((r) => textOf(r["column_name"]));
      });
      if (columns === null) continue;
      if (replace) await sql.run(`TRUNCATE TABLE ${table}`);
      if (exchangeDir !== undefined) {
        // The file's path is ours (a fresh temporary folder and a table name from the schema), not a value.
        await sql.run(`INSERT INTO ${table} (${columns.join(", ")}) SELECT ${columns.join(", ")} FROM file('${file}', Parquet)`);
      } else {
        await client.insert({
          table,
          columns: columns as [string, ...Array<string>],
          values: createReadStream(file),
          format: "Parquet",
          clickhouse_settings: clickHouseSettings,
        });
      }
    }
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};

/**
 * Runs the demo's analytics writer on a scratch in-memory DuckDB with the warehouse schema,
 * then `work` over it with the tables the writer may have filled (every table but the
 * account tables, which the warehouse writes itself); the scratch database is gone after.
 * Both the ClickHouse load and the sharded load read the generator's rows this way.
 */
export const withScratchDemo = async <T>(
  write: (duckdb: Statements) => Promise<void>,
  work: (scratch: ConnectionLine, tables: ReadonlyArray<string>) => Promise<T>,
): Promise<T> => {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  const scratch = new ConnectionLine(connection);
  try {
    const tables = await scratch.exclusive(async (duckdb) => {
      for (const migration of migrations) for (const statement of migration.statements) await duckdb.run(statement);
      await write(duckdb);
      return (
        await duckdb.rows(
          "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' AND table_type = 'BASE TABLE' ORDER BY table_name",
        )
      )
        .map((r) => textOf(r["table_name"]))
        .filter((table) => !accountTables.includes(table));
    });
    return await work(scratch, tables);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
};
