import type { ClassificationRule, JoinType, RuleField } from "../../src/domain/classification/classification";

/**
 * A program's classification tree as the warehouse runs it: an ordered list of branches,
 * each a (level-1, level-2) pair with the rule groups that must all match and the raw
 * fields its extracts copy. The engine builds it (`planOf` in server/engine/classification.ts);
 * the semantics are in docs/engine.md, "Classification".
 */

/** Rules of one taxonomy and how they join. Never empty. */
export interface RuleGroup {
  readonly joinType: JoinType;
  readonly rules: ReadonlyArray<ClassificationRule>;
}

/** One way of classifying a hit: all groups must match. */
export interface ClassificationBranch {
  readonly taxonomy1: string;
  readonly taxonomy2: string;
  /** The id of the taxonomy that gives taxonomy2: the level-2 one, or the level-1 one on its own 'None' branch. */
  readonly taxonomyId: number;
  /** All must match; at least one. */
  readonly groups: ReadonlyArray<RuleGroup>;
  readonly tax3: RuleField | null;
  readonly tax4: RuleField | null;
  readonly costlink: RuleField | null;
}

/** The branches in the order they are tried. */
export interface ClassificationPlan {
  readonly branches: ReadonlyArray<ClassificationBranch>;
}

/** Every rule of a plan once (by id), in the order the branches first name them (a level-1's rules before its child's). */
export const planRules = (plan: ClassificationPlan): ReadonlyArray<ClassificationRule> => {
  const seen = new Map<number, ClassificationRule>();
  for (const branch of plan.branches) {
    for (const group of branch.groups) for (const rule of group.rules) if (!seen.has(rule.id)) seen.set(rule.id, rule);
  }
  return [...seen.values()];
};
