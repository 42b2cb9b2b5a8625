import { mkdtempSync, rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { plantDemoData } from "../../server/seed/plantDemoData";
import { shardedWarehouse, shardOf } from "../../server/warehouse/clickhouse/shardedWarehouse";
import type { FactQuery } from "../../server/warehouse/engineQueries";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { contractData, FakeClock, quickScryptCost } from "../contract/contractApp";
import { roundedAnswer } from "../support/roundedAnswer";
import { openWarehouseProcess } from "../support/warehouseProcess";
import { engineUnderTest, openFreshWarehouse } from "../warehouseUnderTest";
import { defaultProgramSettings } from "../../src/domain/settings/programSettings";

/**
 * The cluster layout's routing (docs/engine.md, "Cluster"), on one machine: two shards, each a whole
 * warehouse of the engine under test (WAREHOUSE: DuckDB, or embedded ClickHouse) in a process of its own
 * (chdb is one engine per process), behind `shardedWarehouse`, against one warehouse holding everything.
 * The contract demo data (programs 1, 2 and 3: shard 1 holds 1 and 3, shard 0 holds 2) goes through both.
 */
const shardCount = 2;
const programs = contractData.programs.map((program) => program.id);
const from = "2025-01-01";
const to = "2025-05-31";

let single: Warehouse;
let shards: ReadonlyArray<Warehouse>;
let sharded: Warehouse;
let exchangeDir: string;
const clock = new FakeClock();

beforeAll(async () => {
  exchangeDir = mkdtempSync("/tmp/cluster-shards-");
  shards = await Promise.all(Array.from({ length: shardCount }, () => openWarehouseProcess()));
  sharded = shardedWarehouse(shards, { exchangeDir });
  single = await openFreshWarehouse(clock.read);
  for (const warehouse of [single, sharded]) {
    await plantDemoData(warehouse, contractData, quickScryptCost);
    await createEngine({ warehouse, clock: clock.read, log: silentLog }).materialiseAll();
  }
}, 600_000);

afterAll(async () => {
  await Promise.all([single?.close(), sharded?.close()]);
  rmSync(exchangeDir, { recursive: true, force: true });
});

/** The sharded answer against one warehouse's, both awaited and rounded. */
const same = async (sharded: Promise<unknown>, one: Promise<unknown>, label?: string): Promise<void> => {
  expect(roundedAnswer(await sharded), label).toEqual(roundedAnswer(await one));
};

const allOrders = { prefix: [], groupLevel: 1, period: null, orders: [] } as const;

describe(`two shards of ${engineUnderTest} behind the sharded warehouse`, () => {
  it("deals the demo's programs out to both shards", () => {
    expect(new Set(programs.map((id) => shardOf(id, shardCount)))).toEqual(new Set([0, 1]));
  });

  it.each(programs)("keeps program %i's hits, touches and facts on its own shard only", async (programId) => {
    for (const [index, shard] of shards.entries()) {
      const home = index === shardOf(programId, shardCount);
      const hits = await shard.attribution.classifiedHits(programId);
      const touches = await shard.attribution.touches(programId);
      const facts = await shard.reports.sums({ programId, from: "2024-01-01", to: "2025-12-31", ...allOrders });
      expect([hits.length > 0, touches.length > 0, facts.length > 0], `shard ${index}`).toEqual([home, home, home]);
    }
  });

  it("keeps the accounts, programs and messages whole on every shard", async () => {
    for (const shard of shards) {
      expect(await shard.programs.all()).toEqual(await single.programs.all());
      expect(await shard.programs.ofMember(1)).toEqual(await single.programs.ofMember(1));
      expect(await shard.messages.system()).toEqual(await single.messages.system());
    }
  });

  it("answers the lists of programs as one warehouse does", async () => {
    await same(sharded.attribution.programIds(), single.attribution.programIds());
    await same(sharded.attribution.unmaterialisedProgramIds(), single.attribution.unmaterialisedProgramIds());
    await same(sharded.costs.programsWithCostsDue(), single.costs.programsWithCostsDue());
    await same(sharded.programs.all(), single.programs.all());
    for (const userId of contractData.users.map((user) => user.id)) {
      await same(sharded.programs.ofMember(userId), single.programs.ofMember(userId));
      await same(sharded.messages.forUser(userId), single.messages.forUser(userId));
      await same(sharded.columnSets.ofUser(userId), single.columnSets.ofUser(userId));
    }
    expect((await sharded.users.findCredentials("demo"))?.user).toEqual((await single.users.findCredentials("demo"))?.user);
  });

  it.each(programs)("answers program %i's performance tables and charts as one warehouse does", async (programId) => {
    const queries: ReadonlyArray<FactQuery> = [
      { programId, from, to, ...allOrders },
      { programId, from, to, prefix: [], groupLevel: 2, period: "month", orders: [] },
      { programId, from, to, prefix: [], groupLevel: 0, period: "week", orders: [{ field: "status", operator: "=", value: "valid" }] },
      { programId, from, to, prefix: [], groupLevel: 4, period: null, orders: [{ field: "payment", operator: "!=", value: "cash" }] },
      { programId, from, to, prefix: [], groupLevel: 1, period: "day", orders: [], search: "a" },
    ];
    for (const query of queries) await same(sharded.reports.sums(query), single.reports.sums(query), JSON.stringify(query));
    await same(sharded.reports.taxonomies(programId, from, to, [], 4), single.reports.taxonomies(programId, from, to, [], 4));
    const [top] = await single.reports.taxonomies(programId, from, to, [], 1);
    if (top) {
      const prefix = [top.taxonomy_1];
      const query: FactQuery = { programId, from, to, prefix, groupLevel: 3, period: "month", orders: [] };
      await same(sharded.reports.sums(query), single.reports.sums(query));
    }
  });

  it.each(programs)("answers program %i's funnel, weeks, affiliates and journeys as one warehouse does", async (programId) => {
    const query = { programId, from, to, prefix: [], level: 2, orders: [] } as const;
    await same(sharded.analysis.funnel(query, false), single.analysis.funnel(query, false));
    await same(sharded.analysis.funnel({ ...query, level: 1 }, true), single.analysis.funnel({ ...query, level: 1 }, true));
    await same(sharded.analysis.weekly(query), single.analysis.weekly(query));
    await same(sharded.analysis.affiliates(programId, from, to, []), single.analysis.affiliates(programId, from, to, []));
    const journeys = { programId, from, to, orders: [], search: {}, offset: 0, limit: 50 } as const;
    for (const sortBy of ["conversion_date", "journey_length"] as const) {
      const page = { ...journeys, sortBy, direction: "desc" } as const;
      await same(sharded.analysis.journeys(page), single.analysis.journeys(page));
    }
    const summary = { programId, from, to, orders: [], search: {}, level: 2, limit: 5, path: null } as const;
    await same(sharded.analysis.journeySummary(summary), single.analysis.journeySummary(summary));
  });

  it.each(programs)("answers program %i's spend, notes, seasons, settings and reports as one warehouse does", async (programId) => {
    const range = { from, to };
    await same(sharded.costs.fixedInRange(programId, null), single.costs.fixedInRange(programId, null));
    await same(sharded.costs.variableInRange(programId, range), single.costs.variableInRange(programId, range));
    await same(sharded.annotations.inRange(programId, null), single.annotations.inRange(programId, null));
    await same(sharded.seasonality.typesWithWeeks(programId, null), single.seasonality.typesWithWeeks(programId, null));
    await same(sharded.programSettings.find(programId), single.programSettings.find(programId));
    await same(sharded.classifications.find(programId), single.classifications.find(programId));
    await same(sharded.customReports.list(programId), single.customReports.list(programId));
    await same(sharded.customReports.dataSets(programId), single.customReports.dataSets(programId));
    await same(sharded.attribution.touches(programId), single.attribution.touches(programId));
    await same(sharded.messages.forProgram(programId, 1), single.messages.forProgram(programId, 1));
    await same(sharded.ingestionHealth.health(programId, to), single.ingestionHealth.health(programId, to));
  });

  it("writes a session to every shard and finds its user on any", async () => {
    const session = { tokenDigest: "cluster-session", userId: 1, openedAt: clock.now, expiresAt: clock.now + 3_600_000 };
    await sharded.sessions.open(session);
    await single.sessions.open(session);
    for (const shard of shards) expect(await shard.sessions.findUser(session.tokenDigest, clock.now)).toEqual(await single.sessions.findUser(session.tokenDigest, clock.now));
    await sharded.sessions.end(session.tokenDigest);
    for (const shard of shards) expect(await shard.sessions.findUser(session.tokenDigest, clock.now)).toBeNull();
  });

  it("ends a person's sessions, changes their password and their name on every shard", async () => {
    const opened = (tokenDigest: string) => ({ tokenDigest, userId: 2, openedAt: clock.now, expiresAt: clock.now + 3_600_000 });
    for (const digest of ["account-kept", "account-other", "account-third"]) await sharded.sessions.open(opened(digest));
    await sharded.users.changePassword({ userId: 2, passwordHash: "scrypt$1$1$1$00$00", keepSession: "account-kept" });
    for (const shard of shards) {
      expect(await shard.sessions.findUser("account-kept", clock.now)).not.toBeNull();
      expect(await shard.sessions.findUser("account-other", clock.now)).toBeNull();
      expect((await shard.users.findCredentials("admin"))?.passwordHash).toBe("scrypt$1$1$1$00$00");
    }
    await sharded.sessions.endAllOf(2);
    for (const shard of shards) expect(await shard.sessions.findUser("account-kept", clock.now)).toBeNull();
    const outcome = await sharded.users.changeProfile({ userId: 2, username: "admin", email: "admin@example.org" });
    expect(outcome).toMatchObject({ kind: "changed", user: { id: 2, email: "admin@example.org" } });
    for (const shard of shards) expect((await shard.users.findByEmail("admin@example.org"))?.id).toBe(2);
    expect(await sharded.users.changeProfile({ userId: 2, username: "demo", email: "admin@example.com" })).toEqual({ kind: "nameTaken" });
  });

  it("keeps a write key whole on every shard, so any shard finds the key's program", async () => {
    const [key, same] = await Promise.all([
      sharded.ingestion.createWriteKey(3, "cluster-key-digest", "sk_cluster", "secret", clock.now),
      single.ingestion.createWriteKey(3, "cluster-key-digest", "sk_cluster", "secret", clock.now),
    ]);
    expect(key).toEqual(same);
    for (const shard of shards) {
      expect(await shard.ingestion.programOfKey("cluster-key-digest")).toMatchObject({ program: { id: 3 }, kind: "secret" });
      expect(await shard.ingestion.writeKeys(3)).toEqual([key]);
    }
  });

  it("re-attributes a program on its shard alone, with the answers of one warehouse", async () => {
    const programId = 2;
    const settings = { ...defaultProgramSettings, attribution_model: "linear", lookback_days: 14 } as const;
    for (const warehouse of [single, sharded]) {
      await warehouse.programSettings.save(programId, settings);
      await createEngine({ warehouse, clock: clock.read, log: silentLog }).reattribute(programId);
    }
    const query: FactQuery = { programId, from, to, prefix: [], groupLevel: 2, period: "month", orders: [] };
    await same(sharded.reports.sums(query), single.reports.sums(query));
    const elsewhere = shards[1 - shardOf(programId, shardCount)] as Warehouse;
    expect(await elsewhere.programSettings.find(programId)).toBeNull();
  });

  it("reads the audit trail from every shard, each line once, as one warehouse does", async () => {
    const by = (second: number) => ({ userId: 2, userName: "admin", at: clock.now + second * 1000 });
    for (const warehouse of [single, sharded]) {
      // Program 1's line is written on shard 1 alone, program 2's on shard 0, the key's on both.
      await warehouse.programSettings.save(1, { ...defaultProgramSettings, lookback_days: 17 }, by(1));
      await warehouse.programSettings.save(2, { ...defaultProgramSettings, lookback_days: 19 }, by(2));
      await warehouse.ingestion.createWriteKey(3, "audit-key-digest", "sk_audit", "secret", clock.now, by(3));
      await warehouse.programSettings.save(3, { ...defaultProgramSettings, lookback_days: 23 }, by(4));
    }
    const withoutIds = (answer: Awaited<ReturnType<Warehouse["audit"]["list"]>>) => ({ ...answer, lines: answer.lines.map(({ id: _id, ...line }) => line) });
    const filters = [{ offset: 0, limit: 50 }, { offset: 1, limit: 2 }, { kind: "settings", offset: 0, limit: 50 }, { programId: 1, offset: 0, limit: 50 }] as const;
    for (const filter of filters) expect(withoutIds(await sharded.audit.list(filter)), JSON.stringify(filter)).toEqual(withoutIds(await single.audit.list(filter)));
    const all = await sharded.audit.list({ offset: 0, limit: 50 });
    expect(all.total).toBe(4);
    expect(new Set(all.lines.map((line) => line.id)).size).toBe(4);
  });
});
