import { formatMoney, type NumberFormatOptions } from "../report/numberFormat";
import { reportTexts } from "../report/reportTexts";
import { taxonomyLevels } from "../report/taxonomyLevels";
import { isEmptyLevel, spendProblems, spendRuleMessages, type SpendFrequency } from "./spendRules";

export { spendFrequencies, spendPattern, type SpendFrequency } from "./spendRules";

/**
 * The quick spend entry form and the body it sends. Its rules and their messages are the
 * spend rules (`spendRules.ts`), which the server decodes a sent configuration with too.
 */

export const spendFrequencyLabels: Readonly<Record<SpendFrequency, string>> = {
  single: "Single",
  daily: "Daily",
  monthly: "Monthly",
  yearly: "Yearly",
};

export const spendFormFields = [...taxonomyLevels, "spend", "frequency", "start_date", "end_date"] as const;
export type SpendFormField = (typeof spendFormFields)[number];

/** What the person typed; every field is text (dates YYYY-MM-DD, "" when unset). */
export type SpendFormValues = Readonly<Record<SpendFormField, string>>;

export const emptySpendForm: SpendFormValues = {
  taxonomy_1: "",
  taxonomy_2: "",
  taxonomy_3: "",
  taxonomy_4: "",
  spend: "",
  frequency: "single",
  start_date: "",
  end_date: "",
};

export const spendMessages = {
  ...spendRuleMessages,
  /** The toast on save when the form is invalid (3 seconds). */
  invalidToast: reportTexts.toasts.spendInvalid,
} as const;

/** The end date is disabled (and not sent) when the frequency is single. */
export const isEndDateEnabled = (frequency: string): boolean => frequency.trim() !== "single";

/** The body of a spend entry as sent: taxonomies 2-4 only when filled, end_date only when not single. */
export interface SpendEntry {
  readonly taxonomy_1: string;
  readonly taxonomy_2?: string;
  readonly taxonomy_3?: string;
  readonly taxonomy_4?: string;
  readonly cost: number;
  readonly start_date: string;
  readonly frequency: SpendFrequency;
  readonly end_date?: string;
}

/**
 * The request body of a valid form: texts trimmed; taxonomy_2..4 only when not empty;
 * cost as a number; end_date only when the frequency is not single.
 */
export const spendRequestBody = (v: SpendFormValues): SpendEntry => {
  const frequency = v.frequency.trim() as SpendFrequency;
  const optional = (field: "taxonomy_2" | "taxonomy_3" | "taxonomy_4") => (isEmptyLevel(v[field]) ? {} : { [field]: v[field].trim() });
  return {
    taxonomy_1: v.taxonomy_1.trim(),
    ...optional("taxonomy_2"),
    ...optional("taxonomy_3"),
    ...optional("taxonomy_4"),
    cost: Number(v.spend.trim()),
    start_date: v.start_date.trim(),
    frequency,
    ...(frequency === "single" ? {} : { end_date: v.end_date.trim() }),
  };
};

export type SpendFormErrors = Partial<Record<SpendFormField, string>>;

export type SpendValidation =
  | { readonly ok: true; readonly body: SpendEntry }
  | { readonly ok: false; readonly errors: SpendFormErrors; readonly toast: string };

/** Validates a form with the spend rules: the body when valid, else the first message per field and the toast. */
export const validateSpendForm = (form: SpendFormValues): SpendValidation => {
  const problems = spendProblems(form);
  if (problems.length === 0) return { ok: true, body: spendRequestBody(form) };
  const errors: Partial<Record<SpendFormField, string>> = {};
  for (const { field, message } of problems) {
    if (!(field in errors)) errors[field] = message;
  }
  return { ok: false, errors, toast: spendMessages.invalidToast };
};

/** The spend form's own words around saving (the product words only the field labels and the toast). */
export const spendFormTexts = {
  create: "Create Spend",
  creating: "Creating…",
  duration: "Duration",
  startDate: "Start date",
  endDate: "End date",
  endDisabledHint: "A single spend has no end date.",
  /** The server refused the configuration: its own reason follows. */
  refused: (reason: string) => `The spend configuration was not created: ${reason}`,
  serverFailed: "The spend configuration was not created: the server could not save it. Please try again.",
  unreachable: "The spend configuration was not created: the server could not be reached. Please try again.",
  unreadableAnswer: "The server's answer could not be read: please check the report before creating it again.",
} as const;

/** The labels of the taxonomy fields: "Taxonomy 1" to "Taxonomy 4". */
export const spendFieldLabels: Readonly<Record<SpendFormField, string>> = {
  taxonomy_1: "Taxonomy 1",
  taxonomy_2: "Taxonomy 2",
  taxonomy_3: "Taxonomy 3",
  taxonomy_4: "Taxonomy 4",
  spend: "Spend",
  frequency: "Frequency",
  start_date: spendFormTexts.startDate,
  end_date: spendFormTexts.endDate,
};

/** The taxonomy path of an entry, levels joined by " / " ("Paid Search / Google"). */
export const spendEntryPath = (entry: SpendEntry): string =>
  [entry.taxonomy_1, entry.taxonomy_2, entry.taxonomy_3, entry.taxonomy_4].filter((t): t is string => t !== undefined && t !== "").join(" / ");

/**
 * What the form says once a configuration is created, naming it: "Created a single spend
 * of £120.50 for Paid Search / Google on 2026-01-01." or "Created a monthly spend of
 * £120.50 for Paid Search from 2026-01-01 to 2026-06-30." (money in the program's
 * currency and locale).
 */
export const spendCreatedMessage = (entry: SpendEntry, money: NumberFormatOptions = {}): string => {
  const amount = formatMoney(entry.cost, 2, money);
  const when = entry.frequency === "single" || entry.end_date === undefined ? `on ${entry.start_date}` : `from ${entry.start_date} to ${entry.end_date}`;
  return `Created a ${entry.frequency} spend of ${amount} for ${spendEntryPath(entry)} ${when}.`;
};
