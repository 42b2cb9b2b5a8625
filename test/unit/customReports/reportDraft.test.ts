import { describe, expect, it } from "vitest";
import { customReportsTexts } from "../../../src/domain/customReports/customReportsTexts";
import {
  changedDraft,
  draftInput,
  draftProblems,
  draftQuery,
  emptyDraft,
  isPreviewable,
  isSavable,
  levelLabel,
  newRule,
  readDraftQuery,
  sameDraft,
  type DraftChange,
  type DraftRule,
  type ReportDraft,
} from "../../../src/domain/customReports/reportDraft";
import { customRowName, levelColumnsOf } from "../../../src/domain/customReports/customReportTable";
import type { PerformanceRow } from "../../../src/domain/performance/performance";

const p = customReportsTexts.problems;
const returning: DraftRule = { field: "customer_type", operator: "=", value: "returning" };
const notCancelled: DraftRule = { field: "status", operator: "!=", value: "cancelled" };
const draft: ReportDraft = { name: "Returning", level: "taxonomy_2", rules: [returning, notCancelled] };
const twenty: ReadonlyArray<DraftRule> = Array.from({ length: 20 }, () => newRule);

describe("levelLabel", () => {
  it.each([
    ["taxonomy_1", "taxonomy 1"],
    ["taxonomy_4", "taxonomy 4"],
    ["a_b_c", "a b c"],
    ["plain", "plain"],
  ])("%s reads %s", (level, label) => expect(levelLabel(level)).toBe(label));
});

describe("changedDraft", () => {
  it.each<[string, ReportDraft, DraftChange, ReportDraft]>([
    ["types a name, spaces kept", emptyDraft, { kind: "name", name: " Sales " }, { ...emptyDraft, name: " Sales " }],
    ["chooses a level", emptyDraft, { kind: "level", level: "taxonomy_3" }, { ...emptyDraft, level: "taxonomy_3" }],
    ["adds the not-cancelled rule", emptyDraft, { kind: "ruleAdded" }, { ...emptyDraft, rules: [newRule] }],
    ["adds no 21st rule", { ...emptyDraft, rules: twenty }, { kind: "ruleAdded" }, { ...emptyDraft, rules: twenty }],
    ["removes a rule by its place", draft, { kind: "ruleRemoved", index: 0 }, { ...draft, rules: [notCancelled] }],
    ["removes nothing past the end", draft, { kind: "ruleRemoved", index: 5 }, draft],
    [
      "a new field keeps a value it can hold",
      { ...draft, rules: [{ field: "status", operator: "=", value: "valid" }] },
      { kind: "ruleField", index: 0, field: "status" },
      { ...draft, rules: [{ field: "status", operator: "=", value: "valid" }] },
    ],
    [
      "a new field takes its first value otherwise",
      draft,
      { kind: "ruleField", index: 0, field: "payment" },
      { ...draft, rules: [{ field: "payment", operator: "=", value: "cash" }, notCancelled] },
    ],
    ["turns the operator", draft, { kind: "ruleOperator", index: 1, operator: "=" }, { ...draft, rules: [returning, { ...notCancelled, operator: "=" }] }],
    ["chooses a value", draft, { kind: "ruleValue", index: 1, value: "valid" }, { ...draft, rules: [returning, { ...notCancelled, value: "valid" }] }],
    ["changes no rule that is not there", draft, { kind: "ruleValue", index: -1, value: "valid" }, draft],
  ])("%s", (_, before, change, after) => expect(changedDraft(before, change)).toEqual(after));
});

describe("draftProblems", () => {
  it.each<[string, ReportDraft, { name: string | null; rules: string | null; eachRule: ReadonlyArray<string | null> }, boolean, boolean]>([
    ["a named report with rules", draft, { name: null, rules: null, eachRule: [null, null] }, true, true],
    ["no name", { ...draft, name: "" }, { name: p.nameMissing, rules: null, eachRule: [null, null] }, false, true],
    ["only spaces", { ...draft, name: "   " }, { name: p.nameMissing, rules: null, eachRule: [null, null] }, false, true],
    ["201 characters", { ...draft, name: "x".repeat(201) }, { name: p.nameTooLong(200), rules: null, eachRule: [null, null] }, false, true],
    ["200 characters", { ...draft, name: "x".repeat(200) }, { name: null, rules: null, eachRule: [null, null] }, true, true],
    ["no rules", { ...draft, rules: [] }, { name: null, rules: null, eachRule: [] }, true, true],
    [
      "21 rules",
      { ...draft, rules: [...twenty, returning] },
      { name: null, rules: p.tooManyRules(20), eachRule: [null, ...Array<string>(19).fill(p.sameRule), null] },
      false,
      false,
    ],
    ["the same rule twice", { ...draft, rules: [returning, returning] }, { name: null, rules: null, eachRule: [null, p.sameRule] }, false, false],
    [
      "a value its field cannot hold",
      { ...draft, rules: [{ field: "payment", operator: "=", value: "valid" }] },
      { name: null, rules: null, eachRule: [p.unknownValue("Payment")] },
      false,
      false,
    ],
  ])("%s", (_, d, problems, savable, previewable) => {
    expect(draftProblems(d)).toEqual(problems);
    expect(isSavable(draftProblems(d))).toBe(savable);
    expect(isPreviewable(draftProblems(d))).toBe(previewable);
  });

  it("saves the name trimmed and the rules as they are", () => {
    expect(draftInput({ ...draft, name: "  Returning  " })).toEqual({ name: "Returning", level: "taxonomy_2", rules: [returning, notCancelled] });
  });
});

describe("the draft in the URL", () => {
  it.each<[string, ReportDraft]>([
    ["a report with two rules", draft],
    ["a new report", emptyDraft],
    ["a name with &, =, # and spaces", { ...draft, name: "A & B = #1 / 50%" }],
    ["twenty rules", { ...draft, rules: twenty }],
  ])("reads back %s", (_, d) => expect(readDraftQuery(draftQuery(d))).toEqual(d));

  it("encodes the rules as URL-encoded JSON beside the session's parameters", () => {
    const query = draftQuery(draft, "program=northwind&date_from=2025-01-01&rules=old");
    const q = new URLSearchParams(query);
    expect(q.get("program")).toBe("northwind");
    expect(q.get("date_from")).toBe("2025-01-01");
    expect(q.get("name")).toBe("Returning");
    expect(q.get("level")).toBe("taxonomy_2");
    expect(JSON.parse(q.get("rules") ?? "")).toEqual([returning, notCancelled]);
    // Encoded: no JSON punctuation is left bare in the address.
    expect(query).not.toMatch(/[{}"[\]:,]/);
    expect(query).toContain("rules=%5B%7B%22field%22");
  });

  it("leaves out an empty name and no rules", () => {
    expect(draftQuery(emptyDraft, "name=x&rules=%5B%5D")).toBe("level=taxonomy_1");
  });

  it.each<[string, string, ReportDraft]>([
    ["nothing", "", emptyDraft],
    ["an unknown level", "level=taxonomy_9&name=A", { ...emptyDraft, name: "A" }],
    ["rules that are not JSON", "level=taxonomy_2&rules=%5Bnot", { ...emptyDraft, level: "taxonomy_2" }],
    ["rules that are not a list", `rules=${encodeURIComponent('{"field":"status"}')}`, emptyDraft],
    [
      "a rule with an unknown field or value among good ones",
      `rules=${encodeURIComponent(JSON.stringify([returning, { field: "country", operator: "=", value: "uk" }, { field: "status", operator: "=", value: "new" }, notCancelled]))}`,
      { ...emptyDraft, rules: [returning, notCancelled] },
    ],
    ["more than 20 rules", `rules=${encodeURIComponent(JSON.stringify([...twenty, returning]))}`, { ...emptyDraft, rules: twenty }],
    ["a name over 200 characters", `name=${"n".repeat(250)}`, { ...emptyDraft, name: "n".repeat(200) }],
  ])("reads %s leniently", (_, search, expected) => expect(readDraftQuery(search)).toEqual(expected));

  it.each<[string, ReportDraft, ReportDraft, boolean]>([
    ["the same draft", draft, { ...draft, rules: [...draft.rules] }, true],
    ["another name", draft, { ...draft, name: "B" }, false],
    ["another level", draft, { ...draft, level: "taxonomy_1" }, false],
    ["rules in another order", draft, { ...draft, rules: [notCancelled, returning] }, false],
  ])("sameDraft: %s", (_, a, b, same) => expect(sameDraft(a, b)).toBe(same));
});

describe("the report table's rows", () => {
  const row = { taxonomy_1: "Email", taxonomy_2: "Newsletter", taxonomy_3: "Weekly" } as unknown as PerformanceRow;
  it.each([
    ["taxonomy_1", ["taxonomy_1"], "Email"],
    ["taxonomy_2", ["taxonomy_1", "taxonomy_2"], "Email / Newsletter"],
    ["taxonomy_3", ["taxonomy_1", "taxonomy_2", "taxonomy_3"], "Email / Newsletter / Weekly"],
  ] as const)("a %s report names its rows by their path", (level, columns, name) => {
    expect(levelColumnsOf(level)).toEqual(columns);
    expect(customRowName(row, level)).toBe(name);
  });
});
