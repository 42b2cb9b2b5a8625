import { isCalendarDate } from "../report/configuration";

/**
 * The spend rules, once: the spend form's validation rules (taxonomy 1 to 4, Spend,
 * Frequency, Duration) and their messages in the product's words. The form machines check
 * what a person typed with them (`spendForm.ts`), and the server decodes a sent spend
 * configuration with them (`costs.ts`, `FixedCostInput`), so both refuse the same entries
 * with the same words.
 */

/** The spend frequencies, in the order the form offers them. */
export const spendFrequencies = ["single", "daily", "monthly", "yearly"] as const;
export type SpendFrequency = (typeof spendFrequencies)[number];

export const isSpendFrequency = (value: unknown): value is SpendFrequency =>
  (spendFrequencies as ReadonlyArray<unknown>).includes(value);

/** The fields the rules speak of: the spend form's (the server calls `spend` `cost`). */
export const spendRuleFields = ["taxonomy_1", "taxonomy_2", "taxonomy_3", "taxonomy_4", "spend", "frequency", "start_date", "end_date"] as const;
export type SpendRuleField = (typeof spendRuleFields)[number];

/** Largest cost a configuration may carry. */
export const largestCost = 1_000_000_000_000;

/** The rules' messages: the spend form's validation rules in the spec's words. */
export const spendRuleMessages = {
  taxonomy1Required: "Taxonomy 1 is required.",
  taxonomy2Required: "Taxonomy 2 is required if taxonomy 3 or taxonomy 4 is filled.",
  taxonomy3Required: "Taxonomy 3 is required if taxonomy 4 is filled.",
  spendRequired: "Spend is required.",
  spendDecimal: "Spend must be a decimal with 2 places.",
  spendTooLarge: `Spend must be at most ${largestCost.toLocaleString("en-GB")}.`,
  frequencyInvalid: "Frequency is required: single, daily, monthly or yearly.",
  startRequired: "Start date is required.",
  startInvalid: "Start date must be a valid date (YYYY-MM-DD).",
  startBeforeEnd: "Start date must be before the end date.",
  endRequired: "End date is required.",
  endInvalid: "End date must be a valid date (YYYY-MM-DD).",
  endAfterStart: "End date must be after the start date.",
} as const;

/** The taxonomy value of an empty level. */
export const noneLevel = "None";

/** Whether a taxonomy level is empty: absent, null, blank or "None". */
export const isEmptyLevel = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === "" || value === noneLevel;

/** Whether a number has at most two decimal places (0.1 + 0.2 style float noise tolerated). */
export const hasAtMostTwoDecimals = (value: number): boolean => {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
};

/**
 * "A decimal with 2 places" as typed: a non-negative amount with at most 2 decimals
 * ("120", "120.5", "120.50"); no sign, no grouping, no exponent, nothing after 2 decimals.
 */
export const spendPattern = /^\d+(\.\d{1,2})?$/;

/** What is wrong with a cost as sent (a number), or undefined: at least 0, at most 2 decimals, not too large. */
export const costProblem = (cost: number): string | undefined => {
  if (!Number.isFinite(cost) || cost < 0 || !hasAtMostTwoDecimals(cost)) return spendRuleMessages.spendDecimal;
  return cost > largestCost ? spendRuleMessages.spendTooLarge : undefined;
};

/** What is wrong with a spend as typed (text) or sent (a number), or undefined. */
export const spendProblem = (spend: string | number | null | undefined): string | undefined => {
  if (typeof spend === "number") return costProblem(spend);
  const text = textOf(spend);
  if (text === "") return spendRuleMessages.spendRequired;
  return spendPattern.test(text) ? costProblem(Number(text)) : spendRuleMessages.spendDecimal;
};

/** A spend entry as the rules read it: the form's texts, or the values a client sent. */
export interface SpendRuleInput {
  readonly taxonomy_1: string;
  readonly taxonomy_2?: string | null | undefined;
  readonly taxonomy_3?: string | null | undefined;
  readonly taxonomy_4?: string | null | undefined;
  readonly spend: string | number;
  readonly frequency: string;
  readonly start_date: string;
  readonly end_date?: string | null | undefined;
}

/** A text field trimmed; anything that is not text (a value missing from the form) reads as empty. */
const textOf = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

export interface SpendProblem {
  readonly field: SpendRuleField;
  readonly message: string;
}

/**
 * Every broken rule of a spend entry, in field order (a field may have two, the first is
 * the one to show):
 * - taxonomy 1 is required; taxonomy 2 is required if taxonomy 3 or 4 is filled; taxonomy
 *   3 is required if taxonomy 4 is filled ("None" is an empty level);
 * - Spend is required and must be a decimal with 2 places;
 * - Frequency is required: single, daily, monthly or yearly;
 * - Start date is required (a date written YYYY-MM-DD); unless the frequency is single,
 *   the end date is required too and the start must be before the end. A single entry's
 *   end date is not read (the form disables it and nothing sends it).
 * Texts are read trimmed.
 */
export const spendProblems = (entry: SpendRuleInput): ReadonlyArray<SpendProblem> => {
  const problems: Array<SpendProblem> = [];
  const problem = (field: SpendRuleField, message: string | undefined) => {
    if (message !== undefined) problems.push({ field, message });
  };
  if (textOf(entry.taxonomy_1) === "") problem("taxonomy_1", spendRuleMessages.taxonomy1Required);
  if (isEmptyLevel(entry.taxonomy_2) && !(isEmptyLevel(entry.taxonomy_3) && isEmptyLevel(entry.taxonomy_4))) {
    problem("taxonomy_2", spendRuleMessages.taxonomy2Required);
  }
  if (isEmptyLevel(entry.taxonomy_3) && !isEmptyLevel(entry.taxonomy_4)) problem("taxonomy_3", spendRuleMessages.taxonomy3Required);

  problem("spend", spendProblem(entry.spend));

  const frequency = textOf(entry.frequency);
  if (!isSpendFrequency(frequency)) problem("frequency", spendRuleMessages.frequencyInvalid);

  const start = textOf(entry.start_date);
  const startValid = isCalendarDate(start);
  if (start === "") problem("start_date", spendRuleMessages.startRequired);
  else if (!startValid) problem("start_date", spendRuleMessages.startInvalid);

  if (frequency === "single") return problems;
  const end = textOf(entry.end_date);
  const endValid = isCalendarDate(end);
  if (end === "") problem("end_date", spendRuleMessages.endRequired);
  else if (!endValid) problem("end_date", spendRuleMessages.endInvalid);

  if (startValid && endValid && start >= end) {
    problem("start_date", spendRuleMessages.startBeforeEnd);
    problem("end_date", spendRuleMessages.endAfterStart);
  }
  return problems;
};
