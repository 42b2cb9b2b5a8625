/**
 * A file is what its bytes say (docs/architecture.md, "Safety"): before a parser sees a
 * file, its first bytes must be those of the format its name claims. A PDF renamed
 * `invoice.xlsx` is refused with 'That file format isn't supported' rather than parsed
 * into a sheet headed `%PDF-1.4`. Used by the browser's spreadsheet reader (.csv, .xlsx)
 * and by the server's bulk import (.csv, .ndjson, .parquet).
 */

/** The formats whose signature is checked. */
export type SignedFormat = "xlsx" | "parquet" | "csv" | "ndjson";

/** How many leading bytes the check reads. */
export const signatureBytes = 8192;

/** A zip archive's local file header (an .xlsx is a zip of XML parts). */
const zipStart = [0x50, 0x4b, 0x03, 0x04];
/** Parquet's magic number, at the start (and the end) of every Parquet file. */
const parquetStart = [0x50, 0x41, 0x52, 0x31];

/** Binary formats a text file never starts with: zip, Parquet, PDF, PNG, GIF, JPEG, OLE (old .xls), gzip. */
const binaryStarts: ReadonlyArray<ReadonlyArray<number>> = [
  zipStart,
  parquetStart,
  [0x25, 0x50, 0x44, 0x46],
  [0x89, 0x50, 0x4e, 0x47],
  [0x47, 0x49, 0x46, 0x38],
  [0xff, 0xd8, 0xff],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x1f, 0x8b],
];

const startsWith = (bytes: Uint8Array, start: ReadonlyArray<number>): boolean =>
  bytes.length >= start.length && start.every((b, i) => bytes[i] === b);

/** A byte no text holds: a control character other than tab, line feed, form feed and carriage return (NUL among them). */
const isBinaryByte = (b: number): boolean => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f;

/**
 * Whether bytes are valid UTF-8. When they are only the head of a file (`complete` false),
 * a character cut at their end is not an error: the bytes before it are checked.
 */
export const isUtf8 = (bytes: Uint8Array, complete: boolean): boolean => {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: !complete });
    return true;
  } catch {
    return false;
  }
};

/**
 * Whether bytes are text: valid UTF-8 (a byte-order mark allowed), no binary format's
 * signature and no control byte (NUL and the like) in the first `signatureBytes`. A CSV
 * saved in an 8-bit encoding (Windows-1252's "é" is the byte 0xE9) is not UTF-8: read as
 * UTF-8 its letters would turn into replacement characters, so it is refused rather than
 * read wrongly. `complete` says the bytes are the whole file (the browser has them all);
 * otherwise they are its head (the server reads only that much before the database's reader).
 */
export const looksLikeText = (bytes: Uint8Array, complete = false): boolean => {
  const head = bytes.subarray(0, signatureBytes);
  if (binaryStarts.some((start) => startsWith(head, start))) return false;
  for (const b of head) if (isBinaryByte(b)) return false;
  if (complete && bytes.includes(0x00)) return false;
  return isUtf8(complete ? bytes : head, complete);
};

/** Whether a file's leading bytes (all of its bytes when `complete`) match the format its name claims. */
export const matchesSignature = (format: SignedFormat, bytes: Uint8Array, complete = false): boolean => {
  switch (format) {
    case "xlsx":
      return startsWith(bytes, zipStart);
    case "parquet":
      return startsWith(bytes, parquetStart);
    case "csv":
    case "ndjson":
      return looksLikeText(bytes, complete);
  }
};
