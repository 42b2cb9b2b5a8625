import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feedNewestDay } from "../../server/demoNewestDay";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import type { NewestDay } from "../../server/seed/demoAnalyticsSql";
import { generateDemoData } from "../../server/seed/demoData";
import { plantDemoData } from "../../server/seed/plantDemoData";
import { openDuckDbWarehouse } from "../../server/warehouse/duckdb/duckdbWarehouse";
import { landingFieldsOf, searchEngineOf } from "../../src/domain/ingestion/landing";

/**
 * The demo's newest day sent through the validated ingest path (docs/engine.md,
 * "Ingestion"), as a new database's start does, against the demo planted all in bulk: the
 * same raw rows, classification, journeys and facts for the whole range, every program.
 */

const today = "2025-06-02";
const now = Date.parse(`${today}T09:00:00Z`);
// The contract tests' scale: a few dozen events and orders on the newest day.
const data = generateDemoData({ seed: 7, scale: 0.2, today });
const quickCost = { N: 1024, r: 8, p: 1 };

/** What a start writes, each table read in a fixed order with doubles rounded (sums may add in another order). */
const tables: ReadonlyArray<readonly [string, string]> = [
  ["hits", "program_id, hit_id"],
  ["orders", "program_id, order_id"],
  ["variable_costs", "ALL"],
  ["touches", "program_id, order_id, touch_index"],
  ["journey_touchpoints", "ALL"],
  ["journey_paths", "program_id, order_id"],
  ["traffic_facts", "ALL"],
  ["sales_facts", "ALL"],
  ["inclusion_facts", "ALL"],
  ["cost_facts", "ALL"],
];

type Rows = ReadonlyArray<Record<string, unknown>>;

const read = async (path: string, queries: ReadonlyArray<string>): Promise<Rows[]> => {
  const instance = await DuckDBInstance.create(path, { access_mode: "READ_ONLY" });
  const connection = await instance.connect();
  try {
    const answers: Rows[] = [];
    for (const sql of queries) answers.push((await connection.runAndReadAll(sql)).getRowObjectsJson() as Rows);
    return answers;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
};

const snapshot = async (path: string): Promise<Record<string, Rows>> => {
  const [columns = []] = await read(path, ["SELECT table_name, column_name FROM information_schema.columns WHERE data_type = 'DOUBLE'"]);
  const doublesOf = (table: string) => columns.filter((c) => c["table_name"] === table).map((c) => String(c["column_name"]));
  const answers = await read(
    path,
    tables.map(([table, order]) => {
      const doubles = doublesOf(table);
      const replace = doubles.length === 0 ? "" : ` REPLACE (${doubles.map((c) => `round(${c}, 6) AS ${c}`).join(", ")})`;
      return `SELECT *${replace} FROM ${table} ORDER BY ${order}`;
    }),
  );
  return Object.fromEntries(tables.map(([table], i) => [table, answers[i] ?? []]));
};

describe("the demo's newest day through the ingest path", () => {
  const dir = mkdtempSync(join(tmpdir(), "demo-newest-day-"));
  const bulkPath = join(dir, "bulk.duckdb");
  const fedPath = join(dir, "fed.duckdb");
  let newestDay: NewestDay = [];
  let fed = { events: 0, orders: 0 };

  beforeAll(async () => {
    const bulk = await openDuckDbWarehouse({ path: bulkPath, clock: () => now });
    expect(await plantDemoData(bulk, data, quickCost)).toEqual([]);
    await createEngine({ warehouse: bulk, clock: () => now, log: silentLog }).materialiseAll();
    await bulk.close();

    const warehouse = await openDuckDbWarehouse({ path: fedPath, clock: () => now });
    const engine = createEngine({ warehouse, clock: () => now, log: silentLog });
    newestDay = await plantDemoData(warehouse, data, quickCost, { holdNewestDay: true });
    await engine.materialiseAll();
    fed = await feedNewestDay(warehouse, engine, newestDay, now);
    expect(await warehouse.ingestion.programsDue()).toEqual([]);
    await warehouse.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("holds back each program's newest day, organic search hits and orders among them", () => {
    expect(newestDay.map((d) => d.programId)).toEqual(data.programs.map((p) => p.id));
    for (const day of newestDay) expect(day.events.length, `program ${day.programId}`).toBeGreaterThan(0);
    const events = newestDay.flatMap((d) => d.events);
    expect(fed).toEqual({ events: events.length, orders: newestDay.flatMap((d) => d.orders).length });
    expect(fed.orders).toBeGreaterThan(0);
    expect(events.filter((e) => !e.url?.includes("utm_") && searchEngineOf(e.referrer) !== null).length).toBeGreaterThan(0);
  });

  it("reads every demo traffic variant's landing URL and referrer into the fields the demo writes for it", () => {
    const variants = data.analytics.traffic.programs.flatMap((p) => p.variants);
    expect(variants.some((v) => v.medium === "organic")).toBe(true);
    for (const v of variants) {
      expect(landingFieldsOf(v.landingUrl, v.referrer), `${v.landingUrl} from ${v.referrer}`).toEqual({
        source: v.source,
        medium: v.medium,
        campaign: v.campaign,
        content: v.content,
        term: v.term,
      });
    }
  });

  it("leaves the same hits, orders, costs, journeys and facts as planting it all in bulk", async () => {
    const bulk = await snapshot(bulkPath);
    const throughPath = await snapshot(fedPath);
    for (const [table] of tables) {
      expect(throughPath[table]?.length, table).toBeGreaterThan(0);
      expect(throughPath[table], table).toEqual(bulk[table]);
    }
  });

  it("stores the newest day's events as collected, once each", async () => {
    const [stored = []] = await read(fedPath, ["SELECT count(*) AS n, count(DISTINCT hit_id) AS hits FROM collected_events"]);
    expect({ n: Number(stored[0]?.["n"]), hits: Number(stored[0]?.["hits"]) }).toEqual({ n: fed.events, hits: fed.events });
  });
});
