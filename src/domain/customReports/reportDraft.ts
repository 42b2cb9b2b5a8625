import { Either, Schema } from "effect";
import { unreadableLinkMessage, type QueryLink } from "../report/reportQuery";
import { taxonomyLevels } from "../report/taxonomyLevels";
import { customReportsTexts } from "./customReportsTexts";
import {
  mostReportRules,
  orderFieldValues,
  ReportLevel,
  ReportRule,
  type CustomReportInput,
  type OrderField,
  type ReportLevel as Level,
  type RuleOperator,
} from "./customReports";

/**
 * A custom report being built: its name, its level and its rules, kept exactly as typed
 * (a name with a problem stays in the form; the problems are shown beside it). The draft
 * travels in the builder's URL query (`draftQuery`), so a preview can be shared and reloaded.
 */

export interface DraftRule {
  readonly field: OrderField;
  readonly operator: RuleOperator;
  readonly value: string;
}

export interface ReportDraft {
  readonly name: string;
  readonly level: Level;
  readonly rules: ReadonlyArray<DraftRule>;
}

/** The longest report name the server keeps. */
export const mostNameCharacters = 200;

export const orderFields: ReadonlyArray<OrderField> = ["status", "customer_type", "payment"];
export const ruleOperators: ReadonlyArray<RuleOperator> = ["=", "!="];
export const reportLevels: ReadonlyArray<Level> = taxonomyLevels;

/** A new report: no name, the top level, no rules. */
export const emptyDraft: ReportDraft = { name: "", level: "taxonomy_1", rules: [] };

/** The rule 'Add rule' appends: orders that are not cancelled. */
export const newRule: DraftRule = { field: "status", operator: "!=", value: "cancelled" };

/** A report level as the product shows it: underscores as spaces ('taxonomy 2'). */
export const levelLabel = (level: string): string => level.replace(/_/g, " ");

/** The values a rule's field may hold. */
export const valuesOf = (field: OrderField): ReadonlyArray<string> => orderFieldValues[field];

/** One change to a draft. */
export type DraftChange =
  | { readonly kind: "name"; readonly name: string }
  | { readonly kind: "level"; readonly level: Level }
  | { readonly kind: "ruleAdded" }
  | { readonly kind: "ruleRemoved"; readonly index: number }
  | { readonly kind: "ruleField"; readonly index: number; readonly field: OrderField }
  | { readonly kind: "ruleOperator"; readonly index: number; readonly operator: RuleOperator }
  | { readonly kind: "ruleValue"; readonly index: number; readonly value: string };

const withRule = (draft: ReportDraft, index: number, change: (rule: DraftRule) => DraftRule): ReportDraft =>
  index < 0 || index >= draft.rules.length ? draft : { ...draft, rules: draft.rules.map((rule, i) => (i === index ? change(rule) : rule)) };

/**
 * The draft after one change. A rule's new field keeps its value when the field can hold
 * it, else takes the field's first value; a 21st rule is not added (the most is 20); a
 * change to a rule that is not there changes nothing.
 */
export const changedDraft = (draft: ReportDraft, change: DraftChange): ReportDraft => {
  switch (change.kind) {
    case "name":
      return { ...draft, name: change.name };
    case "level":
      return { ...draft, level: change.level };
    case "ruleAdded":
      return draft.rules.length >= mostReportRules ? draft : { ...draft, rules: [...draft.rules, newRule] };
    case "ruleRemoved":
      return { ...draft, rules: draft.rules.filter((_, i) => i !== change.index) };
    case "ruleField":
      return withRule(draft, change.index, (rule) => ({
        ...rule,
        field: change.field,
        value: valuesOf(change.field).includes(rule.value) ? rule.value : (valuesOf(change.field)[0] ?? ""),
      }));
    case "ruleOperator":
      return withRule(draft, change.index, (rule) => ({ ...rule, operator: change.operator }));
    case "ruleValue":
      return withRule(draft, change.index, (rule) => ({ ...rule, value: change.value }));
  }
};

/** What is wrong with a draft, by field: `name`, `rules` (the whole list) and each rule by its place (null when it is fine). */
export interface DraftProblems {
  readonly name: string | null;
  readonly rules: string | null;
  readonly eachRule: ReadonlyArray<string | null>;
}

const t = customReportsTexts.problems;

const ruleKey = (rule: DraftRule): string => `${rule.field}\u0000${rule.operator}\u0000${rule.value}`;

/**
 * The draft's problems: a name is needed (not only spaces) and has at most 200
 * characters; at most 20 rules; a rule's value must be one its field holds; a rule the
 * same as one above it is pointed out (it would change nothing).
 */
export const draftProblems = (draft: ReportDraft): DraftProblems => {
  const name = draft.name.trim();
  const seen = new Set<string>();
  return {
    name: name === "" ? t.nameMissing : draft.name.length > mostNameCharacters ? t.nameTooLong(mostNameCharacters) : null,
    rules: draft.rules.length > mostReportRules ? t.tooManyRules(mostReportRules) : null,
    eachRule: draft.rules.map((rule) => {
      if (!valuesOf(rule.field).includes(rule.value)) return t.unknownValue(customReportsTexts.fields[rule.field] ?? rule.field);
      const key = ruleKey(rule);
      if (seen.has(key)) return t.sameRule;
      seen.add(key);
      return null;
    }),
  };
};

/** Whether the draft has no problem: it may be saved. */
export const isSavable = (problems: DraftProblems): boolean =>
  problems.name === null && problems.rules === null && problems.eachRule.every((p) => p === null);

/** Whether the preview can be asked for: the rules are fine (the name does not change the table). */
export const isPreviewable = (problems: DraftProblems): boolean => problems.rules === null && problems.eachRule.every((p) => p === null);

/** The create call's body of a savable draft: the name trimmed. */
export const draftInput = (draft: ReportDraft): CustomReportInput => ({ name: draft.name.trim(), level: draft.level, rules: draft.rules });

// ---------------------------------------------------------------------------------------
// The draft in the URL: ?name=…&level=…&rules=<JSON of the rules>, each value URL-encoded.

/** The query keys of the builder's URL. */
export const draftQueryKeys = { name: "name", level: "level", rules: "rules" } as const;

/** The rules as the URL and the preview call carry them: JSON of `{field, operator, value}` objects. */
export const encodedRules = (rules: ReadonlyArray<DraftRule>): string =>
  JSON.stringify(rules.map((rule) => ({ field: rule.field, operator: rule.operator, value: rule.value })));

/**
 * The draft as a query string (without `?`), every other parameter of `search` kept (the
 * session's program and dates): `name` left out when empty, `rules` when there are none.
 */
export const draftQuery = (draft: ReportDraft, search = ""): string => {
  const q = new URLSearchParams(search);
  if (draft.name === "") q.delete(draftQueryKeys.name);
  else q.set(draftQueryKeys.name, draft.name);
  q.set(draftQueryKeys.level, draft.level);
  if (draft.rules.length === 0) q.delete(draftQueryKeys.rules);
  else q.set(draftQueryKeys.rules, encodedRules(draft.rules));
  return q.toString();
};

const isLevel = Schema.is(ReportLevel);
const decodeRule = Schema.decodeUnknownEither(ReportRule);

const parsedJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/**
 * The draft a query string carries, read leniently so a hand-edited link still opens: an
 * unknown level is the top level, the name is clipped to 200 characters, rules that are
 * not rules are left out and at most 20 are kept.
 */
export const readDraftQuery = (search: string): ReportDraft => {
  const q = new URLSearchParams(search);
  const level = q.get(draftQueryKeys.level);
  const stored = parsedJson(q.get(draftQueryKeys.rules) ?? "[]");
  const rules = (Array.isArray(stored) ? stored : []).flatMap((entry: unknown): ReadonlyArray<DraftRule> => {
    const rule = decodeRule(entry);
    return Either.isRight(rule) ? [rule.right] : [];
  });
  return {
    name: (q.get(draftQueryKeys.name) ?? "").slice(0, mostNameCharacters),
    level: level !== null && isLevel(level) ? level : emptyDraft.level,
    rules: rules.slice(0, mostReportRules),
  };
};

/** Whether two drafts are the same report (the preview of one is the other's). */
export const sameDraft = (a: ReportDraft, b: ReportDraft): boolean => a.name === b.name && a.level === b.level && encodedRules(a.rules) === encodedRules(b.rules);

/** The keys of a link's draft that `readDraftQuery` cannot read: a level it does not know, rules that are not a list of rules (a rule it cannot read is left out). */
export const unreadableDraftKeys = (search: string): ReadonlyArray<string> => {
  const q = new URLSearchParams(search);
  const level = q.get(draftQueryKeys.level);
  const rules = q.get(draftQueryKeys.rules);
  const stored = rules === null ? [] : parsedJson(rules);
  return [
    ...(level !== null && !isLevel(level) ? [draftQueryKeys.level] : []),
    ...(Array.isArray(stored) && stored.every((entry: unknown) => Either.isRight(decodeRule(entry))) ? [] : [draftQueryKeys.rules]),
  ];
};

/** The builder's `QueryLink`: the draft's unreadable keys, and `draftQuery`. */
export const draftQueryLink: QueryLink<ReportDraft> = {
  unreadable: (search) => unreadableLinkMessage(unreadableDraftKeys(search)),
  written: (search, draft) => draftQuery(draft, search),
};
