import { Duration, Effect } from "effect";
import { matchesSignature } from "../../domain/exports/fileSignature";
import { workbookKind, workbookLimits, workbookMessages, type WorkbookLimits, type WorkbookSheet } from "../../domain/exports/workbookFile";
import { toWorkbookCell, type WorkbookCell } from "../../domain/exports/workbookRows";
import type { ReaderSheet, WorkbookReaderAnswer, WorkbookReaderRequest } from "./readerProtocol";
import { FileTooLarge, TooManyRows, UnreadableWorkbook, UnsupportedFile, WorkbookTimeout, type WorkbookReadError } from "./workbookErrors";

/** A dropped file: what the reader needs of a File. */
export interface WorkbookFileLike {
  readonly name: string;
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface ReadWorkbook {
  readonly fileName: string;
  readonly sheets: ReadonlyArray<WorkbookSheet>;
}

export interface ReadWorkbookOptions {
  readonly limits?: Partial<WorkbookLimits>;
  /** Starts the reader worker (tests give a fake). */
  readonly createWorker?: () => Worker;
}

const startReaderWorker = (): Worker => new Worker(new URL("./workbookReader.worker.ts", import.meta.url), { type: "module" });

/**
 * The worker's answer, checked on the main thread before anything uses it: an object
 * with sheets, each a name and a matrix of primitives (anything else becomes empty).
 */
export const checkedAnswer = (u: unknown): { ok: true; sheets: ReaderSheet[] } | { ok: false; message: string } => {
  if (typeof u !== "object" || u === null) return { ok: false, message: "no answer" };
  const a = u as { ok?: unknown; sheets?: unknown; message?: unknown };
  if (a.ok !== true) return { ok: false, message: typeof a.message === "string" ? a.message : "the file could not be parsed" };
  if (!Array.isArray(a.sheets)) return { ok: false, message: "no sheets in the answer" };
  const sheets: ReaderSheet[] = [];
  for (const s of a.sheets as unknown[]) {
    if (typeof s !== "object" || s === null) return { ok: false, message: "a sheet is not an object" };
    const sheet = s as { name?: unknown; rows?: unknown; truncated?: unknown };
    if (typeof sheet.name !== "string" || !Array.isArray(sheet.rows)) return { ok: false, message: "a sheet has no name or rows" };
    const rows: WorkbookCell[][] = [];
    for (const r of sheet.rows as unknown[]) {
      if (!Array.isArray(r)) return { ok: false, message: "a row is not a list" };
      const row: WorkbookCell[] = new Array<WorkbookCell>(r.length);
      for (let i = 0; i < r.length; i++) row[i] = toWorkbookCell(r[i]);
      rows.push(row);
    }
    sheets.push({ name: sheet.name, rows, truncated: sheet.truncated === true });
  }
  return { ok: true, sheets };
};

/** Parses in a fresh worker; the worker is terminated when it answers, fails, or the effect is interrupted (timeout included). */
const inFreshWorker = (fileName: string, request: WorkbookReaderRequest, createWorker: () => Worker): Effect.Effect<unknown, UnreadableWorkbook> =>
  Effect.async<unknown, UnreadableWorkbook>((resume) => {
    const unreadable = (detail: string) => new UnreadableWorkbook({ fileName, message: `${workbookMessages.unreadable} (${detail})` });
    let worker: Worker;
    try {
      worker = createWorker();
    } catch (e) {
      resume(Effect.fail(unreadable(e instanceof Error ? e.message : String(e))));
      return;
    }
    const finish = (effect: Effect.Effect<unknown, UnreadableWorkbook>) => {
      worker.terminate();
      resume(effect);
    };
    worker.onmessage = (event: MessageEvent<WorkbookReaderAnswer>) => finish(Effect.succeed(event.data));
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault?.();
      finish(Effect.fail(unreadable(event.message || "the reader stopped")));
    };
    worker.onmessageerror = () => finish(Effect.fail(unreadable("the answer could not be read")));
    worker.postMessage(request, [request.bytes]);
    return Effect.sync(() => worker.terminate());
  });

/**
 * Reads a dropped spreadsheet (docs/architecture.md, "Safety"): only .csv and .xlsx files
 * whose bytes are what the name says (a zip for .xlsx, text for .csv; else `UnsupportedFile`), at most 5 MB (`FileTooLarge`), parsed in a FRESH Web Worker per
 * file with a row cap (`TooManyRows` when a sheet is longer) and a 10 s timeout that
 * terminates the worker (`WorkbookTimeout`). Answers every sheet as a matrix of
 * primitives, checked again on the main thread.
 */
export const readWorkbook = (file: WorkbookFileLike, options: ReadWorkbookOptions = {}): Effect.Effect<ReadWorkbook, WorkbookReadError> =>
  Effect.gen(function* () {
    const limits: WorkbookLimits = { ...workbookLimits, ...options.limits };
    const fileName = file.name;
    const kind = workbookKind(fileName);
    if (kind === null) return yield* Effect.fail(new UnsupportedFile({ fileName, message: workbookMessages.unsupported }));
    if (file.size > limits.maxBytes) {
      return yield* Effect.fail(new FileTooLarge({ fileName, size: file.size, limit: limits.maxBytes, message: workbookMessages.tooLarge(limits.maxBytes) }));
    }
    const bytes = yield* Effect.tryPromise({
      try: () => file.arrayBuffer(),
      catch: (e) => new UnreadableWorkbook({ fileName, message: `${workbookMessages.unreadable} (${e instanceof Error ? e.message : String(e)})` }),
    });
    if (bytes.byteLength > limits.maxBytes) {
      return yield* Effect.fail(new FileTooLarge({ fileName, size: bytes.byteLength, limit: limits.maxBytes, message: workbookMessages.tooLarge(limits.maxBytes) }));
    }
    // A file is what its bytes say: an .xlsx must be a zip, a .csv UTF-8 text (all of it: the reader decodes it as UTF-8), before any parser sees it.
    if (!matchesSignature(kind, new Uint8Array(bytes), true)) return yield* Effect.fail(new UnsupportedFile({ fileName, message: workbookMessages.unsupported }));
    const request: WorkbookReaderRequest = { bytes, kind, maxRows: limits.maxRows, maxColumns: limits.maxColumns };
    const answer = yield* inFreshWorker(fileName, request, options.createWorker ?? startReaderWorker).pipe(
      Effect.timeoutFail({
        duration: Duration.millis(limits.timeoutMs),
        onTimeout: () => new WorkbookTimeout({ fileName, ms: limits.timeoutMs, message: workbookMessages.timeout }),
      }),
    );
    const checked = checkedAnswer(answer);
    if (!checked.ok) return yield* Effect.fail(new UnreadableWorkbook({ fileName, message: `${workbookMessages.unreadable} (${checked.message})` }));
    const long = checked.sheets.find((s) => s.truncated);
    if (long) {
      return yield* Effect.fail(new TooManyRows({ fileName, sheet: long.name, limit: limits.maxRows, message: workbookMessages.tooManyRows(long.name, limits.maxRows) }));
    }
    if (checked.sheets.length === 0) return yield* Effect.fail(new UnreadableWorkbook({ fileName, message: workbookMessages.empty }));
    return { fileName, sheets: checked.sheets.map((s) => ({ name: s.name, rows: s.rows })) };
  });
