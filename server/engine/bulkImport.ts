import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { createInterface } from "node:readline";
import { finished } from "node:stream/promises";
import { isUtf8, matchesSignature, signatureBytes } from "../../src/domain/exports/fileSignature";
import { reportTexts } from "../../src/domain/report/reportTexts";
import { CollectedEvent, FedOrder, malformedTextAt, malformedTextProblem, type RowRefusal } from "../../src/domain/ingestion/collection";
import { programTimeZone } from "../../src/domain/shell/timeZone";
import type { Program } from "../../src/domain/shell/program";
import type { FileFormat, FileRows, WantedColumn } from "../warehouse/fileRows";
import type { FileEventRow, IngestedHit, IngestionQueries } from "../warehouse/ingestionQueries";
import { furthestAheadMs, ingestOrders, oldestRowAgeMs, readEvents, type IngestTarget } from "./ingestion";

/**
 * Bulk import of history from files (docs/engine.md, "Bulk import"): each file is read
 * with the database's own readers, its columns taken by name (the wire fields of an event
 * or an order), and its rows validated exactly as POST /collect and the order feed
 * validate theirs (orders sent in batches through the ingest path; events as below); the
 * program is processed once at the end. Every file is checked first: bytes that are not its
 * format or a missing column stops the import before anything is stored. A row the ingest
 * path refuses (a value that cannot be read, an instant or an amount, among them) is
 * reported with its row number and reason, and the others are stored. Importing the same files again changes nothing
 * (event ids are stored once; an order sent again unchanged is a duplicate).
 *
 * A file of events is stored by the warehouse's `importEventFile`: the rows its set-wise
 * checks pass (those the ingest path would keep, read into the same fields) never reach
 * JavaScript; the rows they leave are read here by the ingest path's `readEvents`, which
 * refuses them with the same reasons and details as POST /collect, or keeps them.
 */

export type ImportedKind = "events" | "orders";

/** The columns read as instants (epoch ms, a timestamp or ISO 8601 text), whichever way the file gives them. */
const instantColumns: ReadonlyArray<string> = ["time", "updated_at"];

const readingOf = (name: string): WantedColumn["as"] => (instantColumns.includes(name) ? "instant" : name === "amount" ? "number" : "text");

/** The columns a file of orders may leave out: without updated_at, a file's orders replace the stored ones in the order they arrive. */
const optionalOrderColumns: ReadonlyArray<string> = ["customer_id", "updated_at"];

/** The columns of each kind: the wire fields, and which of them a file must have. */
export const importColumns: Readonly<Record<ImportedKind, { readonly all: ReadonlyArray<WantedColumn>; readonly required: ReadonlyArray<string> }>> = {
  events: {
    all: Object.keys(CollectedEvent.fields).map((name) => ({ name, as: readingOf(name) })),
    required: ["event_id", "type", "time", "visitor_id"],
  },
  orders: {
    all: Object.keys(FedOrder.fields).map((name) => ({ name, as: readingOf(name) })),
    required: Object.keys(FedOrder.fields).filter((name) => !optionalOrderColumns.includes(name)),
  },
};

/** A file's format by its name's ending (.parquet, .csv, .ndjson, .jsonl or .json). */
export const formatOfFile = (path: string): FileFormat | null => {
  const lower = path.toLowerCase();
  if (lower.endsWith(".parquet")) return "parquet";
  if (lower.endsWith(".csv")) return "csv";
  if (lower.endsWith(".ndjson") || lower.endsWith(".jsonl") || lower.endsWith(".json")) return "ndjson";
  return null;
};

/** What a file holds, by its columns: orders when it has order_id, events when it has event_id. */
export const kindOfColumns = (columns: ReadonlyArray<string>): ImportedKind | null =>
  columns.includes("order_id") ? "orders" : columns.includes("event_id") ? "events" : null;

/** A bad row: its number in the file (from 1, a CSV's header not counted) and what is wrong. */
export interface BadRow {
  readonly row: number;
  readonly problem: string;
}

/** Why a file cannot be imported: each missing or unreadable column, and the first bad rows. */
export interface FileProblem {
  readonly file: string;
  readonly problems: ReadonlyArray<string>;
  readonly badRows: ReadonlyArray<BadRow>;
}

export interface ImportedFile {
  readonly file: string;
  readonly kind: ImportedKind;
  readonly rows: number;
  readonly accepted: number;
  readonly duplicates: number;
  readonly refused: number;
  /** Refused rows by reason. */
  readonly reasons: ReadonlyMap<string, number>;
  /** The refused rows, the first `refusedRowsListed` of them. */
  readonly badRows: ReadonlyArray<BadRow>;
}

export type ImportOutcome =
  | { readonly ok: false; readonly problems: ReadonlyArray<FileProblem> }
  | { readonly ok: true; readonly files: ReadonlyArray<ImportedFile> };

/** Where an import's rows go: orders through the ingest path's store, files of events through `importEventFile`. */
export type ImportTarget = IngestTarget & Pick<IngestionQueries, "importEventFile">;

export interface ImportDeps {
  readonly reader: FileRows;
  readonly target: ImportTarget;
  /** Folds what was stored into the facts (the engine's processIngested). */
  readonly process: (programId: number) => Promise<void>;
  readonly clock: () => number;
}

/** How many refused rows an imported file lists (the report says how many more there were). */
export const refusedRowsListed = 1_000;
/** Rows of a file of orders sent through the ingest path at once (a batch is looked up by id); events go by file. */
export const importBatchSize: Readonly<Record<"orders", number>> = { orders: 5_000 };

interface CheckedFile {
  readonly file: string;
  readonly format: FileFormat;
  readonly kind: ImportedKind;
  /** What the readers read: the file, or its copy without the rows holding malformed text. */
  readonly readPath: string;
  /** Rows (from 1) holding malformed text, and the field that holds it: each is refused with that reason. */
  readonly malformed: ReadonlyMap<number, string>;
  /** Removes the copy, when there is one. */
  readonly cleanUp: () => Promise<void>;
}

/** The first bytes of a file (at most `signatureBytes`). */
const leadingBytes = async (path: string): Promise<Uint8Array> => {
  const handle = await open(path, "r");
  try {
    const buffer = new Uint8Array(signatureBytes);
    const { bytesRead } = await handle.read(buffer, 0, signatureBytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
};

/** Whether a run of whole lines is text: valid UTF-8 with no NUL byte. */
const isTextLines = (bytes: Uint8Array): boolean => !bytes.includes(0x00) && isUtf8(bytes, true);

/**
 * The number (from 1) of the first line of a text file that is not UTF-8 text (bytes that are
 * not UTF-8, or a NUL), or null when every line is. The whole file is read once, a chunk at a
 * time, before any row is stored: DuckDB's reader would otherwise stop at that line halfway
 * through an import. A line feed never occurs inside a UTF-8 character, so each chunk is
 * checked up to its last one and the rest carried into the next.
 */
export const firstLineNotText = async (path: string): Promise<number | null> => {
  let line = 1;
  let carry = new Uint8Array(0);
  const firstBadLineIn = (bytes: Uint8Array): number | null => {
    if (isTextLines(bytes)) {
      for (const b of bytes) if (b === 0x0a) line++;
      return null;
    }
    let start = 0;
    for (let end = bytes.indexOf(0x0a); start < bytes.length; end = bytes.indexOf(0x0a, start)) {
      const stop = end === -1 ? bytes.length : end + 1;
      if (!isTextLines(bytes.subarray(start, stop))) return line;
      line++;
      start = stop;
    }
    return null;
  };
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    const data = new Uint8Array(carry.length + chunk.length);
    data.set(carry);
    data.set(chunk, carry.length);
    const lastLineEnd = data.lastIndexOf(0x0a) + 1;
    const bad = firstBadLineIn(data.subarray(0, lastLineEnd));
    if (bad !== null) return bad;
    carry = data.slice(lastLineEnd);
  }
  return firstBadLineIn(carry);
};

/** A JSON escape of a surrogate (`\\ud800`): only a line holding one can hold malformed text once it is valid UTF-8. */
const surrogateEscape = /\\u[dD][89a-fA-F]/;

/**
 * The rows of an NDJSON file (valid UTF-8) holding text that is not well-formed UTF-16, a
 * lone surrogate escaped as `\ud800`, by row number (from 1; blank lines are no rows, as for
 * DuckDB's reader) with the field that holds it. DuckDB's reader refuses the whole file for
 * one such line; `JSON.parse` reads it, so its row is refused alone (a line that is no JSON
 * at all is left to the reader).
 */
export const malformedTextRows = async (path: string): Promise<ReadonlyMap<number, string>> => {
  const rows = new Map<number, string>();
  let row = 0;
  for await (const line of createInterface({ input: createReadStream(path, { encoding: "utf8" }), crlfDelay: Infinity })) {
    if (line.trim() === "") continue;
    row++;
    if (!surrogateEscape.test(line)) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const at = malformedTextAt(value);
    if (at !== null) rows.set(row, at[0]?.slice(0, 40) ?? "a field name");
  }
  return rows;
};

/** A copy of an NDJSON file in a folder of its own, the given rows replaced by `{}` (a row of no fields), others as they are. */
const copyWithout = async (path: string, rows: ReadonlyMap<number, string>): Promise<{ readonly path: string; readonly cleanUp: () => Promise<void> }> => {
  const dir = await mkdtemp(join(tmpdir(), "import-"));
  const copy = join(dir, basename(path));
  const out = createWriteStream(copy, { encoding: "utf8" });
  let row = 0;
  for await (const line of createInterface({ input: createReadStream(path, { encoding: "utf8" }), crlfDelay: Infinity })) {
    if (line.trim() !== "") row++;
    if (!out.write(`${line.trim() !== "" && rows.has(row) ? "{}" : line}\n`)) await new Promise<void>((drained) => out.once("drain", () => drained()));
  }
  out.end();
  await finished(out);
  return { path: copy, cleanUp: () => rm(dir, { recursive: true, force: true }) };
};

const formatWords: Readonly<Record<FileFormat, string>> = { parquet: "a Parquet file (PAR1)", csv: "UTF-8 text", ndjson: "UTF-8 text" };

const checkFile = async (reader: FileRows, file: string): Promise<CheckedFile | FileProblem> => {
  const format = formatOfFile(file);
  if (!format) return { file, problems: ["unknown format: name the file .parquet, .csv or .ndjson"], badRows: [] };
  // A file is what its bytes say: a Parquet file starts with PAR1, a CSV or NDJSON file is UTF-8 text; no reader sees it otherwise.
  if (!matchesSignature(format, await leadingBytes(file))) {
    return { file, problems: [`${reportTexts.toasts.unsupportedFile}: its first bytes are not ${formatWords[format]}`], badRows: [] };
  }
  const notText = format === "parquet" ? null : await firstLineNotText(file);
  if (notText !== null) return { file, problems: [`${reportTexts.toasts.unsupportedFile}: line ${notText} is not UTF-8 text`], badRows: [] };
  // Malformed text (a lone surrogate escaped in JSON) refuses its row only: the readers read a copy without those rows.
  const malformed = format === "ndjson" ? await malformedTextRows(file) : new Map<number, string>();
  const copy = malformed.size > 0 ? await copyWithout(file, malformed) : { path: file, cleanUp: async () => {} };
  const problem = (problems: ReadonlyArray<string>): FileProblem => ({ file, problems, badRows: [] });
  let columns: ReadonlyArray<string>;
  try {
    columns = await reader.columns(copy.path, format);
  } catch (error) {
    await copy.cleanUp();
    return problem([`cannot be read as ${format}: ${String(error instanceof Error ? error.message : error).split("\n")[0]}`]);
  }
  const kind = kindOfColumns(columns);
  const missing = kind ? importColumns[kind].required.filter((c) => !columns.includes(c)) : [];
  if (kind && missing.length === 0) return { file, format, kind, readPath: copy.path, malformed, cleanUp: copy.cleanUp };
  await copy.cleanUp();
  if (!kind) return problem(["missing column event_id (a file of events) or order_id (a file of orders)"]);
  return problem(missing.map((c) => `missing column ${c}`));
};

/** What a value that cannot be read was wanted as, in words. */
const unreadableWords = (column: string): string => (instantColumns.includes(column) ? "an instant (epoch ms or ISO 8601)" : "a number");

const isProblem = (checked: CheckedFile | FileProblem): checked is FileProblem => "problems" in checked;

/** Imports `files` into `program`, then processes it once (see the module's description). */
export const importFiles = async (deps: ImportDeps, program: Program, files: ReadonlyArray<string>): Promise<ImportOutcome> => {
  const checked = [];
  for (const file of files) checked.push(await checkFile(deps.reader, file));
  const readable = checked.filter((c): c is CheckedFile => !isProblem(c));
  try {
    const problems = checked.filter(isProblem);
    if (problems.length > 0) return { ok: false, problems };
    return await importChecked(deps, program, readable);
  } finally {
    for (const file of readable) await file.cleanUp();
  }
};

const importChecked = async (deps: ImportDeps, program: Program, checked: ReadonlyArray<CheckedFile>): Promise<ImportOutcome> => {

  const imported: ImportedFile[] = [];
  for (const file of checked) {
    let rows = 0;
    let accepted = 0;
    let duplicates = 0;
    const reasons = new Map<string, number>();
    const badRows: BadRow[] = [];
    // A value that cannot be read (a time or an amount) refuses its row only, named for what it is: the reader
    // leaves it out, so the ingest path refuses the row, and its detail says why (never the value).
    const unreadable = await deps.reader.unreadable(file.readPath, file.format, importColumns[file.kind].all, refusedRowsListed);
    const unreadableAt = new Map(unreadable.first.map((u) => [u.row, u.column] as const));
    const note = (row: number, r: RowRefusal) => {
      reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
      const column = unreadableAt.get(row);
      const malformedField = file.malformed.get(row);
      const detail =
        malformedField !== undefined
          ? `${malformedField}: ${malformedTextProblem}`
          : column === undefined
            ? r.detail
            : `${column}: cannot be read as ${unreadableWords(column)}`;
      if (badRows.length < refusedRowsListed) badRows.push({ row, problem: `${r.reason}: ${detail}` });
    };
    if (file.kind === "events") {
      const now = deps.clock();
      // The rows the warehouse's checks leave, read and refused exactly as by POST /collect (readEvents).
      const readRest = (rest: ReadonlyArray<FileEventRow>): ReadonlyArray<IngestedHit | null> => {
        const read = readEvents(rest.map((r) => r.values), program, now);
        for (const r of read.refusals) note(rest[r.index]?.row ?? 0, r);
        const refused = new Set(read.refusals.map((r) => r.index));
        let kept = 0;
        return rest.map((_, i) => (refused.has(i) ? null : (read.rows[kept++] ?? null)));
      };
      const answer = await deps.target.importEventFile(
        program.id,
        {
          path: file.readPath,
          format: file.format,
          earliest: now - oldestRowAgeMs,
          latest: now + furthestAheadMs,
          timeZone: programTimeZone(program),
          readRest,
        },
        now,
      );
      if (reasons.size > 0) await deps.target.tallyRefused(program.id, "event", reasons, now);
      rows = answer.rows;
      accepted = answer.stored;
      duplicates = answer.unchanged;
    } else {
      for await (const batch of deps.reader.batches(file.readPath, file.format, importColumns[file.kind].all, importBatchSize.orders)) {
        const now = deps.clock();
        const answer = await ingestOrders(deps.target, program, batch.rows, now);
        rows += batch.rows.length;
        accepted += answer.accepted;
        duplicates += answer.duplicates;
        for (const r of answer.refusals) note(batch.firstRow + r.index, r);
      }
    }
    imported.push({ file: file.file, kind: file.kind, rows, accepted, duplicates, refused: rows - accepted - duplicates, reasons, badRows });
  }
  await deps.process(program.id);
  return { ok: true, files: imported };
};
