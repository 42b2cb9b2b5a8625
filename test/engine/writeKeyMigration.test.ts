import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { describe, expect, it } from "vitest";
import { mayWriteOrders } from "../../src/domain/ingestion/writeKeys";
import { issueWriteKey, writeKeyDigest } from "../../server/engine/ingestion";
import { openDuckDbWarehouse } from "../../server/warehouse/duckdb/duckdbWarehouse";
import { engineUnderTest } from "../warehouseUnderTest";

// Migration 11 splits write keys into publishable and secret ones; a key stored before it becomes 'legacy': it was put
// in the script tag of every page, so it acts as a publishable key (events only) until it is revoked. The test opens DuckDB files of its own whatever the engine
// under test (a ClickHouse warehouse's ALTER gives the same default), so the ClickHouse run leaves it to the DuckDB run.
describe.runIf(engineUnderTest === "duckdb")("the migration that split write keys", () => {
  it("reads a key stored before it as legacy, which may not write orders", async () => {
    const folder = mkdtempSync(join(tmpdir(), "write-key-kinds-"));
    const path = join(folder, "analytics.duckdb");
    try {
      const before = await openDuckDbWarehouse({ path, clock: () => 0 });
      const issued = issueWriteKey("publishable");
      const record = await before.ingestion.createWriteKey(1, issued.digest, issued.prefix, "publishable", 0);
      await before.close();

      // As a database written before the migration: no kind column, the migration not recorded.
      const instance = await DuckDBInstance.create(path);
      const connection = await instance.connect();
      await connection.run("INSERT INTO programs (id, code, name, currency, utc_offset, locale) VALUES (1, 'p', 'P', 'GBP', '+00:00', 'en-GB')");
      await connection.run("ALTER TABLE write_keys DROP COLUMN kind");
      await connection.run("DELETE FROM schema_migrations WHERE version = 11");
      connection.closeSync();
      instance.closeSync();

      const after = await openDuckDbWarehouse({ path, clock: () => 0 });
      expect((await after.ingestion.writeKeys(1)).map((k) => [k.id, k.kind])).toEqual([[record.id, "legacy"]]);
      const holder = await after.ingestion.programOfKey(writeKeyDigest(issued.key));
      expect(holder?.kind).toBe("legacy");
      expect(mayWriteOrders(holder?.kind ?? "secret")).toBe(false);
      await after.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
