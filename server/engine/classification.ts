import { Either, Schema } from "effect";
import {
  Classification,
  NONE,
  type ClassificationExtract,
  type ClassificationRule,
  type ExtractTarget,
  type RuleField,
  type TaxonomyOne,
} from "../../src/domain/classification/classification";
import type { ClassificationBranch, ClassificationPlan, RuleGroup } from "../warehouse/classificationPlan";

export type { ClassificationBranch, ClassificationPlan, RuleGroup };

/**
 * Classification (docs/engine.md, "Classification"): a program's tree of taxonomies turned into an
 * ordered list of branches, each a (level-1, level-2) pair with the rule groups that must
 * all match and the raw fields its extracts copy. The warehouse runs the branches as one
 * SQL CASE over the program's hits (server/warehouse/sql/classificationSql.ts);
 * `classifyHit` is the same semantics in TypeScript, for tests and to cross-check the SQL.
 *
 * Semantics (docs/engine.md, "Classification"):
 * - level-1 taxonomies are tried by execution_order (ties keep the saved order); within
 *   one, its children likewise; the first branch that matches classifies the hit;
 * - a level-1 with rules matches when its rules match; its first matching child gives
 *   taxonomy_2, and when no child matches taxonomy_2 is 'None';
 * - a level-1 without rules is a grouping: it matches only through a child that has rules
 *   (a path with no rule at all matches nothing);
 * - rules of one taxonomy are joined by its joinType (and: all, or: any);
 * - extracts copy a raw field into taxonomy_3, taxonomy_4 or the cost link; a child's
 *   extract wins over its parent's for the same target, and within one taxonomy the first
 *   extract listed for a target counts; an empty or missing field value leaves the level
 *   'None' (and leaves the cost link as ingested);
 * - a hit that no branch matches is 'None' at every level.
 *
 * Match types: contains / not contains are case-insensitive substring tests (a missing
 * field contains nothing); exists / not exists test presence (NOT NULL); empty is missing
 * or ''; not empty is present and not ''; event_type is compares the hit's event type,
 * case-insensitively, with the expected value.
 */

/** Taxonomies in the order they are tried: by execution_order, ties in the saved order. */
export const byExecutionOrder = <T extends { readonly execution_order: number }>(items: ReadonlyArray<T>): T[] =>
  items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.execution_order - b.item.execution_order || a.index - b.index)
    .map(({ item }) => item);

const extractFor = (extracts: ReadonlyArray<ClassificationExtract>, target: ExtractTarget): RuleField | null =>
  extracts.find((e) => e.mappedTo === target)?.field ?? null;

const targets = ["tax3", "tax4", "costlink"] as const;

/** The branches of a classification tree, in the order they are tried. */
export const planOf = (tree: Classification): ClassificationPlan => {
  const branches: ClassificationBranch[] = [];
  for (const one of byExecutionOrder(tree.data)) {
    const ownGroup: RuleGroup[] = one.rules.length > 0 ? [{ joinType: one.joinType, rules: one.rules }] : [];
    const extractsOf = (child: TaxonomyOne["children"][number] | null) =>
      Object.fromEntries(
        targets.map((target) => [target, (child && extractFor(child.extracts, target)) ?? extractFor(one.extracts, target)]),
      ) as Record<ExtractTarget, RuleField | null>;
    for (const two of byExecutionOrder(one.children)) {
      const groups = two.rules.length > 0 ? [...ownGroup, { joinType: two.joinType, rules: two.rules }] : ownGroup;
      if (groups.length === 0) continue;
      branches.push({ taxonomy1: one.title, taxonomy2: two.title, taxonomyId: two.id, groups, ...extractsOf(two) });
    }
    if (ownGroup.length > 0) {
      branches.push({ taxonomy1: one.title, taxonomy2: NONE, taxonomyId: one.id, groups: ownGroup, ...extractsOf(null) });
    }
  }
  return { branches };
};

const snakeToCamel: Readonly<Record<string, string>> = {
  join_type: "joinType",
  match_type: "matchType",
  expected_value: "expectedValue",
  mapped_to: "mappedTo",
};

/** Accepts the snake_case spellings (join_type, match_type, expected_value, mapped_to) and a bare list of taxonomies. */
const normalised = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(normalised);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [snakeToCamel[key] ?? key, normalised(v)]),
  );
};

/** The saved classification document (JSON text), or null when it is not one. */
export const parseClassification = (json: string): Classification | null => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  const candidate = normalised(Array.isArray(parsed) ? { data: parsed } : parsed);
  const decoded = Schema.decodeUnknownEither(Classification)(candidate);
  return Either.isRight(decoded) ? decoded.right : null;
};

// ---------------------------------------------------------------------------------------
// The TypeScript evaluator (the SQL's reference)

/** The raw fields of a hit that rules read; absent means NULL. */
export type RawHitFields = Readonly<Partial<Record<RuleField, string | null>>> & { readonly event_type: string };

export interface ClassifiedHit {
  readonly taxonomy_1: string;
  readonly taxonomy_2: string;
  readonly taxonomy_3: string;
  readonly taxonomy_4: string;
  /** The cost link after classification: the extracted one, or the ingested one. */
  readonly cost_link: string | null;
}

const fieldOf = (hit: RawHitFields, field: RuleField): string | null => hit[field] ?? null;

/** Whether one rule holds for a hit. */
export const ruleMatches = (rule: ClassificationRule, hit: RawHitFields): boolean => {
  const value = fieldOf(hit, rule.field);
  const expected = (rule.expectedValue ?? "").toLowerCase();
  switch (rule.matchType) {
    case "contains":
      return value !== null && value.toLowerCase().includes(expected);
    case "not contains":
      return !(value !== null && value.toLowerCase().includes(expected));
    case "exists":
      return value !== null;
    case "not exists":
      return value === null;
    case "empty":
      return value === null || value === "";
    case "not empty":
      return value !== null && value !== "";
    case "event_type is":
      return hit.event_type.toLowerCase() === expected;
  }
};

const groupMatches = (group: RuleGroup, hit: RawHitFields): boolean =>
  group.joinType === "and" ? group.rules.every((r) => ruleMatches(r, hit)) : group.rules.some((r) => ruleMatches(r, hit));

const extracted = (hit: RawHitFields, field: RuleField | null): string | null => {
  if (field === null) return null;
  const value = fieldOf(hit, field);
  return value === null || value === "" ? null : value;
};

/** Classifies one hit: the first matching branch's titles and extracts, else 'None' everywhere. */
export const classifyHit = (plan: ClassificationPlan, hit: RawHitFields): ClassifiedHit => {
  const ingestedLink = fieldOf(hit, "cost_link");
  const branch = plan.branches.find((b) => b.groups.every((g) => groupMatches(g, hit)));
  if (!branch) return { taxonomy_1: NONE, taxonomy_2: NONE, taxonomy_3: NONE, taxonomy_4: NONE, cost_link: ingestedLink };
  return {
    taxonomy_1: branch.taxonomy1,
    taxonomy_2: branch.taxonomy2,
    taxonomy_3: extracted(hit, branch.tax3) ?? NONE,
    taxonomy_4: extracted(hit, branch.tax4) ?? NONE,
    cost_link: extracted(hit, branch.costlink) ?? ingestedLink,
  };
};
