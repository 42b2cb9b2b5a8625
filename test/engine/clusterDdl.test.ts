import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type ClickHouseClient } from "@clickhouse/client";
import { createChdbConnection } from "chdb/connection";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickHouseMigrations } from "../../server/warehouse/clickhouse/schema";
import { engineUnderTest } from "../warehouseUnderTest";

/**
 * cluster.sql read by ClickHouse itself (embedded, so on the WAREHOUSE=chdb run): every statement parses
 * (`formatQuery`), and every local table, with MergeTree for ReplicatedMergeTree and without ON CLUSTER
 * (one machine has no Keeper and no cluster), is created, and the migration ledger takes its rows.
 */
const statements = readFileSync(new URL("../../server/warehouse/clickhouse/cluster.sql", import.meta.url), "utf8")
  .replace(/^--.*$/gm, "")
  .split(/;\s*\n/)
  .map((statement) => statement.trim())
  .filter((statement) => statement !== "");

/** A statement as one node without a cluster runs it; null for the Distributed tables and the cluster's database. */
const singleNode = (statement: string): string | null =>
  /ENGINE = Distributed|^CREATE DATABASE/.test(statement)
    ? null
    : statement.replace(" ON CLUSTER '{cluster}'", "").replace(/ReplicatedMergeTree\([^)]*\)/, "MergeTree");

describe.runIf(engineUnderTest === "chdb")("cluster.sql on ClickHouse", () => {
  let dir: string;
  let client: ClickHouseClient;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "cluster-ddl-"));
    const connection = createChdbConnection({ path: join(dir, "data") }) as unknown as NonNullable<Parameters<typeof createClient>[0]>["connection"];
    client = createClient({ connection });
  });

  afterAll(async () => {
    await client?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("parses every statement", async () => {
    for (const statement of statements) {
      const answer = await client.query({ query: "SELECT formatQuery({statement:String}) AS formatted", query_params: { statement }, format: "JSONEachRow" });
      expect((await answer.json<{ formatted: string }>())[0]?.formatted, statement.slice(0, 80)).toMatch(/^(CREATE|INSERT)/);
    }
  });

  it("creates every local table on one node and fills the ledger", async () => {
    await client.command({ query: "CREATE DATABASE IF NOT EXISTS attribution" });
    for (const statement of statements.map(singleNode)) if (statement !== null) await client.command({ query: statement });
    const answer = await client.query({ query: "SELECT count() AS n FROM attribution.schema_migrations", format: "JSONEachRow" });
    expect(Number((await answer.json<{ n: number | string }>())[0]?.n)).toBe(clickHouseMigrations.length);
    const tables = await client.query({ query: "SELECT count() AS n FROM system.tables WHERE database = 'attribution'", format: "JSONEachRow" });
    expect(Number((await tables.json<{ n: number | string }>())[0]?.n)).toBe(statements.filter((s) => singleNode(s)?.startsWith("CREATE TABLE")).length);
  });
});
