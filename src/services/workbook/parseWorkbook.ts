import * as XLSX from "xlsx";
import type { WorkbookCell } from "../../domain/exports/workbookRows";
import type { ReaderSheet, WorkbookReaderAnswer, WorkbookReaderRequest } from "./readerProtocol";

/**
 * Parses an untrusted .csv or .xlsx with SheetJS (0.20.3, which fixed the prototype-pollution
 * and ReDoS flaws of 0.18.5). ONLY the workbook reader worker (and tests) import this module:
 * a parser of untrusted files still runs in a throw-away worker with a row cap and a
 * timeout (docs/architecture.md, "Safety").
 * Every sheet is answered as a matrix of primitives; dated cells become ISO texts
 * (YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS when they hold a time).
 */

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

interface DateCode {
  readonly y: number;
  readonly m: number;
  readonly d: number;
  readonly H: number;
  readonly M: number;
  readonly S: number;
}

const ssf = XLSX.SSF as { is_date: (fmt: string) => boolean; parse_date_code: (v: number, opts?: { date1904?: boolean }) => DateCode | null };

const isoOfSerial = (serial: number, date1904: boolean): string | null => {
  const code = ssf.parse_date_code(serial, { date1904 });
  if (!code) return null;
  const day = `${pad(code.y, 4)}-${pad(code.m)}-${pad(code.d)}`;
  return code.H === 0 && code.M === 0 && code.S === 0 ? day : `${day}T${pad(code.H)}:${pad(code.M)}:${pad(code.S)}`;
};

// SheetJS 0.20 dates hold the cell's wall-clock time in their UTC fields.
const isoOfDate = (d: Date): string | null => {
  if (Number.isNaN(d.getTime())) return null;
  const day = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0 ? day : `${day}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

const cellValue = (cell: XLSX.CellObject | undefined, date1904: boolean): WorkbookCell => {
  if (!cell) return null;
  const v: unknown = cell.v;
  switch (cell.t) {
    case "n":
      if (typeof v !== "number" || !Number.isFinite(v)) return null;
      return typeof cell.z === "string" && ssf.is_date(cell.z) ? isoOfSerial(v, date1904) : v;
    case "s":
      return typeof v === "string" ? v : v === undefined || v === null ? null : String(v);
    case "b":
      return typeof v === "boolean" ? v : null;
    case "d":
      return v instanceof Date ? isoOfDate(v) : typeof v === "string" ? v : null;
    default:
      return null;
  }
};

const readSheet = (name: string, sheet: XLSX.WorkSheet, request: WorkbookReaderRequest, date1904: boolean): ReaderSheet => {
  const ref = sheet["!ref"];
  if (!ref) return { name, rows: [], truncated: false };
  const range = XLSX.utils.decode_range(ref);
  const full = typeof sheet["!fullref"] === "string" ? XLSX.utils.decode_range(sheet["!fullref"]) : range;
  const lastRow = Math.min(range.e.r, request.maxRows - 1);
  const lastColumn = Math.min(range.e.c, request.maxColumns - 1);
  // Dense sheets (SheetJS 0.19 and later): the rows of cells are the sheet's "!data".
  const dense: ReadonlyArray<ReadonlyArray<XLSX.CellObject | undefined> | undefined> = sheet["!data"] ?? [];
  const rows: WorkbookCell[][] = [];
  for (let r = 0; r <= lastRow; r++) {
    const source = dense[r];
    const row: WorkbookCell[] = [];
    if (source) {
      const end = Math.min(lastColumn, source.length - 1);
      for (let c = 0; c <= end; c++) row.push(cellValue(source[c], date1904));
      while (row.length > 0 && row[row.length - 1] === null) row.pop();
    }
    rows.push(row);
  }
  return { name: String(name), rows, truncated: Math.max(range.e.r, full.e.r) >= request.maxRows };
};

const parsingOptions = (request: WorkbookReaderRequest): XLSX.ParsingOptions => ({
  dense: true,
  // One row more than allowed, so that a sheet that is too long is noticed.
  sheetRows: request.maxRows + 1,
  cellDates: false,
  cellNF: true,
  cellText: false,
  cellFormula: false,
  cellHTML: false,
  cellStyles: false,
  bookVBA: false,
  bookDeps: false,
  bookFiles: false,
  WTF: false,
});

/** Parses one file; never throws (a failure is an answer). */
export const parseWorkbook = (request: WorkbookReaderRequest): WorkbookReaderAnswer => {
  try {
    const options = parsingOptions(request);
    const workbook =
      request.kind === "csv"
        ? // Decoded here as UTF-8 (a byte-order mark is dropped); values stay texts (`raw`).
          XLSX.read(new TextDecoder("utf-8").decode(request.bytes), { ...options, type: "string", raw: true })
        : XLSX.read(new Uint8Array(request.bytes), { ...options, type: "array" });
    const date1904 = Boolean((workbook.Workbook as { WBProps?: { date1904?: boolean } } | undefined)?.WBProps?.date1904);
    const sheets = workbook.SheetNames.map((name) => {
      const sheet = workbook.Sheets[name];
      return sheet ? readSheet(name, sheet, request, date1904) : { name: String(name), rows: [], truncated: false };
    });
    return { ok: true, sheets };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
};
