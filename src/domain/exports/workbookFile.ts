import { reportTexts } from "../report/reportTexts";
import type { WorkbookCell } from "./workbookRows";

/**
 * Spreadsheet files the app reads (the file drop area: .csv and .xlsx) and writes
 * (exports), and the limits that keep reading an untrusted file safe (size cap, row cap,
 * timeout: docs/architecture.md, "Safety").
 */

export type WorkbookKind = "csv" | "xlsx";

/** The `accept` list of the file input. */
export const acceptedWorkbookTypes = ".csv,.xlsx";

/** The kind of a file by its extension (case-insensitive); null for any other file. */
export const workbookKind = (fileName: string): WorkbookKind | null => {
  const m = /\.([a-z0-9]+)$/i.exec(fileName.trim());
  const ext = m?.[1]?.toLowerCase();
  return ext === "csv" || ext === "xlsx" ? ext : null;
};

export interface WorkbookLimits {
  /** Largest file read, in bytes. */
  readonly maxBytes: number;
  /** Most rows read per sheet (a header row and 10,000 data rows). */
  readonly maxRows: number;
  /** Most columns read per sheet. */
  readonly maxColumns: number;
  /** The reader worker is terminated after this long. */
  readonly timeoutMs: number;
}

export const workbookLimits: WorkbookLimits = {
  maxBytes: 5 * 1024 * 1024,
  maxRows: 10_001,
  maxColumns: 200,
  timeoutMs: 10_000,
};

/** A sheet as the reader answers it: a plain matrix, never objects keyed by headers. */
export interface WorkbookSheet {
  readonly name: string;
  readonly rows: ReadonlyArray<ReadonlyArray<WorkbookCell>>;
}

const megabytes = (bytes: number): string => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** What the person is told when a file cannot be used. */
export const workbookMessages = {
  unsupported: reportTexts.toasts.unsupportedFile,
  tooLarge: (limit: number) => `That file is too large: files up to ${megabytes(limit)} can be read.`,
  tooManyRows: (sheet: string, limit: number) =>
    `The sheet "${sheet}" has more than ${(limit - 1).toLocaleString("en-GB")} rows: please split it into smaller files.`,
  timeout: "That file took too long to read. Please check it and try again.",
  unreadable: "That file could not be read as a spreadsheet.",
  empty: "That file holds no sheets.",
} as const;

/** Characters Excel does not allow in a sheet name. */
const sheetNameUnsafe = /[[\]:*?/\\\u0000-\u001f\u007f]/g;

/**
 * A sheet name Excel accepts: the characters [ ] : * ? / \ (and control characters)
 * removed, surrounding spaces and apostrophes dropped, at most 31 characters (a
 * surrogate pair is never cut in half), "Sheet1" when nothing is left and "History"
 * (reserved by Excel) becomes "History_".
 */
export const sheetName = (name: string): string => {
  const cleaned = name.replace(sheetNameUnsafe, "").trim().replace(/^'+|'+$/g, "").trim();
  let cut = "";
  for (const ch of cleaned) {
    if (cut.length + ch.length > 31) break;
    cut += ch;
  }
  cut = cut.replace(/'+$/, "").trim();
  if (cut === "") return "Sheet1";
  return cut.toLowerCase() === "history" ? "History_" : cut;
};

/** The file drop area's words (the product names only the toast; these are the area's own). */
export const fileDropTexts = {
  label: "Spreadsheet file",
  hint: "Drop a .csv or .xlsx file here, or",
  choose: "Choose file",
  remove: "Remove file",
  reading: "Reading the file…",
  sheet: "Sheet",
  /** The sheet's lines, the header line included (the preview counts the rows it reads from them). */
  rows: (n: number) => `${n.toLocaleString("en-GB")} ${n === 1 ? "line" : "lines"} in the sheet`,
} as const;
