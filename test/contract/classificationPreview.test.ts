import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ClassificationSaved,
  LoadedClassification,
  type TaxonomyOne,
} from "../../src/domain/classification/classification";
import { ClassificationPreview, previewSampleLimit } from "../../src/domain/classification/classificationPreview";
import { TableResponse } from "../../src/domain/performance/performance";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";

/**
 * The classification dry run against the real engine: its "before" figures are what the
 * performance report shows now, and its "after" figures are what the report shows once
 * the same draft is saved (the save re-classifies and re-attributes the program).
 */

const program = "/api/programs/northwind";
const path = `${program}/admin/classification`;
const previewPath = `${path}/preview`;

/** A new first level-1 taxonomy taking every Google hit, so the later Google rules never match. */
const google: TaxonomyOne = {
  id: 901,
  title: "Google",
  joinType: "and",
  rules: [],
  extracts: [],
  execution_order: -1,
  children: [
    {
      id: 902,
      title: "All Google",
      joinType: "or",
      rules: [
        { id: 9001, field: "source", matchType: "contains", expectedValue: "GOOGLE" },
        // Matches no hit of the demo: not a shadowed rule, it has nothing to lose.
        { id: 9002, field: "source", matchType: "contains", expectedValue: "no-such-source" },
      ],
      extracts: [],
      execution_order: 1,
    },
  ],
};

interface ReportFigures {
  readonly hits: number;
  readonly orders: number;
}

describe("the classification dry run", () => {
  let t: ContractApp;
  let admin: string;
  let demo: string;
  let stored: LoadedClassification;
  let draft: ReadonlyArray<TaxonomyOne>;

  const load = async () => decoded(await t.call("GET", path, { token: admin }), LoadedClassification);
  const preview = async (data: unknown, token = admin) => t.call("POST", previewPath, { token, json: { data } });
  /** The performance report's level-1 (or a level-1's level-2) figures over the window: hits are clicks + impressions, orders last-click sales. */
  const report = async (from: string, to: string, under?: string): Promise<ReadonlyMap<string, ReportFigures>> => {
    const level = under === undefined ? "taxonomy_1" : `taxonomy_1/${encodeURIComponent(under)}/taxonomy_2`;
    const table = decoded(
      await t.call("GET", `${program}/performance/table/single/${level}?date_from=${from}&date_to=${to}`, { token: admin }),
      TableResponse,
    );
    return new Map(
      table.data.map((row) => [
        (under === undefined ? row.taxonomy_1 : row.taxonomy_2) ?? "",
        { hits: row.clicks + row.impressions, orders: Math.round(row.last_click_sales * 1e6) / 1e6 },
      ]),
    );
  };
  const nonZero = (figures: ReadonlyMap<string, ReportFigures>) =>
    new Map([...figures].filter(([, f]) => f.hits !== 0 || f.orders !== 0));
  const side = (rows: ReadonlyArray<{ readonly before: ReportFigures; readonly after: ReportFigures }>, key: (row: never) => string, which: "before" | "after") =>
    nonZero(new Map(rows.map((row) => [key(row as never), { hits: row[which].hits, orders: row[which].orders }])));

  beforeAll(async () => {
    t = await openContractApp();
    admin = await t.signIn("admin");
    demo = await t.signIn("demo");
    // Saving the demo tree once classifies the hits and attributes the orders with the real engine.
    const planted = await load();
    decoded(await t.call("POST", path, { token: admin, json: planted }), ClassificationSaved);
    stored = await load();
    draft = [google, ...stored.data];
  });
  afterAll(() => t.close());

  it("answers the shared Schema: before is the report now, after is the report once the same draft is saved", async () => {
    const dryRun = decoded(await preview(draft), ClassificationPreview);
    expect(dryRun.to).toBe("2025-06-01"); // the demo's latest hit day
    expect(dryRun.from).toBe("2025-05-03");
    expect(dryRun.totalHits).toBeGreaterThan(500);
    expect(dryRun.totalOrders).toBeGreaterThan(0);

    const reportBefore = nonZero(await report(dryRun.from, dryRun.to));
    expect(side(dryRun.levelOne, (r: { taxonomy1: string }) => r.taxonomy1, "before")).toEqual(reportBefore);
    const hitsOf = (figures: ReadonlyMap<string, ReportFigures>) => [...figures.values()].reduce((n, f) => n + f.hits, 0);
    expect(hitsOf(reportBefore)).toBe(dryRun.totalHits);
    // The dry run stored nothing.
    expect((await load()).version).toBe(stored.version);

    decoded(await t.call("POST", path, { token: admin, json: { data: draft, version: stored.version } }), ClassificationSaved);
    const reportAfter = nonZero(await report(dryRun.from, dryRun.to));
    expect(side(dryRun.levelOne, (r: { taxonomy1: string }) => r.taxonomy1, "after")).toEqual(reportAfter);
    expect(reportAfter.get("Google")?.hits).toBeGreaterThan(0);
    for (const taxonomy1 of ["Google", "Paid Search", "SEO"]) {
      const rows = dryRun.levelTwo.filter((r) => r.taxonomy1 === taxonomy1);
      expect(side(rows, (r: { taxonomy2: string }) => r.taxonomy2, "after")).toEqual(nonZero(await report(dryRun.from, dryRun.to, taxonomy1)));
    }
    const none = reportAfter.get("None")?.hits ?? 0;
    expect(dryRun.unclassified.afterHits).toBe(none);
    expect(dryRun.unclassified.after).toBeCloseTo(none / dryRun.totalHits, 12);
    expect(dryRun.unclassified.before).toBeCloseTo((reportBefore.get("None")?.hits ?? 0) / dryRun.totalHits, 12);

    // Put the demo tree back for the other tests.
    decoded(await t.call("POST", path, { token: admin, json: { data: stored.data, version: (await load()).version } }), ClassificationSaved);
    stored = await load();
  });

  it("samples up to 20 changed hits per pair the draft gives, with the rules that matched them", async () => {
    const dryRun = decoded(await preview(draft), ClassificationPreview);
    const toGoogle = dryRun.changes.find((c) => c.after.taxonomy1 === "Google" && c.after.taxonomy2 === "All Google");
    expect(toGoogle?.hits).toBe(dryRun.levelTwo.find((r) => r.taxonomy1 === "Google")?.after.hits);
    expect(toGoogle?.samples).toHaveLength(previewSampleLimit);
    const dates = toGoogle?.samples.map((s) => s.date) ?? [];
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const sample of toGoogle?.samples ?? []) {
      expect(sample.fields.source?.toLowerCase()).toContain("google");
      expect(sample.before.taxonomy1).not.toBe("Google");
      expect(sample.taxonomyId).toBe(902);
      expect(sample.ruleIds).toEqual([9001]);
    }
    for (const change of dryRun.changes) {
      expect(change.samples.length).toBe(Math.min(change.hits, previewSampleLimit));
    }
    // The unchanged tree changes nothing.
    const same = decoded(await preview(stored.data), ClassificationPreview);
    expect(same.changes).toEqual([]);
    for (const row of same.levelTwo) expect(row.after).toEqual(row.before);
  });

  it("counts each rule's hits and warns on a rule an earlier taxonomy always beats", async () => {
    const dryRun = decoded(await preview(draft), ClassificationPreview);
    const rule = (id: number) => dryRun.rules.find((r) => r.ruleId === id);
    const googleHits = dryRun.levelOne.find((r) => r.taxonomy1 === "Google")?.after.hits ?? 0;
    expect(rule(9001)).toMatchObject({ taxonomyId: 902, matches: googleHits, wouldClassify: googleHits, classifies: googleHits, shadowed: false, shadowedBy: [] });
    expect(rule(9002)).toMatchObject({ matches: 0, wouldClassify: 0, classifies: 0, shadowed: false, shadowedBy: [] });
    // SEO / Google Organic (source contains google) and Paid Search / Google Ads (source contains google, cost_link not empty).
    for (const id of [1015, 1001, 1002]) expect(rule(id)).toMatchObject({ classifies: 0, shadowed: true, shadowedBy: [902] });
    expect(rule(1015)?.wouldClassify).toBeGreaterThan(0);
    expect(rule(1015)?.matches).toBeGreaterThanOrEqual(rule(1015)?.wouldClassify ?? Infinity);
    // Paid Search's own rule still classifies its Bing hits.
    expect(rule(1005)?.shadowed).toBe(false);
    expect(rule(1005)?.classifies).toBe(dryRun.levelOne.find((r) => r.taxonomy1 === "Paid Search")?.after.hits);
    // Tree order: the new first taxonomy's rules, then the stored tree's.
    expect(dryRun.rules.map((r) => r.ruleId).slice(0, 3)).toEqual([9001, 9002, 1005]);
    expect(dryRun.rules).toHaveLength(2 + stored.data.flatMap((one) => [...one.rules, ...one.children.flatMap((two) => two.rules)]).length);
  });

  it("refuses what a save refuses, with the same messages", async () => {
    const blank = expectRefusal(await preview([{ ...google, title: " " }]), 400, "invalid_body");
    expect(blank.message).toBe("Taxonomy name is required");
    const noValue = expectRefusal(
      await preview([{ ...google, rules: [{ id: 7, field: "source", matchType: "contains", expectedValue: null }] }]),
      400,
      "invalid_body",
    );
    expect(noValue.message).toBe('Invalid classification: rule 7: a "contains" rule needs an expected value');
    const repeated = expectRefusal(await preview([google, { ...google, execution_order: 2 }]), 400, "invalid_body");
    expect(repeated.message).toMatch(/^Invalid classification: taxonomy ids must be unique/);
    expectRefusal(await preview([{ ...google, joinType: "xor" }]), 400, "invalid_body");
    expectRefusal(await t.call("POST", previewPath, { token: admin, json: [google] }), 400, "invalid_body");
    expectRefusal(await t.call("POST", previewPath, { token: admin, body: '{"data": [' }), 400, "malformed_json");
    const huge = { data: [{ ...google, title: "x".repeat(100), children: [] }], padding: "x".repeat(1_100_000) };
    expectRefusal(await t.call("POST", previewPath, { token: admin, json: huge }), 413, "payload_too_large");
    expect((await load()).version).toBe(stored.version);
  });

  it("is for admins: 401 without a session, 403 'You don't have access to admin resources.' for a member", async () => {
    expectRefusal(await t.call("POST", previewPath, { json: { data: draft } }), 401, "unauthorized");
    const refusal = expectRefusal(await preview(draft, demo), 403, "forbidden");
    expect(refusal.message).toBe("You don't have access to admin resources.");
  });
});
