import { join } from "node:path";
import { openChdbWarehouse, openClickHouseServerWarehouse } from "./clickhouse/clickhouseWarehouse";
import { openDuckDbWarehouse } from "./duckdb/duckdbWarehouse";
import type { Warehouse } from "./warehouse";

/** The warehouses the server runs on: embedded DuckDB (the default), embedded ClickHouse (chdb), a ClickHouse server. */
export type WarehouseEngine = "duckdb" | "chdb" | "clickhouse";

export const warehouseEngines: ReadonlyArray<WarehouseEngine> = ["duckdb", "chdb", "clickhouse"];

/** WAREHOUSE as an engine; unset is DuckDB, anything else unknown is null. */
export const warehouseEngineOf = (value: string | undefined): WarehouseEngine | null => {
  if (value === undefined || value.trim() === "") return "duckdb";
  const engine = value.trim().toLowerCase();
  return (warehouseEngines as ReadonlyArray<string>).includes(engine) ? (engine as WarehouseEngine) : null;
};

export interface WarehouseSettings {
  readonly engine: WarehouseEngine;
  /** The embedded engines' folder (DATA_DIR): analytics.duckdb for DuckDB, clickhouse/ for chdb; null for in memory. */
  readonly dataDir: string | null;
  readonly clock: () => number;
  /** CLICKHOUSE_URL, CLICKHOUSE_USER, CLICKHOUSE_PASSWORD and CLICKHOUSE_DATABASE (default attribution), for a server. */
  readonly clickhouse?: {
    readonly url: string;
    readonly username?: string;
    readonly password?: string;
    readonly database?: string;
  };
}

/** Where an embedded engine keeps its data under DATA_DIR. */
export const warehousePath = (engine: "duckdb" | "chdb", dataDir: string | null): string =>
  dataDir === null ? ":memory:" : join(dataDir, engine === "duckdb" ? "analytics.duckdb" : "clickhouse");

export const openWarehouse = (settings: WarehouseSettings): Promise<Warehouse> => {
  switch (settings.engine) {
    case "duckdb":
      return openDuckDbWarehouse({ path: warehousePath("duckdb", settings.dataDir), clock: settings.clock });
    case "chdb":
      return openChdbWarehouse({ path: warehousePath("chdb", settings.dataDir), clock: settings.clock });
    case "clickhouse": {
      const server = settings.clickhouse;
      if (!server) return Promise.reject(new Error("WAREHOUSE=clickhouse needs CLICKHOUSE_URL"));
      return openClickHouseServerWarehouse({
        url: server.url,
        ...(server.username === undefined ? {} : { username: server.username }),
        ...(server.password === undefined ? {} : { password: server.password }),
        database: server.database ?? "attribution",
        clock: settings.clock,
      });
    }
  }
};
