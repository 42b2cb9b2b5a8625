import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { openChdbWarehouse } from "../../server/warehouse/clickhouse/clickhouseWarehouse";
import { openDuckDbWarehouse } from "../../server/warehouse/duckdb/duckdbWarehouse";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { engineUnderTest } from "../warehouseUnderTest";

/** A warehouse of the engine under test whose data lives in `folder`: a DuckDB file, or an embedded ClickHouse data folder. */
const openIn = (folder: string, clock: () => number): Promise<Warehouse> =>
  engineUnderTest === "duckdb"
    ? openDuckDbWarehouse({ path: join(folder, "warehouse.duckdb"), clock })
    : openChdbWarehouse({ path: join(folder, "data"), clock, exchangeDir: folder });

/**
 * Fresh warehouses that all start with the same planted data, for a suite that opens many
 * (the contract tests open one per `describe`, some per test). The data is planted once per
 * process, into a warehouse on disk that is closed again; each warehouse then opens a copy
 * of its folder of its own (a file of some megabytes), removed when it closes. A copy holds
 * what a fresh plant would, to the byte, and costs a file copy instead of a load of tens of
 * thousands of rows (about a second of CPU on DuckDB, two on ClickHouse embedded).
 * `plant` must give the same data every time (a fixed seed and day): only its first call runs.
 * On ClickHouse embedded, one warehouse at a time, as with `openFreshWarehouse`.
 */
export const plantedWarehouses = (
  plant: (warehouse: Warehouse) => Promise<void>,
  clock: () => number,
): ((clock: () => number) => Promise<Warehouse>) => {
  let planted: Promise<string> | null = null;
  // The run's folder (test/support/plantedFolder.ts), which the run removes at its end.
  const parent = inject("plantedFolder") ?? tmpdir();
  const plantOnce = async (): Promise<string> => {
    const folder = mkdtempSync(join(parent, `planted-${engineUnderTest}-`));
    const warehouse = await openIn(folder, clock);
    try {
      await plant(warehouse);
    } finally {
      await warehouse.close();
    }
    return folder;
  };
  return async (clock) => {
    planted ??= plantOnce();
    const source = await planted;
    const folder = mkdtempSync(join(parent, `copy-${engineUnderTest}-`));
    // ClickHouse's table folders are relative symbolic links into its store: copied as they are, they point into the copy.
    cpSync(source, folder, { recursive: true, verbatimSymlinks: true });
    const warehouse = await openIn(folder, clock);
    return {
      ...warehouse,
      close: async () => {
        await warehouse.close();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  };
};
