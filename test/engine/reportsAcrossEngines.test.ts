import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JourneySearch } from "../../src/domain/journeys/journeys";
import type { Interval, OrderRule } from "../../src/domain/performance/performance";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { generateDemoData } from "../../server/seed/demoData";
import { plantDemoData } from "../../server/seed/plantDemoData";
import { openChdbWarehouse } from "../../server/warehouse/clickhouse/clickhouseWarehouse";
import { openDuckDbWarehouse } from "../../server/warehouse/duckdb/duckdbWarehouse";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { engineUnderTest } from "../warehouseUnderTest";

/**
 * The report and analysis reads answer the very same on ClickHouse as on DuckDB (docs/engine.md,
 * "ClickHouse": periods, text search, the journey paths' list functions, summed figures):
 * both engines planted with the contract data's demo set and materialised, then every read
 * asked of both over a grid of periods, levels, order rules, searches and journey filters.
 * Runs with WAREHOUSE=chdb (it opens both engines).
 */

const now = Date.UTC(2025, 5, 2, 9, 0, 0);
const data = generateDemoData({ seed: 7, scale: 0.2, today: new Date(now).toISOString().slice(0, 10) });
const valid: ReadonlyArray<OrderRule> = [{ field: "status", operator: "=", value: "valid" }];
const from = "2025-01-01";
const to = "2025-05-31";
const programIds = [1, 2];

describe.runIf(engineUnderTest === "chdb")("reports and analysis on both engines", () => {
  let dir = "";
  let duck: Warehouse;
  let clickHouse: Warehouse;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "reports-engines-"));
    duck = await openDuckDbWarehouse({ path: ":memory:", clock: () => now });
    clickHouse = await openChdbWarehouse({ path: join(dir, "data"), clock: () => now, exchangeDir: dir });
    for (const warehouse of [duck, clickHouse]) {
      await plantDemoData(warehouse, data, { N: 1024, r: 8, p: 1 });
      await createEngine({ warehouse, clock: () => now, log: silentLog }).materialiseAll();
    }
  });
  afterAll(async () => {
    await duck.close();
    await clickHouse.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const same = async (ask: (warehouse: Warehouse) => Promise<unknown>): Promise<void> => {
    const expected = await ask(duck);
    expect(await ask(clickHouse)).toStrictEqual(expected);
  };

  it.each(programIds)("taxonomies and fact sums of program %i, every level and period, with and without order rules, and searched", async (programId) => {
    for (const depth of [1, 2, 3, 4] as const) await same((w) => w.reports.taxonomies(programId, from, to, [], depth));
    const [first] = await duck.reports.taxonomies(programId, from, to, [], 2);
    expect(first).toBeDefined();
    const prefix = [first?.taxonomy_1 ?? "", first?.taxonomy_2 ?? ""];
    const periods: ReadonlyArray<Interval | null> = [null, "day", "week", "month"];
    for (const groupLevel of [0, 1, 2, 4] as const)
      for (const period of periods)
        for (const orders of [[], valid]) await same((w) => w.reports.sums({ programId, from, to, prefix: [], groupLevel, period, orders }));
    await same((w) => w.reports.sums({ programId, from, to, prefix, groupLevel: 3, period: "week", orders: valid }));
    for (const search of ["a", "GOOGLE", "%", "_"])
      await same((w) => w.reports.sums({ programId, from, to, prefix: [], groupLevel: 4, period: null, orders: valid, search }));
  });

  it.each(programIds)("funnel, weeks and affiliates of program %i", async (programId) => {
    for (const level of [1, 2, 4] as const) {
      for (const byDay of [false, true]) await same((w) => w.analysis.funnel({ programId, from, to, prefix: [], level, orders: valid }, byDay));
      await same((w) => w.analysis.weekly({ programId, from, to, prefix: [], level, orders: valid }));
    }
    await same((w) => w.analysis.affiliates(programId, from, to, valid));
    await same((w) => w.analysis.affiliates(programId, from, to, []));
  });

  it.each(programIds)("journeys and their summary of program %i under every kind of filter, and chosen paths", async (programId) => {
    const tops = await duck.reports.taxonomies(programId, from, to, [], 2);
    const one = tops[0]?.taxonomy_1 ?? "";
    const other = tops.find((t) => t.taxonomy_1 !== one)?.taxonomy_1 ?? "";
    const searches: ReadonlyArray<JourneySearch> = [
      {},
      { first: [{ taxonomy_one: one }] },
      { last: [{ taxonomy_one: one, taxonomy_two: tops[0]?.taxonomy_2 ?? "" }] },
      { anywhere: [{ taxonomy_one: one }, { taxonomy_one: other }], anywhere_connector: "and" },
      { anywhere: [{ taxonomy_one: one }, { taxonomy_one: other }], anywhere_connector: "or" },
      { comparison: [{ before: { taxonomy_one: one }, after: { taxonomy_one: other }, immediately: false }] },
      { comparison: [{ before: { taxonomy_one: other }, after: { taxonomy_one: one }, immediately: true }] },
      { first: [{ taxonomy_one: "no such channel" }] },
    ];
    for (const search of searches) {
      for (const sortBy of ["conversion_date", "journey_length"] as const)
        await same((w) => w.analysis.journeys({ programId, from, to, orders: valid, sortBy, direction: "desc", offset: 2, limit: 25, search }));
      for (const level of [2, 4] as const)
        await same((w) => w.analysis.journeySummary({ programId, from, to, orders: valid, search, level, limit: 10, path: null }));
    }
    const summary = await duck.analysis.journeySummary({ programId, from, to, orders: valid, search: {}, level: 2, limit: 3, path: null });
    expect(summary.paths.length).toBeGreaterThan(0);
    for (const { steps } of summary.paths) {
      await same((w) => w.analysis.journeySummary({ programId, from, to, orders: valid, search: {}, level: 2, limit: 3, path: steps }));
      await same((w) => w.analysis.journeys({ programId, from, to, orders: valid, sortBy: "conversion_date", direction: "asc", offset: 0, limit: 50, search: {}, path: steps }));
    }
  });
});
