import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEvents } from "../../server/engine/ingestion";
import { generateDemoData } from "../../server/seed/demoData";
import { plantDemoData } from "../../server/seed/plantDemoData";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { warehouseFileIn, type WarehouseFile } from "./warehouseFile";

/**
 * Storing collected events (docs/engine.md, "Ingestion"): concurrent writes share one
 * transaction (a group commit); within it the first of each event id (in write and batch
 * order) becomes a hit numbered after the program's last, the others count as duplicates
 * of the write that sent them, and every new hit is kept by its event id and marked for
 * the incremental processing.
 */

const today = "2025-06-02";
const now = Date.parse(`${today}T09:00:00Z`);
const northwind = { id: 1, code: "northwind", name: "Northwind Outfitters", currency: "GBP", utc_offset: "+00:00", locale: "en-GB" };

const event = (id: string, visitor: string, minutesAgo: number) => ({
  event_id: id,
  type: "click",
  time: now - minutesAgo * 60_000,
  visitor_id: visitor,
  url: `https://shop.example/?utm_source=google&utm_medium=cpc&utm_campaign=${id}`,
});

describe("storing collected events", () => {
  let dir = "";
  let file: WarehouseFile;
  let warehouse: Warehouse;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "ingest-store-"));
    file = warehouseFileIn(dir);
    warehouse = await file.open(() => now);
    await plantDemoData(warehouse, generateDemoData({ seed: 5, scale: 0.01, today }), { N: 1024, r: 8, p: 1 });
  });
  afterAll(async () => {
    await warehouse.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Reads the stored tables on a connection of their own (the warehouse closed meanwhile, then opened again). */
  const rowsOf = async (sql: string): Promise<ReadonlyArray<Record<string, unknown>>> => {
    await warehouse.close();
    try {
      return await file.read((reading) => reading.rows(sql));
    } finally {
      warehouse = await file.open(() => now);
    }
  };

  it("numbers the first of each id after the program's last hit and answers each concurrent write with its own counts", async () => {
    const last = Number((await rowsOf("SELECT max(hit_id) AS id FROM hits WHERE program_id = 1"))[0]?.["id"]);
    const first = readEvents([event("a", "v1", 9), event("b", "v2", 8), event("a", "v3", 7)], northwind, now).rows;
    const second = readEvents([event("b", "v4", 6), event("c", "v5", 5)], northwind, now).rows;
    const third = readEvents([event("c", "v6", 4), event("d", "v7", 3)], northwind, now).rows;
    const answers = await Promise.all([
      warehouse.ingestion.addEvents(1, first, now),
      warehouse.ingestion.addEvents(1, second, now),
      warehouse.ingestion.addEvents(1, third, now),
    ]);
    expect(answers).toEqual([
      { stored: 2, unchanged: 1 },
      { stored: 1, unchanged: 1 },
      { stored: 1, unchanged: 1 },
    ]);
    const kept = await rowsOf(
      `SELECT c.event_id AS event_id, c.hit_id AS hit_id, h.visitor_id AS visitor_id, h.campaign AS campaign, h.taxonomy_1 AS taxonomy_1, CASE WHEN d.hit_id IS NOT NULL THEN 1 ELSE 0 END AS marked
       FROM collected_events c JOIN hits h ON h.program_id = c.program_id AND h.hit_id = c.hit_id
       LEFT JOIN ingestion_due d ON d.program_id = c.program_id AND d.hit_id = c.hit_id
       WHERE c.program_id = 1 ORDER BY c.hit_id`,
    );
    expect(kept.map((r) => [r["event_id"], Number(r["hit_id"]) - last, r["visitor_id"], r["campaign"], r["taxonomy_1"], Boolean(r["marked"])])).toEqual([
      ["a", 1, "v1", "a", "None", true],
      ["b", 2, "v2", "b", "None", true],
      ["c", 3, "v5", "c", "None", true],
      ["d", 4, "v7", "d", "None", true],
    ]);
  });

  it("stores nothing for ids already kept, and goes on numbering after them", async () => {
    const again = readEvents([event("d", "v8", 2), event("e", "v9", 1)], northwind, now).rows;
    expect(await warehouse.ingestion.addEvents(1, again, now)).toEqual({ stored: 1, unchanged: 1 });
    const numbers = await rowsOf(
      "SELECT event_id, hit_id - (SELECT hit_id FROM collected_events WHERE program_id = 1 AND event_id = 'a') AS n FROM collected_events WHERE program_id = 1 ORDER BY hit_id",
    );
    expect(numbers.map((r) => [r["event_id"], Number(r["n"])])).toEqual([
      ["a", 0],
      ["b", 1],
      ["c", 2],
      ["d", 3],
      ["e", 4],
    ]);
    const tally = await rowsOf("SELECT outcome, rows FROM ingestion_tallies WHERE program_id = 1 AND kind = 'event' ORDER BY outcome");
    expect(tally.map((r) => [r["outcome"], Number(r["rows"])])).toEqual([
      ["accepted", 5],
      ["duplicate", 4],
    ]);
  });
  it("a write that fails fails only itself: the writes that shared its commit are stored again one by one", async () => {
    const valid = Array.from({ length: 12 }, (_, w) => readEvents([event(`ok-${w}-1`, `vw${w}`, 9), event(`ok-${w}-2`, `vw${w}`, 8)], northwind, now).rows);
    const [good] = readEvents([event("poisoned", "vp", 7)], northwind, now).rows;
    if (!good) throw new Error("the event did not read");
    // A value no engine can store (the validation refuses such rows before they reach a write; this one bypasses it).
    const poisoned = [{ ...good, hitDate: "not-a-day" }];
    const writes = valid.map((hits) => warehouse.ingestion.addEvents(1, hits, now));
    const failing = warehouse.ingestion.addEvents(1, poisoned, now);
    const late = valid.map((hits) => warehouse.ingestion.addEvents(1, hits, now));
    await expect(failing).rejects.toThrow();
    expect(await Promise.all(writes)).toEqual(valid.map(() => ({ stored: 2, unchanged: 0 })));
    expect(await Promise.all(late)).toEqual(valid.map(() => ({ stored: 0, unchanged: 2 })));
    const kept = await rowsOf("SELECT event_id FROM collected_events WHERE program_id = 1 AND (event_id LIKE 'ok-%' OR event_id = 'poisoned')");
    expect(kept.length).toBe(24);
  });
});
