import { describe, expect, it } from "vitest";
import type { FixedCost } from "../../../src/domain/spend/costs";
import { fixedSpendCreateKey, fixedSpendFormOf, fixedSpendIdOf, fixedSpendUpdateOf, newFixedSpendForm } from "../../../src/domain/spend/fixedSpendForm";
import { validateSpendForm, type SpendEntry } from "../../../src/domain/spend/spendForm";

const stored = (overrides: Partial<FixedCost> = {}): FixedCost => ({
  id: 7,
  taxonomy_1: "SEO",
  taxonomy_2: "Google Organic",
  taxonomy_3: "None",
  taxonomy_4: "None",
  cost: 2500,
  start_date: "2026-01-05",
  end_date: "2026-01-31",
  meta: { frequency: "daily", original_frequency: "daily" },
  days: 27,
  ...overrides,
});

describe("newFixedSpendForm", () => {
  it.each([
    ["2026-01-05", "2026-01-06"],
    ["2026-01-31", "2026-02-01"],
    ["2024-02-28", "2024-02-29"],
    ["2025-12-31", "2026-01-01"],
  ])("starts on %s with cost 0, daily, to the next day %s, every taxonomy empty", (today, tomorrow) => {
    expect(newFixedSpendForm(today)).toEqual({
      taxonomy_1: "",
      taxonomy_2: "",
      taxonomy_3: "",
      taxonomy_4: "",
      spend: "0",
      frequency: "daily",
      start_date: today,
      end_date: tomorrow,
    });
  });

  it("breaks only the taxonomy 1 rule of the spend form until a taxonomy is typed", () => {
    const r = validateSpendForm(newFixedSpendForm("2026-01-05"));
    expect(r.ok ? {} : r.errors).toEqual({ taxonomy_1: "Taxonomy 1 is required." });
    expect(validateSpendForm({ ...newFixedSpendForm("2026-01-05"), taxonomy_1: "Display" }).ok).toBe(true);
  });
});

describe("fixedSpendFormOf", () => {
  it.each<[string, Partial<FixedCost>, Record<string, string>]>([
    ["a daily configuration", {}, { taxonomy_2: "Google Organic", taxonomy_3: "", spend: "2500", frequency: "daily", end_date: "2026-01-31" }],
    ["a single one (no end date)", { end_date: null, meta: { frequency: "single", original_frequency: "single" } }, { frequency: "single", end_date: "" }],
    ["cents kept", { cost: 45.5 }, { spend: "45.5" }],
    ["two decimals", { cost: 99.95 }, { spend: "99.95" }],
    ["every level filled", { taxonomy_3: "Brand", taxonomy_4: "Exact" }, { taxonomy_3: "Brand", taxonomy_4: "Exact" }],
    ["an empty level as ''", { taxonomy_2: "None" }, { taxonomy_2: "" }],
  ])("%s", (_, overrides, expected) => {
    const form = fixedSpendFormOf(stored(overrides));
    expect(form).toMatchObject(expected);
    expect(form.taxonomy_1).toBe("SEO");
  });

  it("gives a form that passes the spend form's rules", () => {
    expect(validateSpendForm(fixedSpendFormOf(stored())).ok).toBe(true);
    expect(validateSpendForm(fixedSpendFormOf(stored({ end_date: null, meta: { frequency: "single", original_frequency: "daily" } }))).ok).toBe(true);
  });
});

describe("fixedSpendUpdateOf", () => {
  it.each<[string, SpendEntry, object]>([
    [
      "empty levels are sent as '' and a single one's end date as null",
      { taxonomy_1: "SEO", cost: 10, start_date: "2026-01-05", frequency: "single" },
      { taxonomy_1: "SEO", taxonomy_2: "", taxonomy_3: "", taxonomy_4: "", cost: 10, start_date: "2026-01-05", end_date: null, frequency: "single" },
    ],
    [
      "every field as validated",
      { taxonomy_1: "SEO", taxonomy_2: "A", taxonomy_3: "B", taxonomy_4: "C", cost: 99.95, start_date: "2026-01-05", frequency: "monthly", end_date: "2026-06-30" },
      { taxonomy_1: "SEO", taxonomy_2: "A", taxonomy_3: "B", taxonomy_4: "C", cost: 99.95, start_date: "2026-01-05", end_date: "2026-06-30", frequency: "monthly" },
    ],
  ])("%s", (_, entry, expected) => {
    expect(fixedSpendUpdateOf(entry)).toEqual(expected);
  });
});

describe("fixedSpendIdOf", () => {
  it.each<[string, number | null]>([
    ["1", 1],
    ["42", 42],
    ["2147483647", 2147483647],
    ["2147483648", null],
    ["0", null],
    ["", null],
    ["-3", null],
    ["4.5", null],
    ["1e3", null],
    [" 7", null],
    ["7 ", null],
    ["abc", null],
    ["create", null],
    ["batch", null],
    ["99999999999", null],
  ])("%j → %j", (param, id) => {
    expect(fixedSpendIdOf(param)).toBe(id);
  });
});

describe("fixedSpendCreateKey", () => {
  const entry: SpendEntry = { taxonomy_1: "SEO", cost: 10, start_date: "2026-01-05", frequency: "daily", end_date: "2026-01-06" };

  it("is the same for the same form and body (a save sent again), printable and short enough for the server", () => {
    const key = fixedSpendCreateKey("form-a", entry);
    expect(key).toBe(fixedSpendCreateKey("form-a", { ...entry }));
    expect(key).toMatch(/^spend-form-[0-9a-f]{32}$/);
  });

  it.each<[string, string, SpendEntry]>([
    ["another form", "form-b", entry],
    ["another cost", "form-a", { ...entry, cost: 11 }],
    ["another taxonomy", "form-a", { ...entry, taxonomy_2: "Google" }],
    ["another end date", "form-a", { ...entry, end_date: "2026-01-07" }],
  ])("differs for %s", (_, formId, other) => {
    expect(fixedSpendCreateKey(formId, other)).not.toBe(fixedSpendCreateKey("form-a", entry));
  });
});
