/**
 * Names of exported files: report exports made on the device, and the server's CSV.
 */

/** Characters no file name may hold that separate words (a slash, a colon, a bar): they become a dash. */
const separatorCharacters = /\s*[/\\:|]+\s*/g;
/** The other characters no file name may hold on Windows, macOS or Linux, and control characters: they are removed. */
const unsafeCharacters = /[*?"<>\u0000-\u001f\u007f]/g;

/**
 * A file-name-safe text: a run of separators ('/', '\\', ':', '|') becomes a dash, spaced
 * when it was ("Brand / Generic" -> "Brand - Generic", "a/b" -> "a-b"), other unsafe
 * characters are removed, inner white space runs become one space, and surrounding
 * spaces, dashes and dots are dropped (no hidden files, no "name." on Windows). Case is kept.
 */
export const stripUnsafe = (text: string): string =>
  text
    .replace(unsafeCharacters, "")
    .replace(separatorCharacters, (run) => (/\s/.test(run) ? " - " : "-"))
    .replace(/\s+/g, " ")
    .replace(/^[\s.-]+|[\s.-]+$/g, "");

/**
 * A report name as files carry it: made safe by `stripUnsafe`, lower-cased, a spaced dash
 * closed up ("shoes - boots" -> "shoes-boots") and every other run of whitespace turned into
 * one underscore.
 */
export const fileNameStem = (text: string): string =>
  stripUnsafe(text)
    .toLowerCase()
    .replace(/\s+-\s+/g, "-")
    .replace(/\s+/g, "_");

export interface ReportNameParts {
  readonly programName: string;
  /** The report kind, e.g. "Performance Report" or "Performance Chart". */
  readonly reportKind: string;
  readonly from: string;
  readonly to: string;
}

/**
 * The default report name of an export: program name, report kind and the two dates,
 * joined by underscores, lower-cased, spaces turned to underscores, unsafe characters
 * removed ("acme_shop_performance_report_2026-01-01_2026-01-31"). Empty parts are left out.
 */
export const reportName = (parts: ReportNameParts): string =>
  [parts.programName, parts.reportKind, parts.from, parts.to]
    .map(fileNameStem)
    .filter((p) => p !== "")
    .join("_");

export type ExportFormat = "csv" | "xlsx";

/**
 * The file a report name (as typed in the Export Data dialog) is saved as: the name made
 * safe by `fileNameStem`, plus the extension; "export" when nothing usable is left.
 */
export const exportFileName = (name: string, format: ExportFormat): string => `${fileNameStem(name) || "export"}.${format}`;

/**
 * The name the server's CSV export is saved as: 'overview.csv' at level one
 * (no taxonomy chosen), else the chosen taxonomy names joined by underscores. Names keep
 * their case and spaces; unsafe characters are made safe by `stripUnsafe` (a slash a dash).
 */
export const serverCsvFileName = (taxonomies: ReadonlyArray<string>): string => {
  const names = taxonomies.map(stripUnsafe).filter((t) => t !== "");
  return names.length === 0 ? "overview.csv" : `${names.join("_")}.csv`;
};
