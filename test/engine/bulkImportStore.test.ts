import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IngestAnswer } from "../../src/domain/ingestion/collection";
import { createEngine } from "../../server/engine/createEngine";
import { ingestEvents, ingestOrders, type IngestTarget } from "../../server/engine/ingestion";
import { silentLog } from "../../server/log";
import { generateDemoData } from "../../server/seed/demoData";
import { plantDemoData } from "../../server/seed/plantDemoData";
import { openDuckDbWarehouse } from "../../server/warehouse/duckdb/duckdbWarehouse";
import type { Warehouse } from "../../server/warehouse/warehouse";

/**
 * The bulk import's event store (`importEvents`, docs/engine.md "Bulk import") against the
 * collection's (`addEvents`): the same chunks of events, with repeats inside a chunk, across
 * chunks and sent again, and rows the ingest path refuses, leave the same answers, hits,
 * collected_events, ingestion_due marks and tallies, and after processing the same
 * classification, touches, journey paths and facts.
 */

const today = "2025-06-02";
const now = Date.parse(`${today}T09:00:00Z`);
const hour = 3_600_000;
const northwind = { id: 1, code: "northwind", name: "Northwind Outfitters", currency: "GBP", utc_offset: "+00:00", locale: "en-GB" };

const landings = [
  "https://shop.example/?utm_source=newsletter&utm_medium=email&utm_campaign=June",
  "https://shop.example/p/1?utm_source=google&utm_medium=cpc&gclid=abc",
  "https://shop.example/p/2",
  "",
];

/** An event of the test's history: a visitor of ten, a landing of four, an hour of the last ten days. */
const event = (i: number, id = `bulk-store-${i}`): Record<string, unknown> => ({
  event_id: id,
  type: i % 7 === 3 ? "impression" : "click",
  time: now - 10 * 24 * hour + i * 5 * hour + (i % 13) * 60_000,
  visitor_id: `bulk-visitor-${i % 10}`,
  url: landings[i % landings.length],
  ...(i % 4 === 2 ? { referrer: "https://www.bing.com/search?q=shop" } : {}),
  ...(i % 9 === 5 ? { publisher_id: "pub-7", cost_link: "link-3" } : {}),
});

/** Two chunks: the second repeats ids of the first, one id twice with another visitor, and holds refused rows. */
const firstChunk: ReadonlyArray<unknown> = Array.from({ length: 30 }, (_, i) => event(i));
const secondChunk: ReadonlyArray<unknown> = [
  ...Array.from({ length: 20 }, (_, i) => event(30 + i)),
  event(3),
  event(12),
  { ...event(40), visitor_id: "bulk-visitor-other" },
  { ...event(51), type: "scroll" },
  { ...event(52), time: now + 3 * 24 * hour },
  { ...event(53), time: now - 4 * 366 * 24 * hour },
  { event_id: "bulk-store-no-visitor", type: "click", time: now - hour },
];
const orders: ReadonlyArray<unknown> = Array.from({ length: 6 }, (_, i) => ({
  order_id: `bulk-order-${i}`,
  time: now - 10 * 24 * hour + (i * 20 + 7) * hour,
  amount: 25 + i,
  currency: "GBP",
  status: i === 4 ? "cancelled" : "valid",
  customer_type: i % 2 === 0 ? "new" : "returning",
  payment: "card",
  visitor_id: `bulk-visitor-${i % 10}`,
}));

/** What each store leaves, read in a fixed order (doubles rounded: sums may add in another order). */
const tables: ReadonlyArray<readonly [string, string]> = [
  ["hits", "hit_id"],
  ["collected_events", "event_id"],
  ["ingestion_due", "ALL"],
  ["ingestion_tallies", "ALL"],
  ["touches", "order_id, touch_index"],
  ["journey_paths", "order_id"],
  ["traffic_facts", "ALL"],
  ["sales_facts", "ALL"],
  ["inclusion_facts", "ALL"],
  ["cost_facts", "ALL"],
];

interface Side {
  readonly dir: string;
  warehouse: Warehouse | null;
  readonly answers: IngestAnswer[];
}

describe("the bulk import's event store", () => {
  const sides: Record<"collected" | "imported", Side> = {
    collected: { dir: "", warehouse: null, answers: [] },
    imported: { dir: "", warehouse: null, answers: [] },
  };

  const open = async (side: Side): Promise<Warehouse> => {
    side.warehouse ??= await openDuckDbWarehouse({ path: join(side.dir, "analytics.duckdb"), clock: () => now });
    return side.warehouse;
  };
  const targetOf = (name: keyof typeof sides, warehouse: Warehouse): IngestTarget =>
    name === "collected" ? warehouse.ingestion : { ...warehouse.ingestion, addEvents: (p, h, a) => warehouse.ingestion.importEvents(p, h, a) };
  const send = async (name: keyof typeof sides, chunk: ReadonlyArray<unknown>) => {
    const warehouse = await open(sides[name]);
    sides[name].answers.push(await ingestEvents(targetOf(name, warehouse), northwind, chunk, now));
  };

  const snapshot = async (side: Side) => {
    await side.warehouse?.close();
    side.warehouse = null;
    const instance = await DuckDBInstance.create(join(side.dir, "analytics.duckdb"));
    const connection = await instance.connect();
    const rows = async (sql: string) => (await connection.runAndReadAll(sql)).getRowObjectsJson();
    try {
      const taken: Record<string, unknown> = {};
      for (const [table, order] of tables) {
        const doubles = (await rows(`SELECT column_name FROM information_schema.columns WHERE table_name = '${table}' AND data_type = 'DOUBLE'`)).map((r) =>
          String(r["column_name"]),
        );
        const replace = doubles.length === 0 ? "" : ` REPLACE (${doubles.map((c) => `round(${c}, 6) AS ${c}`).join(", ")})`;
        taken[table] = await rows(`SELECT *${replace} FROM ${table} ORDER BY ${order}`);
      }
      return taken;
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  };

  beforeAll(async () => {
    for (const side of Object.values(sides)) {
      (side as { dir: string }).dir = mkdtempSync(join(tmpdir(), "bulk-store-"));
      const warehouse = await open(side);
      await plantDemoData(warehouse, generateDemoData({ seed: 7, scale: 0.02, today }));
      const engine = createEngine({ warehouse, clock: () => now, log: silentLog });
      for (const program of await warehouse.programs.all()) await engine.reclassify(program.id);
    }
  });
  afterAll(async () => {
    for (const side of Object.values(sides)) {
      await side.warehouse?.close();
      rmSync(side.dir, { recursive: true, force: true });
    }
  });

  it("stores the same hits, ids, marks and tallies as the collection's store, and answers the same", async () => {
    for (const name of ["collected", "imported"] as const) {
      const warehouse = await open(sides[name]);
      await send(name, firstChunk);
      await send(name, secondChunk);
      await send(name, firstChunk);
      await ingestOrders(warehouse.ingestion, northwind, orders, now);
    }
    expect(sides.imported.answers).toEqual(sides.collected.answers);
    expect(sides.imported.answers.map((a) => [a.accepted, a.duplicates, a.refused])).toEqual([
      [30, 0, 0],
      [20, 3, 4],
      [0, 30, 0],
    ]);
    const collected = await snapshot(sides.collected);
    const imported = await snapshot(sides.imported);
    expect(collected["collected_events"]).toHaveLength(50);
    // A mark per new hit and per order fed.
    expect(collected["ingestion_due"]).toHaveLength(50 + orders.length);
    expect(imported).toEqual(collected);
  });

  it("leaves the same classification and facts once processed", async () => {
    for (const side of Object.values(sides)) {
      const warehouse = await open(side);
      await createEngine({ warehouse, clock: () => now, log: silentLog }).processIngested(northwind.id);
    }
    const collected = await snapshot(sides.collected);
    const imported = await snapshot(sides.imported);
    expect(collected["ingestion_due"]).toEqual([]);
    const classified = (collected["hits"] as ReadonlyArray<Record<string, unknown>>).filter((h) => String(h["visitor_id"]).startsWith("bulk-visitor-"));
    expect(classified.some((h) => h["taxonomy_1"] !== "None")).toBe(true);
    expect(imported).toEqual(collected);
  });
});
