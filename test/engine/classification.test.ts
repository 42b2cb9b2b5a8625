import { rawFieldsOf } from "./fixture";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Classification, ClassificationRule, TaxonomyOne } from "../../src/domain/classification/classification";
import { classifyHit, parseClassification, planOf, ruleMatches, type RawHitFields } from "../../server/engine/classification";
import { createEngine, type Engine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { openFreshWarehouse } from "../warehouseUnderTest";
import type { HitRow } from "../../server/warehouse/engineQueries";
import type { Warehouse } from "../../server/warehouse/warehouse";

const rule = (field: ClassificationRule["field"], matchType: ClassificationRule["matchType"], expectedValue: string | null = null): ClassificationRule => ({
  id: 0,
  field,
  matchType,
  expectedValue,
});

const one = (title: string, order: number, rules: ClassificationRule[], children: TaxonomyOne["children"] = [], extras: Partial<TaxonomyOne> = {}): TaxonomyOne => ({
  id: order,
  title,
  joinType: "and",
  rules,
  extracts: [],
  execution_order: order,
  children,
  ...extras,
});

const two = (title: string, order: number, rules: ClassificationRule[], extras: Partial<TaxonomyOne["children"][number]> = {}) => ({
  id: 100 + order,
  title,
  joinType: "and" as const,
  rules,
  extracts: [],
  execution_order: order,
  ...extras,
});

const click = (fields: Partial<RawHitFields>): RawHitFields => ({ event_type: "click", ...fields });

describe("rules (the TypeScript evaluator)", () => {
  it.each([
    [rule("source", "contains", "OOG"), click({ source: "Google" }), true],
    [rule("source", "contains", "%"), click({ source: "100% off" }), true],
    [rule("source", "contains", "%"), click({ source: "100 off" }), false],
    [rule("source", "contains", "_"), click({ source: "a-b" }), false],
    [rule("source", "contains", "x"), click({}), false],
    [rule("source", "not contains", "x"), click({}), true],
    [rule("source", "not contains", "OO"), click({ source: "google" }), false],
    [rule("source", "exists"), click({ source: "" }), true],
    [rule("source", "exists"), click({}), false],
    [rule("source", "not exists"), click({}), true],
    [rule("source", "empty"), click({ source: "" }), true],
    [rule("source", "empty"), click({ source: null }), true],
    [rule("source", "empty"), click({ source: "a" }), false],
    [rule("source", "not empty"), click({ source: "" }), false],
    [rule("source", "not empty"), click({ source: "a" }), true],
    [rule("source", "event_type is", "Impression"), { event_type: "impression" }, true],
    [rule("source", "event_type is", "impression"), click({}), false],
  ] as const)("%o on %o is %s", (r, hit, expected) => {
    expect(ruleMatches(r, hit)).toBe(expected);
  });
});

describe("the tree (the TypeScript evaluator)", () => {
  const tree: Classification = {
    data: [
      // Tried second (execution_order 2) although listed first.
      one("Social", 2, [rule("source", "contains", "facebook")], [two("Paid", 1, [rule("medium", "contains", "paid")])]),
      // A rule-less grouping: matches only through its children.
      one("Search", 1, [], [
        two("Brand", 2, [rule("campaign", "contains", "brand")], { extracts: [{ id: 1, field: "content", mappedTo: "tax4" }] }),
        two("Google", 1, [rule("source", "contains", "google"), rule("source", "contains", "goog")], { joinType: "or" }),
      ]),
      one("Mail", 3, [rule("medium", "contains", "mail"), rule("source", "not empty")], [two("Everything", 1, [])], {
        joinType: "and",
        extracts: [
          { id: 2, field: "campaign", mappedTo: "tax3" },
          { id: 3, field: "term", mappedTo: "costlink" },
          { id: 4, field: "content", mappedTo: "tax3" },
        ],
      }),
    ],
  };
  const plan = planOf(tree);

  it("orders by execution_order and tries children in their own order", () => {
    expect(plan.branches.map((b) => `${b.taxonomy1}/${b.taxonomy2}`)).toEqual([
      "Search/Google",
      "Search/Brand",
      "Social/Paid",
      "Social/None",
      "Mail/Everything",
      "Mail/None",
    ]);
    // google brand: Google comes first among Search's children
    expect(classifyHit(plan, click({ source: "google", campaign: "brand" })).taxonomy_2).toBe("Google");
    expect(classifyHit(plan, click({ source: "bing", campaign: "Brand", content: "ad1" }))).toMatchObject({
      taxonomy_1: "Search",
      taxonomy_2: "Brand",
      taxonomy_3: "None",
      taxonomy_4: "ad1",
    });
  });

  it("a level-1 with rules and no matching child gives taxonomy_2 'None'", () => {
    expect(classifyHit(plan, click({ source: "facebook", medium: "organic" }))).toMatchObject({ taxonomy_1: "Social", taxonomy_2: "None" });
    expect(classifyHit(plan, click({ source: "facebook", medium: "paid" })).taxonomy_2).toBe("Paid");
  });

  it("a rule-less grouping without a matching child matches nothing", () => {
    expect(classifyHit(plan, click({ source: "bing" }))).toEqual({
      taxonomy_1: "None",
      taxonomy_2: "None",
      taxonomy_3: "None",
      taxonomy_4: "None",
      cost_link: null,
    });
  });

  it("a rule-less child of a level-1 with rules takes everything the level-1 matches; the first extract per target counts", () => {
    expect(classifyHit(plan, click({ source: "crm", medium: "email", campaign: "spring", content: "c", term: "T-1", cost_link: "raw" }))).toEqual({
      taxonomy_1: "Mail",
      taxonomy_2: "Everything",
      taxonomy_3: "spring",
      taxonomy_4: "None",
      cost_link: "T-1",
    });
    // empty extract values leave the level 'None' and the cost link as ingested
    expect(classifyHit(plan, click({ source: "crm", medium: "email", campaign: "", term: null, cost_link: "raw" }))).toMatchObject({
      taxonomy_3: "None",
      cost_link: "raw",
    });
    // and-joined: source must not be empty
    expect(classifyHit(plan, click({ source: "", medium: "email" })).taxonomy_1).toBe("None");
  });
});

describe("parseClassification", () => {
  it("reads the saved document, a bare list, and the snake_case spellings", () => {
    const saved = { data: [one("A", 1, [rule("source", "contains", "a")])] };
    expect(parseClassification(JSON.stringify(saved))).toEqual(saved);
    expect(parseClassification(JSON.stringify(saved.data))).toEqual(saved);
    const snake = JSON.stringify([
      {
        id: 1,
        title: "A",
        join_type: "or",
        rules: [{ id: 1, field: "source", match_type: "contains", expected_value: "a" }],
        extracts: [{ id: 1, field: "campaign", mapped_to: "tax3" }],
        execution_order: 1,
        children: [],
      },
    ]);
    expect(parseClassification(snake)?.data[0]?.joinType).toBe("or");
    expect(parseClassification("{nope")).toBeNull();
    expect(parseClassification(JSON.stringify({ data: [{ title: "no id" }] }))).toBeNull();
  });
});

describe("classification in SQL", () => {
  let warehouse: Warehouse;
  let engine: Engine;
  const programId = 7;

  /** Names and values that would break SQL built from text. */
  const odd = {
    quote: "O'Brien \"quoted\"",
    percent: "100% _off_",
    slash: "a/b & c",
    accents: "Zürich é ß 日本",
    injection: "'; DROP TABLE hits; --",
  };
  const tree: Classification = {
    data: [
      one(odd.injection, 1, [rule("source", "contains", "'; drop")], [], { extracts: [{ id: 1, field: "term", mappedTo: "tax3" }] }),
      one(odd.quote, 2, [rule("source", "contains", "o'brien")], [
        two(odd.percent, 1, [rule("campaign", "contains", "100%")]),
        two(odd.slash, 2, [rule("campaign", "contains", "a/b")], { extracts: [{ id: 2, field: "content", mappedTo: "costlink" }] }),
      ]),
      one(odd.accents, 3, [rule("source", "contains", "ZÜRICH"), rule("event_type", "event_type is", "impression")], [], {
        joinType: "or",
      }),
    ],
  };

  const hit = (hitId: number, fields: Partial<HitRow>): HitRow => ({
    programId,
    hitId,
    visitorId: "v",
    ts: Date.UTC(2025, 0, 1) + hitId,
    hitDate: "2025-01-01",
    eventType: "click",
    ...fields,
  });
  const hits: HitRow[] = [
    hit(1, { source: "x'; DROP table", term: "t'1" }),
    hit(2, { source: "o'brien", campaign: "100% sale" }),
    hit(3, { source: "O'Brien", campaign: "100 percent" }), // % is literal: no child
    hit(4, { source: "o'brien", campaign: "see a/b", content: "link/1", costLink: "raw-4" }),
    hit(5, { source: "o'brien", campaign: "see a/b", content: "", costLink: "raw-5" }), // empty extract keeps raw
    hit(6, { source: "zürich" }),
    hit(7, { source: "bern", eventType: "impression" }),
    hit(8, { source: "_", campaign: "%" }),
    hit(9, {}),
  ];

  beforeAll(async () => {
    warehouse = await openFreshWarehouse(() => 0);
    await warehouse.attribution.append({ hits, classifications: [{ programId, tree: JSON.stringify(tree), savedAt: 0 }] });
    engine = createEngine({ warehouse, clock: () => 1, log: silentLog });
  });
  afterAll(() => warehouse.close());


  it("writes what the TypeScript evaluator says, with every value a parameter", async () => {
    await engine.reclassify(programId);
    const plan = planOf(tree);
    const stored = await warehouse.attribution.classifiedHits(programId);
    expect(stored.map((s) => [...s.taxonomy, s.costLink])).toEqual(
      hits.map((h) => {
        const c = classifyHit(plan, rawFieldsOf(h));
        return [c.taxonomy_1, c.taxonomy_2, c.taxonomy_3, c.taxonomy_4, c.cost_link];
      }),
    );
    expect(stored.map((s) => s.taxonomy.slice(0, 2).join(" | "))).toEqual([
      `${odd.injection} | None`,
      `${odd.quote} | ${odd.percent}`,
      `${odd.quote} | None`,
      `${odd.quote} | ${odd.slash}`,
      `${odd.quote} | ${odd.slash}`,
      `${odd.accents} | None`,
      `${odd.accents} | None`,
      "None | None",
      "None | None",
    ]);
    expect(stored[0]?.taxonomy[2]).toBe("t'1");
    expect(stored[3]?.costLink).toBe("link/1");
    expect(stored[4]?.costLink).toBe("raw-5");
  });

  it("re-classifying starts from the ingested cost links", async () => {
    await engine.reclassify(programId);
    expect((await warehouse.attribution.classifiedHits(programId))[3]?.costLink).toBe("link/1");
    const withoutExtract: Classification = { data: [one("All", 1, [rule("source", "exists")])] };
    await warehouse.attribution.append({ classifications: [{ programId, tree: JSON.stringify(withoutExtract), savedAt: 1 }] });
    await engine.reclassify(programId);
    const stored = await warehouse.attribution.classifiedHits(programId);
    expect(stored.map((s) => s.costLink)).toEqual(hits.map((h) => h.costLink ?? null));
    expect(stored.map((s) => s.taxonomy[0])).toEqual(["All", "All", "All", "All", "All", "All", "All", "All", "None"]);
  });

  it("an empty tree makes every hit 'None'; a tree that does not decode leaves hits as they are", async () => {
    await warehouse.attribution.append({ classifications: [{ programId, tree: JSON.stringify({ data: [] }), savedAt: 2 }] });
    await engine.reclassify(programId);
    expect(new Set((await warehouse.attribution.classifiedHits(programId)).map((s) => s.taxonomy.join("/")))).toEqual(
      new Set(["None/None/None/None"]),
    );
    await warehouse.attribution.append({ classifications: [{ programId, tree: JSON.stringify(tree), savedAt: 3 }] });
    await engine.reclassify(programId);
    await warehouse.attribution.append({ classifications: [{ programId, tree: "not json", savedAt: 4 }] });
    await engine.reclassify(programId);
    expect((await warehouse.attribution.classifiedHits(programId))[1]?.taxonomy[1]).toBe(odd.percent);
  });
});
