import {
  matchTypesWithValue,
  type Classification,
  type ClassificationExtract,
  type ClassificationRule,
  type ExtractTarget,
  type JoinType,
  type MatchType,
  type RuleField,
  type TaxonomyOne,
  type TaxonomyTwo,
} from "./classification";
import { classificationTexts } from "./classificationTexts";

/**
 * The classification editor's draft: every change the person makes is one `DraftStep`, a
 * plain value applied to the tree by `applyDraftStep`. The editor keeps the steps (its
 * history) and the tree they were applied to, so undo and redo replay the steps instead
 * of keeping copies of the tree. A step that does not apply (an unknown id, the first
 * taxonomy moved up, a blank new name) leaves the tree as it is (`stepApplies` says so).
 *
 * Taxonomies are listed in execution order: each level's siblings carry `execution_order`
 * 1, 2, 3… in the order shown, renumbered after every add, move and removal. Taxonomy,
 * rule and extract ids each have their own id space; a new item takes the space's
 * highest id plus one.
 */

export type MoveDirection = "up" | "down";

export type DraftStep =
  /** A new taxonomy named `title` (trimmed): level 1 when `parentId` is null, else a child of that level-1 taxonomy. */
  | { readonly kind: "taxonomyAdded"; readonly parentId: number | null; readonly title: string }
  | { readonly kind: "taxonomyRenamed"; readonly id: number; readonly title: string }
  | { readonly kind: "taxonomyRemoved"; readonly id: number }
  | { readonly kind: "taxonomyMoved"; readonly id: number; readonly direction: MoveDirection }
  | { readonly kind: "joinTypeChanged"; readonly id: number; readonly joinType: JoinType }
  | { readonly kind: "ruleAdded"; readonly taxonomyId: number }
  | { readonly kind: "ruleFieldChanged"; readonly taxonomyId: number; readonly ruleId: number; readonly field: RuleField }
  /** A match type without a value clears the rule's value to null; one with a value keeps the text (or starts empty). */
  | { readonly kind: "ruleMatchTypeChanged"; readonly taxonomyId: number; readonly ruleId: number; readonly matchType: MatchType }
  | { readonly kind: "ruleValueChanged"; readonly taxonomyId: number; readonly ruleId: number; readonly expectedValue: string }
  | { readonly kind: "ruleRemoved"; readonly taxonomyId: number; readonly ruleId: number }
  | { readonly kind: "extractAdded"; readonly taxonomyId: number }
  | { readonly kind: "extractFieldChanged"; readonly taxonomyId: number; readonly extractId: number; readonly field: RuleField }
  | { readonly kind: "extractTargetChanged"; readonly taxonomyId: number; readonly extractId: number; readonly mappedTo: ExtractTarget }
  | { readonly kind: "extractRemoved"; readonly taxonomyId: number; readonly extractId: number };

type Taxonomy = TaxonomyOne | TaxonomyTwo;

/** Whether a rule of this match type carries an expected value (contains, not contains, event_type is). */
export const takesValue = (matchType: MatchType): boolean => matchTypesWithValue.includes(matchType);

/** The rule a new rule starts as: the source contains a text still to type. */
export const newRule = (id: number): ClassificationRule => ({ id, field: "source", matchType: "contains", expectedValue: "" });

/** The extract a new extract starts as: the campaign into taxonomy 3. */
export const newExtract = (id: number): ClassificationExtract => ({ id, field: "campaign", mappedTo: "tax3" });

const taxonomiesOf = (tree: Classification): ReadonlyArray<Taxonomy> => tree.data.flatMap((one): Taxonomy[] => [one, ...one.children]);

const nextId = (ids: ReadonlyArray<number>): number => ids.reduce((max, id) => Math.max(max, id), 0) + 1;

const renumbered = <T extends { readonly execution_order: number }>(items: ReadonlyArray<T>): T[] =>
  items.map((item, i) => (item.execution_order === i + 1 ? item : { ...item, execution_order: i + 1 }));

const byOrder = <T extends { readonly execution_order: number }>(items: ReadonlyArray<T>): T[] =>
  items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => a.item.execution_order - b.item.execution_order || a.index - b.index)
    .map(({ item }) => item);

/**
 * The tree as the editor lists it: each level's siblings in execution order (ties keep
 * the saved order, as the classifier does), numbered 1, 2, 3…
 */
export const inExecutionOrder = (tree: Classification): Classification => ({
  data: renumbered(byOrder(tree.data)).map((one) => ({ ...one, children: renumbered(byOrder(one.children)) })),
});

/** A taxonomy of either level by id, or null. */
export const findTaxonomy = (tree: Classification, id: number | null): Taxonomy | null =>
  id === null ? null : (taxonomiesOf(tree).find((t) => t.id === id) ?? null);

/** The level-1 taxonomy holding a child, or null for a level-1 id or an unknown one. */
export const parentOf = (tree: Classification, id: number): TaxonomyOne | null => tree.data.find((one) => one.children.some((two) => two.id === id)) ?? null;

const siblingsOf = (tree: Classification, id: number): ReadonlyArray<Taxonomy> => {
  if (tree.data.some((one) => one.id === id)) return tree.data;
  return parentOf(tree, id)?.children ?? [];
};

/** Whether a taxonomy can move up (it is not the first of its siblings) or down (not the last). */
export const canMove = (tree: Classification, id: number, direction: MoveDirection): boolean => {
  const siblings = siblingsOf(tree, id);
  const i = siblings.findIndex((t) => t.id === id);
  if (i < 0) return false;
  return direction === "up" ? i > 0 : i < siblings.length - 1;
};

/** The selected taxonomy after a change: the one chosen while it is still there, else the first, or none in an empty list. */
export const selectedAfter = (tree: Classification, selected: number | null): number | null =>
  findTaxonomy(tree, selected) !== null ? selected : (tree.data[0]?.id ?? null);

const swapped = <T>(items: ReadonlyArray<T>, i: number, j: number): T[] => {
  const copy = [...items];
  const a = copy[i];
  const b = copy[j];
  if (a === undefined || b === undefined) return copy;
  copy[i] = b;
  copy[j] = a;
  return copy;
};

const moved = <T extends Taxonomy>(items: ReadonlyArray<T>, id: number, direction: MoveDirection): T[] => {
  const i = items.findIndex((t) => t.id === id);
  return renumbered(swapped(items, i, direction === "up" ? i - 1 : i + 1));
};

/** The tree with one taxonomy (of either level) changed by `change`. */
const withTaxonomy = (tree: Classification, id: number, change: <T extends Taxonomy>(t: T) => T): Classification => ({
  data: tree.data.map((one) => {
    const own = one.id === id ? change(one) : one;
    return own.children.some((two) => two.id === id) ? { ...own, children: own.children.map((two) => (two.id === id ? change(two) : two)) } : own;
  }),
});

const withRule = (tree: Classification, taxonomyId: number, ruleId: number, change: (r: ClassificationRule) => ClassificationRule): Classification =>
  withTaxonomy(tree, taxonomyId, (t) => ({ ...t, rules: t.rules.map((r) => (r.id === ruleId ? change(r) : r)) }));

const withExtract = (tree: Classification, taxonomyId: number, extractId: number, change: (e: ClassificationExtract) => ClassificationExtract): Classification =>
  withTaxonomy(tree, taxonomyId, (t) => ({ ...t, extracts: t.extracts.map((e) => (e.id === extractId ? change(e) : e)) }));

const hasRule = (tree: Classification, taxonomyId: number, ruleId: number): boolean =>
  findTaxonomy(tree, taxonomyId)?.rules.some((r) => r.id === ruleId) ?? false;

const hasExtract = (tree: Classification, taxonomyId: number, extractId: number): boolean =>
  findTaxonomy(tree, taxonomyId)?.extracts.some((e) => e.id === extractId) ?? false;

/** Whether a step changes the tree (the editor records only steps that do). */
export const stepApplies = (tree: Classification, step: DraftStep): boolean => {
  switch (step.kind) {
    case "taxonomyAdded":
      return step.title.trim() !== "" && (step.parentId === null || tree.data.some((one) => one.id === step.parentId));
    case "taxonomyMoved":
      return canMove(tree, step.id, step.direction);
    case "taxonomyRenamed":
    case "taxonomyRemoved":
    case "joinTypeChanged":
    case "ruleAdded":
    case "extractAdded":
      return findTaxonomy(tree, step.kind === "ruleAdded" || step.kind === "extractAdded" ? step.taxonomyId : step.id) !== null;
    case "ruleFieldChanged":
    case "ruleMatchTypeChanged":
    case "ruleValueChanged":
    case "ruleRemoved":
      return hasRule(tree, step.taxonomyId, step.ruleId);
    case "extractFieldChanged":
    case "extractTargetChanged":
    case "extractRemoved":
      return hasExtract(tree, step.taxonomyId, step.extractId);
  }
};

/** The tree after one step; a step that does not apply (`stepApplies`) leaves it unchanged. */
export const applyDraftStep = (tree: Classification, step: DraftStep): Classification => {
  if (!stepApplies(tree, step)) return tree;
  switch (step.kind) {
    case "taxonomyAdded": {
      const id = nextId(taxonomiesOf(tree).map((t) => t.id));
      const title = step.title.trim();
      if (step.parentId === null) {
        const one: TaxonomyOne = { id, title, joinType: "and", rules: [], extracts: [], execution_order: tree.data.length + 1, children: [] };
        return { data: [...tree.data, one] };
      }
      return {
        data: tree.data.map((one) =>
          one.id === step.parentId
            ? { ...one, children: [...one.children, { id, title, joinType: "and", rules: [], extracts: [], execution_order: one.children.length + 1 }] }
            : one,
        ),
      };
    }
    case "taxonomyRenamed":
      return withTaxonomy(tree, step.id, (t) => ({ ...t, title: step.title }));
    case "taxonomyRemoved":
      return {
        data: renumbered(tree.data.filter((one) => one.id !== step.id)).map((one) =>
          one.children.some((two) => two.id === step.id) ? { ...one, children: renumbered(one.children.filter((two) => two.id !== step.id)) } : one,
        ),
      };
    case "taxonomyMoved":
      return tree.data.some((one) => one.id === step.id)
        ? { data: moved(tree.data, step.id, step.direction) }
        : { data: tree.data.map((one) => (one.children.some((two) => two.id === step.id) ? { ...one, children: moved(one.children, step.id, step.direction) } : one)) };
    case "joinTypeChanged":
      return withTaxonomy(tree, step.id, (t) => ({ ...t, joinType: step.joinType }));
    case "ruleAdded": {
      const id = nextId(taxonomiesOf(tree).flatMap((t) => t.rules.map((r) => r.id)));
      return withTaxonomy(tree, step.taxonomyId, (t) => ({ ...t, rules: [...t.rules, newRule(id)] }));
    }
    case "ruleFieldChanged":
      return withRule(tree, step.taxonomyId, step.ruleId, (r) => ({ ...r, field: step.field }));
    case "ruleMatchTypeChanged":
      return withRule(tree, step.taxonomyId, step.ruleId, (r) => ({
        ...r,
        matchType: step.matchType,
        expectedValue: takesValue(step.matchType) ? (r.expectedValue ?? "") : null,
      }));
    case "ruleValueChanged":
      return withRule(tree, step.taxonomyId, step.ruleId, (r) => (takesValue(r.matchType) ? { ...r, expectedValue: step.expectedValue } : r));
    case "ruleRemoved":
      return withTaxonomy(tree, step.taxonomyId, (t) => ({ ...t, rules: t.rules.filter((r) => r.id !== step.ruleId) }));
    case "extractAdded": {
      const id = nextId(taxonomiesOf(tree).flatMap((t) => t.extracts.map((e) => e.id)));
      return withTaxonomy(tree, step.taxonomyId, (t) => ({ ...t, extracts: [...t.extracts, newExtract(id)] }));
    }
    case "extractFieldChanged":
      return withExtract(tree, step.taxonomyId, step.extractId, (e) => ({ ...e, field: step.field }));
    case "extractTargetChanged":
      return withExtract(tree, step.taxonomyId, step.extractId, (e) => ({ ...e, mappedTo: step.mappedTo }));
    case "extractRemoved":
      return withTaxonomy(tree, step.taxonomyId, (t) => ({ ...t, extracts: t.extracts.filter((e) => e.id !== step.extractId) }));
  }
};

/** The tree after a list of steps, in order. */
export const applyDraftSteps = (tree: Classification, steps: ReadonlyArray<DraftStep>): Classification => steps.reduce(applyDraftStep, tree);

/** Where a draft cannot be saved: a taxonomy without a name, a rule that needs a value and has none. */
export interface DraftProblem {
  readonly taxonomyId: number;
  /** The rule at fault, or null for the taxonomy's name. */
  readonly ruleId: number | null;
  readonly message: string;
}

/** What keeps a draft from being saved or previewed (the server refuses the same). */
export const draftProblems = (tree: Classification): ReadonlyArray<DraftProblem> =>
  taxonomiesOf(tree).flatMap((t): DraftProblem[] => [
    ...(t.title.trim() === "" ? [{ taxonomyId: t.id, ruleId: null, message: classificationTexts.nameRequired }] : []),
    ...t.rules
      .filter((r) => takesValue(r.matchType) && (r.expectedValue ?? "").trim() === "")
      .map((r) => ({ taxonomyId: t.id, ruleId: r.id, message: classificationTexts.valueRequired })),
  ]);

/** Whether two trees say the same (the draft has unsaved changes when it differs from the saved tree). */
export const sameClassification = (a: Classification, b: Classification): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The download's header row. */
export const classificationSheetHeader: ReadonlyArray<string> = [
  classificationTexts.columns.taxonomy1,
  classificationTexts.columns.taxonomy2,
  classificationTexts.columns.order,
  classificationTexts.columns.joinType,
  classificationTexts.columns.kind,
  classificationTexts.columns.field,
  classificationTexts.columns.matchType,
  classificationTexts.columns.value,
];

type SheetRow = ReadonlyArray<string | number>;

const rowsOfTaxonomy = (one: string, two: string, t: Taxonomy): SheetRow[] => {
  const base = [one, two, t.execution_order, classificationTexts.joinTypes[t.joinType]] as const;
  const rules = t.rules.map((r): SheetRow => [...base, classificationTexts.rule, r.field, r.matchType, r.expectedValue ?? ""]);
  const extracts = t.extracts.map((e): SheetRow => [...base, classificationTexts.extract, e.field, e.mappedTo, ""]);
  return rules.length + extracts.length === 0 ? [[...base, "", "", "", ""]] : [...rules, ...extracts];
};

/**
 * The download's rows: per taxonomy in execution order, one row per rule and per extract
 * (a taxonomy with neither still has its row), level-1 rows before their children's.
 */
export const classificationSheetRows = (tree: Classification): ReadonlyArray<SheetRow> =>
  tree.data.flatMap((one) => [...rowsOfTaxonomy(one.title, "", one), ...one.children.flatMap((two) => rowsOfTaxonomy(one.title, two.title, two))]);

/** A rule in words: "source contains google", "medium exists". */
export const ruleInWords = (rule: ClassificationRule): string =>
  takesValue(rule.matchType) ? `${rule.field} ${rule.matchType} ${rule.expectedValue ?? ""}` : `${rule.field} ${rule.matchType}`;

/** A taxonomy's path in words: "Paid Search" for level 1, "Paid Search / Google" for a child; null for an unknown id. */
export const taxonomyPathOf = (tree: Classification, id: number): string | null => {
  const taxonomy = findTaxonomy(tree, id);
  if (taxonomy === null) return null;
  const parent = parentOf(tree, id);
  return parent === null ? taxonomy.title : `${parent.title} / ${taxonomy.title}`;
};

/** A rule of the tree in words with its taxonomy ("Email: medium contains email"), or null for an unknown id. */
export const ruleOfTree = (tree: Classification, ruleId: number): string | null => {
  for (const t of taxonomiesOf(tree)) {
    const rule = t.rules.find((r) => r.id === ruleId);
    if (rule !== undefined) return `${taxonomyPathOf(tree, t.id) ?? t.title}: ${ruleInWords(rule)}`;
  }
  return null;
};

/** The taxonomy a step adds (the one in `after` that `before` lacks), or null. */
export const addedTaxonomyId = (before: Classification, after: Classification): number | null => {
  const known = new Set(taxonomiesOf(before).map((t) => t.id));
  return taxonomiesOf(after).find((t) => !known.has(t.id))?.id ?? null;
};

/** Whether `next` only retypes the text `previous` typed (the same taxonomy's name, or the same rule's value). */
const retypes = (previous: DraftStep, next: DraftStep): boolean =>
  (previous.kind === "taxonomyRenamed" && next.kind === "taxonomyRenamed" && previous.id === next.id) ||
  (previous.kind === "ruleValueChanged" && next.kind === "ruleValueChanged" && previous.taxonomyId === next.taxonomyId && previous.ruleId === next.ruleId);

/**
 * The history after one more step: typing into the same name or value replaces the last
 * step instead of adding one per keystroke, so undo takes back the whole text typed.
 */
export const withStep = (steps: ReadonlyArray<DraftStep>, step: DraftStep): ReadonlyArray<DraftStep> => {
  const last = steps[steps.length - 1];
  return last !== undefined && retypes(last, step) ? [...steps.slice(0, -1), step] : [...steps, step];
};
