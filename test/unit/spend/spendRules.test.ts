import { Either, ParseResult, Schema } from "effect";
import { describe, expect, it } from "vitest";
import { FixedCostInput, Frequency } from "../../../src/domain/spend/costs";
import { validateSpendForm, type SpendFormValues } from "../../../src/domain/spend/spendForm";
import { spendFrequencies, spendProblem, spendProblems, type SpendRuleField } from "../../../src/domain/spend/spendRules";

/**
 * The spend rules once, with the spec's words: what the form shows for what a person typed
 * and what the server refuses a sent configuration with are the same messages.
 */

const typed: SpendFormValues = {
  taxonomy_1: "Paid Search",
  taxonomy_2: "",
  taxonomy_3: "",
  taxonomy_4: "",
  spend: "120.50",
  frequency: "monthly",
  start_date: "2026-01-01",
  end_date: "2026-06-30",
};

/** The same entry as a client sends it: cost a number, empty levels left out. */
const sentOf = (form: SpendFormValues): Record<string, unknown> => {
  const cost = Number(form.spend);
  return {
    ...form,
    spend: undefined,
    cost: form.spend.trim() === "" || !Number.isFinite(cost) ? undefined : cost,
  };
};

type Expected = Partial<Record<SpendRuleField, string>>;

const cases: ReadonlyArray<readonly [string, Partial<SpendFormValues>, Expected]> = [
  ["a valid monthly entry", {}, {}],
  ["a valid single entry, no end", { frequency: "single", end_date: "" }, {}],
  ["a single entry's end is not read", { frequency: "single", end_date: "2020-01-01" }, {}],
  ["all four taxonomies", { taxonomy_2: "Google", taxonomy_3: "Brand", taxonomy_4: "Exact" }, {}],
  ["spend zero", { spend: "0" }, {}],
  ["the end the day after the start", { start_date: "2026-01-01", end_date: "2026-01-02" }, {}],

  ["taxonomy 1 missing", { taxonomy_1: "" }, { taxonomy_1: "Taxonomy 1 is required." }],
  ["taxonomy 1 blank", { taxonomy_1: "  " }, { taxonomy_1: "Taxonomy 1 is required." }],
  ["taxonomy 3 without 2", { taxonomy_3: "Brand" }, { taxonomy_2: "Taxonomy 2 is required if taxonomy 3 or taxonomy 4 is filled." }],
  [
    "taxonomy 4 without 2 and 3",
    { taxonomy_4: "Exact" },
    { taxonomy_2: "Taxonomy 2 is required if taxonomy 3 or taxonomy 4 is filled.", taxonomy_3: "Taxonomy 3 is required if taxonomy 4 is filled." },
  ],
  ["taxonomy 4 without 3", { taxonomy_2: "Google", taxonomy_4: "Exact" }, { taxonomy_3: "Taxonomy 3 is required if taxonomy 4 is filled." }],
  ["'None' is an empty level", { taxonomy_2: "Google", taxonomy_3: "None", taxonomy_4: "Exact" }, { taxonomy_3: "Taxonomy 3 is required if taxonomy 4 is filled." }],

  ["spend missing", { spend: "" }, { spend: "Spend is required." }],
  ["spend with 3 decimals", { spend: "1.005" }, { spend: "Spend must be a decimal with 2 places." }],
  ["spend negative", { spend: "-10" }, { spend: "Spend must be a decimal with 2 places." }],
  ["spend too large", { spend: "1000000000000.01" }, { spend: "Spend must be at most 1,000,000,000,000." }],

  ["frequency unknown", { frequency: "weekly" }, { frequency: "Frequency is required: single, daily, monthly or yearly." }],

  ["start missing", { start_date: "" }, { start_date: "Start date is required." }],
  ["start not a date", { start_date: "2026-02-30" }, { start_date: "Start date must be a valid date (YYYY-MM-DD)." }],
  ["end missing (monthly)", { end_date: "" }, { end_date: "End date is required." }],
  ["end not a date", { end_date: "2026-13-01" }, { end_date: "End date must be a valid date (YYYY-MM-DD)." }],
  [
    "start on the end",
    { start_date: "2026-03-01", end_date: "2026-03-01" },
    { start_date: "Start date must be before the end date.", end_date: "End date must be after the start date." },
  ],
  [
    "start after the end (daily)",
    { frequency: "daily", start_date: "2026-03-02", end_date: "2026-03-01" },
    { start_date: "Start date must be before the end date.", end_date: "End date must be after the start date." },
  ],
];

/** The first message per field, as the form shows them. */
const firstPerField = (problems: ReadonlyArray<{ field: SpendRuleField; message: string }>): Expected => {
  const errors: Expected = {};
  for (const { field, message } of problems) if (!(field in errors)) errors[field] = message;
  return errors;
};

/** The server's decoding of a sent configuration: its issues by field, the first per field. */
const serverRefusal = (body: unknown): Record<string, string> => {
  const decoded = Schema.decodeUnknownEither(FixedCostInput)(body, { errors: "all" });
  if (Either.isRight(decoded)) return {};
  const issues: Record<string, string> = {};
  for (const issue of ParseResult.ArrayFormatter.formatErrorSync(decoded.left)) {
    const field = String(issue.path[0]);
    if (!(field in issues)) issues[field] = issue.message;
  }
  return issues;
};

describe("the spend rules (spec's messages)", () => {
  it.each(cases)("%s", (_name, change, expected) => {
    const form = { ...typed, ...change };
    expect(firstPerField(spendProblems(form))).toEqual(expected);
    const validation = validateSpendForm(form);
    expect(validation.ok ? {} : validation.errors).toEqual(expected);
  });

  it.each(cases.filter(([, change]) => !("spend" in change) || change.spend !== ""))("the server refuses with the same words: %s", (_name, change, expected) => {
    const { spend, ...sentExpected } = expected;
    const serverExpected = spend === undefined ? sentExpected : { ...sentExpected, cost: spend };
    expect(serverRefusal(sentOf({ ...typed, ...change }))).toEqual(serverExpected);
  });

  it.each([
    [0, undefined],
    [99.95, undefined],
    [0.1 + 0.2, undefined],
    [-0.01, "Spend must be a decimal with 2 places."],
    [1.005, "Spend must be a decimal with 2 places."],
    [Number.NaN, "Spend must be a decimal with 2 places."],
    [1e12 + 1, "Spend must be at most 1,000,000,000,000."],
    ["120", undefined],
    [" 120.5 ", undefined],
    ["1,200", "Spend must be a decimal with 2 places."],
    ["1e3", "Spend must be a decimal with 2 places."],
    ["", "Spend is required."],
    [null, "Spend is required."],
  ] as const)("spend %j: %s", (spend, expected) => {
    expect(spendProblem(spend)).toBe(expected);
  });

  it("has one list of frequencies, the form's and the server's", () => {
    expect(spendFrequencies).toEqual(["single", "daily", "monthly", "yearly"]);
    for (const frequency of spendFrequencies) expect(Schema.is(Frequency)(frequency)).toBe(true);
    expect(Schema.is(Frequency)("weekly")).toBe(false);
    expect(serverRefusal({ ...sentOf(typed), frequency: "weekly" })).toEqual({ frequency: "Frequency is required: single, daily, monthly or yearly." });
  });
});
