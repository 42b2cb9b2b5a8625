import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journeyMatches, type JourneySearch, type JourneySortBy, type JourneyTouch, type TouchpointFilter } from "../../src/domain/journeys/journeys";
import type { OrderRule } from "../../src/domain/performance/performance";
import { journeyPage } from "../../server/engine/analysis";
import { isoInZone } from "../../src/domain/shell/timeZone";
import { createEngine, type Engine } from "../../server/engine/createEngine";
import { validOrders, type ReportFactScope } from "../../server/engine/reports";
import { silentLog } from "../../server/log";
import { openDuckDbWarehouse } from "../../server/warehouse/duckdb/duckdbWarehouse";
import { engineUnderTest, openFreshWarehouse } from "../warehouseUnderTest";
import type { HitRow, OrderRow } from "../../server/warehouse/engineQueries";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { tree } from "./fixture";
import { seededRandom } from "../support/seededRandom";

/**
 * The journeys call reads per-order journey paths (journey_paths, journey_touchpoints;
 * docs/engine.md, "Journey paths"). These tests hold it to a straightforward reference:
 * the program's touches as the warehouse stores them, filtered by journeyMatches, sorted
 * by the order's instant or journey length with ties by order id in the same direction,
 * and sliced into pages. Generated data (a seeded generator of its own) with awkward
 * taxonomy values: the same lower levels under different level-1 values, dots, bars,
 * quotes, percent signs, non-ASCII, '' read as 'None', a clicked 'Direct', and orders
 * sharing an instant.
 */

const programId = 5;
const day = 86_400_000;
const start = Date.UTC(2025, 2, 1);
const days = 60;
const isoDay = (ts: number): string => new Date(ts).toISOString().slice(0, 10);
const from = isoDay(start + 10 * day);
const to = isoDay(start + 50 * day);

type Path = readonly [string, string, string, string];
const paths: ReadonlyArray<Path> = [
  ["Paid Search", "Brand", "camp a", "ad 1"],
  ["Paid Search", "Brand", "camp a", "ad 2"],
  ["Paid Search", "Generic", "None", "None"],
  ["Paid Social", "Brand", "camp a", "ad 1"],
  ["Email", "None", "None", "None"],
  ["a.b|c", "%_'\"", "Zürich", "1.2"],
  ["a.b", "|c", "Zürich", "1.2"],
  ["None", "None", "None", "None"],
  ["Direct", "Partner", "None", "None"],
  ["Display", "", "", ""],
  ["Affiliates", "Awin", "1", "2"],
  ["Affiliates", "Awin", "12", "3"],
];
/** Values no touch has (a filter naming one matches nothing). */
const strangers: Path = ["Nowhere", "Brand", "camp a", "ad 1"];

const generate = (seed: number) => {
  const r = seededRandom(seed);
  const hits: HitRow[] = [];
  for (let i = 1; i <= 900; i++) {
    const ts = start + Math.floor(r.next() * days * day);
    const path = r.pick(paths);
    hits.push({
      programId,
      hitId: i,
      visitorId: `v${r.int(1, 40)}`,
      ts,
      hitDate: isoDay(ts),
      eventType: r.next() < 0.85 ? "click" : "impression",
      // Raw fields the classification of the reclassify test reads.
      source: r.pick(["google", "bing", "facebook", null]),
      medium: r.pick(["cpc", "email", null]),
      campaign: r.pick(["brand_x", "generic", null]),
      content: r.pick(["ad1", "ad2", null]),
      taxonomy: path,
    });
  }
  const orders: OrderRow[] = [];
  const ids = Array.from({ length: 260 }, (_, i) => i + 1).sort(() => r.next() - 0.5);
  for (const [i, n] of ids.entries()) {
    // Every tenth order shares its instant with the one before: ties broken by order id.
    const ts = i % 10 === 9 ? (orders[i - 1]?.ts ?? start) : start + Math.floor(r.next() * days * day);
    orders.push({
      programId,
      orderId: `order-${String(n).padStart(3, "0")}`,
      visitorId: `v${r.int(1, 48)}`, // some visitors never clicked: Direct
      ts,
      orderDate: isoDay(ts),
      amount: r.int(100, 50_000) / 100,
      status: r.next() < 0.8 ? "valid" : "cancelled",
      customerType: r.pick(["new", "returning"]),
      payment: r.pick(["cash", "credit"]),
    });
  }
  return { hits, orders };
};

const data = generate(13);
const keys = ["taxonomy_one", "taxonomy_two", "taxonomy_three", "taxonomy_four"] as const;
/** A filter touchpoint naming the first `depth` levels of a path. */
const touchpoint = (path: Path, depth: number): TouchpointFilter =>
  Object.fromEntries(path.slice(0, depth).map((v, i) => [keys[i], v === "" ? "None" : v])) as TouchpointFilter;

const randomSearch = (r: ReturnType<typeof seededRandom>): JourneySearch => {
  const filter = (): TouchpointFilter => {
    const roll = r.next();
    if (roll < 0.05) return {};
    if (roll < 0.1) return { taxonomy_two: "Brand" }; // a gap: names nothing
    return touchpoint(roll < 0.15 ? strangers : r.pick(paths), r.int(1, 4));
  };
  const group = (most: number) => Array.from({ length: r.int(0, most) }, filter);
  const first = group(2);
  const last = group(2);
  const anywhere = group(3);
  const comparison = Array.from({ length: r.int(0, 2) }, () => ({ before: filter(), after: filter(), immediately: r.next() < 0.5 }));
  return {
    ...(first.length ? { first } : {}),
    ...(last.length ? { last } : {}),
    ...(anywhere.length ? { anywhere, anywhere_connector: r.pick(["and", "or"] as const) } : {}),
    ...(comparison.length ? { comparison } : {}),
  };
};

/** Hand-picked shapes: each group alone, and/or, before/after both ways and immediately, levels 1..4, unknown values. */
const shapes: ReadonlyArray<JourneySearch> = [
  {},
  { first: [{ taxonomy_one: "Paid Search" }] },
  { first: [{ taxonomy_one: "Paid Social", taxonomy_two: "Brand" }, { taxonomy_one: "Direct" }] },
  { last: [{ taxonomy_one: "None" }] },
  { last: [touchpoint(paths[0] as Path, 4)] },
  { first: [{ taxonomy_one: "Paid Search" }], anywhere: [{ taxonomy_one: "Email" }] },
  { anywhere: [{ taxonomy_one: "Email" }, { taxonomy_one: "Direct" }] },
  { anywhere: [{ taxonomy_one: "Email" }, { taxonomy_one: "Direct" }], anywhere_connector: "and" },
  { anywhere: [{ taxonomy_one: "a.b|c", taxonomy_two: "%_'\"" }, { taxonomy_one: "a.b", taxonomy_two: "|c" }] },
  { anywhere: [{ taxonomy_one: "Display", taxonomy_two: "None" }] },
  { anywhere: [touchpoint(strangers, 2)], anywhere_connector: "and" },
  { anywhere: [touchpoint(strangers, 2), { taxonomy_one: "Email" }] },
  { comparison: [{ before: { taxonomy_one: "Email" }, after: { taxonomy_one: "Paid Search", taxonomy_two: "Generic" }, immediately: false }] },
  { comparison: [{ before: { taxonomy_one: "Paid Search" }, after: { taxonomy_one: "Paid Search" }, immediately: false }] },
  { comparison: [{ before: { taxonomy_one: "Paid Search" }, after: { taxonomy_one: "Paid Search" }, immediately: true }] },
  { comparison: [{ before: { taxonomy_one: "Email" }, after: { taxonomy_one: "None" }, immediately: true }] },
  { comparison: [{ before: touchpoint(paths[10] as Path, 4), after: { taxonomy_one: "Affiliates" }, immediately: true }] },
  { comparison: [{ before: { taxonomy_one: "Affiliates" }, after: touchpoint(paths[10] as Path, 3), immediately: false }] },
  { first: [{ taxonomy_two: "Brand" }], comparison: [{ before: {}, after: { taxonomy_one: "Email" }, immediately: true }] },
  {
    first: [{ taxonomy_one: "Paid Search" }],
    last: [{ taxonomy_one: "Email" }, { taxonomy_one: "Direct" }],
    anywhere: [{ taxonomy_one: "Paid Social" }, { taxonomy_one: "Affiliates", taxonomy_two: "Awin" }],
    anywhere_connector: "or",
    comparison: [
      { before: { taxonomy_one: "Paid Search" }, after: { taxonomy_one: "Email" }, immediately: false },
      { before: { taxonomy_one: "Paid Social" }, after: { taxonomy_one: "Paid Search" }, immediately: true },
    ],
  },
];

interface Ask {
  readonly search: JourneySearch;
  readonly sortBy: JourneySortBy;
  readonly direction: "asc" | "desc";
  readonly page: number;
  readonly perPage: number;
}

let warehouse: Warehouse;
let engine: Engine;

type Journeys = ReadonlyMap<string, ReadonlyArray<JourneyTouch>>;

/** Each order's journey as the warehouse stores its touches. */
const storedJourneys = async (): Promise<Journeys> => {
  const journeys = new Map<string, JourneyTouch[]>();
  for (const t of await warehouse.attribution.touches(programId)) {
    const [taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4] = t.taxonomy;
    journeys.set(t.orderId, [...(journeys.get(t.orderId) ?? []), { taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4 }]);
  }
  return journeys;
};

/** The reference: the stored journeys, journeyMatches, the sort with ties by order id in its direction, the page's slice. */
const expectedPage = (journeys: Journeys, scope: ReportFactScope, ask: Ask) => {
  const passes = (o: OrderRow) =>
    scope.orders.every((rule: OrderRule) => {
      const value = { status: o.status, customer_type: o.customerType, payment: o.payment }[rule.field];
      return rule.operator === "=" ? value === rule.value : value !== rule.value;
    });
  const key = (o: OrderRow) => (ask.sortBy === "journey_length" ? (journeys.get(o.orderId)?.length ?? 0) : o.ts);
  const sign = ask.direction === "asc" ? 1 : -1;
  const matched = data.orders
    .filter((o) => o.orderDate >= scope.from && o.orderDate <= scope.to && passes(o))
    .filter((o) => journeyMatches(journeys.get(o.orderId) ?? [], ask.search))
    .sort((a, b) => sign * (key(a) - key(b) || (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0)));
  return {
    total: matched.length,
    data: matched.slice((ask.page - 1) * ask.perPage, ask.page * ask.perPage).map((o) => ({
      order_id: o.orderId,
      conversion_date: isoInZone(o.ts, "-05:00"),
      order_amount: o.amount,
      journey_path: journeys.get(o.orderId) ?? [],
    })),
  };
};

const answered = (scope: ReportFactScope, ask: Ask) =>
  journeyPage(warehouse.analysis, scope, { ...ask, search: ask.search, timeZone: "-05:00" });

const scope: ReportFactScope = { programId, from, to, orders: validOrders };

/**
 * Every shape in both sorts and directions over a few pages (a whole one, a small one, one past the end), and random
 * searches; after a change to the facts (`afterChange`), every shape on one whole page in each sort, and random searches.
 */
const checkAll = async (seed: number, afterChange = false) => {
  const r = seededRandom(seed);
  const asks: Ask[] = [];
  for (const search of shapes) {
    for (const sortBy of ["conversion_date", "journey_length"] as const) {
      for (const direction of afterChange ? (["desc"] as const) : (["asc", "desc"] as const)) {
        for (const [page, perPage] of afterChange ? ([[1, 160]] as const) : ([[1, 160], [2, 7], [40, 7]] as const)) asks.push({ search, sortBy, direction, page, perPage });
      }
    }
  }
  for (let i = 0; i < (afterChange ? 40 : 80); i++) {
    asks.push({
      search: randomSearch(r),
      sortBy: r.pick(["conversion_date", "journey_length"] as const),
      direction: r.pick(["asc", "desc"] as const),
      page: r.int(1, 4),
      perPage: r.int(1, 30),
    });
  }
  const journeys = await storedJourneys();
  let nonEmpty = 0;
  for (const ask of asks) {
    const expected = expectedPage(journeys, scope, ask);
    if (expected.total > 0) nonEmpty++;
    expect(await answered(scope, ask), JSON.stringify(ask)).toEqual(expected);
  }
  return { asks: asks.length, nonEmpty };
};

beforeAll(async () => {
  warehouse = await openFreshWarehouse(() => 0);
  await warehouse.attribution.append({ hits: data.hits, orders: data.orders });
  engine = createEngine({ warehouse, clock: () => 1, log: silentLog });
  await engine.materialiseAll();
});
afterAll(() => warehouse.close());

describe("journeys over journey paths", () => {
  it("answers every filter shape, sort and page exactly as the reference", async () => {
    const { asks, nonEmpty } = await checkAll(1);
    // The table is not vacuous: most asks match some orders.
    expect(nonEmpty).toBeGreaterThan(asks / 2);
  });

  it("counts other order rules and every conversion day", async () => {
    const journeys = await storedJourneys();
    for (const orders of [[], [{ field: "status", operator: "=", value: "cancelled" }], [{ field: "payment", operator: "!=", value: "cash" }]] as const) {
      const wide: ReportFactScope = { programId, from: isoDay(start), to: isoDay(start + days * day), orders };
      for (const search of shapes.slice(0, 8)) {
        const ask: Ask = { search, sortBy: "conversion_date", direction: "desc", page: 1, perPage: 500 };
        expect(await answered(wide, ask), JSON.stringify([orders, search])).toEqual(expectedPage(journeys, wide, ask));
      }
    }
  });

  it("follows a new lookback (reattribute) and a new classification (reclassify)", async () => {
    await warehouse.attribution.append({ settings: [{ programId, model: "linear", lookbackDays: 3 }] });
    await engine.reattribute(programId);
    await checkAll(2, true);

    await warehouse.attribution.append({ classifications: [{ programId, tree: JSON.stringify(tree), savedAt: 2 }] });
    await engine.reclassify(programId);
    const moved: Ask = { search: { anywhere: [{ taxonomy_one: "Paid Search", taxonomy_two: "Brand" }] }, sortBy: "conversion_date", direction: "asc", page: 1, perPage: 500 };
    const gone: Ask = { search: { anywhere: [{ taxonomy_one: "Affiliates" }] }, sortBy: "conversion_date", direction: "asc", page: 1, perPage: 500 };
    expect((await answered(scope, moved)).total).toBeGreaterThan(0);
    expect(await answered(scope, gone)).toEqual({ total: 0, data: [] });
    await checkAll(3, true);
  });
});

// DuckDB's migration 8 writes the paths of touches stored before it; every ClickHouse warehouse was created with
// the journey tables already in its schema, so there is nothing to migrate there. The test opens DuckDB files of
// its own whatever the engine under test, so the ClickHouse run leaves it to the DuckDB run.
describe.runIf(engineUnderTest === "duckdb")("the migration that added journey paths", () => {
  it("writes the paths of touches materialised before it", async () => {
    const folder = mkdtempSync(join(tmpdir(), "journey-paths-"));
    const path = join(folder, "analytics.duckdb");
    try {
      const before = await openDuckDbWarehouse({ path, clock: () => 0 });
      await before.attribution.append({ hits: data.hits, orders: data.orders });
      await createEngine({ warehouse: before, clock: () => 1, log: silentLog }).materialiseAll();
      const ask: Ask = { search: shapes[5] ?? {}, sortBy: "journey_length", direction: "desc", page: 1, perPage: 50 };
      const answer = await journeyPage(before.analysis, scope, { ...ask, timeZone: "-05:00" });
      await before.close();

      // As a database written before the migration: no journey tables, the migration not recorded.
      const instance = await DuckDBInstance.create(path);
      const connection = await instance.connect();
      await connection.run("DROP TABLE journey_paths");
      await connection.run("DROP TABLE journey_touchpoints");
      await connection.run("DELETE FROM schema_migrations WHERE name = 'journey paths per order'");
      connection.closeSync();
      instance.closeSync();

      const after = await openDuckDbWarehouse({ path, clock: () => 0 });
      expect(answer.total).toBeGreaterThan(0);
      expect(await journeyPage(after.analysis, scope, { ...ask, timeZone: "-05:00" })).toEqual(answer);
      await after.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
