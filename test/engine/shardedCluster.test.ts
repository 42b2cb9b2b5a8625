import { mkdtempSync, rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shardedWarehouse } from "../../server/warehouse/clickhouse/shardedWarehouse";
import { openDuckDbWarehouse } from "../../server/warehouse/duckdb/duckdbWarehouse";
import { shardUrlsOf } from "../../server/warehouse/openWarehouse";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { contractData, FakeClock } from "../contract/contractApp";

/**
 * The sharded warehouse over a cluster's shards (`replicatedByCluster`, CLICKHOUSE_URL with one node per
 * shard): the cluster replicates the whole tables itself, so their rows are written on the first shard only,
 * while a program's rows still go to its own shard. Two in-memory DuckDB warehouses stand for the shards
 * (one machine has no replication to watch): what each holds shows where every write went.
 */
const clock = new FakeClock();
let exchangeDir: string;
let shards: ReadonlyArray<Warehouse>;
let sharded: Warehouse;

beforeAll(async () => {
  exchangeDir = mkdtempSync("/tmp/cluster-replicated-");
  shards = await Promise.all([0, 1].map(() => openDuckDbWarehouse({ path: ":memory:", clock: clock.read })));
  sharded = shardedWarehouse(shards, { replicatedByCluster: true, exchangeDir });
  const programs = contractData.programs.filter((program) => program.id <= 2);
  await sharded.demoData.load(
    {
      programs,
      users: contractData.users.map(({ password, ...user }) => ({ ...user, passwordHash: `hash of ${password}` })),
      memberships: contractData.memberships.filter((membership) => membership.programId <= 2),
      messages: [],
    },
    async (duckdb) => {
      await duckdb.run(
        `INSERT INTO annotations (id, program_id, note_date, colour, text, created_by, created_at) VALUES
         (1, 1, DATE '2025-03-03', '#ff0000', 'launch', NULL, 0), (2, 2, DATE '2025-03-04', '#00ff00', 'sale', NULL, 0)`,
      );
      await duckdb.run(
        "INSERT INTO connector_accounts (user_id, platform, account_id, account_name, active) VALUES (1, 'google-ads', '123-456', 'Shop', true)",
      );
    },
  );
});

afterAll(async () => {
  await sharded?.close();
  rmSync(exchangeDir, { recursive: true, force: true });
});

describe("a sharded warehouse over a cluster's shards", () => {
  it("writes the accounts and the whole tables of a demo load on the first shard only", async () => {
    const [first, second] = shards as [Warehouse, Warehouse];
    expect((await first.programs.all()).map((program) => program.id)).toEqual([1, 2]);
    expect(await second.programs.all()).toEqual([]);
    expect(await first.connectors.accounts(1, "google-ads")).toHaveLength(1);
    expect(await second.connectors.accounts(1, "google-ads")).toEqual([]);
  });

  it("still puts each program's rows on its own shard", async () => {
    const [first, second] = shards as [Warehouse, Warehouse];
    expect((await second.annotations.inRange(1, null)).map((note) => note.text)).toEqual(["launch"]);
    expect((await first.annotations.inRange(2, null)).map((note) => note.text)).toEqual(["sale"]);
    expect(await first.annotations.inRange(1, null)).toEqual([]);
    expect(await second.annotations.inRange(2, null)).toEqual([]);
  });

  it("writes a session on the first shard only and reads it there", async () => {
    const [first, second] = shards as [Warehouse, Warehouse];
    await sharded.sessions.open({ tokenDigest: "replicated", userId: 1, openedAt: clock.now, expiresAt: clock.now + 60_000 });
    expect((await sharded.sessions.findUser("replicated", clock.now))?.id).toBe(1);
    expect((await first.sessions.findUser("replicated", clock.now))?.id).toBe(1);
    expect(await second.sessions.findUser("replicated", clock.now)).toBeNull();
  });
});

describe("shardUrlsOf", () => {
  it.each([
    { url: "http://localhost:8123", nodes: ["http://localhost:8123"] },
    { url: "http://shard0:8123,http://shard1:8123", nodes: ["http://shard0:8123", "http://shard1:8123"] },
    { url: " http://shard0:8123 , http://shard1:8123 ,", nodes: ["http://shard0:8123", "http://shard1:8123"] },
  ])("reads $url as $nodes.length node(s)", ({ url, nodes }) => {
    expect(shardUrlsOf(url)).toEqual(nodes);
  });
});
