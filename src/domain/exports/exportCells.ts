import { metricDefinitions, type MetricName } from "../report/metrics";
import { sortReportRows, type SortSpec } from "../table/tableSort";

/**
 * The cells of CSV and Excel exports made on the device, formula-safe
 * (docs/architecture.md, "Safety").
 */

/** A cell of an export: a text, a number, or empty. */
export type Cell = string | number | null;

export type ExportRow = Readonly<Record<string, unknown>>;

/**
 * A text that a spreadsheet could read as a formula. It is checked after Unicode
 * compatibility normalisation (NFKC), which folds the full-width ＝＋－＠, the small
 * ﹦﹢﹣﹫ and the superscript and subscript signs into `= + - @` and U+2212. The
 * triggers: tab or carriage return first; or, once any leading white space and invisible
 * format characters (zero-width space and joiners, word joiner, byte-order mark,
 * direction marks) are passed over, as a spreadsheet may ignore them: `= + - @`, the
 * minus sign U+2212, any dash (Unicode's dash punctuation: U+2010–U+2015, ⸺, ⸻, 〜 and
 * the others) or the katakana long vowel mark ー (a minus typed with Japanese input),
 * so that nothing a spreadsheet might take for a minus gets through.
 */
const formulaStart = /^(?:[\t\r]|[\s\p{Cf}]*[=+\-@\u2212\u30FC\p{Pd}])/u;

/** A text cell that no spreadsheet will run: a leading apostrophe before a formula trigger. */
export const safeText = (text: string): string => (formulaStart.test(text.normalize("NFKC")) ? `'${text}` : text);

/**
 * Any value as an export cell: finite numbers stay numbers (negative ones too), texts are
 * made formula-safe, booleans become "true"/"false", everything else (null, undefined,
 * NaN, ±Infinity, objects) is empty.
 */
export const toCell = (value: unknown): Cell => {
  if (typeof value === "number") return Number.isFinite(value) ? value + 0 : null;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string") return safeText(value);
  if (typeof value === "boolean") return String(value);
  return null;
};

/** A column's metric: its own name, or the name after a side's qualifier (`first.cpa`, a custom report's side). */
const metricOf = (column: string): MetricName | null => {
  const name = column.slice(column.lastIndexOf(".") + 1);
  return Object.prototype.hasOwnProperty.call(metricDefinitions, name) ? (name as MetricName) : null;
};

/**
 * The decimals a column's numbers keep in every export: the metric's display decimals (2
 * for money and numbers, 0 for whole counts, 1 for the variance percent and proportional
 * credit); 2 for a number in a column outside the catalogue, as the screen shows it.
 */
export const exportDecimals = (column: string): number => {
  const metric = metricOf(column);
  return metric ? metricDefinitions[metric].decimals : 2;
};

/**
 * Whether exports made on the device divide the column by 100: the three conversion
 * rates and the variance percent (12.35% is exported as 0.1235), and every percent field
 * outside the catalogue, named `…_percent` (the funnel roles' revenue percents, the
 * initiator rating's shares).
 */
export const isDividedForExport = (column: string): boolean => {
  const metric = metricOf(column);
  return metric === null ? column.endsWith("_percent") : metricDefinitions[metric].exportDivisor === 100;
};

/**
 * A number rounded to `decimals` places as the screen rounds it (Intl.NumberFormat: its
 * shortest decimal text, halves away from zero, so 1.005 -> 1.01), then divided by
 * 10^`shift` by moving the decimal point in that text, so that no floating-point noise is
 * written (1231.3100000000002 -> 1231.31; 12.345 with 2 places, shifted by 2 -> 0.1235).
 * -0 becomes 0; a value that is not finite is returned as it is.
 */
export const roundedNumber = (value: number, decimals: number, shift = 0): number => {
  if (!Number.isFinite(value)) return value;
  const text = String(Math.abs(value));
  const sign = value < 0 ? -1 : 1;
  // Exponent forms: beyond 1e21 there is nothing after the point; below 1e-6 the value rounds to 0 (or is kept when finer).
  if (text.includes("e")) return Math.abs(value) >= 1 ? value / 10 ** shift : decimals < 6 ? 0 : value / 10 ** shift;
  const [whole = "0", fraction = ""] = text.split(".");
  if (fraction.length <= decimals) return shift === 0 ? value + 0 : sign * Number(`${text}e-${shift}`) + 0;
  const kept = BigInt(whole + fraction.slice(0, decimals)) + ((fraction[decimals] ?? "0") >= "5" ? 1n : 0n);
  return sign * Number(`${kept}e-${decimals + shift}`) + 0;
};

/**
 * A value as every export writes it (the device's CSV and Excel, and the server's 'Export as
 * CSV'), one meaning per column: rounded to
 * its column's precision (`exportDecimals`), then divided by 100 for the columns of
 * `isDividedForExport` (their two extra places kept); other values as `toCell` makes them.
 */
export const exportValue = (column: string, value: unknown): Cell => {
  const cell = toCell(value);
  if (typeof cell !== "number") return cell;
  return roundedNumber(cell, exportDecimals(column), isDividedForExport(column) ? 2 : 0);
};

const needsQuotes = /[",\r\n]/;

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; quotes doubled. */
export const csvField = (cell: Cell): string => {
  const text = cell === null ? "" : typeof cell === "number" ? String(cell) : safeText(cell);
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const utf8Bom = "\uFEFF";

/**
 * A CSV document (RFC 4180): fields separated by commas, every record ended by CRLF, text
 * cells made formula-safe. With `bom`, a UTF-8 byte-order mark first so that Excel reads
 * the file as UTF-8 (needed for £ and €).
 */
export const toCsv = (rows: ReadonlyArray<ReadonlyArray<Cell>>, options: { readonly bom?: boolean } = {}): string =>
  (options.bom ? utf8Bom : "") + rows.map((r) => `${r.map(csvField).join(",")}\r\n`).join("");

/** Column labels of an export header; a column without a label shows its own name. */
export type Labels = Readonly<Record<string, string>>;

const headerRow = (columns: ReadonlyArray<string>, labels: Labels = {}): Cell[] => columns.map((c) => toCell(labels[c] ?? c));

export const conversionDate = "conversion_date";

/**
 * The rows of a chart export: a header, then conversion_date plus the chosen
 * metrics for every data row, ordered by conversion_date ascending (rows with the same or
 * no date keep their order; rows without a date go last).
 */
export const chartExportRows = (rows: ReadonlyArray<ExportRow>, metrics: ReadonlyArray<string>, labels: Labels = {}): Cell[][] => {
  const columns = [conversionDate, ...metrics.filter((m) => m !== conversionDate)];
  const date = (r: ExportRow): string | null => {
    const d = r[conversionDate];
    return typeof d === "string" && d !== "" ? d : null;
  };
  // ISO dates (YYYY-MM-DD, with or without a time) sort as plain strings
  const sorted = rows
    .map((row, index) => ({ row, index, date: date(row) }))
    .sort((a, b) => {
      if (a.date === null || b.date === null) return a.date === b.date ? a.index - b.index : a.date === null ? 1 : -1;
      return a.date < b.date ? -1 : a.date > b.date ? 1 : a.index - b.index;
    })
    .map((k) => k.row);
  return [headerRow(columns, labels), ...sorted.map((r) => columns.map((c) => exportValue(c, r[c])))];
};

export interface ExportColumnsInput {
  /** Taxonomy columns of the table (always exported, first). */
  readonly taxonomyColumns: ReadonlyArray<string>;
  /** The exportable metric columns in the standard order. */
  readonly standardOrder: ReadonlyArray<string>;
  /** The metric columns chosen in the Export Data dialog, in the order chosen. */
  readonly chosen: ReadonlyArray<string>;
  /** The 'Custom Column Ordering' switch. */
  readonly customOrdering: boolean;
}

/**
 * The columns of a table export: the taxonomy columns, then the chosen metrics, in the
 * standard order when 'Custom Column Ordering' is off, in the chosen order when it is on.
 * Columns not in the standard order (not exportable) and repeats are left out.
 */
export const exportColumns = (input: ExportColumnsInput): string[] => {
  const taxonomies = new Set(input.taxonomyColumns);
  const exportable = new Set(input.standardOrder);
  const chosen = new Set(input.chosen);
  const metrics = input.customOrdering
    ? [...chosen].filter((c) => exportable.has(c) && !taxonomies.has(c))
    : input.standardOrder.filter((c) => chosen.has(c) && !taxonomies.has(c));
  return [...new Set(input.taxonomyColumns), ...metrics];
};

/**
 * The rows of a table export: a header, then the rows in the table's current sort
 * (`sort`, rows named 'None' last as on the screen; unsorted: as given), metrics through
 * `exportValue`.
 */
export const tableExportRows = (
  rows: ReadonlyArray<ExportRow>,
  columns: ReadonlyArray<string>,
  options: { readonly sort?: SortSpec | null; readonly labels?: Labels } = {},
): Cell[][] => {
  const ordered = options.sort ? sortReportRows(rows, options.sort) : rows;
  return [headerRow(columns, options.labels), ...ordered.map((r) => columns.map((c) => exportValue(c, r[c])))];
};

/** The Export Data dialog's column choice: taxonomy columns are always selected. */
const withTaxonomies = (taxonomyColumns: ReadonlyArray<string>, columns: Iterable<string>): string[] => [
  ...new Set([...taxonomyColumns, ...columns]),
];

/** 'Reset to visible': the taxonomy columns plus the table's visible columns. */
export const resetToVisible = (taxonomyColumns: ReadonlyArray<string>, visible: ReadonlyArray<string>): string[] =>
  withTaxonomies(taxonomyColumns, visible);

/** 'Select All': the taxonomy columns plus every exportable column. */
export const selectAllColumns = (taxonomyColumns: ReadonlyArray<string>, exportable: ReadonlyArray<string>): string[] =>
  withTaxonomies(taxonomyColumns, exportable);

/** 'Remove All': only the taxonomy columns. */
export const removeAllColumns = (taxonomyColumns: ReadonlyArray<string>): string[] => withTaxonomies(taxonomyColumns, []);

/** Ticking a column adds it at the end; unticking removes it; a taxonomy column cannot be unticked. */
export const toggleExportColumn = (taxonomyColumns: ReadonlyArray<string>, selected: ReadonlyArray<string>, column: string): string[] => {
  if (taxonomyColumns.includes(column)) return withTaxonomies(taxonomyColumns, selected);
  return selected.includes(column)
    ? withTaxonomies(
        taxonomyColumns,
        selected.filter((c) => c !== column),
      )
    : withTaxonomies(taxonomyColumns, [...selected, column]);
};
