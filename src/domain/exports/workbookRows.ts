/**
 * Rows of an uploaded spreadsheet, rebuilt on the main thread from the plain matrix the
 * workbook reader worker answers (docs/architecture.md, "Safety": rows are rebuilt from
 * allow-listed headers; `__proto__` / `constructor` / `prototype` are rejected).
 * Sheet options: a number of rows to skip and a switch for whether the top row holds
 * headers (if not, columns are named by letters).
 */

/** One cell as the reader answers it: text, number, boolean or empty. Dates come as ISO texts. */
export type WorkbookCell = string | number | boolean | null;

/** A row of a sheet keyed by column name. A null-prototype object: no inherited keys. */
export type SheetRecord = Readonly<Record<string, WorkbookCell>>;

export interface SheetRow {
  /** The row's 1-based line number in the sheet, as a spreadsheet shows it. */
  readonly line: number;
  readonly values: SheetRecord;
}

export interface SheetColumn {
  /** 0-based position in the sheet. */
  readonly index: number;
  /** The key of the column in every record. */
  readonly name: string;
  /** The header text as found (trimmed), or the column letters without a header row. */
  readonly header: string;
}

export interface SheetRowsOptions {
  /** Whether the first row (after the skipped ones) holds the column names. */
  readonly headerRow: boolean;
  /** Rows to skip at the top before the header row (or the first data row). */
  readonly skip: number;
  /**
   * The columns to keep, by their canonical names; a header matches when its `headerKey`
   * equals the canonical name's. Other columns are left out. Unset: every column is kept.
   */
  readonly allowedHeaders?: ReadonlyArray<string>;
  /** Other spellings of allowed columns: header key -> canonical name. */
  readonly aliases?: Readonly<Record<string, string>>;
}

export type SheetRowsProblem = { readonly kind: "forbiddenHeader"; readonly header: string; readonly message: string };

export type SheetRowsResult =
  | { readonly ok: true; readonly columns: ReadonlyArray<SheetColumn>; readonly rows: ReadonlyArray<SheetRow> }
  | { readonly ok: false; readonly problem: SheetRowsProblem };

/** Keys that could reach an object's prototype: a header with one of these names refuses the file. */
export const forbiddenHeaders: ReadonlyArray<string> = ["__proto__", "constructor", "prototype"];

export const forbiddenHeaderMessage = (header: string): string =>
  `The column header "${header}" is not allowed. Please rename that column and try again.`;

/** Spreadsheet column letters of a 0-based index: 0 -> A, 25 -> Z, 26 -> AA, 701 -> ZZ, 702 -> AAA. */
export const columnLetters = (index: number): string => {
  let n = Math.max(0, Math.floor(index)) + 1;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
};

/** How a header is compared: trimmed, lower-cased, runs of spaces, dashes and dots as one underscore. */
export const headerKey = (text: string): string =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s\-.]+/g, "_");

const isForbidden = (text: string): boolean => {
  const lower = text.trim().toLowerCase();
  return forbiddenHeaders.includes(lower) || forbiddenHeaders.includes(headerKey(text));
};

/** Any value as a workbook cell: primitives kept (non-finite numbers empty), anything else empty. */
export const toWorkbookCell = (value: unknown): WorkbookCell => {
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  return null;
};

const cellText = (value: unknown): string => {
  const cell = toWorkbookCell(value);
  return cell === null ? "" : String(cell);
};

const isBlank = (cell: WorkbookCell): boolean => cell === null || (typeof cell === "string" && cell.trim() === "");

/**
 * Rebuilds the rows of a sheet from its matrix (PURE). Headers are trimmed; an empty
 * header is named by its column letters; repeated names get "_2", "_3"... (with an
 * allow-list, a repeated allowed column keeps only its first occurrence). A header equal
 * to `__proto__`, `constructor` or `prototype` (any case, surrounding spaces ignored)
 * refuses the whole sheet, naming the header, whether or not the column would be kept.
 * Rows whose kept cells are all empty are left out; every record is a null-prototype
 * object holding exactly the kept columns.
 */
export const rowsFromSheet = (matrix: ReadonlyArray<ReadonlyArray<unknown>>, options: SheetRowsOptions): SheetRowsResult => {
  const skip = Number.isFinite(options.skip) ? Math.max(0, Math.floor(options.skip)) : 0;
  const body = matrix.slice(skip);
  const headerCells = options.headerRow ? (body[0] ?? []) : [];
  const data = options.headerRow ? body.slice(1) : body;
  const firstLine = skip + (options.headerRow ? 2 : 1);
  const width = data.reduce((w, r) => Math.max(w, r.length), headerCells.length);

  const allowed = options.allowedHeaders ? new Map(options.allowedHeaders.map((h) => [headerKey(h), h] as const)) : null;
  const aliases = new Map(Object.entries(options.aliases ?? {}).map(([k, v]) => [headerKey(k), v] as const));

  const columns: SheetColumn[] = [];
  const used = new Set<string>();
  for (let index = 0; index < width; index++) {
    const found = options.headerRow ? cellText(headerCells[index]).trim() : "";
    const header = found === "" ? columnLetters(index) : found;
    if (isForbidden(header)) return { ok: false, problem: { kind: "forbiddenHeader", header, message: forbiddenHeaderMessage(header) } };
    let name: string;
    if (allowed) {
      const key = headerKey(header);
      const canonical = allowed.get(key) ?? aliases.get(key);
      if (canonical === undefined || !allowed.has(headerKey(canonical)) || used.has(canonical)) continue;
      name = canonical;
    } else {
      name = header;
      for (let n = 2; used.has(name); n++) name = `${header}_${n}`;
    }
    used.add(name);
    columns.push({ index, name, header });
  }

  const rows: SheetRow[] = [];
  data.forEach((cells, i) => {
    const values: Record<string, WorkbookCell> = Object.create(null) as Record<string, WorkbookCell>;
    let blank = true;
    for (const c of columns) {
      const cell = toWorkbookCell(cells[c.index]);
      values[c.name] = cell;
      if (!isBlank(cell)) blank = false;
    }
    if (!blank) rows.push({ line: firstLine + i, values });
  });
  return { ok: true, columns, rows };
};
