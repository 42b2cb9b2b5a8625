import { Schema } from "effect";
import { CalendarDate, FilledText, inclusiveDays } from "../report/configuration";

/**
 * Fixed (manual) spend configurations and variable spend rows (docs/engine.md, data model).
 */

export const frequencies = ["single", "daily", "monthly", "yearly"] as const;
export const Frequency = Schema.Literal(...frequencies);
export type Frequency = typeof Frequency.Type;

/** The taxonomy value of an empty level. */
const noneLevel = "None";

/** Largest cost a configuration may carry. */
export const largestCost = 1_000_000_000_000;

/** Whether a number has at most two decimal places (0.1 + 0.2 style float noise tolerated). */
export const hasAtMostTwoDecimals = (value: number): boolean => {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
};

/** Money as entered: at least 0, at most 2 decimals. */
export const Cost = Schema.Number.pipe(
  Schema.finite(),
  Schema.greaterThanOrEqualTo(0, { message: () => "Expected a cost of 0 or more" }),
  Schema.lessThanOrEqualTo(largestCost),
  Schema.filter((value) => (hasAtMostTwoDecimals(value) ? undefined : "Expected a cost with at most 2 decimal places")),
);

/** Taxonomy 1: required text. */
export const TaxonomyName = FilledText(200);

/** Taxonomy 2 to 4 as sent: absent, null, "" or "None" all mean the level is empty. */
const OptionalTaxonomy = Schema.optional(Schema.NullOr(Schema.String.pipe(Schema.maxLength(200))));

/** An end date as sent: absent, null or "" when there is none (single). */
const OptionalDate = Schema.optional(Schema.NullOr(Schema.Union(Schema.Literal(""), CalendarDate)));

/** Whether a sent taxonomy level is empty. */
export const isEmptyLevel = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === "" || value === noneLevel;

/** A level as stored and answered: its trimmed text, or 'None' when empty. */
export const levelValue = (value: string | null | undefined): string =>
  isEmptyLevel(value) ? noneLevel : (value ?? "").trim();

const fixedCostFields = {
  start_date: CalendarDate,
  end_date: OptionalDate,
  taxonomy_1: TaxonomyName,
  taxonomy_2: OptionalTaxonomy,
  taxonomy_3: OptionalTaxonomy,
  taxonomy_4: OptionalTaxonomy,
  cost: Cost,
  frequency: Frequency,
};

interface FixedCostShape {
  readonly start_date: string;
  readonly end_date?: string | null | undefined;
  readonly taxonomy_2?: string | null | undefined;
  readonly taxonomy_3?: string | null | undefined;
  readonly taxonomy_4?: string | null | undefined;
  readonly frequency: Frequency;
}

/**
 * The spend form's cross-field rules: taxonomy 2 is
 * required when 3 or 4 is filled, taxonomy 3 when 4 is; unless the frequency is single,
 * the end date is required and after the start date.
 */
export const fixedCostProblems = (value: FixedCostShape): ReadonlyArray<{ path: ReadonlyArray<string>; message: string }> => {
  const problems: Array<{ path: ReadonlyArray<string>; message: string }> = [];
  if (isEmptyLevel(value.taxonomy_2) && !(isEmptyLevel(value.taxonomy_3) && isEmptyLevel(value.taxonomy_4))) {
    problems.push({ path: ["taxonomy_2"], message: "Taxonomy 2 is required when taxonomy 3 or taxonomy 4 is filled" });
  }
  if (isEmptyLevel(value.taxonomy_3) && !isEmptyLevel(value.taxonomy_4)) {
    problems.push({ path: ["taxonomy_3"], message: "Taxonomy 3 is required when taxonomy 4 is filled" });
  }
  if (value.frequency !== "single") {
    if (!value.end_date) {
      problems.push({ path: ["end_date"], message: "The end date is required unless the frequency is single" });
    } else if (value.end_date <= value.start_date) {
      problems.push({ path: ["end_date"], message: "The end date must be after the start date" });
    }
  }
  return problems;
};

/**
 * A spend configuration as the form and the batch import send it (create, and the whole
 * form on edit). Other fields the form carries (id, meta, days, original_frequency) are
 * ignored. A single configuration's end date is ignored.
 */
export const FixedCostInput = Schema.Struct(fixedCostFields).pipe(
  Schema.filter((value) => {
    const problems = fixedCostProblems(value);
    return problems.length === 0 ? undefined : problems;
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
  taxonomy_1: Schema.String,
  taxonomy_2: Schema.String,
  taxonomy_3: Schema.String,
  taxonomy_4: Schema.String,
  cost: Schema.Number,
  start_date: Schema.String,
  end_date: Schema.NullOr(Schema.String),
  meta: Schema.parseJson(FixedCostMeta),
  days: Schema.Number,
  /** The version an edit names (FixedCostPatch); the server always sends it. */
  version: Schema.optional(Schema.Number),
});
export type FixedCost = typeof FixedCost.Type;

/** The `error` of an edit's 409 answer: the configuration was saved by someone else since the edit's version. */
export const staleSpendError = "stale_spend";

export const FixedCostList = Schema.Struct({ data: Schema.Array(FixedCost) });
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

export const VariableCostList = Schema.Struct({ data: Schema.Array(VariableCost) });
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
