import { Schema } from "effect";
import { CalendarDate, FilledText, inclusiveDays } from "../report/configuration";
import { listAnswer } from "../report/listAnswer";
import { taxonomyPathFields } from "../report/reportAnswers";
import { costProblem, isEmptyLevel, isSpendFrequency, noneLevel, spendProblems, spendRuleMessages, type SpendFrequency } from "./spendRules";

/**
 * Fixed (manual) spend configurations and variable spend rows (docs/engine.md, data model).
 */

/** The spend frequencies (one list: the spend rules'). */
export const Frequency = Schema.String.pipe(
  Schema.filter((value): value is SpendFrequency => isSpendFrequency(value), { message: () => spendRuleMessages.frequencyInvalid }),
);
export type Frequency = typeof Frequency.Type;

export { isEmptyLevel };

/** Money as sent: a number of 0 or more with at most 2 decimals (the spend rules' cost rule). */
export const Cost = Schema.Number.pipe(Schema.filter((value) => costProblem(value)));

/** Taxonomy 1: required text. */
export const TaxonomyName = FilledText(200);

/** Taxonomy 2 to 4 as sent: absent, null, "" or "None" all mean the level is empty. */
const OptionalTaxonomy = Schema.optional(Schema.NullOr(Schema.String.pipe(Schema.maxLength(200))));

/** A date as sent (the spend rules check that it is one); an end date may be absent, null or "" when there is none (single). */
const SentDate = Schema.String.pipe(Schema.maxLength(10));
const OptionalDate = Schema.optional(Schema.NullOr(SentDate));

/** A level as stored and answered: its trimmed text, or 'None' when empty. */
export const levelValue = (value: string | null | undefined): string =>
  isEmptyLevel(value) ? noneLevel : (value ?? "").trim();

/**
 * The fields of a sent configuration: their types and size bounds. What makes a
 * configuration valid is the spend rules' (`spendProblems`), checked on the whole of it.
 */
const fixedCostFields = {
  start_date: SentDate,
  end_date: OptionalDate,
  taxonomy_1: Schema.String.pipe(Schema.maxLength(200)),
  taxonomy_2: OptionalTaxonomy,
  taxonomy_3: OptionalTaxonomy,
  taxonomy_4: OptionalTaxonomy,
  cost: Schema.Number,
  frequency: Frequency,
};

/**
 * A spend configuration as the form and the batch import send it (create, and the whole
 * form on edit). Other fields the form carries (id, meta, days, original_frequency) are
 * ignored. A single configuration's end date is ignored.
 */
export const FixedCostInput = Schema.Struct(fixedCostFields).pipe(
  Schema.filter((value) => {
    const problems = spendProblems({ ...value, spend: value.cost });
    return problems.length === 0
      ? undefined
      : problems.map(({ field, message }) => ({ path: [field === "spend" ? "cost" : field], message }));
  }),
);
export type FixedCostInput = typeof FixedCostInput.Type;

/** A stored configuration's version: 1 when created, one more with each edit. */
export const SpendVersion = Schema.Int.pipe(Schema.positive());

/**
 * An edit: any of the form's fields, and the version of the configuration the edit started
 * from (as loaded); the result of merging it into the stored one must be a FixedCostInput.
 * When the stored version is another one (someone saved an edit meanwhile) the edit is
 * refused with 409 `stale_spend`.
 */
export const FixedCostPatch = Schema.extend(Schema.partial(Schema.Struct(fixedCostFields)), Schema.Struct({ version: SpendVersion }));
export type FixedCostPatch = typeof FixedCostPatch.Type;

/** What `meta` holds: the frequency and the frequency the configuration was created with. */
export const FixedCostMeta = Schema.Struct({ frequency: Frequency, original_frequency: Frequency });
export type FixedCostMeta = typeof FixedCostMeta.Type;

/**
 * A stored configuration. Empty levels are 'None'; a single configuration has no end
 * date; `days` counts start to end inclusive (1 for single). On the wire `meta` is a
 * JSON string; decoding turns it into a FixedCostMeta.
 */
export const FixedCost = Schema.Struct({
  id: Schema.Number,
  ...taxonomyPathFields,
  cost: Schema.Number,
  start_date: Schema.String,
  end_date: Schema.NullOr(Schema.String),
  meta: Schema.parseJson(FixedCostMeta),
  days: Schema.Number,
  /** The version an edit names (FixedCostPatch); the server always sends it. */
  version: Schema.optional(Schema.Number),
});
export type FixedCost = typeof FixedCost.Type;

/** A configuration's own values: its taxonomy path, cost and dates (end_date null when single). */
export type FixedCostFields = Pick<FixedCost, "taxonomy_1" | "taxonomy_2" | "taxonomy_3" | "taxonomy_4" | "cost" | "start_date" | "end_date">;
/** The `error` of an edit's 409 answer: the configuration was saved by someone else since the edit's version. */
export const staleSpendError = "stale_spend";

export const FixedCostList = listAnswer(FixedCost);
export type FixedCostList = typeof FixedCostList.Type;

export const FixedCostAnswer = Schema.Struct({ data: FixedCost });
export type FixedCostAnswer = typeof FixedCostAnswer.Type;

/** Inclusive day count of a configuration: 1 for single, else start to end. */
export const configurationDays = (startDate: string, endDate: string | null, frequency: Frequency): number =>
  frequency === "single" || endDate === null ? 1 : inclusiveDays(startDate, endDate);

/** One variable spend row (a batch import row of variable spend). */
export const VariableCostInput = Schema.Struct({
  date: CalendarDate,
  taxonomy_1: TaxonomyName,
  cost_link: FilledText(500),
  cost: Cost,
});
export type VariableCostInput = typeof VariableCostInput.Type;

export const VariableCost = Schema.Struct({
  id: Schema.Number,
  taxonomy_1: Schema.String,
  cost: Schema.Number,
  date: Schema.String,
  cost_link: Schema.String,
});
export type VariableCost = typeof VariableCost.Type;

export const VariableCostList = listAnswer(VariableCost);
export type VariableCostList = typeof VariableCostList.Type;

/**
 * Which kind of spend a POST to fixed-costs carries: the variable batch import posts
 * `{date, taxonomy_1, cost_link, cost}` to the same path, so a body with `date` or
 * `cost_link` and no `start_date` is a variable spend row; anything else is fixed.
 */
export const spendRowKind = (body: unknown): "fixed" | "variable" =>
  typeof body === "object" &&
  body !== null &&
  !Array.isArray(body) &&
  !("start_date" in body) &&
  ("date" in body || "cost_link" in body)
    ? "variable"
    : "fixed";
