import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance, type JS } from "@duckdb/node-api";
import { classifyHit, parseClassification, planOf, type ClassificationPlan } from "../../server/engine/classification";
import { generateDemoData, type DemoData, type DemoDataParameters } from "../../server/seed/demoData";
import { plantDemoData } from "../../server/seed/plantDemoData";
import { openDuckDbWarehouse } from "../../server/warehouse/duckdb/duckdbWarehouse";

/** A row as plain JS: BIGINTs as numbers, DATEs as YYYY-MM-DD. */
export type PlainRow = Record<string, string | number | boolean | null>;

const plain = (value: JS): string | number | boolean | null => {
  if (typeof value === "bigint") return Number(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  return JSON.stringify(value);
};

/** The demo data planted through the warehouse into a fresh database file, then opened read-only for queries. */
export interface PlantedDemo {
  readonly data: DemoData;
  rows(sql: string): Promise<PlainRow[]>;
  /** One value of the first row. */
  value(sql: string): Promise<string | number | boolean | null>;
  close(): Promise<void>;
}

export const plantDemo = async (parameters: DemoDataParameters): Promise<PlantedDemo> => {
  const dir = mkdtempSync(join(tmpdir(), "demo-seed-"));
  const path = join(dir, "demo.duckdb");
  const data = generateDemoData(parameters);
  const warehouse = await openDuckDbWarehouse({ path, clock: () => 0 });
  await plantDemoData(warehouse, data, { N: 1024, r: 8, p: 1 });
  await warehouse.close();
  const instance = await DuckDBInstance.create(path, { access_mode: "READ_ONLY" });
  const connection = await instance.connect();
  const rows = async (sql: string): Promise<PlainRow[]> =>
    (await connection.runAndReadAll(sql)).getRowObjectsJS().map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)])));
  return {
    data,
    rows,
    value: async (sql) => Object.values((await rows(sql))[0] ?? {})[0] ?? null,
    close: async () => {
      connection.closeSync();
      instance.closeSync();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** Distinct raw hits with their count, classified by the program's saved tree (the engine's TypeScript evaluator). */
export interface ClassifiedGroup {
  readonly programId: number;
  readonly eventType: string;
  readonly raw: PlainRow;
  readonly hits: number;
  readonly path: readonly [string, string, string, string];
  readonly costLink: string | null;
}

export const classifiedGroups = async (demo: PlantedDemo): Promise<ClassifiedGroup[]> => {
  const plans = new Map<number, ClassificationPlan>();
  for (const row of demo.data.analytics.classifications) {
    const tree = parseClassification(row.tree);
    if (!tree) throw new Error(`the classification of program ${row.programId} does not decode`);
    plans.set(row.programId, planOf(tree));
  }
  const groups = await demo.rows(
    `SELECT program_id, event_type, source, medium, campaign, content, term, referrer, landing_url, publisher_id, cost_link, count(*) AS hits
     FROM hits GROUP BY ALL`,
  );
  return groups.map((raw) => {
    const plan = plans.get(Number(raw["program_id"]));
    if (!plan) throw new Error(`no classification for program ${raw["program_id"]}`);
    const text = (key: string): string | null => (typeof raw[key] === "string" ? (raw[key] as string) : null);
    const classified = classifyHit(plan, {
      event_type: String(raw["event_type"]),
      source: text("source"),
      medium: text("medium"),
      campaign: text("campaign"),
      content: text("content"),
      term: text("term"),
      referrer: text("referrer"),
      landing_url: text("landing_url"),
      publisher_id: text("publisher_id"),
      cost_link: text("cost_link"),
    });
    return {
      programId: Number(raw["program_id"]),
      eventType: String(raw["event_type"]),
      raw,
      hits: Number(raw["hits"]),
      path: [classified.taxonomy_1, classified.taxonomy_2, classified.taxonomy_3, classified.taxonomy_4],
      costLink: classified.cost_link,
    };
  });
};
