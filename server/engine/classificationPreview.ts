import { NONE, type Classification } from "../../src/domain/classification/classification";
import type {
  ClassificationPreview,
  PreviewChange,
  PreviewFigures,
  PreviewLevelOne,
  PreviewLevelTwo,
  PreviewPath,
  PreviewRule,
  PreviewSampleHit,
} from "../../src/domain/classification/classificationPreview";
import { planRules, type ClassificationPlan } from "../warehouse/classificationPlan";
import type { ClassificationPreviewRows, PreviewOutcome } from "../warehouse/classificationQueries";
import { byExecutionOrder } from "./classification";

/**
 * The classification dry run's answer (docs/engine.md, "Classification preview"), built
 * from the warehouse's grouped figures (`ClassificationQueries.preview`, which runs the
 * draft through the same SQL as the classification that stores). For a rule r of
 * taxonomy T, the branches through T are T's own (a level-2 T) or every branch of T (a
 * level-1 T: its children's and its own). Over the window:
 * - matches: hits for which r holds;
 * - wouldClassify: hits for which r holds and the rule groups of some branch through T all
 *   hold, i.e. hits T would take with r's help if T were tried first;
 * - classifies: hits for which r holds and whose first matching branch is through T;
 * - shadowed: wouldClassify > 0 and classifies = 0, every hit r would classify is taken
 *   by an earlier taxonomy (`shadowedBy`, the taxonomies that take them, most hits first).
 */

/** The pair a branch gives (0: unclassified). */
const pathOf = (plan: ClassificationPlan, branch: number): PreviewPath => {
  const b = branch > 0 ? plan.branches[branch - 1] : undefined;
  return b ? { taxonomy1: b.taxonomy1, taxonomy2: b.taxonomy2 } : { taxonomy1: NONE, taxonomy2: NONE };
};

const taxonomyIdOf = (plan: ClassificationPlan, branch: number): number | null => plan.branches[branch - 1]?.taxonomyId ?? null;

const pairKey = (path: PreviewPath): string => JSON.stringify([path.taxonomy1, path.taxonomy2]);
const samePath = (a: PreviewPath, b: PreviewPath): boolean => a.taxonomy1 === b.taxonomy1 && a.taxonomy2 === b.taxonomy2;

/** Rules of a tree in tree order (level-1 by execution order, its rules, then its children's by execution order) with their taxonomy's id. */
const treeRules = (tree: Classification): ReadonlyArray<{ readonly ruleId: number; readonly taxonomyId: number }> =>
  byExecutionOrder(tree.data).flatMap((one) => [
    ...one.rules.map((r) => ({ ruleId: r.id, taxonomyId: one.id })),
    ...byExecutionOrder(one.children).flatMap((two) => two.rules.map((r) => ({ ruleId: r.id, taxonomyId: two.id }))),
  ]);

interface Tally {
  before: { hits: number; orders: number };
  after: { hits: number; orders: number };
}
const emptyTally = (): Tally => ({ before: { hits: 0, orders: 0 }, after: { hits: 0, orders: 0 } });
const figures = (f: { hits: number; orders: number }): PreviewFigures => ({ hits: f.hits, orders: f.orders });

const dayMs = 86_400_000;

/**
 * The answer for a draft `tree` (planned as `plan`) from the warehouse's figures; with no
 * hits at all (`rows` null) every figure is 0 over the `days` days ending `today`.
 */
export const previewOf = (
  tree: Classification,
  plan: ClassificationPlan,
  rows: ClassificationPreviewRows | null,
  fallback: { readonly today: string; readonly days: number },
): ClassificationPreview => {
  const rulesInBits = planRules(plan).map((r) => r.id);
  const bitOf = new Map(rulesInBits.map((id, i) => [id, i]));
  /** For each rule id, the 0-based indexes of the branches through its taxonomy. */
  const branchesOf = new Map<number, number[]>();
  plan.branches.forEach((b, i) => {
    for (const group of b.groups) for (const rule of group.rules) branchesOf.set(rule.id, [...(branchesOf.get(rule.id) ?? []), i]);
  });

  const holds = (outcome: PreviewOutcome, ruleId: number): boolean => {
    const bit = bitOf.get(ruleId);
    return bit !== undefined && outcome.ruleBits[bit] === "1";
  };
  const matchedRuleIds = (outcome: PreviewOutcome): ReadonlyArray<number> => {
    const branch = plan.branches[outcome.branch - 1];
    return branch ? branch.groups.flatMap((g) => g.rules.filter((r) => holds(outcome, r.id)).map((r) => r.id)) : [];
  };

  const levelOne = new Map<string, Tally>();
  const levelTwo = new Map<string, Tally & PreviewPath>();
  const tally = (path: PreviewPath, side: "before" | "after", what: "hits" | "orders", n: number) => {
    const one = levelOne.get(path.taxonomy1) ?? emptyTally();
    one[side][what] += n;
    levelOne.set(path.taxonomy1, one);
    const key = pairKey(path);
    const two = levelTwo.get(key) ?? { ...emptyTally(), ...path };
    two[side][what] += n;
    levelTwo.set(key, two);
  };

  let totalHits = 0;
  let beforeUnclassified = 0;
  let afterUnclassified = 0;
  const changes = new Map<string, { after: PreviewPath; hits: number }>();
  for (const group of rows?.hits ?? []) {
    if (group.hits === 0) continue;
    const before = { taxonomy1: group.taxonomy1, taxonomy2: group.taxonomy2 };
    const after = pathOf(plan, group.branch);
    totalHits += group.hits;
    if (before.taxonomy1 === NONE) beforeUnclassified += group.hits;
    if (after.taxonomy1 === NONE) afterUnclassified += group.hits;
    tally(before, "before", "hits", group.hits);
    tally(after, "after", "hits", group.hits);
    if (!samePath(before, after)) {
      const change = changes.get(pairKey(after)) ?? { after, hits: 0 };
      change.hits += group.hits;
      changes.set(pairKey(after), change);
    }
  }

  let totalOrders = 0;
  for (const group of rows?.orders ?? []) {
    const before = { taxonomy1: group.taxonomy1, taxonomy2: group.taxonomy2 };
    totalOrders += group.orders;
    tally(before, "before", "orders", group.orders);
    tally(group.outcome === null ? before : pathOf(plan, group.outcome.branch), "after", "orders", group.orders);
  }

  const samplesByPath = new Map<string, PreviewSampleHit[]>();
  for (const sample of rows?.samples ?? []) {
    const key = pairKey(pathOf(plan, sample.branch));
    samplesByPath.set(key, [
      ...(samplesByPath.get(key) ?? []),
      {
        hitId: sample.hitId,
        date: sample.date,
        fields: sample.fields,
        before: { taxonomy1: sample.taxonomy1, taxonomy2: sample.taxonomy2 },
        taxonomyId: taxonomyIdOf(plan, sample.branch),
        ruleIds: matchedRuleIds(sample),
      },
    ]);
  }

  const rules: PreviewRule[] = treeRules(tree).map(({ ruleId, taxonomyId }) => {
    const own = branchesOf.get(ruleId) ?? [];
    let matches = 0;
    let wouldClassify = 0;
    let classifies = 0;
    const takers = new Map<number, number>();
    for (const group of rows?.hits ?? []) {
      if (!holds(group, ruleId)) continue;
      matches += group.hits;
      if (!own.some((i) => group.branchBits[i] === "1")) continue;
      wouldClassify += group.hits;
      if (own.includes(group.branch - 1)) classifies += group.hits;
      else {
        const taker = taxonomyIdOf(plan, group.branch);
        if (taker !== null) takers.set(taker, (takers.get(taker) ?? 0) + group.hits);
      }
    }
    const shadowed = wouldClassify > 0 && classifies === 0;
    const shadowedBy = shadowed ? [...takers.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id) : [];
    return { ruleId, taxonomyId, matches, wouldClassify, classifies, shadowed, shadowedBy };
  });

  const byAfterThenBefore = (a: Tally & { title: string }, b: Tally & { title: string }) =>
    b.after.hits - a.after.hits || b.before.hits - a.before.hits || b.after.orders - a.after.orders || a.title.localeCompare(b.title);
  const levelOneRows: PreviewLevelOne[] = [...levelOne.entries()]
    .map(([title, t]) => ({ ...t, title }))
    .sort(byAfterThenBefore)
    .map((t) => ({ taxonomy1: t.title, before: figures(t.before), after: figures(t.after) }));
  const rank = new Map(levelOneRows.map((row, i) => [row.taxonomy1, i]));
  const levelTwoRows: PreviewLevelTwo[] = [...levelTwo.values()]
    .map((t) => ({ ...t, title: t.taxonomy2 }))
    .sort((a, b) => (rank.get(a.taxonomy1) ?? 0) - (rank.get(b.taxonomy1) ?? 0) || byAfterThenBefore(a, b))
    .map((t) => ({ taxonomy1: t.taxonomy1, taxonomy2: t.taxonomy2, before: figures(t.before), after: figures(t.after) }));
  const changeRows: PreviewChange[] = [...changes.values()]
    .sort((a, b) => b.hits - a.hits || pairKey(a.after).localeCompare(pairKey(b.after)))
    .map((c) => ({ after: c.after, hits: c.hits, samples: samplesByPath.get(pairKey(c.after)) ?? [] }));
  const share = (n: number): number => (totalHits === 0 ? 0 : n / totalHits);

  return {
    from: rows?.from ?? new Date(Date.parse(`${fallback.today}T00:00:00Z`) - (fallback.days - 1) * dayMs).toISOString().slice(0, 10),
    to: rows?.to ?? fallback.today,
    totalHits,
    totalOrders,
    levelOne: levelOneRows,
    levelTwo: levelTwoRows,
    unclassified: {
      beforeHits: beforeUnclassified,
      afterHits: afterUnclassified,
      before: share(beforeUnclassified),
      after: share(afterUnclassified),
    },
    changes: changeRows,
    rules,
  };
};
