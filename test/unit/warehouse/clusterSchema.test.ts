import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { clickHouseMigrationLedger, clickHouseMigrations } from "../../../server/warehouse/clickhouse/schema";
import { shardOf, wholeTables } from "../../../server/warehouse/clickhouse/shardedWarehouse";

/**
 * cluster.sql against schema.ts: every table of the single-node schema has its cluster form (a sharded local
 * table with a Distributed table over it, or a table whole on every node) with the same columns, types and
 * order, so the two cannot drift; and the whole tables are the ones the sharded warehouse routes as such.
 */
interface TableForm {
  readonly columns: ReadonlyArray<string>;
  readonly orderBy: string;
}

/** `a Int32, b Nullable(String) DEFAULT 'x'` as its column definitions, whitespace folded. */
const columnsOf = (list: string): ReadonlyArray<string> =>
  list
    .split(/,(?![^(]*\))/)
    .map((column) => column.replace(/\s+/g, " ").trim())
    .filter((column) => column !== "");

/** The tables schema.ts creates, with the columns later migrations add. */
const schemaTables = (): ReadonlyMap<string, TableForm> => {
  const tables = new Map<string, { columns: Array<string>; orderBy: string }>();
  const statements = [clickHouseMigrationLedger, ...clickHouseMigrations.flatMap((migration) => migration.statements)];
  for (const statement of statements) {
    const created = /^CREATE TABLE (?:IF NOT EXISTS )?(\w+) \(([\s\S]*)\) ENGINE = MergeTree ORDER BY \((.*?)\)/.exec(statement);
    if (created) tables.set(created[1] as string, { columns: [...columnsOf(created[2] as string)], orderBy: created[3] as string });
    const added = /^ALTER TABLE (\w+) ADD COLUMN ([\s\S]*)$/.exec(statement);
    if (added) tables.get(added[1] as string)?.columns.push(...columnsOf(added[2] as string));
  }
  return tables;
};

const clusterText = readFileSync(new URL("../../../server/warehouse/clickhouse/cluster.sql", import.meta.url), "utf8");
const clusterStatements = clusterText
  .replace(/^--.*$/gm, "")
  .split(/;\s*\n/)
  .map((statement) => statement.trim())
  .filter((statement) => statement !== "");

interface ClusterTable extends TableForm {
  readonly keeperPath: string;
}

const clusterTables = (): ReadonlyMap<string, ClusterTable> => {
  const tables = new Map<string, ClusterTable>();
  for (const statement of clusterStatements) {
    const local =
      /^CREATE TABLE attribution\.(\w+) ON CLUSTER '\{cluster\}' \(([\s\S]*)\) ENGINE = ReplicatedMergeTree\('([^']*)', '\{replica\}'\)\s+ORDER BY \((.*?)\)\s+SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1$/.exec(
        statement,
      );
    if (local) tables.set(local[1] as string, { columns: columnsOf(local[2] as string), keeperPath: local[3] as string, orderBy: local[4] as string });
  }
  return tables;
};

/** Distributed tables by the local table they are over, with their sharding key. */
const distributedTables = (): ReadonlyMap<string, { readonly name: string; readonly key: string }> => {
  const tables = new Map<string, { readonly name: string; readonly key: string }>();
  for (const statement of clusterStatements) {
    const distributed =
      /^CREATE TABLE attribution\.(\w+) ON CLUSTER '\{cluster\}' AS attribution\.(\w+)\s+ENGINE = Distributed\('\{cluster\}', attribution, (\w+), (\w+)\)$/.exec(
        statement,
      );
    if (distributed) {
      expect(distributed[3], statement).toBe(distributed[2]);
      tables.set(distributed[2] as string, { name: distributed[1] as string, key: distributed[4] as string });
    }
  }
  return tables;
};

describe("cluster.sql", () => {
  const schema = schemaTables();
  const cluster = clusterTables();
  const distributed = distributedTables();

  it("has every table of schema.ts and no other", () => {
    expect([...cluster.keys()].sort()).toEqual([...schema.keys()].sort());
    expect(schema.size).toBeGreaterThan(30);
  });

  it.each([...schema.keys()])("gives %s the columns, types and order of schema.ts", (table) => {
    expect(cluster.get(table)?.columns).toEqual(schema.get(table)?.columns);
    expect(cluster.get(table)?.orderBy).toBe(schema.get(table)?.orderBy);
  });

  it("holds the sharded warehouse's whole tables whole on every node, with no Distributed table", () => {
    const whole = [...cluster].filter(([, table]) => !table.keeperPath.includes("{shard}")).map(([name]) => name);
    expect(whole.sort()).toEqual([...wholeTables].sort());
    for (const table of wholeTables) {
      expect(cluster.get(table)?.keeperPath).toBe("/clickhouse/tables/whole/{database}/{table}");
      expect(distributed.has(table), table).toBe(false);
    }
  });

  it.each([...schema.keys()].filter((table) => !wholeTables.includes(table)))(
    "shards %s by program: replicated inside its shard, a Distributed table over it keyed by program_id",
    (table) => {
      expect(cluster.get(table)?.keeperPath).toBe("/clickhouse/tables/{shard}/{database}/{table}");
      expect(cluster.get(table)?.columns.some((column) => column.startsWith("program_id "))).toBe(true);
      expect(distributed.get(table)).toEqual({ name: `${table}_all`, key: "program_id" });
    },
  );

  it("records every migration of schema.ts as applied, so a server started on the cluster migrates nothing", () => {
    const ledger = clusterStatements.find((statement) => statement.startsWith("INSERT INTO attribution.schema_migrations"));
    const rows = [...(ledger ?? "").matchAll(/\((\d+), '((?:[^']|'')*)', 0\)/g)].map((row) => ({
      version: Number(row[1]),
      name: (row[2] as string).replace(/''/g, "'"),
    }));
    expect(rows).toEqual(clickHouseMigrations.map(({ version, name }) => ({ version, name })));
  });
});

describe("shardOf", () => {
  it.each([
    { programId: 1, shardCount: 1, shard: 0 },
    { programId: 1, shardCount: 2, shard: 1 },
    { programId: 2, shardCount: 2, shard: 0 },
    { programId: 3, shardCount: 2, shard: 1 },
    { programId: 7, shardCount: 3, shard: 1 },
    { programId: 12, shardCount: 4, shard: 0 },
    { programId: 0, shardCount: 5, shard: 0 },
  ])("puts program $programId on shard $shard of $shardCount, as program_id % shards does", ({ programId, shardCount, shard }) => {
    expect(shardOf(programId, shardCount)).toBe(shard);
    expect(shardOf(programId, shardCount)).toBe(programId % shardCount);
  });

  it.each([0, -1, 1.5])("refuses %s shards", (shardCount) => {
    expect(() => shardOf(1, shardCount)).toThrow("Not a shard count");
  });

  it("deals consecutive program ids evenly", () => {
    const counts = [0, 0, 0];
    for (let programId = 1; programId <= 300; programId++) counts[shardOf(programId, 3)] = (counts[shardOf(programId, 3)] ?? 0) + 1;
    expect(counts).toEqual([100, 100, 100]);
  });
});
