import { Schema } from "effect";
import { listAnswer } from "../report/listAnswer";

/**
 * The traffic classification rule language (docs/engine.md, data model). A program's
 * classification is a tree: level-1 taxonomies hold
 * level-2 children; each taxonomy matches hits with rules joined by and/or, and may
 * extract raw fields into taxonomy 3, taxonomy 4 or the cost link. Taxonomies are tried
 * in execution order; the first whose rules match classifies the hit.
 */
export const matchTypes = ["contains", "not contains", "exists", "not exists", "empty", "not empty", "event_type is"] as const;
export const MatchType = Schema.Literal(...matchTypes);
export type MatchType = typeof MatchType.Type;

/** The raw hit fields a rule may test or an extract may copy. */
export const ruleFields = ["source", "medium", "campaign", "content", "term", "referrer", "landing_url", "publisher_id", "cost_link", "event_type"] as const;
export const RuleField = Schema.Literal(...ruleFields);
export type RuleField = typeof RuleField.Type;

/** How a taxonomy's rules combine. */
export const joinTypes = ["and", "or"] as const;
export const JoinType = Schema.Literal(...joinTypes);
export type JoinType = typeof JoinType.Type;

/** Where an extract copies a raw field: taxonomy 3, taxonomy 4 or the cost link. */
export const extractTargets = ["tax3", "tax4", "costlink"] as const;
export const ExtractTarget = Schema.Literal(...extractTargets);
export type ExtractTarget = typeof ExtractTarget.Type;

/** Match types whose rule carries an expected value; the others have `expectedValue: null`. */
export const matchTypesWithValue: ReadonlyArray<MatchType> = ["contains", "not contains", "event_type is"];

export const ClassificationRule = Schema.Struct({
  id: Schema.Number,
  field: RuleField,
  matchType: MatchType,
  expectedValue: Schema.NullOr(Schema.String.pipe(Schema.maxLength(500))),
});
export type ClassificationRule = typeof ClassificationRule.Type;

export const ClassificationExtract = Schema.Struct({
  id: Schema.Number,
  field: RuleField,
  mappedTo: ExtractTarget,
});
export type ClassificationExtract = typeof ClassificationExtract.Type;

/** A level-2 taxonomy: a named channel under its level-1 parent. */
export const TaxonomyTwo = Schema.Struct({
  id: Schema.Number,
  title: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
  joinType: JoinType,
  rules: Schema.Array(ClassificationRule),
  extracts: Schema.Array(ClassificationExtract),
  execution_order: Schema.Number,
});
export type TaxonomyTwo = typeof TaxonomyTwo.Type;

/** A level-1 taxonomy; its own rules must match too when it has any. */
export const TaxonomyOne = Schema.Struct({
  ...TaxonomyTwo.fields,
  children: Schema.Array(TaxonomyTwo),
});
export type TaxonomyOne = typeof TaxonomyOne.Type;

export const Classification = listAnswer(TaxonomyOne);
export type Classification = typeof Classification.Type;

/**
 * The version of a program's saved classification: 0 while none is saved, then one more
 * with each save. A save names the version its edit started from; when another save came
 * in between, the server refuses it (409) instead of overwriting that save.
 */
export const ClassificationVersion = Schema.Int.pipe(Schema.nonNegative());
export type ClassificationVersion = typeof ClassificationVersion.Type;

/** GET /admin/classification: the saved tree (`data`, [] when none is saved) and its version. */
export const LoadedClassification = Schema.Struct({
  /** The saved level-1 taxonomies. */
  ...Classification.fields,
  /** The version to send back with the next save. */
  version: ClassificationVersion,
});
export type LoadedClassification = typeof LoadedClassification.Type;

/** POST /admin/classification's body: the whole tree and the version the edit started from. */
export const ClassificationSave = Schema.Struct({
  /** The whole tree to store. */
  ...Classification.fields,
  /**
   * The version the edit was based on (as loaded, or as the last save answered). When the
   * stored version differs the save is refused with 409 `stale_classification`. Required: a
   * save without one is refused (400), so no save skips the check.
   */
  version: ClassificationVersion,
});
export type ClassificationSave = typeof ClassificationSave.Type;

/** POST /admin/classification's answer: stored, and the new version to base the next save on. */
export const ClassificationSaved = Schema.Struct({
  ok: Schema.Literal(true),
  /** The stored classification's version now. */
  version: ClassificationVersion,
});
export type ClassificationSaved = typeof ClassificationSaved.Type;

/** The `error` of a save's 409 answer: the stored version is newer than the one the edit started from. */
export const staleClassificationError = "stale_classification";

/** The taxonomy value of a level that no rule fills. */
export const NONE = "None";
