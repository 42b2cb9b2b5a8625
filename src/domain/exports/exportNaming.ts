/**
 * Names of exported files: report exports made on the device, and the server's CSV.
 */

/** Characters no file name may hold on Windows, macOS or Linux, and control characters. */
const unsafeCharacters = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;

/**
 * A file-name-safe text: unsafe characters removed, surrounding spaces and leading or
 * trailing dots dropped (no hidden files, no "name." on Windows). Case and inner spaces
 * are kept.
 */
export const stripUnsafe = (text: string): string =>
  text
    .replace(unsafeCharacters, "")
    .trim()
    .replace(/^\.+|\.+$/g, "")
    .trim();

/**
 * A report name as files carry it: unsafe characters removed, lower-cased, every run of
 * whitespace turned into one underscore.
 */
export const fileNameStem = (text: string): string => stripUnsafe(text).toLowerCase().replace(/\s+/g, "_");

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
 * their case and spaces; only unsafe characters are removed.
 */
export const serverCsvFileName = (taxonomies: ReadonlyArray<string>): string => {
  const names = taxonomies.map(stripUnsafe).filter((t) => t !== "");
  return names.length === 0 ? "overview.csv" : `${names.join("_")}.csv`;
};
