import { Schema } from "effect";
import { fieldsNamed } from "../report/reportAnswers";
import { Classification, ruleFields, type RuleField } from "./classification";

/**
 * The classification editor's dry run (docs/engine.md, "Classification preview"):
 * POST /programs/{program}/admin/classification/preview with a draft tree answers how the
 * draft would classify the program's hits of the last 30 days, beside how they are
 * classified now, without storing anything. Admins only; the body is validated exactly as
 * a save's (400 with the same messages).
 */

/**
 * The dry run's body: the draft tree (its level-1 taxonomies with their children, rules and
 * extracts), the same `data` a save sends (a `version` is not needed and is ignored).
 */
export const ClassificationPreviewRequest = Classification;
export type ClassificationPreviewRequest = typeof ClassificationPreviewRequest.Type;

/** Counts of one taxonomy under one classification, over the window. */
export const PreviewFigures = Schema.Struct({
  /** Hits (clicks and impressions) of the window classified here. */
  hits: Schema.Number,
  /**
   * Valid orders of the window (by order date) whose last click is classified here
   * (last-click orders: each order counts once). Orders without a click in their lookback
   * count under 'Direct', which no rule changes.
   */
  orders: Schema.Number,
});
export type PreviewFigures = typeof PreviewFigures.Type;

/** A level-1 / level-2 pair (taxonomy 3 and 4 are not compared). */
export const PreviewPath = Schema.Struct({
  /** The level-1 title. */
  taxonomy1: Schema.String,
  /** The level-2 title ('None' when the level-1 matched but none of its children did). */
  taxonomy2: Schema.String,
});
export type PreviewPath = typeof PreviewPath.Type;

/** A taxonomy's figures now and with the draft. */
const figuresBeforeAndAfter = {
  /** With the stored classification: what the hits carry now. */
  before: PreviewFigures,
  /** With the draft rules. */
  after: PreviewFigures,
};

/** One level-1 taxonomy's figures now and with the draft; its title is 'None' for unclassified hits, 'Direct' for orders without a click. */
export const PreviewLevelOne = Schema.Struct({ taxonomy1: PreviewPath.fields.taxonomy1, ...figuresBeforeAndAfter });
export type PreviewLevelOne = typeof PreviewLevelOne.Type;

/** One level-1 / level-2 pair's figures now and with the draft. */
export const PreviewLevelTwo = Schema.Struct({ ...PreviewPath.fields, ...figuresBeforeAndAfter });
export type PreviewLevelTwo = typeof PreviewLevelTwo.Type;

/** The share of the window's hits no taxonomy takes (taxonomy 1 'None'), from 0 to 1 (0 when the window has no hits). */
export const PreviewUnclassified = Schema.Struct({
  /** Hits unclassified now. */
  beforeHits: Schema.Number,
  /** Hits the draft leaves unclassified. */
  afterHits: Schema.Number,
  /** beforeHits over the window's hits. */
  before: Schema.Number,
  /** afterHits over the window's hits. */
  after: Schema.Number,
});
export type PreviewUnclassified = typeof PreviewUnclassified.Type;

/** The raw fields of a sampled hit that rules read, in the rule fields' order (null: the hit has no value; every hit has an event type). */
export const PreviewHitFields = Schema.Struct({
  ...fieldsNamed(
    ruleFields.filter((field): field is Exclude<RuleField, "event_type"> => field !== "event_type"),
    Schema.NullOr(Schema.String),
  ),
  event_type: Schema.String,
});
export type PreviewHitFields = typeof PreviewHitFields.Type;

/** One hit the draft classifies differently from now. */
export const PreviewSampleHit = Schema.Struct({
  /** The hit's id. */
  hitId: Schema.Number,
  /** The hit's day (YYYY-MM-DD, the program's calendar). */
  date: Schema.String,
  /** Its raw fields. */
  fields: PreviewHitFields,
  /** Where it is classified now. */
  before: PreviewPath,
  /**
   * The id of the draft taxonomy that takes it (the level-2 taxonomy, or the level-1 when
   * no child matched); null when the draft leaves it unclassified.
   */
  taxonomyId: Schema.NullOr(Schema.Number),
  /**
   * The ids of the draft rules that matched it, in tree order: of the taking taxonomy and
   * of its level-1 parent, each rule whose test holds for the hit (with an 'and' join all
   * of that taxonomy's rules, with 'or' those that hold). Empty when unclassified.
   */
  ruleIds: Schema.Array(Schema.Number),
});
export type PreviewSampleHit = typeof PreviewSampleHit.Type;

/** The hits that move into one level-1 / level-2 pair with the draft. */
export const PreviewChange = Schema.Struct({
  /** Where the draft puts them ('None' / 'None' for hits the draft leaves unclassified). */
  after: PreviewPath,
  /** How many hits of the window move here from another pair. */
  hits: Schema.Number,
  /** Up to 20 of them, newest first. */
  samples: Schema.Array(PreviewSampleHit),
});
export type PreviewChange = typeof PreviewChange.Type;

/** What one draft rule does over the window. */
export const PreviewRule = Schema.Struct({
  /** The rule's id in the draft. */
  ruleId: Schema.Number,
  /** The id of the taxonomy the rule belongs to. */
  taxonomyId: Schema.Number,
  /** Hits for which the rule's own test holds, whatever the other rules. */
  matches: Schema.Number,
  /**
   * Hits its taxonomy would take with the rule holding if no earlier taxonomy came first:
   * the rule holds and the rules of some branch through its taxonomy (its level-1 parent's
   * and its own; for a level-1 rule, its own and one child's, or its own alone) all match.
   */
  wouldClassify: Schema.Number,
  /** Of those, the hits the draft really classifies through the rule's taxonomy (no earlier taxonomy took them). */
  classifies: Schema.Number,
  /**
   * The warning "never matches because an earlier, broader rule takes every hit it would":
   * wouldClassify > 0 and classifies = 0 over the window. A rule that matches no hit at all
   * is not shadowed (it has nothing to lose).
   */
  shadowed: Schema.Boolean,
  /** When shadowed, the ids of the earlier taxonomies that take its hits (most hits first); else empty. */
  shadowedBy: Schema.Array(Schema.Number),
});
export type PreviewRule = typeof PreviewRule.Type;

/** The dry run's answer. */
export const ClassificationPreview = Schema.Struct({
  /** The window's first day (YYYY-MM-DD): 29 days before `to`. */
  from: Schema.String,
  /** The window's last day: the program's latest day with hits (today for a live program). */
  to: Schema.String,
  /** All hits of the window. */
  totalHits: Schema.Number,
  /** Valid orders of the window (by order date). */
  totalOrders: Schema.Number,
  /** Per level-1 title found before or after, biggest after first; a title absent on one side has zeros there. */
  levelOne: Schema.Array(PreviewLevelOne),
  /** Per level-1 / level-2 pair found before or after, ordered like levelOne. */
  levelTwo: Schema.Array(PreviewLevelTwo),
  /** The unclassified share before and after. */
  unclassified: PreviewUnclassified,
  /** Per pair that gains hits from another pair, most hits first. */
  changes: Schema.Array(PreviewChange),
  /** Per draft rule, in tree order (level-1 by execution order, its rules, then its children's). */
  rules: Schema.Array(PreviewRule),
});
export type ClassificationPreview = typeof ClassificationPreview.Type;

/** The most sample hits a change carries. */
export const previewSampleLimit = 20;

/** The window's length in days. */
export const previewWindowDays = 30;
