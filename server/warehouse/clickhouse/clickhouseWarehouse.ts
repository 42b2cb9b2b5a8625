import { tmpdir } from "node:os";
import { createClient, type ClickHouseClient } from "@clickhouse/client";
import { createChdbConnection } from "chdb/connection";
import type { Warehouse } from "../warehouse";
import { accountQueries, loadAccountRows, noProgramYet } from "../accountQueries";
import { sqlFamilies } from "../sql/families";
import { createAccessMemo } from "../accessMemo";
import { createDataGenerations } from "../dataGenerations";
import { ClickHouseLine } from "./clickhouseLine";
import { clickHouseMigrationLedger, clickHouseMigrations } from "./schema";
import { applyMigrations } from "../migrations";
import { readsOnLine } from "../statements";
import { copyDemoAnalytics } from "./demoAnalyticsCopy";
import { createPreviewMemo, forgetPreviews } from "../sql/classificationPreviewQueries";
import { openDuckDbFileRows } from "../duckdb/fileRows";
import type { FileRows } from "../fileRows";
import { clickHouseIngestionQueries } from "./ingestionQueries";

export interface ClickHouseWarehouseOptions {
  /** A client of a ClickHouse server or cluster, or of the embedded engine (openChdbWarehouse). */
  readonly client: ClickHouseClient;
  /** Stamps applied migrations. */
  readonly clock: () => number;
  /** Where the demo data's raw rows are written on their way in (a folder the engine can read files from), when embedded. */
  readonly exchangeDir?: string;
}

/**
 * The Warehouse families on ClickHouse. Work takes turns on one line (clickhouseLine.ts),
 * so one server's writes never interleave; the access checks and the classification
 * preview read on lines of their own over the same client, as on DuckDB: ClickHouse shows a
 * read every insert that has answered, so a check sees what a client was told.
 * The reports and analysis reads stay on the line (DuckDB reads on a pool of its own): a
 * rebuild here is a sequence of statements, not a transaction, so a read between two of
 * them would count half-built facts; and the embedded engine runs one statement with
 * parameters at a time in the whole process anyway (chdb serialises them, as concurrent
 * parameterised statements clobber each other's values in its library), so a pool would
 * not let two reads run at once.
 */
export const openClickHouseWarehouse = async (options: ClickHouseWarehouseOptions): Promise<Warehouse> => {
  const { client } = options;
  const line = new ClickHouseLine(client);
  await applyMigrations(line, clickHouseMigrationLedger, clickHouseMigrations, options.clock());
  const accessChecks = new ClickHouseLine(client);
  const previews = new ClickHouseLine(client);
  const generations = createDataGenerations();
  const memo = createAccessMemo();
  const previewMemo = createPreviewMemo(generations.of);
  // A bulk import's files are read on this machine (a ClickHouse server cannot read them), opened at the first import.
  let files: Promise<FileRows> | null = null;
  const ingestion = clickHouseIngestionQueries(line, accessChecks, () => (files ??= openDuckDbFileRows()));

  return {
    ...accountQueries(line, accessChecks, memo),
    dataVersion: () => line.turnsEnded,

    demoData: {
      isEmpty: () =>
        line.exclusive(noProgramYet),
      load: (rows, alsoWrite) =>
        generations.after(
          line.transaction(async (sql) => {
            // The programs go last: a load that failed part-way leaves isEmpty() true, and the next start loads again,
            // replacing what the failed one copied into a database with no program.
            const fresh = await noProgramYet(sql);
            if (alsoWrite) await copyDemoAnalytics(sql, client, alsoWrite, options.exchangeDir, fresh);
            await loadAccountRows(sql, rows);
          }),
        ),
    },

    ...sqlFamilies({ line, reads: readsOnLine(line), previews, previewMemo, generations, ingestion }),

    close: async () => {
      await accessChecks.exclusive(async () => undefined);
      // The dry run's kept groupings are tables of the database here, not a connection's temporary tables: they go now (one left by a failure is only space).
      await previews.exclusive((sql) => forgetPreviews(sql, previewMemo)).catch(() => undefined);
      if (files) await (await files).close();
      await line.exclusive(() => client.close());
    },
  };
};

export interface ChdbWarehouseOptions {
  /** The embedded engine's data folder (one per process), or ":memory:". */
  readonly path: string;
  readonly clock: () => number;
  /** A folder for the demo data's files on their way in; the system's temporary folder when absent. */
  readonly exchangeDir?: string;
}

/** ClickHouse embedded in this process (the `chdb` package), through the same client and SQL as a server. */
export const openChdbWarehouse = (options: ChdbWarehouseOptions): Promise<Warehouse> =>
  openClickHouseWarehouse({
    client: createClient({ connection: embeddedConnection(options.path) }),
    clock: options.clock,
    exchangeDir: options.exchangeDir ?? tmpdir(),
  });

/**
 * chdb's connection for `@clickhouse/client`. chdb types it against @clickhouse/client-common, which the client
 * bundles a copy of: the two declarations of one interface differ only in where they come from.
 */
const embeddedConnection = (path: string): NonNullable<Parameters<typeof createClient>[0]>["connection"] =>
  createChdbConnection({ path }) as unknown as NonNullable<Parameters<typeof createClient>[0]>["connection"];

export interface ClickHouseServerOptions {
  readonly url: string;
  readonly username?: string;
  readonly password?: string;
  /** Created when missing. */
  readonly database: string;
  readonly clock: () => number;
}

/** A ClickHouse server or cluster over HTTP. */
export const openClickHouseServerWarehouse = async (options: ClickHouseServerOptions): Promise<Warehouse> => {
  const credentials = {
    url: options.url,
    ...(options.username === undefined ? {} : { username: options.username }),
    ...(options.password === undefined ? {} : { password: options.password }),
  };
  const setup = createClient(credentials);
  try {
    // The database name is an identifier, not a value: only letters, digits and underscores are taken.
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(options.database)) throw new Error(`Not a database name: ${options.database}`);
    await setup.command({ query: `CREATE DATABASE IF NOT EXISTS ${options.database}` });
  } finally {
    await setup.close();
  }
  return openClickHouseWarehouse({ client: createClient({ ...credentials, database: options.database }), clock: options.clock });
};

