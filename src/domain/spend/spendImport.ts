import { Schema } from "effect";
import { parseDate } from "../report/dateRange";
import { toCell, toCsv, type Cell } from "../exports/exportCells";
import { headerKey, type SheetColumn, type SheetRecord, type WorkbookCell } from "../exports/workbookRows";
import { normaliseBatchCost, normaliseBatchDate, spendBatchAliases, type SpendBatchOutcome } from "./spendBatch";
import { fnv1a128 } from "./spendBatchRetry";
import { spendMessages, spendPattern, validateSpendForm, type SpendEntry, type SpendFormField } from "./spendForm";
import type { VariableCostInput } from "./costs";

/**
 * The batch import wizard of fixed and variable spend (PURE): its steps, the targets of
 * each kind, a mapping of each target to a column of the sheet (Dynamic) or to one value
 * (Static) with its rules and error texts, the mapping found from the headers, the row as
 * it will be sent (normalised, checked), the preview, the dry-run counts, the row's
 * Idempotency-Key, and the outcome file.
 */

export type SpendImportKind = "fixed" | "variable";

export const spendImportSteps = ["File Upload", "Options", "Configuration", "Process"] as const;
export type SpendImportStep = (typeof spendImportSteps)[number];

export const fixedImportTargets = ["start_date", "end_date", "taxonomy_1", "taxonomy_2", "taxonomy_3", "taxonomy_4", "cost"] as const;
export const variableImportTargets = ["date", "taxonomy_1", "cost_link", "cost"] as const;
export type ImportTarget = (typeof fixedImportTargets)[number] | (typeof variableImportTargets)[number];

export const importTargetsOf = (kind: SpendImportKind): ReadonlyArray<ImportTarget> => (kind === "fixed" ? fixedImportTargets : variableImportTargets);

/** Targets a mapping must fill: cost date, taxonomy 1 and cost; for variable spend cost link as well. */
export const requiredImportTargets: Readonly<Record<SpendImportKind, ReadonlyArray<ImportTarget>>> = {
  fixed: ["start_date", "taxonomy_1", "cost"],
  variable: ["date", "taxonomy_1", "cost_link", "cost"],
};

export const isRequiredTarget = (kind: SpendImportKind, target: ImportTarget): boolean => requiredImportTargets[kind].includes(target);

export const importTargetLabels: Readonly<Record<ImportTarget, string>> = {
  start_date: "Cost Date",
  date: "Cost Date",
  end_date: "End Date",
  taxonomy_1: "Taxonomy 1",
  taxonomy_2: "Taxonomy 2",
  taxonomy_3: "Taxonomy 3",
  taxonomy_4: "Taxonomy 4",
  cost_link: "Cost Link",
  cost: "Cost",
};

/** How an error names its field: 'cost date', 'taxonomy 1', 'cost link', 'cost'. */
export const importTargetName = (target: ImportTarget): string => importTargetLabels[target].toLowerCase();

export const isDateTarget = (target: ImportTarget): boolean => target === "start_date" || target === "end_date" || target === "date";

/** The wizard's own words (the step names, Dynamic/Static, the modal title and the finished message are the product's). */
export const spendImportTexts = {
  title: { fixed: "Fixed Spend Batch Import", variable: "Variable Spend Batch Import" },
  breadcrumb: { fixed: "Fixed Spend", variable: "Variable Spend" },
  batchImport: "Batch Import",
  dynamic: "Dynamic",
  static: "Static",
  chooseFile: "Choose a .csv or .xlsx file",
  reading: "Reading the file…",
  sheet: "Sheet",
  skipRows: "Rows to skip",
  headerRow: "The top row holds the column headers",
  column: "Column",
  noColumn: "Choose a column",
  value: "Value",
  next: "Next",
  back: "Back",
  startImport: "Import",
  selectedColumns: (n: number) => `Selected Columns (${n})`,
  showColumns: "Show selected columns",
  close: "Close",
  remembered: "The mapping you confirmed last time for a file with these headers is filled in.",
  mappedFromHeaders: (n: number) => `${n} ${n === 1 ? "column was" : "columns were"} mapped from its header.`,
  preview: (n: number) => `Preview of the first ${n} rows as they will be sent`,
  dryRun: "If you import now",
  counts: {
    created: (n: number) => `${n} will be created`,
    stored: (n: number) => `${n} skipped as already stored`,
    refused: (n: number) => `${n} refused`,
    zero: (n: number) => `${n} with zero cost not sent`,
  },
  checkingStored: "Checking which rows are already stored…",
  storedUnknown: "Which rows are already stored could not be checked; rows already stored are not created twice.",
  progress: "Import progress",
  finished: (n: number) => `Finished: A total of ${n} records were processed`,
  outcomeTitle: "Outcome of every row",
  downloadOutcome: "Download the outcome (CSV)",
  line: "Line",
  outcome: "Outcome",
  reason: "Reason",
  noRows: "The sheet holds no rows.",
  outcomes: { success: "success", error: "error", zero_cost: "zero_cost", stored: "already stored" },
  tally: { success: "success", error: "error", zero_cost: "zero_cost", stored: "already stored" },
  zeroCost: "The cost is 0: this row is not sent.",
  alreadyStored: "This row was imported before; it is not created again.",
  sendFailed: "This row could not be saved.",
  costLinkRequired: "Cost link is required.",
  dateRequired: "Cost date is required.",
  dateInvalid: "Cost date must be a valid date (YYYY-MM-DD).",
} as const;

// ---------------------------------------------------------------------------------------
// Mapping

export type TargetMapping = { readonly mode: "dynamic"; readonly column: string | null } | { readonly mode: "static"; readonly value: string };
export type ImportMapping = Readonly<Partial<Record<ImportTarget, TargetMapping>>>;

const unmapped: TargetMapping = { mode: "dynamic", column: null };

/** Every target Dynamic with no column chosen. */
export const emptyImportMapping = (kind: SpendImportKind): ImportMapping => Object.fromEntries(importTargetsOf(kind).map((t) => [t, unmapped]));

export const mappingOf = (mapping: ImportMapping, target: ImportTarget): TargetMapping => mapping[target] ?? unmapped;

/** Switching a target between Dynamic and Static clears its value. */
export const switchTargetMode = (mapping: ImportMapping, target: ImportTarget, mode: "dynamic" | "static"): ImportMapping =>
  ({ ...mapping, [target]: mode === "dynamic" ? unmapped : { mode: "static", value: "" } });

export const chooseTargetColumn = (mapping: ImportMapping, target: ImportTarget, column: string | null): ImportMapping =>
  ({ ...mapping, [target]: { mode: "dynamic", column: column === "" ? null : column } });

export const setTargetValue = (mapping: ImportMapping, target: ImportTarget, value: string): ImportMapping => ({ ...mapping, [target]: { mode: "static", value } });

/** The error text under a required target with neither a column nor a value. */
export const missingTargetMessage = (target: ImportTarget): string => `Choose a column or enter a value for ${importTargetName(target)}.`;
export const staticCostMessage = "Enter a cost of 0 or more with at most 2 decimals (step 0.01).";
export const staticDateMessage = (target: ImportTarget): string => `Enter a valid date for ${importTargetName(target)}.`;

/**
 * The mapping's errors by target (empty when it can be used): a required target needs a
 * chosen column (one the sheet has) or a value; a Static cost is a number with at most 2
 * decimals; a Static date is a valid date (required for the cost date).
 */
export const mappingErrors = (kind: SpendImportKind, mapping: ImportMapping, columns: ReadonlyArray<string>): Partial<Record<ImportTarget, string>> => {
  const errors: Partial<Record<ImportTarget, string>> = {};
  for (const target of importTargetsOf(kind)) {
    const m = mappingOf(mapping, target);
    const required = isRequiredTarget(kind, target);
    if (m.mode === "dynamic") {
      if (required && (m.column === null || !columns.includes(m.column))) errors[target] = missingTargetMessage(target);
      continue;
    }
    const value = m.value.trim();
    if (value === "") {
      if (required) errors[target] = missingTargetMessage(target);
    } else if (target === "cost" && !spendPattern.test(value)) errors[target] = staticCostMessage;
    else if (isDateTarget(target) && parseDate(value) === null) errors[target] = staticDateMessage(target);
  }
  return errors;
};

/** Other header spellings per target, compared as `headerKey`s. */
const targetAliases: Readonly<Record<SpendImportKind, Readonly<Record<string, ImportTarget>>>> = {
  fixed: { ...spendBatchAliases, start_date: "start_date", end_date: "end_date", cost: "cost" } as Readonly<Record<string, ImportTarget>>,
  variable: { date: "date", cost_date: "date", start_date: "date", day: "date", spend: "cost", amount: "cost", link: "cost_link", costlink: "cost_link", url: "cost_link", taxonomy1: "taxonomy_1" },
};

const targetOfHeader = (kind: SpendImportKind, header: string): ImportTarget | null => {
  const key = headerKey(header);
  const targets = importTargetsOf(kind);
  const direct = targets.find((t) => t === key || headerKey(importTargetLabels[t]) === key);
  if (direct) return direct;
  const alias = targetAliases[kind][key];
  return alias !== undefined && targets.includes(alias) ? alias : null;
};

/**
 * The mapping found from the headers: a column whose header names a target (its field
 * name, its label, or a usual other spelling: "Spend", "Amount", "Date", "Link"…) is that
 * target's column; the first such column wins. Other targets stay unmapped.
 */
export const mappingFromHeaders = (kind: SpendImportKind, columns: ReadonlyArray<SheetColumn>): ImportMapping => {
  let mapping = emptyImportMapping(kind);
  const taken = new Set<ImportTarget>();
  for (const c of columns) {
    const target = targetOfHeader(kind, c.header);
    if (target === null || taken.has(target)) continue;
    taken.add(target);
    mapping = chooseTargetColumn(mapping, target, c.name);
  }
  return mapping;
};

/** How many targets have a column. */
export const mappedCount = (mapping: ImportMapping): number => Object.values(mapping).filter((m) => m?.mode === "dynamic" && m.column !== null).length;

/** The columns chosen as some target's column, in the sheet's order (the 'Selected Columns (n)' modal). */
export const selectedColumns = (mapping: ImportMapping, columns: ReadonlyArray<SheetColumn>): Array<{ readonly column: SheetColumn; readonly targets: ReadonlyArray<ImportTarget> }> =>
  columns.flatMap((column) => {
    const targets = (Object.keys(mapping) as ImportTarget[]).filter((t) => {
      const m = mapping[t];
      return m?.mode === "dynamic" && m.column === column.name;
    });
    return targets.length > 0 ? [{ column, targets }] : [];
  });

// ---------------------------------------------------------------------------------------
// Remembered mappings

/** Outcome columns of a downloaded outcome file: left out when headers are compared, so a fixed outcome file finds its mapping again. */
const outcomeHeaders: ReadonlyArray<string> = [headerKey(spendImportTexts.line), headerKey(spendImportTexts.outcome), headerKey(spendImportTexts.reason)];

/** The storage key of the mapping confirmed for a program, a kind and a file's headers. */
export const rememberedMappingKey = (program: string, kind: SpendImportKind, columns: ReadonlyArray<SheetColumn>): string => {
  const headers = columns.map((c) => c.header).filter((h) => !outcomeHeaders.includes(headerKey(h)));
  return `spendImport.mapping.${kind}.${fnv1a128(JSON.stringify([program, headers]))}`;
};

const StoredTargetMapping = Schema.Union(
  Schema.Struct({ mode: Schema.Literal("dynamic"), column: Schema.NullOr(Schema.String) }),
  Schema.Struct({ mode: Schema.Literal("static"), value: Schema.String }),
);
const StoredMapping = Schema.parseJson(Schema.Record({ key: Schema.String, value: StoredTargetMapping }));

export const encodeRememberedMapping = (mapping: ImportMapping): string => JSON.stringify(mapping);

/**
 * A stored mapping read back (null when it does not parse): only the kind's targets are
 * kept, and a column the sheet no longer has is left unmapped.
 */
export const decodeRememberedMapping = (kind: SpendImportKind, text: string | null, columns: ReadonlyArray<string>): ImportMapping | null => {
  if (text === null) return null;
  const decoded = Schema.decodeUnknownOption(StoredMapping)(text);
  if (decoded._tag === "None") return null;
  let mapping = emptyImportMapping(kind);
  for (const target of importTargetsOf(kind)) {
    const m = decoded.value[target];
    if (m === undefined) continue;
    if (m.mode === "static") mapping = setTargetValue(mapping, target, m.value);
    else if (m.column !== null && columns.includes(m.column)) mapping = chooseTargetColumn(mapping, target, m.column);
  }
  return mapping;
};

// ---------------------------------------------------------------------------------------
// Rows

/** The body a variable row sends. */
export type VariableSpendEntry = VariableCostInput;
export type ImportBody = SpendEntry | VariableSpendEntry;

export type ImportCheck =
  | { readonly kind: "ready"; readonly body: ImportBody }
  | { readonly kind: "zero_cost" }
  | { readonly kind: "invalid"; readonly errors: Partial<Record<ImportTarget, string>> };

export interface ImportRow {
  readonly line: number;
  /** Every target as it will be sent (normalised), as text. */
  readonly values: Readonly<Partial<Record<ImportTarget, string>>>;
  readonly check: ImportCheck;
}

export interface ImportRowOptions {
  /** Today, YYYY-MM-DD, for dates written "today", "yesterday" or "tomorrow". */
  readonly today?: string;
  /** A natural-language date reader (fixed spend only): YYYY-MM-DD or null. */
  readonly naturalDate?: (text: string, today?: string) => string | null;
}

const cellOf = (mapping: ImportMapping, target: ImportTarget, record: SheetRecord): WorkbookCell => {
  const m = mappingOf(mapping, target);
  if (m.mode === "static") return m.value;
  return m.column === null ? null : (record[m.column] ?? null);
};

const textOf = (cell: WorkbookCell): string => (cell === null ? "" : String(cell).trim());

/** A date cell as YYYY-MM-DD: the sheet's usual spellings, then (when given) the natural-language reader; else the text as written. */
export const importDate = (cell: WorkbookCell, options: ImportRowOptions): string => {
  const normal = normaliseBatchDate(cell ?? undefined, options.today);
  if (normal !== null) return normal;
  const text = textOf(cell);
  if (text === "" || options.naturalDate === undefined) return text;
  return options.naturalDate(text, options.today) ?? text;
};

const fixedFieldTarget: Readonly<Partial<Record<SpendFormField, ImportTarget>>> = {
  taxonomy_1: "taxonomy_1",
  taxonomy_2: "taxonomy_2",
  taxonomy_3: "taxonomy_3",
  taxonomy_4: "taxonomy_4",
  spend: "cost",
  start_date: "start_date",
  end_date: "end_date",
};

const fixedRow = (line: number, record: SheetRecord, mapping: ImportMapping, options: ImportRowOptions): ImportRow => {
  const cell = (t: ImportTarget) => cellOf(mapping, t, record);
  const cost = normaliseBatchCost(cell("cost") ?? undefined);
  const start = importDate(cell("start_date"), options);
  const end = importDate(cell("end_date"), options);
  const frequency = end === "" ? "single" : "daily";
  const values = {
    start_date: start,
    end_date: end,
    taxonomy_1: textOf(cell("taxonomy_1")),
    taxonomy_2: textOf(cell("taxonomy_2")),
    taxonomy_3: textOf(cell("taxonomy_3")),
    taxonomy_4: textOf(cell("taxonomy_4")),
    cost: cost === null ? textOf(cell("cost")) : cost.toFixed(2),
  };
  const result = validateSpendForm({
    taxonomy_1: values.taxonomy_1,
    taxonomy_2: values.taxonomy_2,
    taxonomy_3: values.taxonomy_3,
    taxonomy_4: values.taxonomy_4,
    spend: cost === null ? values.cost : String(cost),
    frequency,
    start_date: start,
    end_date: end,
  });
  if (!result.ok) {
    const errors: Partial<Record<ImportTarget, string>> = {};
    for (const [field, message] of Object.entries(result.errors)) {
      const target = fixedFieldTarget[field as SpendFormField];
      if (target !== undefined && message !== undefined) errors[target] = message;
    }
    return { line, values, check: { kind: "invalid", errors } };
  }
  return { line, values, check: result.body.cost === 0 ? { kind: "zero_cost" } : { kind: "ready", body: result.body } };
};

const variableRow = (line: number, record: SheetRecord, mapping: ImportMapping, options: ImportRowOptions): ImportRow => {
  const cell = (t: ImportTarget) => cellOf(mapping, t, record);
  const cost = normaliseBatchCost(cell("cost") ?? undefined);
  const date = importDate(cell("date"), { ...(options.today === undefined ? {} : { today: options.today }) });
  const values = { date, taxonomy_1: textOf(cell("taxonomy_1")), cost_link: textOf(cell("cost_link")), cost: cost === null ? textOf(cell("cost")) : cost.toFixed(2) };
  const errors: Partial<Record<ImportTarget, string>> = {};
  if (date === "") errors.date = spendImportTexts.dateRequired;
  else if (parseDate(date) === null) errors.date = spendImportTexts.dateInvalid;
  if (values.taxonomy_1 === "") errors.taxonomy_1 = spendMessages.taxonomy1Required;
  if (values.cost_link === "") errors.cost_link = spendImportTexts.costLinkRequired;
  if (values.cost === "") errors.cost = spendMessages.spendRequired;
  else if (cost === null || !spendPattern.test(String(cost))) errors.cost = spendMessages.spendDecimal;
  if (Object.keys(errors).length > 0 || cost === null) return { line, values, check: { kind: "invalid", errors } };
  if (cost === 0) return { line, values, check: { kind: "zero_cost" } };
  return { line, values, check: { kind: "ready", body: { date, taxonomy_1: values.taxonomy_1, cost_link: values.cost_link, cost } } };
};

/**
 * One sheet row as it will be sent (PURE): each target's cell (its column's, or the
 * Static value); dates to YYYY-MM-DD (for fixed spend a date the usual spellings do not
 * read is tried with the natural-language reader); cost stripped of everything but
 * digits and the decimal point and rounded to 2 decimals; no end date -> frequency single
 * (else daily). Fixed rows are checked with the spend form's rules; variable rows need a
 * valid date, taxonomy 1, cost link and cost. A valid row costing 0 is zero_cost (never
 * sent); a row breaking a rule is invalid, with the reason under each target.
 */
export const importRow = (kind: SpendImportKind, line: number, record: SheetRecord, mapping: ImportMapping, options: ImportRowOptions = {}): ImportRow =>
  kind === "fixed" ? fixedRow(line, record, mapping, options) : variableRow(line, record, mapping, options);

/** How many rows the preview shows. */
export const previewRowCount = 20;

// ---------------------------------------------------------------------------------------
// Keys, dry run, outcomes

/**
 * The `Idempotency-Key` of each row (PURE, deterministic): `spend-import-` and the 128-bit
 * FNV-1a of the kind, the body as sent (keys sorted) and how many rows of the file
 * before it send the same body. A row is known by what it sends, not by where it stands:
 * the same file again, or the downloaded outcome file with its failed rows fixed, gives
 * every unchanged row its key again (so it is skipped as already stored), a fixed row a
 * new one, and two equal rows of one file two keys. Rows that are not sent have no key (null).
 */
export const importRowKeys = (kind: SpendImportKind, rows: ReadonlyArray<ImportRow>): Array<string | null> => {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    if (row.check.kind !== "ready") return null;
    const body = JSON.stringify(Object.entries(row.check.body).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const occurrence = (seen.get(body) ?? 0) + 1;
    seen.set(body, occurrence);
    return `spend-import-${fnv1a128(JSON.stringify([kind, body, occurrence]))}`;
  });
};

export interface DryRunCounts {
  readonly created: number;
  readonly stored: number;
  readonly refused: number;
  readonly zero: number;
}

/** What importing now would do: rows created, skipped as already stored (their key is), refused (invalid), and zero-cost rows not sent. */
export const dryRunCounts = (rows: ReadonlyArray<ImportRow>, keys: ReadonlyArray<string | null>, stored: ReadonlySet<string>): DryRunCounts => {
  let created = 0;
  let skipped = 0;
  let refused = 0;
  let zero = 0;
  rows.forEach((row, i) => {
    const key = keys[i] ?? null;
    if (row.check.kind === "invalid") refused++;
    else if (row.check.kind === "zero_cost") zero++;
    else if (key !== null && stored.has(key)) skipped++;
    else created++;
  });
  return { created, stored: skipped, refused, zero };
};

/** How a row of the import ends: the product's success, error and zero_cost, or skipped as already stored. */
export type ImportOutcome = SpendBatchOutcome | "stored";

export interface OutcomeTally {
  readonly success: number;
  readonly error: number;
  readonly zero_cost: number;
  readonly stored: number;
}

export const tallyOutcomes = (outcomes: ReadonlyArray<ImportOutcome | null>): OutcomeTally => {
  const tally = { success: 0, error: 0, zero_cost: 0, stored: 0 };
  for (const o of outcomes) if (o !== null) tally[o]++;
  return tally;
};

/** Why a row ended as it did: its rule breaches (joined), zero cost, already stored, or the send failure. */
export const outcomeReason = (row: ImportRow, outcome: ImportOutcome | null, failure: string | undefined): string => {
  if (row.check.kind === "invalid") return [...new Set(Object.values(row.check.errors))].join(" ");
  if (outcome === "zero_cost") return spendImportTexts.zeroCost;
  if (outcome === "stored") return spendImportTexts.alreadyStored;
  if (outcome === "error") return failure ?? spendImportTexts.sendFailed;
  return "";
};

/**
 * The outcome file (PURE): the sheet's own columns with each row's cells as read, then
 * Line, Outcome and Reason, so failed rows can be fixed and the file imported again (its
 * unchanged rows are then skipped as already stored). Written by the one CSV writer;
 * every text is formula-safe.
 */
export const outcomeCsv = (
  columns: ReadonlyArray<SheetColumn>,
  records: ReadonlyArray<SheetRecord>,
  rows: ReadonlyArray<ImportRow>,
  outcomes: ReadonlyArray<ImportOutcome | null>,
  failures: Readonly<Record<number, string>>,
): string => {
  const header: Cell[] = [...columns.map((c) => c.header), spendImportTexts.line, spendImportTexts.outcome, spendImportTexts.reason];
  const body = rows.map((row, i): Cell[] => {
    const record = records[i] ?? {};
    const outcome = outcomes[i] ?? null;
    return [
      ...columns.map((c) => toCell(record[c.name] ?? null)),
      row.line,
      outcome === null ? null : spendImportTexts.outcomes[outcome],
      outcomeReason(row, outcome, failures[i]),
    ];
  });
  return toCsv([header, ...body], { bom: true });
};
