import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openChdbWarehouse } from "../server/warehouse/clickhouse/clickhouseWarehouse";
import { openDuckDbWarehouse } from "../server/warehouse/duckdb/duckdbWarehouse";
import { warehouseEngineOf } from "../server/warehouse/openWarehouse";
import type { Warehouse } from "../server/warehouse/warehouse";

/**
 * The engine the engine and contract tests run on: WAREHOUSE=duckdb (the default) or
 * WAREHOUSE=chdb (ClickHouse embedded). `npm test` runs those suites once on each.
 */
export const engineUnderTest = ((): "duckdb" | "chdb" => {
  const engine = warehouseEngineOf(process.env.WAREHOUSE);
  if (engine === "duckdb" || engine === "chdb") return engine;
  throw new Error(`The tests run on WAREHOUSE=duckdb or WAREHOUSE=chdb, not ${process.env.WAREHOUSE ?? ""}`);
})();

/**
 * The migrated empty ClickHouse data folder of this process: made once (applying every
 * migration costs about two seconds of CPU on the embedded engine, most of an empty
 * warehouse's opening), then copied for each fresh warehouse (a copy and its opening cost
 * a fraction of that). The copy holds what applying the migrations again would, but for the
 * ledger's times, which are the first opening's clock. Removed when the process ends.
 */
let migratedChdbFolder: Promise<string> | null = null;
const migratedChdb = (clock: () => number): Promise<string> =>
  (migratedChdbFolder ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), "chdb-migrated-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    const warehouse = await openChdbWarehouse({ path: join(dir, "data"), clock, exchangeDir: dir });
    await warehouse.close();
    return dir;
  })());

/**
 * A fresh, empty warehouse on the engine under test: in memory on DuckDB; on ClickHouse a
 * data folder of its own (a copy of the process's migrated empty folder; the embedded engine
 * is one per process and keeps one folder at a time, so close one before opening the next),
 * removed when the warehouse closes.
 */
export const openFreshWarehouse = async (clock: () => number): Promise<Warehouse> => {
  if (engineUnderTest === "duckdb") return openDuckDbWarehouse({ path: ":memory:", clock });
  const migrated = await migratedChdb(clock);
  const dir = mkdtempSync(join(tmpdir(), "chdb-test-"));
  cpSync(migrated, dir, { recursive: true });
  const warehouse = await openChdbWarehouse({ path: join(dir, "data"), clock, exchangeDir: dir });
  return {
    ...warehouse,
    close: async () => {
      await warehouse.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
