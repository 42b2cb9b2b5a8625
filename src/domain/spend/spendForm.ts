import { z } from "../shell/formSchema";
import { temporal } from "../report/temporal";
import { parseDate } from "../report/dateRange";
import { formatMoney, type NumberFormatOptions } from "../report/numberFormat";
import { reportTexts } from "../report/reportTexts";
import { taxonomyLevels } from "../report/taxonomyLevels";

/**
 * The quick spend entry form and the body it sends. The product words only the toast; the
 * field messages below are this module's own.
 */

export const spendFrequencies = ["single", "daily", "monthly", "yearly"] as const;
export type SpendFrequency = (typeof spendFrequencies)[number];

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
  taxonomy1Required: "Taxonomy 1 is required.",
  taxonomy2Required: "Taxonomy 2 is required when taxonomy 3 or taxonomy 4 is filled.",
  taxonomy3Required: "Taxonomy 3 is required when taxonomy 4 is filled.",
  spendRequired: "Spend is required.",
  spendDecimal: "Spend must be a number with at most 2 decimal places, such as 120 or 99.95.",
  frequencyInvalid: "Frequency must be single, daily, monthly or yearly.",
  startRequired: "Start date is required.",
  startInvalid: "Start date must be a valid date (YYYY-MM-DD).",
  startBeforeEnd: "Start date must be before the end date.",
  endRequired: "End date is required.",
  endInvalid: "End date must be a valid date (YYYY-MM-DD).",
  endAfterStart: "End date must be after the start date.",
  /** The toast on save when the form is invalid (3 seconds). */
  invalidToast: reportTexts.toasts.spendInvalid,
} as const;

/**
 * "A decimal with 2 places": a non-negative amount with at most 2 decimals ("120",
 * "120.5", "120.50"); no sign, no grouping, no exponent, nothing after 2 decimals.
 */
export const spendPattern = /^\d+(\.\d{1,2})?$/;

const filled = (s: string): boolean => s.trim() !== "";

const isFrequency = (s: string): s is SpendFrequency => (spendFrequencies as ReadonlyArray<string>).includes(s);

/** The end date is disabled (and not sent) when the frequency is single. */
export const isEndDateEnabled = (frequency: string): boolean => frequency.trim() !== "single";

/** The spend form's rules as a zod schema; every broken rule is an issue on its field. */
export const spendFormSchema = z
  .object({
    taxonomy_1: z.string(),
    taxonomy_2: z.string(),
    taxonomy_3: z.string(),
    taxonomy_4: z.string(),
    spend: z.string(),
    frequency: z.string(),
    start_date: z.string(),
    end_date: z.string(),
  })
  .superRefine((v, ctx) => {
    const issue = (field: SpendFormField, message: string) => ctx.addIssue({ code: "custom", message, path: [field] });
    if (!filled(v.taxonomy_1)) issue("taxonomy_1", spendMessages.taxonomy1Required);
    if (!filled(v.taxonomy_2) && (filled(v.taxonomy_3) || filled(v.taxonomy_4))) issue("taxonomy_2", spendMessages.taxonomy2Required);
    if (!filled(v.taxonomy_3) && filled(v.taxonomy_4)) issue("taxonomy_3", spendMessages.taxonomy3Required);

    if (!filled(v.spend)) issue("spend", spendMessages.spendRequired);
    else if (!spendPattern.test(v.spend.trim())) issue("spend", spendMessages.spendDecimal);

    const frequency = v.frequency.trim();
    if (!isFrequency(frequency)) issue("frequency", spendMessages.frequencyInvalid);
    const single = frequency === "single";

    const start = parseDate(v.start_date.trim());
    if (!filled(v.start_date)) issue("start_date", spendMessages.startRequired);
    else if (!start) issue("start_date", spendMessages.startInvalid);

    if (single) return;
    const end = parseDate(v.end_date.trim());
    if (!filled(v.end_date)) issue("end_date", spendMessages.endRequired);
    else if (!end) issue("end_date", spendMessages.endInvalid);

    if (start && end && temporal().PlainDate.compare(start, end) >= 0) {
      issue("start_date", spendMessages.startBeforeEnd);
      issue("end_date", spendMessages.endAfterStart);
    }
  });

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
  const optional = (field: "taxonomy_2" | "taxonomy_3" | "taxonomy_4") => (filled(v[field]) ? { [field]: v[field].trim() } : {});
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

/** The form's rules, then the body: parsing a form gives the request body. */
export const spendRequestSchema = spendFormSchema.transform(spendRequestBody);

export type SpendFormErrors = Partial<Record<SpendFormField, string>>;

export type SpendValidation =
  | { readonly ok: true; readonly body: SpendEntry }
  | { readonly ok: false; readonly errors: SpendFormErrors; readonly toast: string };

/** Validates a form: the body when valid, else the first message per field and the toast. */
export const validateSpendForm = (form: SpendFormValues): SpendValidation => {
  const r = spendRequestSchema.safeParse(form);
  if (r.success) return { ok: true, body: r.data };
  const errors: Partial<Record<SpendFormField, string>> = {};
  for (const issue of r.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (spendFormFields as ReadonlyArray<string>).includes(field) && !(field in errors)) {
      errors[field as SpendFormField] = issue.message;
    }
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
