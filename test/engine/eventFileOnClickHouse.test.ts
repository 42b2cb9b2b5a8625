import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFiles } from "../../server/engine/bulkImport";
import { generateDemoData } from "../../server/seed/demoData";
import { plantDemoData } from "../../server/seed/plantDemoData";
import { openChdbWarehouse } from "../../server/warehouse/clickhouse/clickhouseWarehouse";
import { openDuckDbFileRows } from "../../server/warehouse/duckdb/fileRows";
import { openDuckDbWarehouse } from "../../server/warehouse/duckdb/duckdbWarehouse";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { engineUnderTest } from "../warehouseUnderTest";

/**
 * A file of events imported on ClickHouse (docs/engine.md, "ClickHouse": every row through
 * the ingest path) answers as on DuckDB (the set-wise checks): the same rows, stored, duplicate
 * and refused counts, the same bad rows and reasons, the same tallies and marks, the first
 * time and again. Runs with WAREHOUSE=chdb (it opens both engines).
 */

const today = "2025-06-02";
const now = Date.parse(`${today}T09:00:00Z`);
const northwind = { id: 1, code: "northwind", name: "Northwind Outfitters", currency: "GBP", utc_offset: "+00:00", locale: "en-GB" };

describe.runIf(engineUnderTest === "chdb")("a file of events on ClickHouse", () => {
  let dir = "";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "event-file-engines-"));
    const lines = ["event_id,type,time,visitor_id,url,referrer"];
    for (let i = 0; i < 300; i++) {
      lines.push(
        `e${i % 250},${i % 5 ? "click" : "impression"},${now - i * 60_000},v${i % 17},https://shop.example/?utm_source=s${i % 3}&utm_medium=cpc,https://www.google.com/`,
      );
    }
    lines.push(`no-visitor,click,${now},,,`, `x1,view,${now},v1,,`, `too-late,click,${now + 400 * 86_400_000},v1,,`);
    writeFileSync(join(dir, "events.csv"), lines.join("\n"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The import twice and the day's health, on a warehouse planted with the same demo data. */
  const importedOn = async (open: () => Promise<Warehouse>) => {
    const warehouse = await open();
    const reader = await openDuckDbFileRows();
    try {
      await plantDemoData(warehouse, generateDemoData({ seed: 5, scale: 0.01, today }), { N: 1024, r: 8, p: 1 });
      const deps = { reader, target: warehouse.ingestion, process: async () => undefined, clock: () => now };
      const first = await importFiles(deps, northwind, [join(dir, "events.csv")]);
      const again = await importFiles(deps, northwind, [join(dir, "events.csv")]);
      return { first, again, health: await warehouse.ingestionHealth.health(1, today) };
    } finally {
      await reader.close();
      await warehouse.close();
    }
  };

  it("answers, refuses, tallies and marks as on DuckDB", async () => {
    const duckdb = await importedOn(() => openDuckDbWarehouse({ path: ":memory:", clock: () => now }));
    const clickhouse = await importedOn(() => openChdbWarehouse({ path: join(dir, "data"), clock: () => now, exchangeDir: dir }));
    expect(duckdb.first).toMatchObject({ ok: true, files: [{ rows: 303, accepted: 250, duplicates: 50, refused: 3 }] });
    expect(duckdb.again).toMatchObject({ ok: true, files: [{ rows: 303, accepted: 0, duplicates: 300, refused: 3 }] });
    expect(clickhouse).toEqual(duckdb);
  });
});
