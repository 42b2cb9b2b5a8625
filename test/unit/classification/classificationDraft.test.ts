import { describe, expect, it } from "vitest";
import type { Classification, TaxonomyOne } from "../../../src/domain/classification/classification";
import {
  addedTaxonomyId,
  applyDraftStep,
  applyDraftSteps,
  canMove,
  classificationSheetHeader,
  classificationSheetRows,
  draftProblems,
  inExecutionOrder,
  ruleOfTree,
  taxonomyPathOf,
  sameClassification,
  selectedAfter,
  stepApplies,
  withStep,
  type DraftStep,
} from "../../../src/domain/classification/classificationDraft";
import { classificationTexts } from "../../../src/domain/classification/classificationTexts";

const one = (id: number, title: string, order: number, children: TaxonomyOne["children"] = []): TaxonomyOne => ({
  id,
  title,
  joinType: "and",
  rules: [{ id: id * 10, field: "medium", matchType: "contains", expectedValue: title.toLowerCase() }],
  extracts: [],
  execution_order: order,
  children,
});

const two = (id: number, title: string, order: number) => ({
  id,
  title,
  joinType: "or" as const,
  rules: [{ id: id * 10, field: "source" as const, matchType: "exists" as const, expectedValue: null }],
  extracts: [{ id: id * 100, field: "campaign" as const, mappedTo: "tax3" as const }],
  execution_order: order,
});

/** Paid Search (Google, Bing) then Email (no children). */
const tree: Classification = {
  data: [one(1, "Paid Search", 1, [two(11, "Google", 1), two(12, "Bing", 2)]), one(2, "Email", 2)],
};

const titles = (t: Classification) => t.data.map((o) => [o.title, o.execution_order, o.children.map((c) => [c.title, c.execution_order])]);

describe("applyDraftStep", () => {
  it.each<[string, DraftStep, readonly [number, string, number]]>([
    ["adds a level-1 taxonomy last, trimmed, with the next id", { kind: "taxonomyAdded", parentId: null, title: "  Social " }, [13, "Social", 3]],
    ["adds a child last under its parent", { kind: "taxonomyAdded", parentId: 2, title: "Newsletter" }, [13, "Newsletter", 1]],
  ])("%s", (_, step, [id, title, order]) => {
    const after = applyDraftStep(tree, step);
    const added = after.data.flatMap((o) => [o, ...o.children]).find((t) => t.id === id);
    expect(added).toMatchObject({ title, execution_order: order, rules: [], extracts: [], joinType: "and" });
  });

  it.each<[string, DraftStep, unknown]>([
    ["moves a level-1 down and renumbers", { kind: "taxonomyMoved", id: 1, direction: "down" }, [["Email", 1, []], ["Paid Search", 2, [["Google", 1], ["Bing", 2]]]]],
    ["moves a child up within its parent", { kind: "taxonomyMoved", id: 12, direction: "up" }, [["Paid Search", 1, [["Bing", 1], ["Google", 2]]], ["Email", 2, []]]],
    ["removes a level-1 and renumbers the rest", { kind: "taxonomyRemoved", id: 1 }, [["Email", 1, []]]],
    ["removes a child and renumbers its siblings", { kind: "taxonomyRemoved", id: 11 }, [["Paid Search", 1, [["Bing", 1]]], ["Email", 2, []]]],
    ["renames", { kind: "taxonomyRenamed", id: 2, title: "E-mail" }, [["Paid Search", 1, [["Google", 1], ["Bing", 2]]], ["E-mail", 2, []]]],
  ])("%s", (_, step, expected) => {
    expect(titles(applyDraftStep(tree, step))).toEqual(expected);
  });

  it.each<[string, DraftStep]>([
    ["the first cannot move up", { kind: "taxonomyMoved", id: 1, direction: "up" }],
    ["the last cannot move down", { kind: "taxonomyMoved", id: 2, direction: "down" }],
    ["the last child cannot move down", { kind: "taxonomyMoved", id: 12, direction: "down" }],
    ["a blank name adds nothing", { kind: "taxonomyAdded", parentId: null, title: "   " }],
    ["a child of an unknown parent", { kind: "taxonomyAdded", parentId: 99, title: "X" }],
    ["a child of a child", { kind: "taxonomyAdded", parentId: 11, title: "X" }],
    ["an unknown taxonomy", { kind: "joinTypeChanged", id: 99, joinType: "or" }],
    ["an unknown rule", { kind: "ruleRemoved", taxonomyId: 1, ruleId: 999 }],
    ["a rule of another taxonomy", { kind: "ruleRemoved", taxonomyId: 2, ruleId: 10 }],
    ["an unknown extract", { kind: "extractRemoved", taxonomyId: 11, extractId: 1 }],
  ])("does not apply: %s", (_, step) => {
    expect(stepApplies(tree, step)).toBe(false);
    expect(applyDraftStep(tree, step)).toBe(tree);
  });

  it.each<[string, DraftStep, unknown]>([
    ["a new rule: source contains, value to type, next rule id", { kind: "ruleAdded", taxonomyId: 2 }, { id: 121, field: "source", matchType: "contains", expectedValue: "" }],
    ["exists clears the value to null", { kind: "ruleMatchTypeChanged", taxonomyId: 2, ruleId: 20, matchType: "exists" }, { id: 20, matchType: "exists", expectedValue: null }],
    ["not empty clears the value to null", { kind: "ruleMatchTypeChanged", taxonomyId: 2, ruleId: 20, matchType: "not empty" }, { id: 20, expectedValue: null }],
    ["not contains keeps the value", { kind: "ruleMatchTypeChanged", taxonomyId: 2, ruleId: 20, matchType: "not contains" }, { id: 20, expectedValue: "email" }],
    ["a field", { kind: "ruleFieldChanged", taxonomyId: 2, ruleId: 20, field: "campaign" }, { id: 20, field: "campaign" }],
    ["a value", { kind: "ruleValueChanged", taxonomyId: 2, ruleId: 20, expectedValue: "newsletter" }, { id: 20, expectedValue: "newsletter" }],
  ])("rules: %s", (_, step, rule) => {
    const after = applyDraftStep(tree, step);
    const found = after.data[1]?.rules.find((r) => r.id === (rule as { id: number }).id);
    expect(found).toMatchObject(rule as object);
  });

  it("a value typed into a rule that takes none is ignored; from exists to event_type is starts empty", () => {
    const exists = applyDraftStep(tree, { kind: "ruleMatchTypeChanged", taxonomyId: 11, ruleId: 110, matchType: "exists" });
    const typed = applyDraftStep(exists, { kind: "ruleValueChanged", taxonomyId: 11, ruleId: 110, expectedValue: "x" });
    expect(typed.data[0]?.children[0]?.rules[0]?.expectedValue).toBeNull();
    const event = applyDraftStep(typed, { kind: "ruleMatchTypeChanged", taxonomyId: 11, ruleId: 110, matchType: "event_type is" });
    expect(event.data[0]?.children[0]?.rules[0]?.expectedValue).toBe("");
  });

  it("extracts: added with the next extract id, changed and removed", () => {
    const added = applyDraftStep(tree, { kind: "extractAdded", taxonomyId: 2 });
    expect(added.data[1]?.extracts).toEqual([{ id: 1201, field: "campaign", mappedTo: "tax3" }]);
    const changed = applyDraftSteps(added, [
      { kind: "extractFieldChanged", taxonomyId: 2, extractId: 1201, field: "content" },
      { kind: "extractTargetChanged", taxonomyId: 2, extractId: 1201, mappedTo: "costlink" },
    ]);
    expect(changed.data[1]?.extracts).toEqual([{ id: 1201, field: "content", mappedTo: "costlink" }]);
    expect(applyDraftStep(changed, { kind: "extractRemoved", taxonomyId: 2, extractId: 1201 }).data[1]?.extracts).toEqual([]);
  });

  it("join type And / Or", () => {
    expect(applyDraftStep(tree, { kind: "joinTypeChanged", id: 12, joinType: "and" }).data[0]?.children[1]?.joinType).toBe("and");
  });
});

describe("canMove", () => {
  it.each<[number, "up" | "down", boolean]>([
    [1, "up", false],
    [1, "down", true],
    [2, "up", true],
    [2, "down", false],
    [11, "up", false],
    [11, "down", true],
    [12, "down", false],
    [99, "up", false],
  ])("taxonomy %i %s: %s", (id, direction, expected) => {
    expect(canMove(tree, id, direction)).toBe(expected);
  });
});

describe("selectedAfter", () => {
  it.each<[string, Classification, number | null, number | null]>([
    ["keeps a taxonomy still there", tree, 12, 12],
    ["falls back to the first", tree, 99, 1],
    ["falls back to the first with none chosen", tree, null, 1],
    ["none in an empty list", { data: [] }, 5, null],
  ])("%s", (_, t, selected, expected) => {
    expect(selectedAfter(t, selected)).toBe(expected);
  });
});

describe("inExecutionOrder", () => {
  it("sorts each level by execution order (ties keep the saved order) and numbers 1, 2, 3", () => {
    const shuffled: Classification = { data: [one(2, "Email", 5), one(1, "Paid Search", 2, [two(12, "Bing", 3), two(11, "Google", 3), two(13, "Yahoo", 1)])] };
    expect(titles(inExecutionOrder(shuffled))).toEqual([["Paid Search", 1, [["Yahoo", 1], ["Bing", 2], ["Google", 3]]], ["Email", 2, []]]);
  });
});

describe("draftProblems", () => {
  it.each<[string, DraftStep[], unknown]>([
    ["none in a sound tree", [], []],
    ["a blank name", [{ kind: "taxonomyRenamed", id: 2, title: " " }], [{ taxonomyId: 2, ruleId: null, message: classificationTexts.nameRequired }]],
    ["a contains rule without a value", [{ kind: "ruleAdded", taxonomyId: 2 }], [{ taxonomyId: 2, ruleId: 121, message: classificationTexts.valueRequired }]],
    ["an event_type is rule without a value", [{ kind: "ruleMatchTypeChanged", taxonomyId: 11, ruleId: 110, matchType: "event_type is" }], [{ taxonomyId: 11, ruleId: 110, message: classificationTexts.valueRequired }]],
  ])("%s", (_, steps, expected) => {
    expect(draftProblems(applyDraftSteps(tree, steps))).toEqual(expected);
  });
});

describe("sameClassification", () => {
  it("says whether two trees hold the same", () => {
    expect(sameClassification(tree, applyDraftSteps(tree, []))).toBe(true);
    expect(sameClassification(tree, applyDraftStep(tree, { kind: "joinTypeChanged", id: 1, joinType: "or" }))).toBe(false);
  });
});

describe("the Classification sheet", () => {
  it("has one row per rule and extract, level 1 before its children, and a row for a taxonomy with neither", () => {
    const withEmpty = applyDraftStep(tree, { kind: "taxonomyAdded", parentId: 2, title: "=cmd" });
    expect(classificationSheetHeader).toHaveLength(8);
    expect(classificationSheetRows(withEmpty)).toEqual([
      ["Paid Search", "", 1, "And", "Rule", "medium", "contains", "paid search"],
      ["Paid Search", "Google", 1, "Or", "Rule", "source", "exists", ""],
      ["Paid Search", "Google", 1, "Or", "Extract", "campaign", "tax3", ""],
      ["Paid Search", "Bing", 2, "Or", "Rule", "source", "exists", ""],
      ["Paid Search", "Bing", 2, "Or", "Extract", "campaign", "tax3", ""],
      ["Email", "", 2, "And", "Rule", "medium", "contains", "email"],
      ["Email", "=cmd", 1, "And", "", "", "", ""],
    ]);
  });
});

describe("rules and taxonomies in words", () => {
  it.each<[number, string | null]>([
    [10, "Paid Search: medium contains paid search"],
    [110, "Paid Search / Google: source exists"],
    [5, null],
  ])("rule %i", (id, expected) => {
    expect(ruleOfTree(tree, id)).toBe(expected);
  });

  it("the taxonomy a step added", () => {
    expect(addedTaxonomyId(tree, applyDraftStep(tree, { kind: "taxonomyAdded", parentId: 1, title: "Yahoo" }))).toBe(13);
    expect(addedTaxonomyId(tree, tree)).toBeNull();
    expect(taxonomyPathOf(tree, 12)).toBe("Paid Search / Bing");
  });
});

describe("withStep", () => {
  const rename = (id: number, title: string): DraftStep => ({ kind: "taxonomyRenamed", id, title });
  const value = (ruleId: number, expectedValue: string): DraftStep => ({ kind: "ruleValueChanged", taxonomyId: 2, ruleId, expectedValue });
  it.each<[string, DraftStep[], DraftStep, DraftStep[]]>([
    ["the first step is added", [], rename(1, "S"), [rename(1, "S")]],
    ["typing on in the same name replaces the last step", [rename(1, "S")], rename(1, "Se"), [rename(1, "Se")]],
    ["another taxonomy's name is another step", [rename(1, "S")], rename(2, "E"), [rename(1, "S"), rename(2, "E")]],
    ["typing on in the same value replaces", [value(20, "e")], value(20, "em"), [value(20, "em")]],
    ["another rule's value is another step", [value(20, "e")], value(21, "e"), [value(20, "e"), value(21, "e")]],
    ["a rename after a value is another step", [value(20, "e")], rename(2, "E"), [value(20, "e"), rename(2, "E")]],
  ])("%s", (_, steps, step, expected) => {
    expect(withStep(steps, step)).toEqual(expected);
  });
});
