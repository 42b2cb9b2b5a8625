import { DuckDBInstance } from "@duckdb/node-api";
import { duckDbIngestionQueries } from "./ingestionQueries";
import { migrationLedger, migrations } from "./schema";
import { applyMigrations } from "../migrations";
import type { Warehouse } from "../warehouse";
import { accountQueries, loadAccountRows, noProgramYet } from "../accountQueries";
import { sqlFamilies } from "../sql/families";
import { ConnectionLine } from "./connectionLine";
import { defaultReadConnections, ReadPool } from "./readPool";
import { createAccessMemo } from "../accessMemo";
import { createDataGenerations } from "../dataGenerations";
import { createPreviewMemo } from "../sql/classificationPreviewQueries";

export interface DuckDbWarehouseOptions {
  /** A database file, or ":memory:". */
  readonly path: string;
  /** Stamps applied migrations. */
  readonly clock: () => number;
  /** DuckDB's memory_limit (e.g. "8GB"); DuckDB's own default, 80% of the machine's memory, when absent. */
  readonly memoryLimit?: string;
  /** Connections the reports and analysis reads share (readPool.ts); one per core (at least two) when absent. */
  readonly readConnections?: number;
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
 * The reports and analysis reads run on a pool of read connections of their own, one per
 * core (readPool.ts): concurrent readers run side by side, and neither the writes nor the
 * rebuilds and incremental processing on the line hold them up; each read turn is a read
 * transaction, a snapshot of what was committed when it began.
 */
export const openDuckDbWarehouse = async (options: DuckDbWarehouseOptions): Promise<Warehouse> => {
  const instance = await DuckDBInstance.create(options.path, options.memoryLimit ? { memory_limit: options.memoryLimit } : {});
  const connection = await instance.connect();
  const line = new ConnectionLine(connection);
  await applyMigrations(line, migrationLedger, migrations, options.clock());
  const accessConnection = await instance.connect();
  const accessChecks = new ConnectionLine(accessConnection);
  const previewConnection = await instance.connect();
  const previews = new ConnectionLine(previewConnection);
  const reads = await ReadPool.open(instance, options.readConnections ?? defaultReadConnections());
  const generations = createDataGenerations();
  const ingestion = duckDbIngestionQueries(line, accessChecks);
  // The access checks' answers that cannot go stale, kept in the process (warehouse/accessMemo.ts).
  const memo = createAccessMemo();

  return {
    ...accountQueries(line, accessChecks, memo),
    dataVersion: () => line.turnsEnded,

    demoData: {
      isEmpty: () =>
        line.exclusive(noProgramYet),
      load: (rows, alsoWrite) =>
        generations.after(
          line.transaction(async (sql) => {
            await loadAccountRows(sql, rows);
            if (alsoWrite) await alsoWrite(sql);
          }),
        ),
    },

    ...sqlFamilies({ line, reads, previews, previewMemo: createPreviewMemo(generations.of), generations, ingestion }),

    close: async () => {
      await accessChecks.exclusive(async () => accessConnection.closeSync());
      await previews.exclusive(async () => previewConnection.closeSync());
      await reads.closeAll();
      await line.exclusive(async () => {
        connection.closeSync();
        instance.closeSync();
      });
    },
  };
};

