import { sheetName as safeSheetName } from "../../domain/exports/workbookFile";
import { columnLetters } from "../../domain/exports/workbookRows";
import { packedCell, type PackedTable } from "./packedTable";

/**
 * A minimal Office Open XML workbook (one sheet, shared strings, a bold header row frozen
 * at the top) written straight from a packed table, zipped with the platform's
 * CompressionStream.
 *
 * Why not SheetJS (`xlsx`) for writing: on 100,000 rows x 25 columns its
 * `aoa_to_sheet` + `write` take 20-50 s with 0.18.5 and 48-57 s with 0.20.3 (measured in Node 20; its XML building and
 * pure-JavaScript deflate dominate), far over the 3 s export budget (docs/architecture.md, "Budgets"). This
 * writer streams the XML in chunks and lets the browser's native zlib deflate it; the
 * CRC-32 each zip entry needs comes for free from the gzip trailer. SheetJS reads what
 * it writes back in the unit tests.
 */

export const xlsxMimeType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Excel's own limits. */
export const excelLimits = { rows: 1_048_576, columns: 16_384, textLength: 32_767 } as const;

export class XlsxLimitExceeded extends Error {
  override name = "XlsxLimitExceeded";
}

// ---------------------------------------------------------------------------------------
// XML

const xmlHeader = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const mainNs = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const relNs = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const pkgRelNs = "http://schemas.openxmlformats.org/package/2006/relationships";

// Characters XML 1.0 cannot hold; OOXML writes them as _xHHHH_. A literal "_xHHHH_"
// in the text has its underscore escaped the same way so Excel does not decode it.
const needsEscape = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|_x[0-9a-fA-F]{4}_/;
const escapes = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|_(?=x[0-9a-fA-F]{4}_)/g;

const hex4 = (code: number): string => code.toString(16).toUpperCase().padStart(4, "0");

/** Text as XML character data (also safe inside a double-quoted attribute). */
export const xmlText = (text: string): string =>
  needsEscape.test(text)
    ? text.replace(escapes, (ch) => {
        switch (ch) {
          case "&":
            return "&amp;";
          case "<":
            return "&lt;";
          case ">":
            return "&gt;";
          case '"':
            return "&quot;";
          case "_":
            return "_x005F_";
          default:
            return `_x${hex4(ch.charCodeAt(0))}_`;
        }
      })
    : text;

const contentTypes = `${xmlHeader}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;

const rootRels = `${xmlHeader}<Relationships xmlns="${pkgRelNs}"><Relationship Id="rId1" Type="${relNs}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const workbookRels = `${xmlHeader}<Relationships xmlns="${pkgRelNs}"><Relationship Id="rId1" Type="${relNs}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${relNs}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${relNs}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

const workbookXml = (name: string) =>
  `${xmlHeader}<workbook xmlns="${mainNs}" xmlns:r="${relNs}"><bookViews><workbookView/></bookViews><sheets><sheet name="${xmlText(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

// Style 0: normal; style 1: bold (the header row).
const stylesXml = `${xmlHeader}<styleSheet xmlns="${mainNs}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** The shared string table: each distinct text once. */
class SharedStrings {
  private readonly index = new Map<string, number>();
  readonly texts: string[] = [];
  count = 0;

  ref(text: string): number {
    const t = text.length > excelLimits.textLength ? text.slice(0, excelLimits.textLength) : text;
    this.count++;
    let i = this.index.get(t);
    if (i === undefined) {
      i = this.texts.length;
      this.index.set(t, i);
      this.texts.push(t);
    }
    return i;
  }

  xmlParts(): string[] {
    const parts = [`${xmlHeader}<sst xmlns="${mainNs}" count="${this.count}" uniqueCount="${this.texts.length}">`];
    let chunk = "";
    for (let i = 0; i < this.texts.length; i++) {
      chunk += `<si><t xml:space="preserve">${xmlText(this.texts[i] as string)}</t></si>`;
      if (chunk.length > 1 << 20) {
        parts.push(chunk);
        chunk = "";
      }
    }
    parts.push(chunk, "</sst>");
    return parts;
  }
}

/**
 * The worksheet XML, in chunks of about a megabyte. Empty cells are left out. With
 * `references: "all"` every cell carries its reference (`r`); with "gaps" only a cell
 * after a left-out one does (ECMA-376 makes `r` optional: Excel and LibreOffice place a
 * cell without one in the next column), which makes the XML about a third smaller, but
 * some readers (older exceljs, EPPlus, ClosedXML) require it on every cell.
 */
const sheetXmlParts = (table: PackedTable, sst: SharedStrings, references: "all" | "gaps"): string[] => {
  const all = references === "all";
  const width = table.columns.length;
  const letters = Array.from({ length: width }, (_, c) => columnLetters(c));
  const lastRow = table.rowCount + 1;
  const dimension = width === 0 ? "A1" : `A1:${letters[width - 1]}${lastRow}`;
  const parts: string[] = [
    `${xmlHeader}<worksheet xmlns="${mainNs}" xmlns:r="${relNs}"><dimension ref="${dimension}"/><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><sheetData>`,
  ];

  let head = '<row r="1">';
  for (let c = 0; c < width; c++) {
    const cell = table.header[c] ?? null;
    if (cell === null) continue;
    head +=
      typeof cell === "number"
        ? `<c r="${letters[c]}1" s="1"><v>${cell}</v></c>`
        : `<c r="${letters[c]}1" s="1" t="s"><v>${sst.ref(cell)}</v></c>`;
  }
  parts.push(`${head}</row>`);

  const columns = table.columns;
  const cells = new Array<string>(width);
  let rows: string[] = [];
  let size = 0;
  for (let r = 0; r < table.rowCount; r++) {
    const rn = r + 2;
    let k = 0;
    let gap = false;
    for (let c = 0; c < width; c++) {
      const column = columns[c] as (typeof columns)[number];
      let cell: number | string | null;
      if (column.kind === "numbers") {
        const v = column.values[r] as number;
        cell = v === v ? v : null;
      } else {
        cell = packedCell(column, r);
      }
      if (cell === null) {
        gap = true;
        continue;
      }
      const ref = all || gap ? ` r="${letters[c]}${rn}"` : "";
      gap = false;
      cells[k++] = typeof cell === "number" ? `<c${ref}><v>${cell}</v></c>` : `<c${ref} t="s"><v>${sst.ref(cell)}</v></c>`;
    }
    const row = `<row r="${rn}">${k === width ? cells.join("") : cells.slice(0, k).join("")}</row>`;
    rows.push(row);
    size += row.length;
    if (size > 1 << 20) {
      parts.push(rows.join(""));
      rows = [];
      size = 0;
    }
  }
  parts.push(rows.join(""), "</sheetData></worksheet>");
  return parts;
};

// ---------------------------------------------------------------------------------------
// Zip

interface ZipEntry {
  readonly name: Uint8Array;
  /** 8: deflated; 0: stored. */
  readonly method: 0 | 8;
  readonly crc: number;
  readonly size: number;
  readonly data: ReadonlyArray<Uint8Array>;
  readonly dataSize: number;
}

const encoder = new TextEncoder();

/**
 * Raw-deflates an entry with the platform's gzip CompressionStream (native zlib); the
 * CRC-32 and the size come from the gzip trailer.
 */
const deflatedEntry = async (name: string, parts: ReadonlyArray<string>): Promise<ZipEntry> => {
  const stream = new Blob(parts as string[]).stream().pipeThrough(new CompressionStream("gzip"));
  const gz = new Uint8Array(await new Response(stream).arrayBuffer());
  if (gz.length < 18 || gz[0] !== 0x1f || gz[1] !== 0x8b || gz[2] !== 8) throw new Error("unexpected gzip stream");
  const flags = gz[3] ?? 0;
  let p = 10;
  if (flags & 4) p += 2 + ((gz[p] ?? 0) | ((gz[p + 1] ?? 0) << 8));
  if (flags & 8) while (gz[p++] !== 0);
  if (flags & 16) while (gz[p++] !== 0);
  if (flags & 2) p += 2;
  const trailer = new DataView(gz.buffer, gz.byteOffset + gz.length - 8, 8);
  const data = gz.subarray(p, gz.length - 8);
  return { name: encoder.encode(name), method: 8, crc: trailer.getUint32(0, true), size: trailer.getUint32(4, true), data: [data], dataSize: data.length };
};

const crcTable = (() => {
  const t = new Int32Array(256 * 4);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    const c0 = t[n] as number;
    const c1 = (c0 >>> 8) ^ (t[c0 & 0xff] as number);
    const c2 = (c1 >>> 8) ^ (t[c1 & 0xff] as number);
    const c3 = (c2 >>> 8) ^ (t[c2 & 0xff] as number);
    t[256 + n] = c1;
    t[512 + n] = c2;
    t[768 + n] = c3;
  }
  return t;
})();

/** CRC-32 (zip's, slicing by four) of `bytes`, continuing from `crc`. */
export const crc32 = (bytes: Uint8Array, crc = 0): number => {
  const t = crcTable;
  let c = ~crc;
  const n = bytes.length;
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    c ^= (bytes[i] as number) | ((bytes[i + 1] as number) << 8) | ((bytes[i + 2] as number) << 16) | ((bytes[i + 3] as number) << 24);
    c = (t[768 + (c & 0xff)] as number) ^ (t[512 + ((c >>> 8) & 0xff)] as number) ^ (t[256 + ((c >>> 16) & 0xff)] as number) ^ (t[c >>> 24] as number);
  }
  for (; i < n; i++) c = (t[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return ~c >>> 0;
};

/** A stored (not compressed) entry: UTF-8 bytes and their CRC-32. */
const storedEntry = (name: string, parts: ReadonlyArray<string>): ZipEntry => {
  const data: Uint8Array[] = [];
  let crc = 0;
  let size = 0;
  for (const part of parts) {
    const bytes = encoder.encode(part);
    crc = crc32(bytes, crc);
    size += bytes.length;
    data.push(bytes);
  }
  return { name: encoder.encode(name), method: 0, crc, size, data, dataSize: size };
};

const dosDateTime = (d: Date): { time: number; date: number } => ({
  time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
  date: ((Math.max(d.getFullYear(), 1980) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
});

const zipBlob = (entries: ReadonlyArray<ZipEntry>, modified: Date): Blob => {
  const { time, date } = dosDateTime(modified);
  const parts: BlobPart[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    if (e.dataSize > 0xffffffff || e.size > 0xffffffff || offset > 0xffffffff) throw new XlsxLimitExceeded("The workbook is too large for a zip file");
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, 0, true);
    local.setUint16(8, e.method, true);
    local.setUint16(10, time, true);
    local.setUint16(12, date, true);
    local.setUint32(14, e.crc, true);
    local.setUint32(18, e.dataSize, true);
    local.setUint32(22, e.size, true);
    local.setUint16(26, e.name.length, true);
    local.setUint16(28, 0, true);
    parts.push(local.buffer, e.name as Uint8Array<ArrayBuffer>, ...(e.data as ReadonlyArray<Uint8Array<ArrayBuffer>>));

    const cd = new DataView(new ArrayBuffer(46 + e.name.length));
    cd.setUint32(0, 0x02014b50, true);
    cd.setUint16(4, 20, true);
    cd.setUint16(6, 20, true);
    cd.setUint16(8, 0, true);
    cd.setUint16(10, e.method, true);
    cd.setUint16(12, time, true);
    cd.setUint16(14, date, true);
    cd.setUint32(16, e.crc, true);
    cd.setUint32(20, e.dataSize, true);
    cd.setUint32(24, e.size, true);
    cd.setUint16(28, e.name.length, true);
    cd.setUint32(42, offset, true);
    new Uint8Array(cd.buffer).set(e.name, 46);
    central.push(new Uint8Array(cd.buffer));
    offset += 30 + e.name.length + e.dataSize;
  }
  const cdSize = central.reduce((s, c) => s + c.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, cdSize, true);
  end.setUint32(16, offset, true);
  return new Blob([...parts, ...(central as Uint8Array<ArrayBuffer>[]), end.buffer], { type: xlsxMimeType });
};

/**
 * Worksheets with more XML than this (about 45,000 rows of 25 numbers) are stored rather
 * than deflated: deflating 50 MB of XML costs seconds, which would break the export
 * budget; SheetJS itself stores by default (`compression: false`).
 */
export const deflateLimit = 24 * 1024 * 1024;

export interface XlsxOptions {
  /** The sheet's name; made acceptable to Excel by `sheetName`. */
  readonly sheetName?: string;
  /** Deflate the worksheet: "auto" (default) up to `deflateLimit` characters of XML. */
  readonly compression?: "auto" | "always" | "never";
  /**
   * Which cells carry their reference: "gaps" (default; Excel, LibreOffice, SheetJS,
   * openpyxl read it; about 30% faster and a third smaller) or "all".
   */
  readonly references?: "all" | "gaps";
  /** The files' modification time inside the zip (default: now). */
  readonly modified?: Date;
}

/** The .xlsx file of a packed table: the header as a bold, frozen first row, then the rows. */
export const xlsxBlob = async (table: PackedTable, options: XlsxOptions = {}): Promise<Blob> => {
  if (table.rowCount + 1 > excelLimits.rows) throw new XlsxLimitExceeded(`Excel sheets hold at most ${excelLimits.rows} rows`);
  if (table.columns.length > excelLimits.columns) throw new XlsxLimitExceeded(`Excel sheets hold at most ${excelLimits.columns} columns`);
  const sst = new SharedStrings();
  const sheet = sheetXmlParts(table, sst, options.references ?? "gaps");
  const sheetSize = sheet.reduce((n, p) => n + p.length, 0);
  const compression = options.compression ?? "auto";
  const deflateSheet = compression === "always" || (compression === "auto" && sheetSize <= deflateLimit);
  const entries = await Promise.all([
    deflatedEntry("[Content_Types].xml", [contentTypes]),
    deflatedEntry("_rels/.rels", [rootRels]),
    deflatedEntry("xl/workbook.xml", [workbookXml(safeSheetName(options.sheetName ?? "Sheet1"))]),
    deflatedEntry("xl/_rels/workbook.xml.rels", [workbookRels]),
    deflatedEntry("xl/styles.xml", [stylesXml]),
    deflatedEntry("xl/sharedStrings.xml", sst.xmlParts()),
    deflateSheet ? deflatedEntry("xl/worksheets/sheet1.xml", sheet) : Promise.resolve(storedEntry("xl/worksheets/sheet1.xml", sheet)),
  ]);
  return zipBlob(entries, options.modified ?? new Date());
};
