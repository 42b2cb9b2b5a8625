import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Classification, ClassificationRule, TaxonomyOne, TaxonomyTwo } from "../../src/domain/classification/classification";
import type { ClassificationPreview } from "../../src/domain/classification/classificationPreview";
import { classifyHit, planOf } from "../../server/engine/classification";
import { previewOf } from "../../server/engine/classificationPreview";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { openFreshWarehouse } from "../warehouseUnderTest";
import type { HitRow, OrderRow } from "../../server/warehouse/engineQueries";
import { previewKeys } from "../../server/warehouse/sql/classificationPreviewQueries";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { rawFieldsOf } from "./fixture";

/**
 * The dry run over hand-built hits: each rule's counts and the shadowed warning
 * (docs/engine.md, "Classification preview"), and the draft's classification checked
 * against the TypeScript evaluator.
 */

const programId = 1;
const contains = (id: number, field: ClassificationRule["field"], value: string): ClassificationRule => ({
  id,
  field,
  matchType: "contains",
  expectedValue: value,
});
const two = (id: number, title: string, order: number, rules: ClassificationRule[], joinType: "and" | "or" = "and"): TaxonomyTwo => ({
  id,
  title,
  joinType,
  rules,
  extracts: [],
  execution_order: order,
});
const one = (id: number, title: string, order: number, rules: ClassificationRule[], children: TaxonomyTwo[] = [], joinType: "and" | "or" = "and"): TaxonomyOne => ({
  id,
  title,
  joinType,
  rules,
  extracts: [],
  execution_order: order,
  children,
});

const draft: Classification = {
  data: [
    // Listed out of order: execution_order decides.
    one(6, "Level One Beaten", 6, [contains(8, "source", "google")], [two(61, "Generic", 1, [contains(9, "campaign", "generic")])]),
    one(1, "Search", 1, [contains(1, "source", "GOOGLE")], [two(11, "Brand", 1, [contains(11, "campaign", "brand")])], "or"),
    one(2, "Google Brand", 2, [contains(2, "source", "google"), contains(3, "campaign", "brand")]),
    one(3, "Partial", 3, [contains(4, "medium", "cpc")]),
    one(4, "Nothing", 4, [contains(5, "source", "yahoo")]),
    one(5, "Never Together", 5, [contains(6, "source", "bing"), contains(7, "medium", "email")]),
    // A column only presence tests read: grouped by null / '' / value, not by its value.
    one(7, "Landing", 7, [{ id: 10, field: "landing_url", matchType: "not empty", expectedValue: null }]),
  ],
};

const day = (d: string, hour = 12) => ({ ts: Date.parse(`${d}T${String(hour).padStart(2, "0")}:00:00Z`), hitDate: d });
const hit = (hitId: number, d: string, fields: Partial<HitRow>): HitRow => ({
  programId,
  hitId,
  visitorId: `v${hitId}`,
  eventType: "click",
  ...day(d),
  ...fields,
});
const hits: ReadonlyArray<HitRow> = [
  hit(1, "2025-03-31", { source: "google", medium: "cpc", campaign: "brand_x" }), // Search / Brand
  hit(2, "2025-03-30", { source: "Google", medium: "cpc", campaign: "Brand_y", eventType: "impression" }), // Search / Brand
  hit(3, "2025-03-02", { source: "google", medium: "cpc", campaign: "generic_a" }), // Search / None
  hit(4, "2025-03-15", { source: "bing", medium: "cpc", campaign: "generic_b" }), // Partial / None
  hit(5, "2025-03-20", { source: "bing", medium: "organic" }), // None
  hit(6, "2025-03-21", { source: "newsletter", medium: "email" }), // None
  hit(7, "2025-03-01", { source: "google", medium: "cpc", campaign: "brand_z" }), // a day before the window
  hit(8, "2025-03-22", { landingUrl: "https://shop.example/?a=1" }), // Landing / None
  hit(9, "2025-03-22", { landingUrl: "" }), // None
  hit(10, "2025-03-23", { landingUrl: "https://shop.example/?b=2" }), // Landing / None
];
const order = (orderId: string, visitorId: string, d: string, status = "valid"): OrderRow => ({
  programId,
  orderId,
  visitorId,
  ts: day(d, 18).ts,
  orderDate: d,
  amount: 10,
  status,
  customerType: "new",
  payment: "cash",
});
const orders: ReadonlyArray<OrderRow> = [
  order("o3", "v3", "2025-03-03"), // last click h3: Search / None
  order("o4", "v4", "2025-03-16"), // last click h4: Partial / None
  order("o7", "v7", "2025-03-02"), // last click h7, before the window; the order is inside it: Search / Brand
  order("o8", "nobody", "2025-03-10"), // no click: Direct
  order("o9", "v1", "2025-03-31", "cancelled"), // not counted
];

describe("the classification dry run", () => {
  let warehouse: Warehouse;
  let preview: ClassificationPreview;
  const plan = planOf(draft);

  beforeAll(async () => {
    warehouse = await openFreshWarehouse(() => 0);
    await warehouse.attribution.append({ hits, orders });
    // No saved classification: the hits keep their ingested taxonomy ('None'); the orders get their touches.
    await createEngine({ warehouse, clock: () => 1, log: silentLog }).materialise(programId);
    const rows = await warehouse.classifications.preview(programId, plan, 30, 20);
    preview = previewOf(draft, plan, rows, { today: "2026-01-01", days: 30 });
  });
  afterAll(() => warehouse.close());

  it("covers the 30 days ending on the latest hit day", () => {
    expect([preview.from, preview.to]).toEqual(["2025-03-02", "2025-03-31"]);
    expect(preview.totalHits).toBe(9);
    expect(preview.totalOrders).toBe(4);
  });

  it("classifies as the TypeScript evaluator does", () => {
    const expected = new Map<string, number>();
    for (const h of hits.filter((x) => x.hitDate >= preview.from)) {
      const c = classifyHit(plan, rawFieldsOf(h));
      const key = `${c.taxonomy_1}/${c.taxonomy_2}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const after = new Map(preview.levelTwo.filter((r) => r.after.hits > 0).map((r) => [`${r.taxonomy1}/${r.taxonomy2}`, r.after.hits]));
    expect(after).toEqual(expected);
    expect(after).toEqual(new Map([["Search/Brand", 2], ["Search/None", 1], ["Partial/None", 1], ["Landing/None", 2], ["None/None", 3]]));
  });

  it("counts orders by their last click, before and after", () => {
    const orders = Object.fromEntries(preview.levelOne.map((r) => [r.taxonomy1, [r.before.orders, r.after.orders]]));
    expect(orders).toEqual({ Search: [0, 2], Partial: [0, 1], Landing: [0, 0], Direct: [1, 1], None: [3, 0] });
    expect(preview.unclassified).toEqual({ beforeHits: 9, afterHits: 3, before: 1, after: 3 / 9 });
  });

  const ruleRows: ReadonlyArray<readonly [string, number, Partial<ClassificationPreview["rules"][number]>]> = [
    ["a rule that classifies all it would", 1, { matches: 3, wouldClassify: 3, classifies: 3, shadowed: false, shadowedBy: [] }],
    ["a child's rule", 11, { matches: 2, wouldClassify: 2, classifies: 2, shadowed: false }],
    ["an and-rule whose hits an earlier taxonomy takes", 2, { matches: 3, wouldClassify: 2, classifies: 0, shadowed: true, shadowedBy: [11] }],
    ["its and-partner", 3, { matches: 2, wouldClassify: 2, classifies: 0, shadowed: true, shadowedBy: [11] }],
    ["a rule that keeps some hits", 4, { matches: 4, wouldClassify: 4, classifies: 1, shadowed: false, shadowedBy: [] }],
    ["a rule that matches no hit", 5, { matches: 0, wouldClassify: 0, classifies: 0, shadowed: false }],
    ["an and-rule never true with its partner", 6, { matches: 2, wouldClassify: 0, classifies: 0, shadowed: false }],
    ["its partner", 7, { matches: 1, wouldClassify: 0, classifies: 0, shadowed: false }],
    ["a level-1 rule beaten on every branch, by two taxonomies (most hits first)", 8, { matches: 3, wouldClassify: 3, classifies: 0, shadowed: true, shadowedBy: [11, 1] }],
    ["its child's rule", 9, { matches: 2, wouldClassify: 1, classifies: 0, shadowed: true, shadowedBy: [1] }],
  ];
  it.each(ruleRows)("%s (rule %i)", (_, ruleId, expected) => {
    expect(preview.rules.find((r) => r.ruleId === ruleId)).toMatchObject(expected);
  });

  it("keys a column by its value, or by null / '' / value when only presence tests read it", () => {
    const keys = previewKeys(plan);
    expect(keys.map((k) => [k.column, k.key("h.")])).toEqual([
      ["source", "h.source"],
      ["campaign", "h.campaign"],
      ["medium", "h.medium"],
      ["landing_url", "CASE WHEN h.landing_url IS NULL THEN NULL WHEN h.landing_url = '' THEN '' ELSE 'x' END"],
    ]);
    const mixed = planOf({ data: [one(1, "A", 1, [{ id: 1, field: "landing_url", matchType: "exists", expectedValue: null }, contains(2, "landing_url", "utm")], [], "or")] });
    expect(previewKeys(mixed).map((k) => k.key(""))).toEqual(["landing_url"]);
    const byEvent = planOf({ data: [one(1, "A", 1, [{ id: 1, field: "source", matchType: "event_type is", expectedValue: "click" }])] });
    expect(previewKeys(byEvent).map((k) => k.column)).toEqual(["event_type"]);
  });

  it("lists rules in tree order with their taxonomy", () => {
    expect(preview.rules.map((r) => [r.ruleId, r.taxonomyId])).toEqual([
      [1, 1], [11, 11], [2, 2], [3, 2], [4, 3], [5, 4], [6, 5], [7, 5], [8, 6], [9, 61], [10, 7],
    ]);
  });

  it("samples the changed hits per draft pair, newest first, with the rules that matched", () => {
    expect(preview.changes.map((c) => [c.after.taxonomy1, c.after.taxonomy2, c.hits, c.samples.map((s) => s.hitId)])).toEqual([
      ["Landing", "None", 2, [10, 8]], // ties by hits go by title
      ["Search", "Brand", 2, [1, 2]],
      ["Partial", "None", 1, [4]],
      ["Search", "None", 1, [3]],
    ]);
    const brand = preview.changes[1];
    expect(brand?.samples[0]).toMatchObject({ date: "2025-03-31", taxonomyId: 11, ruleIds: [1, 11], before: { taxonomy1: "None", taxonomy2: "None" } });
    expect(brand?.samples[1]?.fields).toMatchObject({ source: "Google", campaign: "Brand_y", event_type: "impression", term: null });
  });

  it("limits the samples", async () => {
    const rows = await warehouse.classifications.preview(programId, plan, 30, 1);
    expect(previewOf(draft, plan, rows, { today: "2026-01-01", days: 30 }).changes.map((c) => c.samples.map((s) => s.hitId))).toEqual([[10], [1], [4], [3]]);
  });

  it("with no rules leaves everything unclassified; with no hits answers zeros over the days ending today", async () => {
    const empty: Classification = { data: [] };
    const rows = await warehouse.classifications.preview(programId, planOf(empty), 30, 20);
    const none = previewOf(empty, planOf(empty), rows, { today: "2026-01-01", days: 30 });
    expect(none.unclassified.afterHits).toBe(9);
    expect(none.rules).toEqual([]);
    expect(await warehouse.classifications.preview(99, plan, 30, 20)).toBeNull();
    expect(previewOf(draft, plan, null, { today: "2026-01-01", days: 30 })).toMatchObject({
      from: "2025-12-03",
      to: "2026-01-01",
      totalHits: 0,
      levelOne: [],
      unclassified: { before: 0, after: 0 },
    });
  });
});

/**
 * What the dry run keeps between previews (the window's hits grouped by the rule columns,
 * the clickless orders, the sampled hits): a preview from what is kept answers exactly as
 * one read afresh, and a write of the program's hits or its re-classification is seen by
 * the next preview.
 */
describe("the dry run's kept reads", () => {
  /** The same draft with other values (the same columns read the same way): what an edit of a value sends. */
  const edited: Classification = {
    data: [
      one(1, "Search", 1, [contains(1, "source", "bing")], [two(11, "Brand", 1, [contains(11, "campaign", "generic")])], "or"),
      one(3, "Partial", 3, [contains(4, "medium", "organic")]),
      one(5, "Mail", 5, [contains(6, "source", "news"), contains(7, "medium", "email")]),
      one(7, "Landing", 7, [{ id: 10, field: "landing_url", matchType: "empty", expectedValue: null }]),
    ],
  };
  /** Reads other columns (a landing URL by its value). */
  const otherColumns: Classification = { data: [one(8, "Shop", 1, [contains(12, "landing_url", "b=2")])] };
  const extraHit = hit(11, "2025-03-25", { source: "google", medium: "cpc", campaign: "brand_w" });

  const previewIn = async (w: Warehouse, tree: Classification): Promise<ClassificationPreview> =>
    previewOf(tree, planOf(tree), await w.classifications.preview(programId, planOf(tree), 30, 20), { today: "2026-01-01", days: 30 });

  /** The preview of `tree` in a warehouse of its own holding `data`, after `prepare`: nothing kept. */
  const previewAfresh = async (
    tree: Classification,
    data: { readonly hits: ReadonlyArray<HitRow> } = { hits },
    prepare: (w: Warehouse) => Promise<void> = async () => undefined,
  ): Promise<ClassificationPreview> => {
    const fresh = await openFreshWarehouse(() => 0);
    try {
      await fresh.attribution.append({ hits: data.hits, orders });
      await createEngine({ warehouse: fresh, clock: () => 1, log: silentLog }).materialise(programId);
      await prepare(fresh);
      return await previewIn(fresh, tree);
    } finally {
      await fresh.close();
    }
  };

  const sequence = [draft, edited, draft, otherColumns, edited, { data: [] }, draft];
  /**
   * The answers afresh, each in a warehouse of its own, taken before the warehouse that keeps
   * its reads opens: the embedded ClickHouse is one engine per process, one warehouse open at a time.
   */
  const afresh = new Map<string, ClassificationPreview>();
  let warehouse: Warehouse;
  beforeAll(async () => {
    for (const tree of new Set(sequence)) afresh.set(JSON.stringify(tree), await previewAfresh(tree));
    afresh.set("with the extra hit", await previewAfresh(draft, { hits: [...hits, extraHit] }));
    afresh.set(
      "re-classified",
      await previewAfresh(draft, { hits: [...hits, extraHit] }, async (fresh) => {
        await fresh.classifications.save(programId, JSON.stringify(draft), 2);
        await createEngine({ warehouse: fresh, clock: () => 2, log: silentLog }).reclassify(programId);
      }),
    );
    warehouse = await openFreshWarehouse(() => 0);
    await warehouse.attribution.append({ hits, orders });
    await createEngine({ warehouse, clock: () => 1, log: silentLog }).materialise(programId);
  });
  afterAll(() => warehouse.close());

  it("answers from what it kept exactly as afresh, whatever drafts came before", async () => {
    const kept = [];
    for (const tree of sequence) kept.push(await previewIn(warehouse, tree));
    for (const [i, tree] of sequence.entries()) expect(kept[i]).toEqual(afresh.get(JSON.stringify(tree)));
    expect(kept[1]?.changes.length).toBeGreaterThan(0);
  });

  it("sees a hit written since the last preview", async () => {
    expect((await previewIn(warehouse, draft)).totalHits).toBe(9);
    await warehouse.attribution.append({ hits: [extraHit] });
    const after = await previewIn(warehouse, draft);
    expect(after.totalHits).toBe(10);
    expect(after.changes.find((c) => c.after.taxonomy2 === "Brand")?.samples.map((s) => s.hitId)).toEqual([1, 2, 11]);
    expect(after).toEqual(afresh.get("with the extra hit"));
  });

  it("sees the program re-classified since the last preview", async () => {
    const engine = createEngine({ warehouse, clock: () => 2, log: silentLog });
    expect((await previewIn(warehouse, draft)).unclassified.beforeHits).toBe(10);
    await warehouse.classifications.save(programId, JSON.stringify(draft), 2);
    await engine.reclassify(programId);
    const after = await previewIn(warehouse, draft);
    // The stored pairs are now the draft's own: nothing would change.
    expect(after.changes).toEqual([]);
    expect(after.unclassified.beforeHits).toBe(after.unclassified.afterHits);
    expect(after).toEqual(afresh.get("re-classified"));
  });
});
