import { rawFieldsOf } from "./fixture";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Classification, ClassificationRule, MatchType, RuleField, TaxonomyOne } from "../../src/domain/classification/classification";
import { totalsOf, type Metrics } from "../../src/domain/report/metrics";
import type { PerformanceRow } from "../../src/domain/performance/performance";
import { customerTiesOf, journeyClicks, journeyCredits } from "../../server/engine/attribution";
import { classifyHit, planOf } from "../../server/engine/classification";
import { createEngine, type Engine } from "../../server/engine/createEngine";
import { chartRows, tableRows, validOrders, type ReportFactScope } from "../../server/engine/reports";
import { silentLog } from "../../server/log";
import { openFreshWarehouse } from "../warehouseUnderTest";
import type { AttributionModel } from "../../src/domain/settings/programSettings";
import type { FixedCostRow, HitRow, IdentityRow, OrderRow, VariableCostRow } from "../../server/warehouse/engineQueries";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { seededRandom } from "../support/seededRandom";

/**
 * Invariants of the engine on generated data (a small seeded generator of its own):
 * credits, sums across levels, distinct inclusions, and the SQL against the TypeScript
 * reference (classification and journeys).
 */

const programId = 3;
const day = 86_400_000;
const start = Date.UTC(2025, 0, 1);
const days = 90;
const isoDay = (ts: number): string => new Date(ts).toISOString().slice(0, 10);

const vocabulary: Readonly<Record<"source" | "medium" | "campaign" | "content" | "term" | "cost_link", ReadonlyArray<string | null>>> = {
  source: ["google", "Bing", "facebook", "o'hara", "100%", "a/b", "Zürich", null, ""],
  medium: ["cpc", "email", "Social", "display", null, ""],
  campaign: ["brand_x", "generic", "promo%", "spring", "a_b", null],
  content: ["ad1", "ad2", "a/d", null, ""],
  term: ["t1", "t2", "T3", null],
  cost_link: ["CL1", "CL2", "CL3", null],
};
const ruleFieldsUsed: ReadonlyArray<RuleField> = ["source", "medium", "campaign", "content", "term", "cost_link", "event_type"];
const matchTypes: ReadonlyArray<MatchType> = ["contains", "not contains", "exists", "not exists", "empty", "not empty", "event_type is"];

const generate = (seed: number) => {
  const r = seededRandom(seed);
  const hits: HitRow[] = [];
  for (let i = 1; i <= 1500; i++) {
    const ts = start + Math.floor(r.next() * days * day);
    hits.push({
      programId,
      hitId: i,
      visitorId: `v${r.int(1, 60)}`,
      ts,
      hitDate: isoDay(ts),
      eventType: r.next() < 0.8 ? "click" : "impression",
      source: r.pick(vocabulary.source),
      medium: r.pick(vocabulary.medium),
      campaign: r.pick(vocabulary.campaign),
      content: r.pick(vocabulary.content),
      term: r.pick(vocabulary.term),
      costLink: r.pick(vocabulary.cost_link),
    });
  }
  const orders: OrderRow[] = [];
  for (let i = 1; i <= 150; i++) {
    const ts = start + Math.floor(r.next() * days * day);
    orders.push({
      programId,
      orderId: `order-${i}`,
      visitorId: `v${r.int(1, 70)}`, // some visitors never clicked: Direct
      ts,
      orderDate: isoDay(ts),
      amount: r.int(100, 50_000) / 100,
      status: r.next() < 0.8 ? "valid" : "cancelled",
      customerType: r.pick(["new", "returning"]),
      payment: r.pick(["cash", "credit"]),
    });
  }
  const variableCosts: VariableCostRow[] = Array.from({ length: 12 }, (_, i) => ({
    id: i + 1,
    programId,
    taxonomy1: r.pick(["T0", "T1", "Elsewhere"]),
    cost: r.int(100, 10_000) / 100,
    costDate: isoDay(start + r.int(0, days - 1) * day),
    costLink: r.pick(["CL1", "CL2", "CL3", "t1", "nobody"]),
  }));
  const fixedCosts: FixedCostRow[] = Array.from({ length: 8 }, (_, i) => {
    const first = r.int(0, days - 30);
    return {
      id: i + 1,
      programId,
      taxonomy: [r.pick(["T0", "T1", "Manual"]), r.pick(["None", "C0"]), "None", "None"] as const,
      cost: r.int(100, 100_000) / 100,
      startDate: isoDay(start + first * day),
      endDate: isoDay(start + (first + r.int(0, 60)) * day),
      frequency: r.pick(["single", "daily", "monthly", "yearly"]),
    };
  });
  // Customers from a generator of their own (the hits and orders above stay as they were): a third of the orders
  // name one of a few customers, some visitors are identified as one or two of them (a shared device).
  const c = seededRandom(seed + 1);
  const customer = () => `cust-${c.int(1, 8)}`;
  const withCustomers = orders.map((o) => (c.next() < 0.35 ? { ...o, customerId: customer() } : o));
  const identities: IdentityRow[] = Array.from({ length: 24 }, () => {
    const seen = start + Math.floor(c.next() * days * day);
    return { programId, visitorId: `v${c.int(1, 70)}`, customerId: customer(), firstSeen: seen, lastSeen: seen + c.int(0, 5) * day };
  }).filter((row, i, all) => all.findIndex((other) => other.visitorId === row.visitorId && other.customerId === row.customerId) === i);
  return { hits, orders: withCustomers, identities, variableCosts, fixedCosts };
};

const randomTree = (seed: number): Classification => {
  const r = seededRandom(seed);
  const rules = (n: number): ClassificationRule[] =>
    Array.from({ length: n }, (_, i) => {
      const field = r.pick(ruleFieldsUsed);
      const matchType = r.pick(matchTypes);
      const values = field === "event_type" ? ["click", "impression"] : (vocabulary[field as keyof typeof vocabulary] ?? ["x"]);
      const expected = r.pick(values.filter((v): v is string => v !== null));
      return {
        id: i,
        field,
        matchType,
        expectedValue:
          matchType === "contains" || matchType === "not contains"
            ? expected.slice(0, r.int(1, Math.max(1, expected.length))).toUpperCase()
            : matchType === "event_type is"
              ? r.pick(["click", "impression"])
              : null,
      };
    });
  const extracts = () =>
    (["tax3", "tax4", "costlink"] as const).flatMap((mappedTo, i) =>
      r.next() < 0.4 ? [{ id: i, field: r.pick(["campaign", "content", "term", "source"] as const), mappedTo }] : [],
    );
  const data: TaxonomyOne[] = Array.from({ length: r.int(2, 4) }, (_, k) => ({
    id: k,
    title: `T${k}`,
    joinType: r.pick(["and", "or"] as const),
    rules: rules(r.int(0, 2)),
    extracts: extracts(),
    execution_order: r.int(0, 5),
    children: Array.from({ length: r.int(0, 3) }, (_, j) => ({
      id: 10 * k + j,
      title: `C${j}`,
      joinType: r.pick(["and", "or"] as const),
      rules: rules(r.int(0, 2)),
      extracts: extracts(),
      execution_order: r.int(0, 5),
    })),
  }));
  return { data };
};

const additive = [
  "variable_cost",
  "fixed_cost",
  "total_cost",
  "clicks",
  "impressions",
  "first_click_sales",
  "first_click_revenue",
  "last_click_sales",
  "last_click_revenue",
  "attributed_sales",
  "attributed_revenue",
] as const satisfies ReadonlyArray<keyof Metrics>;

const data = generate(20250101);
const ranges: ReadonlyArray<[string, string]> = [
  ["2025-01-01", "2025-03-31"],
  ["2025-01-15", "2025-02-14"],
  ["2025-03-01", "2025-03-01"],
];

let warehouse: Warehouse;
let engine: Engine;

beforeAll(async () => {
  warehouse = await openFreshWarehouse(() => 0);
  await warehouse.attribution.append({
    ...data,
    classifications: [{ programId, tree: JSON.stringify(randomTree(1)), savedAt: 0 }],
  });
  engine = createEngine({ warehouse, clock: () => 1, log: silentLog });
  await engine.materialiseAll();
});
afterAll(() => warehouse.close());


describe("classification: SQL equals the TypeScript evaluator", () => {
  it.each([1, 2, 3, 4, 5, 6])("random tree %i over 1,500 random hits", async (seed) => {
    const tree = randomTree(seed);
    await warehouse.attribution.append({ classifications: [{ programId, tree: JSON.stringify(tree), savedAt: seed }] });
    await engine.reclassify(programId);
    const plan = planOf(tree);
    const stored = await warehouse.attribution.classifiedHits(programId);
    const expected = data.hits.map((h) => {
      const c = classifyHit(plan, rawFieldsOf(h));
      return [h.hitId, c.taxonomy_1, c.taxonomy_2, c.taxonomy_3, c.taxonomy_4, c.cost_link];
    });
    expect(stored.map((s) => [s.hitId, ...s.taxonomy, s.costLink])).toEqual(expected);
  });
});

describe.each<[AttributionModel, number]>([
  ["linear", 30],
  ["position_based", 14],
  ["time_decay", 45],
])("attribution %s, lookback %i days", (model, lookbackDays) => {
  beforeAll(async () => {
    await warehouse.attribution.append({ settings: [{ programId, model, lookbackDays }] });
    await engine.reclassify(programId);
  });

  it("touches equal the TypeScript journeys (across a customer's visitors); credits of each order sum to 1", async () => {
    const clicks = data.hits.filter((h) => h.eventType === "click");
    const ties = customerTiesOf(data.identities, data.orders);
    // The data has journeys that cross visitors, so the comparison covers them.
    const crossing = data.orders.filter((o) => journeyClicks(o, clicks, ties, lookbackDays).some((h) => h.visitorId !== o.visitorId));
    expect(crossing.length).toBeGreaterThan(5);
    const classified = new Map((await warehouse.attribution.classifiedHits(programId)).map((h) => [h.hitId, h.taxonomy]));
    const touches = await warehouse.attribution.touches(programId);
    const byOrder = new Map<string, typeof touches[number][]>();
    for (const t of touches) byOrder.set(t.orderId, [...(byOrder.get(t.orderId) ?? []), t]);
    expect(byOrder.size).toBe(data.orders.length);
    for (const order of data.orders) {
      const journey = journeyClicks(order, clicks, ties, lookbackDays);
      const stored = byOrder.get(order.orderId) ?? [];
      if (journey.length === 0) {
        expect(stored.map((t) => [t.hitId, ...t.taxonomy, t.funnelRole])).toEqual([[null, "Direct", "None", "None", "None", "solo"]]);
      } else {
        expect(stored.map((t) => t.hitId)).toEqual(journey.map((h) => h.hitId));
        expect(stored.map((t) => t.taxonomy)).toEqual(journey.map((h) => classified.get(h.hitId)));
        const credits = journeyCredits(journey.map((h) => h.ts), model);
        stored.forEach((t, i) => {
          expect(t.attributedCredit).toBeCloseTo(credits[i]?.attributed ?? NaN, 12);
          expect(t.firstCredit).toBe(credits[i]?.first);
          expect(t.lastCredit).toBe(credits[i]?.last);
          expect(t.funnelRole).toBe(credits[i]?.role);
        });
      }
      for (const credit of ["firstCredit", "lastCredit", "attributedCredit"] as const) {
        expect(Math.abs(stored.reduce((sum, t) => sum + t[credit], 0) - 1)).toBeLessThan(1e-9);
      }
    }
  });

  it.each(ranges)("%s..%s: first, last and attributed sales each sum to the valid orders", async (from, to) => {
    const scope: ReportFactScope = { programId, from, to, orders: validOrders };
    const valid = data.orders.filter((o) => o.status === "valid" && o.orderDate >= from && o.orderDate <= to);
    const revenue = valid.reduce((sum, o) => sum + o.amount, 0);
    const total = totalsOf(await tableRows(warehouse.reports, scope, []));
    for (const model of ["first_click", "last_click", "attributed"] as const) {
      expect(total[`${model}_sales`]).toBeCloseTo(valid.length, 9);
      expect(total[`${model}_revenue`]).toBeCloseTo(revenue, 6);
    }
    // every channel together over time has the same additive totals, and counts each order once
    const chart = totalsOf(await chartRows(warehouse.reports, scope, [], "week"));
    for (const name of additive) expect(chart[name], name).toBeCloseTo(total[name], 6);
    expect(chart.sales_including).toBe(valid.length);
  });

  it.each(ranges.map(([from, to], i) => [from, to, i === 0 ? 4 : 2] as const))(
    "%s..%s: children add up to their parent down to level %i; sales_including does not",
    async (from, to, deepest) => {
    const scope: ReportFactScope = { programId, from, to, orders: validOrders };
    const check = async (parent: PerformanceRow, prefix: ReadonlyArray<string>, depth: number): Promise<void> => {
      const children = await tableRows(warehouse.reports, scope, prefix);
      expect(children.length, prefix.join("/")).toBeGreaterThan(0);
      const sum = totalsOf(children);
      for (const name of additive) expect(sum[name], `${prefix.join("/")} ${name}`).toBeCloseTo(parent[name], 6);
      expect(parent.sales_including).toBeLessThanOrEqual(sum.sales_including);
      expect(parent.sales_including).toBeGreaterThanOrEqual(Math.max(0, ...children.map((c) => c.sales_including)));
      if (depth < deepest) {
        for (const child of children) {
          const value = child[`taxonomy_${prefix.length + 1}` as "taxonomy_1"];
          if (value !== undefined) await check(child, [...prefix, value], depth + 1);
        }
      }
    };
    for (const row of await tableRows(warehouse.reports, scope, [])) {
      await check(row, [row.taxonomy_1 ?? ""], 2);
    }
  },
  );
});
