import { describe, expect, it } from "vitest";
import {
  emptySpendForm,
  isEndDateEnabled,
  spendFrequencies,
  spendMessages,
  spendPattern,
  spendRequestBody,
  spendCreatedMessage,
  spendEntryPath,
  validateSpendForm,
  type SpendEntry,
  type SpendFormErrors,
  type SpendFormValues,
} from "../../../src/domain/spend/spendForm";
import type { NumberFormatOptions } from "../../../src/domain/report/numberFormat";
import { reportTexts } from "../../../src/domain/report/reportTexts";

const valid: SpendFormValues = {
  taxonomy_1: "Paid Search",
  taxonomy_2: "",
  taxonomy_3: "",
  taxonomy_4: "",
  spend: "120.50",
  frequency: "monthly",
  start_date: "2026-01-01",
  end_date: "2026-06-30",
};
const form = (patch: Partial<SpendFormValues>): SpendFormValues => ({ ...valid, ...patch });
const errorsOf = (f: SpendFormValues): SpendFormErrors => {
  const r = validateSpendForm(f);
  return r.ok ? {} : r.errors;
};

describe("spendPattern (a decimal with 2 places)", () => {
  it.each([
    ["0", true],
    ["120", true],
    ["120.5", true],
    ["120.50", true],
    ["0.01", true],
    ["1000000.99", true],
    ["120.505", false],
    ["120.", false],
    [".5", false],
    ["-5", false],
    ["+5", false],
    ["1,000", false],
    ["1e3", false],
    ["12a", false],
    ["", false],
    ["£12", false],
  ])("%j -> %s", (text, ok) => {
    expect(spendPattern.test(text)).toBe(ok);
  });
});

describe("spend form rules", () => {
  it.each([
    ["a valid monthly entry", valid, {}],
    ["a valid single entry without an end", form({ frequency: "single", end_date: "" }), {}],
    ["a single entry ignores a stray end", form({ frequency: "single", end_date: "2020-01-01" }), {}],
    ["a single entry ignores an invalid end", form({ frequency: "single", end_date: "nonsense" }), {}],
    ["all four taxonomies", form({ taxonomy_2: "Google", taxonomy_3: "Brand", taxonomy_4: "Exact" }), {}],
    ["taxonomy 1 and 2 only", form({ taxonomy_2: "Google" }), {}],
    ["taxonomy 1, 2 and 3", form({ taxonomy_2: "Google", taxonomy_3: "Brand" }), {}],
    ["spend with spaces around", form({ spend: " 12 " }), {}],
    ["spend zero", form({ spend: "0.00" }), {}],
    ["daily", form({ frequency: "daily" }), {}],
    ["yearly", form({ frequency: "yearly" }), {}],
    ["end the day after start", form({ start_date: "2026-01-01", end_date: "2026-01-02" }), {}],

    ["taxonomy 1 missing", form({ taxonomy_1: "" }), { taxonomy_1: spendMessages.taxonomy1Required }],
    ["taxonomy 1 blank", form({ taxonomy_1: "   " }), { taxonomy_1: spendMessages.taxonomy1Required }],
    ["taxonomy 3 without 2", form({ taxonomy_3: "Brand" }), { taxonomy_2: spendMessages.taxonomy2Required }],
    [
      "taxonomy 4 without 2 and 3",
      form({ taxonomy_4: "Exact" }),
      { taxonomy_2: spendMessages.taxonomy2Required, taxonomy_3: spendMessages.taxonomy3Required },
    ],
    ["taxonomy 4 without 3", form({ taxonomy_2: "Google", taxonomy_4: "Exact" }), { taxonomy_3: spendMessages.taxonomy3Required }],
    ["taxonomy 4 without 2", form({ taxonomy_3: "Brand", taxonomy_4: "Exact" }), { taxonomy_2: spendMessages.taxonomy2Required }],
    ["blank taxonomy 3 does not count as filled", form({ taxonomy_3: "  " }), {}],

    ["spend missing", form({ spend: "" }), { spend: spendMessages.spendRequired }],
    ["spend blank", form({ spend: "  " }), { spend: spendMessages.spendRequired }],
    ["spend with 3 decimals", form({ spend: "1.005" }), { spend: spendMessages.spendDecimal }],
    ["spend negative", form({ spend: "-10" }), { spend: spendMessages.spendDecimal }],
    ["spend text", form({ spend: "ten" }), { spend: spendMessages.spendDecimal }],
    ["spend grouped", form({ spend: "1,200.00" }), { spend: spendMessages.spendDecimal }],

    ["frequency missing", form({ frequency: "" }), { frequency: spendMessages.frequencyInvalid }],
    ["frequency unknown", form({ frequency: "weekly" }), { frequency: spendMessages.frequencyInvalid }],
    ["frequency wrong case", form({ frequency: "Monthly" }), { frequency: spendMessages.frequencyInvalid }],

    ["start missing", form({ start_date: "" }), { start_date: spendMessages.startRequired }],
    ["start missing on a single", form({ frequency: "single", start_date: "" }), { start_date: spendMessages.startRequired }],
    ["start not a date", form({ start_date: "2026-02-30" }), { start_date: spendMessages.startInvalid }],
    ["start in another format", form({ start_date: "01/01/2026" }), { start_date: spendMessages.startInvalid }],
    ["end missing", form({ end_date: "" }), { end_date: spendMessages.endRequired }],
    ["end not a date", form({ end_date: "2026-13-01" }), { end_date: spendMessages.endInvalid }],
    [
      "start equal to end",
      form({ start_date: "2026-03-01", end_date: "2026-03-01" }),
      { start_date: spendMessages.startBeforeEnd, end_date: spendMessages.endAfterStart },
    ],
    [
      "start after end",
      form({ start_date: "2026-03-02", end_date: "2026-03-01" }),
      { start_date: spendMessages.startBeforeEnd, end_date: spendMessages.endAfterStart },
    ],
    [
      "the empty form",
      emptySpendForm,
      { taxonomy_1: spendMessages.taxonomy1Required, spend: spendMessages.spendRequired, start_date: spendMessages.startRequired },
    ],
    [
      "the empty form, monthly",
      { ...emptySpendForm, frequency: "monthly" },
      {
        taxonomy_1: spendMessages.taxonomy1Required,
        spend: spendMessages.spendRequired,
        start_date: spendMessages.startRequired,
        end_date: spendMessages.endRequired,
      },
    ],
  ] satisfies Array<[string, SpendFormValues, SpendFormErrors]>)("%s", (_name, values, expected) => {
    expect(errorsOf(values)).toEqual(expected);
    expect(validateSpendForm(values).ok).toBe(Object.keys(expected).length === 0);
  });

  it("gives the spec's toast when invalid", () => {
    const r = validateSpendForm(form({ taxonomy_1: "" }));
    expect(r).toMatchObject({ ok: false, toast: "The spend configuration is not valid! Please check the fields." });
    expect(spendMessages.invalidToast).toBe(reportTexts.toasts.spendInvalid);
  });
});

describe("isEndDateEnabled", () => {
  it.each([
    ["single", false],
    [" single ", false],
    ["daily", true],
    ["monthly", true],
    ["yearly", true],
    ["", true],
  ])("%j -> %s", (frequency, enabled) => {
    expect(isEndDateEnabled(frequency)).toBe(enabled);
  });

  it("frequencies are single, daily, monthly, yearly", () => {
    expect(spendFrequencies).toEqual(["single", "daily", "monthly", "yearly"]);
  });
});

describe("spendRequestBody (the spend entry as sent)", () => {
  it.each([
    [
      "monthly with taxonomy 1 only",
      valid,
      { taxonomy_1: "Paid Search", cost: 120.5, start_date: "2026-01-01", frequency: "monthly", end_date: "2026-06-30" },
    ],
    [
      "single: no end_date",
      form({ frequency: "single", end_date: "2026-06-30" }),
      { taxonomy_1: "Paid Search", cost: 120.5, start_date: "2026-01-01", frequency: "single" },
    ],
    [
      "all taxonomies, trimmed",
      form({ taxonomy_1: " Paid Search ", taxonomy_2: " Google", taxonomy_3: "Brand ", taxonomy_4: "Exact", spend: " 99.95 " }),
      {
        taxonomy_1: "Paid Search",
        taxonomy_2: "Google",
        taxonomy_3: "Brand",
        taxonomy_4: "Exact",
        cost: 99.95,
        start_date: "2026-01-01",
        frequency: "monthly",
        end_date: "2026-06-30",
      },
    ],
    [
      "blank taxonomies are left out",
      form({ taxonomy_2: "Google", taxonomy_3: "   ", frequency: "daily" }),
      { taxonomy_1: "Paid Search", taxonomy_2: "Google", cost: 120.5, start_date: "2026-01-01", frequency: "daily", end_date: "2026-06-30" },
    ],
    [
      "whole spend",
      form({ spend: "300", frequency: "yearly" }),
      { taxonomy_1: "Paid Search", cost: 300, start_date: "2026-01-01", frequency: "yearly", end_date: "2026-06-30" },
    ],
  ])("%s", (_name, values, expected) => {
    expect(spendRequestBody(values)).toStrictEqual(expected);
    expect(validateSpendForm(values)).toStrictEqual({ ok: true, body: expected });
  });

  it("sends no key for an empty taxonomy", () => {
    expect(Object.keys(spendRequestBody(form({ frequency: "single" })))).toEqual(["taxonomy_1", "cost", "start_date", "frequency"]);
  });
});

describe("spendCreatedMessage (what the form says once created)", () => {
  it.each([
    [
      "single, one taxonomy, default currency",
      { taxonomy_1: "Paid Search", cost: 120.5, start_date: "2026-01-01", frequency: "single" },
      {},
      "Created a single spend of £120.50 for Paid Search on 2026-01-01.",
    ],
    [
      "monthly, two taxonomies, USD",
      { taxonomy_1: "Paid Search", taxonomy_2: "Google", cost: 1200, start_date: "2026-01-01", frequency: "monthly", end_date: "2026-06-30" },
      { currency: "USD", locale: "en-US" },
      "Created a monthly spend of $1,200.00 for Paid Search / Google from 2026-01-01 to 2026-06-30.",
    ],
    [
      "all four levels, euros in German",
      { taxonomy_1: "A", taxonomy_2: "B", taxonomy_3: "C", taxonomy_4: "D", cost: 0.5, start_date: "2026-02-01", frequency: "yearly", end_date: "2027-01-31" },
      { currency: "EUR", locale: "de-DE" },
      "Created a yearly spend of 0,50\u00a0€ for A / B / C / D from 2026-02-01 to 2027-01-31.",
    ],
  ] satisfies Array<[string, SpendEntry, NumberFormatOptions, string]>)("%s", (_name, entry, money, expected) => {
    expect(spendCreatedMessage(entry, money)).toBe(expected);
  });

  it("names the entry a valid form sends", () => {
    const r = validateSpendForm(form({ taxonomy_2: "Google", taxonomy_3: "Brand" }));
    expect(r.ok && spendEntryPath(r.body)).toBe("Paid Search / Google / Brand");
  });
});
