import { temporal } from "../report/temporal";
import { validateSpendForm, type SpendEntry, type SpendFormErrors, type SpendFormValues } from "./spendForm";
import type { SheetRecord, SheetRow, WorkbookCell } from "../exports/workbookRows";
import { taxonomyLevels } from "../report/taxonomyLevels";

/**
 * Spend rows dropped as a spreadsheet on the performance report's file drop area (the
 * spend batch rules): the expected columns, the normalisation of each row (dates to YYYY-MM-DD, cost
 * stripped of non-numeric characters and rounded to 2 decimals, no end date -> single),
 * its validation with the spend form's rules, and the outcome words.
 */

/** The columns a spend sheet may hold, by canonical name (the spend entry's own field names). */
export const spendBatchColumns = [...taxonomyLevels, "cost", "frequency", "start_date", "end_date"] as const;
export type SpendBatchColumn = (typeof spendBatchColumns)[number];

/** Columns a sheet must hold to be sent: cost date, taxonomy 1 and cost. */
export const requiredSpendBatchColumns: ReadonlyArray<SpendBatchColumn> = ["taxonomy_1", "cost", "start_date"];

/** Other header spellings (compared as `headerKey`s: lower-case, spaces as underscores). */
export const spendBatchAliases: Readonly<Record<string, SpendBatchColumn>> = {
  taxonomy1: "taxonomy_1",
  taxonomy2: "taxonomy_2",
  taxonomy3: "taxonomy_3",
  taxonomy4: "taxonomy_4",
  spend: "cost",
  amount: "cost",
  cost_date: "start_date",
  start: "start_date",
  startdate: "start_date",
  date: "start_date",
  end: "end_date",
  enddate: "end_date",
};

export const spendBatchColumnLabels: Readonly<Record<SpendBatchColumn, string>> = {
  taxonomy_1: "Taxonomy 1",
  taxonomy_2: "Taxonomy 2",
  taxonomy_3: "Taxonomy 3",
  taxonomy_4: "Taxonomy 4",
  cost: "Spend",
  frequency: "Frequency",
  start_date: "Start date",
  end_date: "End date",
};

/** At most this many rows are being sent at once (the fixed spend batch concurrency). */
export const batchConcurrency = 10;

export const spendBatchTexts = {
  send: "Send",
  finished: (n: number) => `Finished: A total of ${n} records were processed`,
  missingColumns: (labels: ReadonlyArray<string>) =>
    `The sheet needs a column for each of Taxonomy 1, Spend and Start date (missing: ${labels.join(", ")}). Check the header row and the rows to skip.`,
  noRows: "The sheet holds no rows.",
  zeroCost: "The spend is 0: this row is not sent.",
  sendFailed: "This row could not be saved.",
  statuses: {
    ready: "Ready",
    invalid: "Not valid",
    zero_cost: "Zero cost",
    queued: "Waiting",
    sending: "Sending",
    retrying: "Retrying",
    success: "Saved",
    error: "Error",
  },
} as const;

// ---------------------------------------------------------------------------------------
// Normalisation

const monthNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

const monthOf = (word: string): number | null => {
  const w = word.toLowerCase().replace(/\.$/, "");
  if (w.length < 3) return null;
  const i = monthNames.findIndex((m) => m.startsWith(w) || (w === "sept" && m === "september"));
  return i < 0 ? null : i + 1;
};

const weekdays = /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(day|nesday|rsday|urday|sday)?\.?$/i;

const plainDate = (y: number, m: number, d: number): string | null => {
  try {
    return temporal().PlainDate.from({ year: y, month: m, day: d }, { overflow: "reject" }).toString();
  } catch {
    return null;
  }
};

const fullYear = (y: string): number => (y.length === 2 ? 2000 + Number(y) : Number(y));

/**
 * Excel's serial day numbers (1900 date system): 1 is 1900-01-01, 45658 is 2025-01-01.
 * Excel counts a 29 February 1900 that never was (serial 60): it is no date here, and
 * serials before it count from one day later.
 */
export const excelSerialDate = (serial: number): string | null => {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2958466) return null;
  const day = Math.floor(serial);
  if (day === 60) return null;
  return temporal()
    .PlainDate.from(day < 60 ? "1899-12-31" : "1899-12-30")
    .add({ days: day })
    .toString();
};

/**
 * A date as written in a sheet, as YYYY-MM-DD (null when it cannot be read): ISO dates
 * and date-times (the reader answers dated cells so), Excel serial numbers, Y/M/D and
 * D/M/Y with slashes, dots or dashes (M/D/Y when only that reading is a date), and
 * natural-language dates such as "5 January 2026", "Jan 5th, 2026", "Mon 5-Jan-26",
 * "today", "yesterday" and "tomorrow" (relative to `today`, YYYY-MM-DD, when given).
 */
export const normaliseBatchDate = (value: WorkbookCell | undefined, today?: string): string | null => {
  if (value === null || value === undefined || typeof value === "boolean") return null;
  if (typeof value === "number") return excelSerialDate(value);
  const text = value.trim();
  if (text === "") return null;

  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (m) return plainDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(text);
  if (m) return plainDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(text);
  if (m) return plainDate(fullYear(m[3] ?? ""), Number(m[2]), Number(m[1])) ?? plainDate(fullYear(m[3] ?? ""), Number(m[1]), Number(m[2]));
  if (/^\d{5}(\.\d+)?$/.test(text)) return excelSerialDate(Number(text));

  const lower = text.toLowerCase();
  if (today && (lower === "today" || lower === "yesterday" || lower === "tomorrow")) {
    try {
      const base = temporal().PlainDate.from(today);
      return (lower === "today" ? base : base.add({ days: lower === "yesterday" ? -1 : 1 })).toString();
    } catch {
      return null;
    }
  }

  // Natural language: a day, a month name and a year in any order, weekday names ignored.
  const words = text
    .split(/[\s,/-]+/)
    .map((w) => w.trim())
    .filter((w) => w !== "" && !weekdays.test(w) && w.toLowerCase() !== "of" && w.toLowerCase() !== "the");
  if (words.length !== 3) return null;
  let day: number | null = null;
  let month: number | null = null;
  let year: number | null = null;
  for (const w of words) {
    const n = /^(\d{1,2})(st|nd|rd|th)?\.?$/i.exec(w);
    if (/^\d{4}$/.test(w) && year === null) year = Number(w);
    else if (n && day === null) day = Number(n[1]);
    else if (month === null && monthOf(w) !== null) month = monthOf(w);
    else if (/^'?\d{2}$/.test(w) && year === null && day !== null) year = 2000 + Number(w.replace("'", ""));
    else return null;
  }
  return day !== null && month !== null && year !== null ? plainDate(year, month, day) : null;
};

/** Rounds to 2 decimals, halves away from zero, without binary float surprises (1.005 -> 1.01). */
export const roundToCents = (n: number): number => {
  // Beyond 2^53 / 100 a double has no cents to round.
  if (Math.abs(n) >= 2 ** 53 / 100) return n;
  const text = String(Math.abs(n));
  const cents = text.includes("e") ? Math.round(Math.abs(n) * 100) : Math.round(Number(`${text}e2`));
  const rounded = cents / 100;
  return n < 0 ? -rounded : rounded + 0;
};

/**
 * A cost as written in a sheet: a number is rounded to 2
 * decimals; a text has every character but digits, the decimal point and a leading minus
 * stripped ("£1,234.567" -> 1234.57), then is rounded. Null when nothing numeric is left.
 */
export const normaliseBatchCost = (value: WorkbookCell | undefined): number | null => {
  if (typeof value === "number") return Number.isFinite(value) ? roundToCents(value) : null;
  if (typeof value !== "string") return null;
  const negative = /^\s*-/.test(value);
  const digits = value.replace(/[^0-9.]/g, "");
  if (!/^(\d+\.?\d*|\.\d+)$/.test(digits)) return null;
  const n = Number(digits);
  return Number.isFinite(n) ? roundToCents(negative ? -n : n) : null;
};

const text = (value: WorkbookCell | undefined): string => (value === null || value === undefined ? "" : String(value).trim());

// ---------------------------------------------------------------------------------------
// Rows

/** Whether a row can be sent, before anything is sent. */
export type SpendBatchCheck =
  | { readonly kind: "ready"; readonly body: SpendEntry }
  | { readonly kind: "zero_cost"; readonly message: string }
  | { readonly kind: "invalid"; readonly message: string; readonly errors: SpendFormErrors };

export interface SpendBatchRow {
  readonly line: number;
  /** The row as it will be sent, normalised, every column as text (for the preview). */
  readonly values: Readonly<Record<SpendBatchColumn, string>>;
  readonly check: SpendBatchCheck;
}

/**
 * One sheet row as a spend entry (PURE): taxonomies trimmed; cost normalised; dates
 * normalised to YYYY-MM-DD (a date that cannot be read stays as written, and fails
 * validation); a missing frequency is single without an end date and daily with one.
 * Then the spend form's rules (spendForm.ts): a row breaking one is invalid, with the
 * messages joined; a valid row costing 0 is zero_cost (never sent); any other is ready.
 */
export const spendBatchRow = (row: SheetRow, options: { readonly today?: string } = {}): SpendBatchRow => {
  const v: SheetRecord = row.values;
  const cost = normaliseBatchCost(v.cost);
  const start = normaliseBatchDate(v.start_date, options.today);
  const end = normaliseBatchDate(v.end_date, options.today);
  const endText = end ?? text(v.end_date);
  const frequency = text(v.frequency).toLowerCase() || (endText === "" ? "single" : "daily");
  const values: Record<SpendBatchColumn, string> = {
    taxonomy_1: text(v.taxonomy_1),
    taxonomy_2: text(v.taxonomy_2),
    taxonomy_3: text(v.taxonomy_3),
    taxonomy_4: text(v.taxonomy_4),
    cost: cost === null ? text(v.cost) : cost.toFixed(2),
    frequency,
    start_date: start ?? text(v.start_date),
    end_date: frequency === "single" ? "" : endText,
  };
  const form: SpendFormValues = {
    taxonomy_1: values.taxonomy_1,
    taxonomy_2: values.taxonomy_2,
    taxonomy_3: values.taxonomy_3,
    taxonomy_4: values.taxonomy_4,
    spend: cost === null ? text(v.cost) : String(cost),
    frequency,
    start_date: values.start_date,
    end_date: values.end_date,
  };
  const result = validateSpendForm(form);
  if (!result.ok) {
    const messages = [...new Set(Object.values(result.errors))];
    return { line: row.line, values, check: { kind: "invalid", message: messages.join(" "), errors: result.errors } };
  }
  if (result.body.cost === 0) return { line: row.line, values, check: { kind: "zero_cost", message: spendBatchTexts.zeroCost } };
  return { line: row.line, values, check: { kind: "ready", body: result.body } };
};

/** The required columns a sheet lacks, by label (empty when it has them all). */
export const missingSpendBatchColumns = (columnNames: ReadonlyArray<string>): string[] =>
  requiredSpendBatchColumns.filter((c) => !columnNames.includes(c)).map((c) => spendBatchColumnLabels[c]);

/** How a row ends: success, error or zero_cost. */
export type SpendBatchOutcome = "success" | "error" | "zero_cost";
