import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusedRowsListed, importColumns, importFiles, type BadRow } from "../../server/engine/bulkImport";
import { createEngine } from "../../server/engine/createEngine";
import { ingestEvents } from "../../server/engine/ingestion";
import { silentLog } from "../../server/log";
import { generateDemoData } from "../../server/seed/demoData";
import { plantDemoData } from "../../server/seed/plantDemoData";
import { openDuckDbFileRows } from "../../server/warehouse/duckdb/fileRows";
import { openDuckDbWarehouse } from "../../server/warehouse/duckdb/duckdbWarehouse";
import type { FileFormat } from "../../server/warehouse/fileRows";
import type { Warehouse } from "../../server/warehouse/warehouse";

/**
 * A file of events imported by the warehouse's `importEventFile` (docs/engine.md, "Bulk
 * import": rows checked set-wise in DuckDB, the rest read by the ingest path) against the
 * same file read row by row through the collection's path (the reader's batches, ingestEvents,
 * addEvents): as NDJSON and as Parquet, with rows of every kind (plain, left to JavaScript
 * and kept, repeated in the file, stored before, refused for each reason), and a file of
 * rows all new (its hits numbered from their places), both leave the same counts, reasons
 * and first bad rows, the same hits, ids, marks and tallies, and once processed the same
 * classification and facts.
 */

const today = "2025-06-02";
const now = Date.parse(`${today}T09:00:00Z`);
const hour = 3_600_000;

const landings = [
  "https://shop.example/?utm_source=newsletter&utm_medium=email&utm_campaign=June",
  "https://shop.example/p/1?utm_source=google&utm_medium=cpc&gclid=abc",
  "https://shop.example/p/2?gclid=xyz",
  "https://shop.example/p/3",
  "https://shop.example/p/4?utm_campaign=Spring+Sale%21",
];

const event = (i: number, id = `file-${i}`): Record<string, unknown> => ({
  event_id: id,
  type: i % 7 === 3 ? "impression" : "click",
  time: now - 10 * 24 * hour + i * 5 * hour + (i % 13) * 60_000,
  visitor_id: `file-visitor-${i % 10}`,
  url: landings[i % landings.length],
  referrer: i % 4 === 2 ? "https://www.bing.com/search?q=shop" : i % 4 === 1 ? "https://blog.example/post" : null,
  publisher_id: i % 9 === 5 ? "pub-7" : null,
  cost_link: i % 9 === 5 ? "link-3" : null,
});

/** Sent before the import, to both sides: ids the file repeats are already stored. */
const storedBefore = [event(46, "file-before-1"), event(47, "file-before-2")];

const rows: ReadonlyArray<Record<string, unknown>> = [
  ...Array.from({ length: 30 }, (_, i) => event(i)),
  event(30, "file-3"),
  event(31, "file-before-1"),
  { ...event(32), url: "https://shop.example/?utm_campaign=été&utm_source=mail" },
  { ...event(33), type: "scroll" },
  { ...event(34), time: now + 3 * 24 * hour },
  { ...event(35, "file-32"), visitor_id: "file-visitor-other" },
  { ...event(36), url: "https://shop.example/?utm%5Fsource=escaped" },
  { ...event(37), visitor_id: null },
  { ...event(38, "file-33") },
  { ...event(39), url: `https://shop.example/${"x".repeat(2100)}` },
  { ...event(40), time: now - 4 * 366 * 24 * hour },
  { ...event(41), event_id: "has space" },
  { ...event(42), publisher_id: "p".repeat(300) },
  { ...event(43), referrer: "\thttps://www.google.com/" },
  { ...event(44), type: "impression", time: now - hour + 0.5 },
];

/** A file every row of which is new and kept: its hits' ids follow from their places, without a join. */
const cleanRows: ReadonlyArray<Record<string, unknown>> = Array.from({ length: 20 }, (_, i) => event(2 * i + 1, `file-new-${i}`));

/** What each side leaves, read in a fixed order (doubles rounded: sums may add in another order). */
const tables: ReadonlyArray<readonly [string, string]> = [
  ["hits", "program_id, hit_id"],
  ["collected_events", "program_id, event_id"],
  ["ingestion_due", "ALL"],
  ["ingestion_tallies", "ALL"],
  ["touches", "order_id, touch_index"],
  ["traffic_facts", "ALL"],
  ["sales_facts", "ALL"],
  ["cost_facts", "ALL"],
];

interface Outcome {
  readonly rows: number;
  readonly accepted: number;
  readonly duplicates: number;
  readonly refused: number;
  readonly reasons: ReadonlyArray<readonly [string, number]>;
  readonly badRows: ReadonlyArray<BadRow>;
}

describe.each<FileFormat>(["ndjson", "parquet"])("a file of events as %s", (format) => {
  let dir = "";
  const file = (name = "events") => join(dir, `${name}.${format}`);
  const warehouses: Record<"collected" | "imported", Warehouse | null> = { collected: null, imported: null };
  const pathOf = (side: "collected" | "imported") => join(dir, side, "analytics.duckdb");
  const open = async (side: "collected" | "imported"): Promise<Warehouse> =>
    (warehouses[side] ??= await openDuckDbWarehouse({ path: pathOf(side), clock: () => now }));
  const northwind = async (warehouse: Warehouse) => {
    const program = await warehouse.programs.findByCode("northwind");
    if (!program) throw new Error("no northwind");
    return program;
  };

  const snapshot = async (side: "collected" | "imported") => {
    await warehouses[side]?.close();
    warehouses[side] = null;
    const instance = await DuckDBInstance.create(pathOf(side));
    const connection = await instance.connect();
    const read = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJson();
    try {
      const taken: Record<string, unknown> = {};
      for (const [table, order] of tables) {
        const doubles = (await read(`SELECT column_name FROM information_schema.columns WHERE table_name = '${table}' AND data_type = 'DOUBLE'`)).map((r) =>
          String(r["column_name"]),
        );
        const replace = doubles.length === 0 ? "" : ` REPLACE (${doubles.map((c) => `round(${c}, 6) AS ${c}`).join(", ")})`;
        taken[table] = await read(`SELECT *${replace} FROM ${table} ORDER BY ${order}`);
      }
      return taken;
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  };

  /** The file read as the collection reads events: the reader's rows, one batch through ingestEvents and addEvents. */
  const collect = async (path = file()): Promise<Outcome> => {
    const warehouse = await open("collected");
    const program = await northwind(warehouse);
    const reader = await openDuckDbFileRows();
    const reasons = new Map<string, number>();
    const badRows: BadRow[] = [];
    let sent = 0;
    let accepted = 0;
    let duplicates = 0;
    try {
      for await (const batch of reader.batches(path, format, importColumns.events.all, 1_000)) {
        const answer = await ingestEvents(warehouse.ingestion, program, batch.rows, now);
        sent += batch.rows.length;
        accepted += answer.accepted;
        duplicates += answer.duplicates;
        for (const r of answer.refusals) {
          reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
          if (badRows.length < refusedRowsListed) badRows.push({ row: batch.firstRow + r.index, problem: `${r.reason}: ${r.detail}` });
        }
      }
    } finally {
      await reader.close();
    }
    return { rows: sent, accepted, duplicates, refused: sent - accepted - duplicates, reasons: [...reasons], badRows };
  };

  const importFile = async (path = file()): Promise<Outcome> => {
    const warehouse = await open("imported");
    const program = await northwind(warehouse);
    const reader = await openDuckDbFileRows();
    try {
      const outcome = await importFiles({ reader, target: warehouse.ingestion, process: async () => undefined, clock: () => now }, program, [path]);
      if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
      const [imported] = outcome.files;
      if (!imported) throw new Error("no file imported");
      const { rows: read, accepted, duplicates, refused, reasons, badRows } = imported;
      return { rows: read, accepted, duplicates, refused, reasons: [...reasons], badRows };
    } finally {
      await reader.close();
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "bulk-file-"));
    for (const [name, written] of [
      ["events", rows],
      ["new", cleanRows],
    ] as const) {
      const ndjson = join(dir, `${name}.ndjson`);
      writeFileSync(ndjson, written.map((r) => JSON.stringify(r)).join("\n") + "\n");
      if (format === "parquet") {
        const writer = await DuckDBInstance.create(":memory:");
        const connection = await writer.connect();
        await connection.run(`COPY (SELECT * FROM read_json('${ndjson}', format = 'newline_delimited')) TO '${file(name)}' (FORMAT parquet)`);
        connection.closeSync();
        writer.closeSync();
      }
    }
    for (const side of ["collected", "imported"] as const) {
      mkdirSync(join(dir, side));
      const warehouse = await open(side);
      await plantDemoData(warehouse, generateDemoData({ seed: 7, scale: 0.02, today }));
      const engine = createEngine({ warehouse, clock: () => now, log: silentLog });
      for (const program of await warehouse.programs.all()) await engine.reclassify(program.id);
      await ingestEvents(warehouse.ingestion, await northwind(warehouse), storedBefore, now);
    }
  });
  afterAll(async () => {
    for (const warehouse of Object.values(warehouses)) await warehouse?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers the same counts, reasons and refused rows, and stores the same hits, ids, marks and tallies", async () => {
    const collected = await collect();
    const imported = await importFile();
    expect(imported).toEqual(collected);
    expect(imported).toMatchObject({ rows: rows.length, accepted: 34, duplicates: 3, refused: 8 });
    expect(imported.reasons).toEqual([
      ["invalid", 6],
      ["out_of_range", 2],
    ]);
    // Every refused row is listed (8 of them).
    expect(imported.badRows.map((r) => r.row)).toEqual([34, 35, 38, 40, 41, 42, 43, 45]);
    expect(await snapshot("imported")).toEqual(await snapshot("collected"));
  });

  it("stores the same hits and ids from a file every row of which is new", async () => {
    const collected = await collect(file("new"));
    expect(await importFile(file("new"))).toEqual(collected);
    expect(collected).toMatchObject({ rows: 20, accepted: 20, duplicates: 0, refused: 0 });
    expect(await snapshot("imported")).toEqual(await snapshot("collected"));
  });

  it("leaves the same classification and facts once processed", async () => {
    for (const side of ["collected", "imported"] as const) {
      const warehouse = await open(side);
      await createEngine({ warehouse, clock: () => now, log: silentLog }).processIngested((await northwind(warehouse)).id);
    }
    const collected = await snapshot("collected");
    expect(collected["ingestion_due"]).toEqual([]);
    expect(await snapshot("imported")).toEqual(collected);
  });

  it("stores nothing more when the file is imported again", async () => {
    const again = await importFile();
    expect(again).toMatchObject({ rows: rows.length, accepted: 0, duplicates: 37, refused: 8 });
  });
});
