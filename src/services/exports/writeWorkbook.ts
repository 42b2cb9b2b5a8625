import { Data, Effect } from "effect";
import { sheetName as safeSheetName } from "../../domain/exports/workbookFile";
import { packTable, packTableInSlices, transferablesOf } from "./packedTable";
import type { XlsxWriterAnswer, XlsxWriterRequest } from "./xlsxWriterProtocol";

/** The workbook of an export could not be made. */
export class WorkbookWriteFailed extends Data.TaggedError("WorkbookWriteFailed")<{ readonly message: string }> {}

/** What an export holds: a header row and the rows (cells go through exportCells.toCell). */
export interface WorkbookContent {
  readonly header: ReadonlyArray<unknown>;
  readonly rows: ReadonlyArray<ReadonlyArray<unknown>>;
  /** The sheet's name (made acceptable to Excel); "Sheet1" when unset. */
  readonly sheetName?: string;
}

/** Exports with fewer rows than this are written on the main thread. */
export const mainThreadRowLimit = 2_000;

export interface WriteWorkbookOptions {
  /** Starts the writer worker (tests give a fake). */
  readonly createWorker?: () => Worker;
  readonly mainThreadRowLimit?: number;
}

const startWriterWorker = (): Worker => new Worker(new URL("./xlsxWriter.worker.ts", import.meta.url), { type: "module" });

const failed = (e: unknown) => new WorkbookWriteFailed({ message: e instanceof Error ? e.message : String(e) });

/** Writes in a fresh worker, terminated when it answers or when the effect is interrupted. */
const inWorker = (request: XlsxWriterRequest, createWorker: () => Worker): Effect.Effect<Blob, WorkbookWriteFailed> =>
  Effect.async<Blob, WorkbookWriteFailed>((resume) => {
    let worker: Worker;
    try {
      worker = createWorker();
    } catch (e) {
      resume(Effect.fail(failed(e)));
      return;
    }
    const finish = (effect: Effect.Effect<Blob, WorkbookWriteFailed>) => {
      worker.terminate();
      resume(effect);
    };
    worker.onmessage = (event: MessageEvent<XlsxWriterAnswer>) => {
      const answer = event.data;
      finish(answer.ok && answer.blob instanceof Blob ? Effect.succeed(answer.blob) : Effect.fail(failed(answer.ok ? "no file" : answer.message)));
    };
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      finish(Effect.fail(failed(event.message || "the xlsx writer stopped")));
    };
    worker.onmessageerror = () => finish(Effect.fail(failed("the xlsx writer's answer could not be read")));
    worker.postMessage(request, transferablesOf(request.table));
    return Effect.sync(() => worker.terminate());
  });

/**
 * The .xlsx file of an export; large exports are written in a worker too
 * (docs/architecture.md, "Safety"). Numbers stay numbers and texts are formula-safe (exportCells.toCell);
 * the sheet name is made acceptable to Excel. Exports of fewer than `mainThreadRowLimit`
 * rows are written on the main thread with the lazily loaded writer; larger ones in a
 * fresh Web Worker: the rows are packed by column, in slices that yield to the page, so
 * that numbers move to the worker without copying and the page stays responsive.
 */
export const writeWorkbook = (content: WorkbookContent, options: WriteWorkbookOptions = {}): Effect.Effect<Blob, WorkbookWriteFailed> =>
  Effect.suspend(() => {
    const sheetName = safeSheetName(content.sheetName ?? "Sheet1");
    if (content.rows.length < (options.mainThreadRowLimit ?? mainThreadRowLimit)) {
      return Effect.tryPromise({
        try: () => import("./xlsxFile").then((m) => m.xlsxBlob(packTable(content.header, content.rows), { sheetName })),
        catch: failed,
      });
    }
    return Effect.tryPromise({ try: (signal) => packTableInSlices(content.header, content.rows, signal), catch: failed }).pipe(
      Effect.flatMap((table) => inWorker({ table, sheetName }, options.createWorker ?? startWriterWorker)),
    );
  });
