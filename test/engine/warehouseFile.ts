import { join } from "node:path";
import { createClient } from "@clickhouse/client";
import { DuckDBInstance } from "@duckdb/node-api";
import { createChdbConnection } from "chdb/connection";
import { ClickHouseLine } from "../../server/warehouse/clickhouse/clickhouseLine";
import { openChdbWarehouse } from "../../server/warehouse/clickhouse/clickhouseWarehouse";
import { openDuckDbWarehouse } from "../../server/warehouse/duckdb/duckdbWarehouse";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { engineUnderTest } from "../warehouseUnderTest";

/**
 * A warehouse kept in a folder of its own on the engine under test (warehouseUnderTest.ts),
 * opened, closed and opened again by engine tests that read its tables with SQL of their own
 * while it is closed: a DuckDB file, or a chdb data folder (the embedded engine keeps one
 * folder at a time, so the reading connection opens after the warehouse closed).
 */
export interface WarehouseFile {
  open(clock: () => number): Promise<Warehouse>;
  /** Reads with `work` on one connection, the warehouse being closed. */
  read<T>(work: (reading: FileReading) => Promise<T>): Promise<T>;
}

export interface FileReading {
  /** The rows of `sql` (numbers may come back as text: read them with Number()). */
  rows(sql: string): Promise<ReadonlyArray<Record<string, unknown>>>;
  /** The columns of `table` holding doubles (DOUBLE on DuckDB, Float64 on ClickHouse). */
  doubleColumns(table: string): Promise<ReadonlyArray<string>>;
}

export const warehouseFileIn = (dir: string): WarehouseFile => {
  if (engineUnderTest === "duckdb") {
    const path = join(dir, "warehouse.duckdb");
    return {
      open: (clock) => openDuckDbWarehouse({ path, clock }),
      read: async (work) => {
        const instance = await DuckDBInstance.create(path);
        const connection = await instance.connect();
        const rows = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJson() as ReadonlyArray<Record<string, unknown>>;
        try {
          return await work({
            rows,
            doubleColumns: async (table) =>
              (await rows(`SELECT column_name FROM information_schema.columns WHERE table_name = '${table}' AND data_type = 'DOUBLE'`)).map((r) =>
                String(r["column_name"]),
              ),
          });
        } finally {
          connection.closeSync();
          instance.closeSync();
        }
      },
    };
  }
  const path = join(dir, "data");
  return {
    open: (clock) => openChdbWarehouse({ path, clock, exchangeDir: dir }),
    read: async (work) => {
      const connection = createChdbConnection({ path }) as unknown as NonNullable<Parameters<typeof createClient>[0]>["connection"];
      const line = new ClickHouseLine(createClient({ connection }));
      const rows = (sql: string) => line.statements.rows(sql);
      try {
        return await work({
          rows,
          doubleColumns: async (table) =>
            (await rows(`SELECT name FROM system.columns WHERE database = currentDatabase() AND table = '${table}' AND type LIKE '%Float64%'`)).map((r) =>
              String(r["name"]),
            ),
        });
      } finally {
        await line.client.close();
      }
    },
  };
};
