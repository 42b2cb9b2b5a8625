import { join } from "node:path";
import { openChdbWarehouse, openClickHouseServerWarehouse } from "./clickhouse/clickhouseWarehouse";
import { shardedWarehouse } from "./clickhouse/shardedWarehouse";
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
  /** DUCKDB_MEMORY_LIMIT: DuckDB's memory_limit ("8GB"), for a machine shared with other work. */
  readonly duckdbMemoryLimit?: string;
  /** CLICKHOUSE_URL (comma-separated for a cluster's shards: `shardUrlsOf`), CLICKHOUSE_USER, CLICKHOUSE_PASSWORD and CLICKHOUSE_DATABASE (default attribution), for a server. */
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

/**
 * CLICKHOUSE_URL as the nodes to talk to: one URL for a server, or comma-separated, one node of each shard of a
 * cluster laid out by clickhouse/cluster.sql, in the cluster's shard order (docs/engine.md, "Cluster").
 */
export const shardUrlsOf = (url: string): ReadonlyArray<string> =>
  url
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");

/** One warehouse per shard behind the sharded warehouse, the cluster replicating the whole tables; all open or none. */
const openShards = async (urls: ReadonlyArray<string>, open: (url: string) => Promise<Warehouse>): Promise<Warehouse> => {
  const opened = await Promise.allSettled(urls.map(open));
  const shards = opened.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = opened.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) {
    await Promise.all(shards.map((shard) => shard.close()));
    throw failed.reason;
  }
  return shardedWarehouse(shards, { replicatedByCluster: true });
};

export const openWarehouse = (settings: WarehouseSettings): Promise<Warehouse> => {
  switch (settings.engine) {
    case "duckdb":
      return openDuckDbWarehouse({
        path: warehousePath("duckdb", settings.dataDir),
        clock: settings.clock,
        ...(settings.duckdbMemoryLimit ? { memoryLimit: settings.duckdbMemoryLimit } : {}),
      });
    case "chdb":
      return openChdbWarehouse({ path: warehousePath("chdb", settings.dataDir), clock: settings.clock });
    case "clickhouse": {
      const server = settings.clickhouse;
      if (!server) return Promise.reject(new Error("WAREHOUSE=clickhouse needs CLICKHOUSE_URL"));
      const open = (url: string): Promise<Warehouse> =>
        openClickHouseServerWarehouse({
          url,
          ...(server.username === undefined ? {} : { username: server.username }),
          ...(server.password === undefined ? {} : { password: server.password }),
          database: server.database ?? "attribution",
          clock: settings.clock,
        });
      const urls = shardUrlsOf(server.url);
      return urls.length === 1 ? open(server.url.trim()) : openShards(urls, open);
    }
  }
};
