import { Cause, Effect, Exit, Option } from "effect";
import { assign, enqueueActions, fromCallback, not, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { WorkbookSheet } from "../../domain/exports/workbookFile";
import { rowsFromSheet, type SheetColumn, type SheetRecord } from "../../domain/exports/workbookRows";
import type { SessionScope } from "../../domain/report/reportScope";
import { todayAt } from "../../domain/report/dateRange";
import { programTimeZone } from "../../domain/shell/timeZone";
import { batchConcurrency } from "../../domain/spend/spendBatch";
import { nextRetryMs, maxRowAttempts, retryAfterSeconds, type AttemptFailure } from "../../domain/spend/spendBatchRetry";
import {
  chooseTargetColumn,
  decodeRememberedMapping,
  dryRunCounts,
  encodeRememberedMapping,
  importRow,
  importRowKeys,
  mappingErrors,
  mappingFromHeaders,
  outcomeCsv,
  previewRowCount,
  rememberedMappingKey,
  setTargetValue,
  spendImportTexts,
  switchTargetMode,
  tallyOutcomes,
  type DryRunCounts,
  type ImportBody,
  type ImportMapping,
  type ImportOutcome,
  type ImportRow,
  type ImportTarget,
  type SpendImportKind,
} from "../../domain/spend/spendImport";
import { CurrentApiContext, type ApiContext } from "../../services/http/apiClient";
import { isHttpError } from "../../services/http/httpErrors";
import { appRuntime } from "../../services/runtime/runtime";
import { Storage, type KeyValueStore } from "../../services/runtime/storage";
import { exportFileName } from "../../domain/exports/exportNaming";
import { csvMimeType } from "../../services/exports/csvFile";
import { downloadFile } from "../../services/exports/downloadFile";
import { naturalDate } from "../../services/spend/naturalDate";
import { createImportRow, storedImportKeys } from "../../services/spend/spendImport";
import { readWorkbook, type ReadWorkbook, type WorkbookFileLike, type WorkbookReadError } from "../../services/workbook";
import { fromApiCall, fromEffect } from "../runtime/fromEffect";
import { followSessionScope, openingScope, scopeAction, scopeGuard, sessionScopeActors, type SessionScopeChanged, type SessionSource } from "../shell/sessionScope";

/**
 * The batch import wizard of fixed or variable spend (/account/costs/fixed/batch and
 * /account/costs/variable/batch), one machine for both kinds. Its steps are states:
 * `upload` (File Upload: a .csv or .xlsx read by the workbook reader worker with its
 * caps), `options` (the sheet, rows to skip, whether the top row holds headers),
 * `configuration` (each target Dynamic or Static; a dry run of what importing would do)
 * and `process` (the rows sent, at most 10 at once, each with its Idempotency-Key and
 * the batch's retry rules). Back and forward keep what was chosen; columns that change
 * clear the mapping (then columns naming a target, or the mapping confirmed before for
 * these headers, fill it again). After the last row the wizard is back at File Upload,
 * showing 'Finished: A total of {n} records were processed' and every row's outcome.
 *
 * The wizard owns its scope (`sessionScopeListener`): another program or API context
 * starts it afresh, stopping any requests in flight.
 */

export type SpendImportSession = SessionSource & AnyActorRef;

export interface SpendImportInput {
  readonly session: SpendImportSession;
  readonly kind: SpendImportKind;
  /** Where confirmed mappings are kept (the runtime's Storage when not given). */
  readonly store?: KeyValueStore;
  /** Today, YYYY-MM-DD, for relative dates (the device's day when not given). */
  readonly today?: string;
}

export interface SheetChoice {
  readonly sheetIndex: number;
  readonly skip: number;
  readonly headerRow: boolean;
}

/** A row while the import runs: waiting, sending, waiting to be sent again, or its outcome. */
export type ImportRowStatus = "queued" | "sending" | "retrying" | ImportOutcome;

/** The last import, kept at File Upload once it finished. */
export interface ImportReport {
  readonly total: number;
  readonly rows: ReadonlyArray<ImportRow>;
  readonly records: ReadonlyArray<SheetRecord>;
  readonly columns: ReadonlyArray<SheetColumn>;
  readonly outcomes: ReadonlyArray<ImportOutcome>;
  readonly failures: Readonly<Record<number, string>>;
}

export interface SpendImportContext {
  readonly session: SpendImportSession;
  readonly kind: SpendImportKind;
  readonly store: KeyValueStore | null;
  readonly today: string | null;
  readonly scope: SessionScope;
  readonly file: WorkbookFileLike | null;
  readonly fileName: string | null;
  readonly sheets: ReadonlyArray<WorkbookSheet>;
  readonly readError: string | null;
  readonly choice: SheetChoice;
  readonly columns: ReadonlyArray<SheetColumn>;
  readonly records: ReadonlyArray<SheetRecord>;
  readonly lines: ReadonlyArray<number>;
  readonly mapping: ImportMapping;
  /** How the mapping was filled when the columns came: from the headers, or the one confirmed before. */
  readonly mappingSource: "headers" | "remembered";
  /** The mapping's errors show once Import was asked for. */
  readonly showErrors: boolean;
  /** Every row as it will be sent, and its key (built when a dry run or the import starts). */
  readonly rows: ReadonlyArray<ImportRow>;
  readonly keys: ReadonlyArray<string | null>;
  /** The dry run's answer: the keys already stored (null while unknown). */
  readonly stored: ReadonlySet<string> | null;
  readonly storedUnknown: boolean;
  readonly statuses: ReadonlyArray<ImportRowStatus>;
  readonly failures: Readonly<Record<number, string>>;
  readonly queue: ReadonlyArray<number>;
  readonly started: number;
  readonly attempts: Readonly<Record<number, number>>;
  readonly report: ImportReport | null;
}

export type ImportRowSettled = { type: "import.rowSettled"; row: number; outcome: "success" | "error"; message?: string; failure?: AttemptFailure };

export type SpendImportEvent =
  | SessionScopeChanged
  | { type: "import.fileChosen"; file: WorkbookFileLike }
  | { type: "import.sheetChosen"; sheet: number }
  | { type: "import.skipChanged"; skip: number }
  | { type: "import.headerRowChanged"; headerRow: boolean }
  | { type: "import.next" }
  | { type: "import.back" }
  | { type: "import.modeChanged"; target: ImportTarget; mode: "dynamic" | "static" }
  | { type: "import.columnChosen"; target: ImportTarget; column: string | null }
  | { type: "import.valueChanged"; target: ImportTarget; value: string }
  | { type: "import.columnsShown" }
  | { type: "import.columnsClosed" }
  | { type: "import.started" }
  | { type: "import.outcomeDownloaded" }
  | ImportRowSettled
  | { type: "import.retryDue"; row: number };

export interface ImportRowRequest {
  readonly api: ApiContext;
  readonly program: string;
  readonly row: number;
  readonly body: ImportBody;
  readonly idempotencyKey: string;
  readonly attempt: number;
}

export interface StoredKeysRequestInput {
  readonly api: ApiContext;
  readonly program: string;
  readonly keys: ReadonlyArray<string>;
}

export const rowRequestId = (row: number): string => `createImportRow-${row}`;
export const rowRetryId = (row: number): string => `retryImportRow-${row}`;

/** How long the dry run waits after the last mapping change before it asks the server. */
export const dryRunPauseMs = 300;

type Context = SpendImportContext;

const firstChoice: SheetChoice = { sheetIndex: 0, skip: 0, headerRow: true };

const emptyFile = {
  file: null,
  fileName: null,
  sheets: [],
  readError: null,
  choice: firstChoice,
  columns: [],
  records: [],
  lines: [],
  mappingSource: "headers",
  showErrors: false,
  rows: [],
  keys: [],
  stored: null,
  storedUnknown: false,
  statuses: [],
  failures: {},
  queue: [],
  started: 0,
  attempts: {},
} satisfies Partial<Context>;

const storeOf = (context: Context): KeyValueStore => context.store ?? appRuntime.runSync(Storage);
const programOf = (context: Context): string => context.scope.program?.code ?? "";
/** Today in the program's time zone (what a date without its year is read against), unless the input gave one. */
const todayOf = (context: Context): string => context.today ?? todayAt(Date.now(), programTimeZone(context.scope.program));

/** The sheet's columns and rows under a choice (PURE); a refused sheet (a forbidden header) has none. */
const sheetRows = (sheets: ReadonlyArray<WorkbookSheet>, choice: SheetChoice) => {
  const result = rowsFromSheet(sheets[choice.sheetIndex]?.rows ?? [], { headerRow: choice.headerRow, skip: choice.skip });
  if (!result.ok) return { columns: [], records: [], lines: [], problem: result.problem.message };
  return { columns: result.columns, records: result.rows.map((r) => r.values), lines: result.rows.map((r) => r.line), problem: null };
};

const sameColumns = (a: ReadonlyArray<SheetColumn>, b: ReadonlyArray<SheetColumn>): boolean =>
  a.length === b.length && a.every((c, i) => c.name === b[i]?.name && c.header === b[i]?.header);

/** The mapping of new columns: the one confirmed before for these headers, else the columns naming a target. */
const mappingForColumns = (context: Context, columns: ReadonlyArray<SheetColumn>): Pick<Context, "mapping" | "mappingSource"> => {
  const remembered = decodeRememberedMapping(
    context.kind,
    storeOf(context).get(rememberedMappingKey(programOf(context), context.kind, columns)),
    columns.map((c) => c.name),
  );
  return remembered ? { mapping: remembered, mappingSource: "remembered" } : { mapping: mappingFromHeaders(context.kind, columns), mappingSource: "headers" };
};

/** A new sheet choice: its columns and rows; columns that change clear the mapping (then filled again from headers or memory). */
const withChoice = (context: Context, choice: SheetChoice): Partial<Context> => {
  const read = sheetRows(context.sheets, choice);
  const mapping = sameColumns(read.columns, context.columns) ? {} : mappingForColumns(context, read.columns);
  return { choice, columns: read.columns, records: read.records, lines: read.lines, readError: read.problem, ...mapping, rows: [], keys: [], stored: null, showErrors: false };
};

const columnNames = (context: Context): string[] => context.columns.map((c) => c.name);

/** Every row as it will be sent, with its key. */
const builtRows = (context: Context): Pick<Context, "rows" | "keys"> => {
  const options = { today: todayOf(context), ...(context.kind === "fixed" ? { naturalDate } : {}) };
  const rows = context.records.map((record, i) => importRow(context.kind, context.lines[i] ?? i + 1, record, context.mapping, options));
  return { rows, keys: importRowKeys(context.kind, rows) };
};

const requestOf = (context: Context, row: number, attempt: number): ImportRowRequest => {
  const check = context.rows[row]?.check;
  const key = context.keys[row];
  if (check?.kind !== "ready" || key === null || key === undefined) throw new Error(`row ${row} is not ready to send`);
  return { api: context.scope.api, program: programOf(context), row, body: check.body, idempotencyKey: key, attempt };
};

const attemptFailureOf = (cause: Cause.Cause<unknown>): AttemptFailure => {
  const failure = Cause.failureOption(cause);
  const error = Option.isSome(failure) && isHttpError(failure.value) ? failure.value : null;
  if (error === null || error._tag === "DecodeError") return { kind: "unreadable" };
  if (error._tag === "NetworkError") return { kind: "network" };
  const after = error._tag === "ClientError" || error._tag === "ServerError" ? retryAfterSeconds(error.retryAfter) : undefined;
  return { kind: "status", status: error.status, ...(after === undefined ? {} : { retryAfterSeconds: after }) };
};

const failureText = (failure: AttemptFailure): string =>
  failure.kind === "status" ? `${spendImportTexts.sendFailed} (HTTP ${failure.status})` : spendImportTexts.sendFailed;

const retryOf = (context: Context, settled: ImportRowSettled): number | null =>
  settled.outcome === "error" && settled.failure !== undefined ? nextRetryMs(context.attempts[settled.row] ?? maxRowAttempts, settled.failure) : null;

const inFlight = (context: Context): number => context.statuses.filter((s) => s === "sending" || s === "retrying").length;

/** The outcome file of a finished import (the one CSV writer, formula-safe). */
export const reportCsv = (report: ImportReport): string => outcomeCsv(report.columns, report.records, report.rows, report.outcomes, report.failures);

/** The outcome file's name: the imported file's, without its extension, then "_outcome.csv". */
export const outcomeFileName = (fileName: string | null): string => exportFileName(`${(fileName ?? "import").replace(/\.(csv|xlsx)$/i, "")} outcome`, "csv");

export const spendImportMachine = setup({
  types: {
    context: {} as SpendImportContext,
    events: {} as SpendImportEvent,
    input: {} as SpendImportInput,
  },
  actors: {
    ...sessionScopeActors,
    readWorkbook: fromEffect<ReadWorkbook, { file: WorkbookFileLike }, WorkbookReadError>(({ file }) => readWorkbook(file)),
    checkStoredKeys: fromApiCall<ReadonlySet<string>, StoredKeysRequestInput, unknown>((input) => storedImportKeys(input.program, input.keys)),
    /** One row's create; reports import.rowSettled, aborts when stopped. */
    createImportRow: fromCallback<{ type: string }, ImportRowRequest>(({ input, sendBack }) => {
      const controller = new AbortController();
      const create = createImportRow(input.program, input.body, input.idempotencyKey);
      void appRuntime.runPromiseExit(Effect.provideService(create, CurrentApiContext, input.api), { signal: controller.signal }).then((exit) => {
        if (controller.signal.aborted) return;
        if (Exit.isSuccess(exit)) sendBack({ type: "import.rowSettled", row: input.row, outcome: "success" } satisfies ImportRowSettled);
        else {
          const failure = attemptFailureOf(exit.cause);
          sendBack({ type: "import.rowSettled", row: input.row, outcome: "error", message: failureText(failure), failure } satisfies ImportRowSettled);
        }
      });
      return () => controller.abort();
    }),
  },
  actions: {
    /** Another program or API context: everything chosen goes. */
    changeScope: assign((_, scope: SessionScope) => ({ ...emptyFile, mapping: {}, report: null, scope })),
    rememberFile: assign((_, file: WorkbookFileLike) => ({ ...emptyFile, mapping: {}, file, fileName: file.name })),
    storeWorkbook: assign(({ context }, workbook: ReadWorkbook) => {
      const loaded = { ...context, file: null, sheets: workbook.sheets, columns: [] };
      return { file: null, sheets: workbook.sheets, columns: [], ...withChoice(loaded, firstChoice) };
    }),
    rememberReadFailure: assign((_, error: unknown) => ({
      file: null,
      readError: typeof error === "object" && error !== null && "message" in error ? String((error as { message: unknown }).message) : spendImportTexts.chooseFile,
    })),
    chooseSheet: assign(({ context }, sheet: number) => withChoice(context, { ...context.choice, sheetIndex: sheet })),
    changeSkip: assign(({ context }, skip: number) => withChoice(context, { ...context.choice, skip: Number.isFinite(skip) ? Math.max(0, Math.floor(skip)) : 0 })),
    changeHeaderRow: assign(({ context }, headerRow: boolean) => withChoice(context, { ...context.choice, headerRow })),
    switchMode: assign(({ context }, p: { target: ImportTarget; mode: "dynamic" | "static" }) => ({ mapping: switchTargetMode(context.mapping, p.target, p.mode) })),
    chooseColumn: assign(({ context }, p: { target: ImportTarget; column: string | null }) => ({ mapping: chooseTargetColumn(context.mapping, p.target, p.column) })),
    setValue: assign(({ context }, p: { target: ImportTarget; value: string }) => ({ mapping: setTargetValue(context.mapping, p.target, p.value) })),
    showErrors: assign({ showErrors: true }),
    buildRows: assign(({ context }) => ({ ...builtRows(context), stored: null, storedUnknown: false })),
    storeStoredKeys: assign((_, stored: ReadonlySet<string>) => ({ stored, storedUnknown: false })),
    forgetStoredKeys: assign({ stored: null, storedUnknown: true }),
    /** The confirmed mapping is kept for the next file with these headers in this program. */
    rememberMapping: ({ context }) => {
      storeOf(context).set(rememberedMappingKey(programOf(context), context.kind, context.columns), encodeRememberedMapping(context.mapping));
    },
    /** Marks every row (invalid -> error, zero cost -> zero_cost, stored key -> stored, else queued) and starts the first 10. */
    startImport: enqueueActions(({ context, enqueue }) => {
      const built = builtRows(context);
      const stored = context.stored ?? new Set<string>();
      const statuses = built.rows.map((r, i): ImportRowStatus => {
        if (r.check.kind === "invalid") return "error";
        if (r.check.kind === "zero_cost") return "zero_cost";
        const key = built.keys[i];
        return key !== null && key !== undefined && stored.has(key) ? "stored" : "queued";
      });
      const queue = statuses.flatMap((s, i) => (s === "queued" ? [i] : []));
      const first = queue.slice(0, batchConcurrency);
      for (const row of first) statuses[row] = "sending";
      const next = { ...context, ...built, statuses, queue, started: first.length, failures: {}, attempts: Object.fromEntries(first.map((row) => [row, 1])) };
      enqueue.assign({ ...built, statuses, queue, started: first.length, failures: {}, attempts: next.attempts, report: null });
      for (const row of first) enqueue.spawnChild("createImportRow", { id: rowRequestId(row), input: requestOf(next, row, 1) });
    }),
    settleRow: enqueueActions(({ context, enqueue }, p: ImportRowSettled) => {
      const nextRow = context.queue[context.started];
      const statuses = context.statuses.map((s, i): ImportRowStatus => (i === p.row ? p.outcome : i === nextRow ? "sending" : s));
      const failures = p.outcome === "error" ? { ...context.failures, [p.row]: p.message ?? spendImportTexts.sendFailed } : context.failures;
      enqueue.stopChild(rowRequestId(p.row));
      const attempts = nextRow === undefined ? context.attempts : { ...context.attempts, [nextRow]: 1 };
      enqueue.assign({ statuses, failures, attempts, started: nextRow === undefined ? context.started : context.started + 1 });
      if (nextRow !== undefined) enqueue.spawnChild("createImportRow", { id: rowRequestId(nextRow), input: requestOf(context, nextRow, 1) });
    }),
    scheduleRetry: enqueueActions(({ context, enqueue }, row: number) => {
      enqueue.stopChild(rowRequestId(row));
      enqueue.assign({ statuses: context.statuses.map((s, i): ImportRowStatus => (i === row ? "retrying" : s)) });
      enqueue.raise({ type: "import.retryDue", row }, { id: rowRetryId(row), delay: "retryWait" });
    }),
    retryRow: enqueueActions(({ context, enqueue }, row: number) => {
      const attempt = (context.attempts[row] ?? 0) + 1;
      enqueue.assign({
        statuses: context.statuses.map((s, i): ImportRowStatus => (i === row ? "sending" : s)),
        attempts: { ...context.attempts, [row]: attempt },
      });
      enqueue.spawnChild("createImportRow", { id: rowRequestId(row), input: requestOf(context, row, attempt) });
    }),
    /** The import is over: its outcome is kept for File Upload. */
    keepReport: assign(({ context }) => ({
      report: {
        total: context.rows.length,
        rows: context.rows,
        records: context.records,
        columns: context.columns,
        outcomes: context.statuses.map((s): ImportOutcome => (s === "queued" || s === "sending" || s === "retrying" ? "error" : s)),
        failures: context.failures,
      },
      stored: null,
    })),
    /** Saves the last import's outcome file on the device ("{file}_outcome.csv"). */
    downloadOutcome: ({ context }) => {
      if (context.report === null) return;
      appRuntime.runSync(downloadFile(new Blob([reportCsv(context.report)], { type: csvMimeType }), outcomeFileName(context.fileName)));
    },
    stopRequests: enqueueActions(({ context, enqueue }) => {
      context.statuses.forEach((s, i) => {
        if (s === "sending") enqueue.stopChild(rowRequestId(i));
        if (s === "retrying") enqueue.cancel(rowRetryId(i));
      });
    }),
  },
  guards: {
    isOtherProgram: ({ context }, scope: SessionScope) =>
      scope.program?.code !== context.scope.program?.code || scope.api.baseUrl !== context.scope.api.baseUrl || scope.api.token !== context.scope.api.token,
    hasSheet: ({ context }) => context.sheets.length > 0,
    hasReport: ({ context }) => context.report !== null,
    isOtherSheet: ({ context }, sheet: number) => Number.isInteger(sheet) && sheet >= 0 && sheet < context.sheets.length && sheet !== context.choice.sheetIndex,
    hasRows: ({ context }) => context.records.length > 0,
    isMappingComplete: ({ context }) => Object.keys(mappingErrors(context.kind, context.mapping, columnNames(context))).length === 0,
    hasKeysToCheck: ({ context }) => context.keys.some((k) => k !== null),
    isSendingRow: ({ context }, row: number) => context.statuses[row] === "sending",
    shouldRetryRow: ({ context }, settled: ImportRowSettled) => context.statuses[settled.row] === "sending" && retryOf(context, settled) !== null,
    isRetryingRow: ({ context }, row: number) => context.statuses[row] === "retrying",
    isLastRow: ({ context }, row: number) => context.statuses[row] === "sending" && inFlight(context) === 1 && context.started >= context.queue.length,
    nothingToSend: ({ context }) => context.queue.length === 0,
  },
  delays: {
    // Raised only by `scheduleRetry`, on the failed row's `import.rowSettled` (a delay has no params of its own).
    retryWait: ({ context, event }) => retryOf(context, event as ImportRowSettled) ?? 0,
    dryRunPause: dryRunPauseMs,
  },
}).createMachine({
  id: "spendImport",
  context: ({ input }) => ({
    ...emptyFile,
    session: input.session,
    kind: input.kind,
    store: input.store ?? null,
    today: input.today ?? null,
    scope: openingScope(input.session),
    mapping: {},
    report: null,
  }),
  invoke: followSessionScope,
  on: {
    "session.scopeChanged": {
      guard: scopeGuard("isOtherProgram"),
      target: ".upload",
      actions: scopeAction("changeScope"),
    },
  },
  initial: "upload",
  states: {
    /** Step 0, File Upload. */
    upload: {
      initial: "idle",
      on: {
        "import.fileChosen": { target: ".reading", actions: { type: "rememberFile", params: ({ event }) => event.file } },
        "import.outcomeDownloaded": { guard: "hasReport", actions: "downloadOutcome" },
      },
      states: {
        idle: {
          on: { "import.next": { guard: "hasSheet", target: "#spendImport.options" } },
        },
        reading: {
          invoke: {
            src: "readWorkbook",
            input: ({ context }) => ({ file: context.file as WorkbookFileLike }),
            onDone: { target: "#spendImport.options", actions: { type: "storeWorkbook", params: ({ event }) => event.output } },
            onError: { target: "failed", actions: { type: "rememberReadFailure", params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        /** The file could not be read (its type, its size, too many rows, unreadable): another one may be chosen. */
        failed: {},
      },
    },
    /** Step 1, Options. */
    options: {
      on: {
        "import.sheetChosen": { guard: { type: "isOtherSheet", params: ({ event }) => event.sheet }, actions: { type: "chooseSheet", params: ({ event }) => event.sheet } },
        "import.skipChanged": { actions: { type: "changeSkip", params: ({ event }) => event.skip } },
        "import.headerRowChanged": { actions: { type: "changeHeaderRow", params: ({ event }) => event.headerRow } },
        "import.next": { guard: "hasRows", target: "configuration" },
        "import.back": { target: "upload.idle" },
      },
    },
    /** Step 2, Configuration: the mapping, the 'Selected Columns (n)' modal, and the dry run. */
    configuration: {
      type: "parallel",
      on: {
        "import.back": { target: "options" },
        "import.started": [
          { guard: "isMappingComplete", target: "process", actions: ["rememberMapping", "startImport"] },
          { actions: "showErrors" },
        ],
      },
      states: {
        /** A mapping change restarts the dry run (in this region only, so the modal stays as it is). */
        dryRun: {
          initial: "pending",
          on: {
            "import.modeChanged": { target: ".pending", actions: { type: "switchMode", params: ({ event }) => ({ target: event.target, mode: event.mode }) } },
            "import.columnChosen": { target: ".pending", actions: { type: "chooseColumn", params: ({ event }) => ({ target: event.target, column: event.column }) } },
            "import.valueChanged": { target: ".pending", actions: { type: "setValue", params: ({ event }) => ({ target: event.target, value: event.value }) } },
          },
          states: {
            /** Passed through: a mapping that cannot be used has no dry run. */
            pending: {
              always: [{ guard: not("isMappingComplete"), target: "incomplete" }, { target: "waiting" }],
            },
            incomplete: {},
            waiting: {
              after: { dryRunPause: { target: "checking", actions: "buildRows" } },
            },
            checking: {
              always: { guard: not("hasKeysToCheck"), target: "counted" },
              invoke: {
                src: "checkStoredKeys",
                input: ({ context }) => ({ api: context.scope.api, program: programOf(context), keys: context.keys.filter((k): k is string => k !== null) }),
                onDone: { target: "counted", actions: { type: "storeStoredKeys", params: ({ event }) => event.output } },
                onError: { target: "counted", actions: "forgetStoredKeys" },
              },
            },
            counted: {},
          },
        },
        columns: {
          initial: "closed",
          states: {
            closed: { on: { "import.columnsShown": "open" } },
            open: { on: { "import.columnsClosed": "closed" } },
          },
        },
      },
    },
    /** Step 3, Process. */
    process: {
      always: { guard: "nothingToSend", target: "upload.idle", actions: "keepReport" },
      exit: "stopRequests",
      on: {
        "import.rowSettled": [
          { guard: { type: "shouldRetryRow", params: ({ event }) => event }, actions: { type: "scheduleRetry", params: ({ event }) => event.row } },
          {
            guard: { type: "isLastRow", params: ({ event }) => event.row },
            target: "upload.idle",
            actions: [{ type: "settleRow", params: ({ event }) => event }, "keepReport"],
          },
          { guard: { type: "isSendingRow", params: ({ event }) => event.row }, actions: { type: "settleRow", params: ({ event }) => event } },
        ],
        "import.retryDue": { guard: { type: "isRetryingRow", params: ({ event }) => event.row }, actions: { type: "retryRow", params: ({ event }) => event.row } },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof spendImportMachine>;

/** One-slot memos keyed by the context parts they read, so selectors answer the same object while nothing changed. */
const memo = <K extends ReadonlyArray<unknown>, R>(compute: (...args: K) => R): ((...args: K) => R) => {
  let last: { args: K; value: R } | null = null;
  return (...args: K) => {
    if (last && last.args.length === args.length && last.args.every((a, i) => a === args[i])) return last.value;
    const value = compute(...args);
    last = { args, value };
    return value;
  };
};

const previewOf = memo(
  (kind: SpendImportKind, records: ReadonlyArray<SheetRecord>, lines: ReadonlyArray<number>, mapping: ImportMapping, today: string | null): ImportRow[] => {
    const options = { ...(today === null ? {} : { today }), ...(kind === "fixed" ? { naturalDate } : {}) };
    return records.slice(0, previewRowCount).map((record, i) => importRow(kind, lines[i] ?? i + 1, record, mapping, options));
  },
);

const errorsOf = memo((kind: SpendImportKind, mapping: ImportMapping, columns: ReadonlyArray<SheetColumn>) =>
  mappingErrors(
    kind,
    mapping,
    columns.map((c) => c.name),
  ),
);

const dryRunOf = memo((rows: ReadonlyArray<ImportRow>, keys: ReadonlyArray<string | null>, stored: ReadonlySet<string> | null): DryRunCounts =>
  dryRunCounts(rows, keys, stored ?? new Set()),
);

const tallyOf = memo((statuses: ReadonlyArray<ImportRowStatus>) =>
  tallyOutcomes(statuses.map((s) => (s === "queued" || s === "sending" || s === "retrying" ? null : s))),
);

const reportTallyOf = memo((report: ImportReport | null) => (report === null ? null : tallyOutcomes(report.outcomes)));

const stepOf = (s: Snap): number => (s.matches("options") ? 1 : s.matches("configuration") ? 2 : s.matches("process") ? 3 : 0);

/** Named selectors: the view reads the wizard only through these. */
export const spendImportSelectors = {
  kind: (s: Snap) => s.context.kind,
  /** 0 File Upload, 1 Options, 2 Configuration, 3 Process. */
  step: stepOf,
  isReading: (s: Snap) => s.matches({ upload: "reading" }),
  readError: (s: Snap) => s.context.readError,
  fileName: (s: Snap) => s.context.fileName,
  hasSheet: (s: Snap) => s.context.sheets.length > 0,
  sheetNames: (s: Snap) => s.context.sheets.map((sheet) => sheet.name),
  choice: (s: Snap) => s.context.choice,
  columns: (s: Snap) => s.context.columns,
  rowCount: (s: Snap) => s.context.records.length,
  mapping: (s: Snap) => s.context.mapping,
  mappingSource: (s: Snap) => s.context.mappingSource,
  /** The mapping's errors, shown once Import was asked for. */
  shownErrors: (s: Snap) => (s.context.showErrors ? errorsOf(s.context.kind, s.context.mapping, s.context.columns) : null),
  isColumnsModalOpen: (s: Snap) => s.matches({ configuration: { columns: "open" } }),
  preview: (s: Snap) => previewOf(s.context.kind, s.context.records, s.context.lines, s.context.mapping, s.context.today),
  /** The dry run's counts once counted (null while the mapping is incomplete or the check runs). */
  dryRun: (s: Snap) => (s.matches({ configuration: { dryRun: "counted" } }) ? dryRunOf(s.context.rows, s.context.keys, s.context.stored) : null),
  isCheckingStored: (s: Snap) => s.matches({ configuration: { dryRun: "checking" } }) || s.matches({ configuration: { dryRun: "waiting" } }),
  storedUnknown: (s: Snap) => s.context.storedUnknown,
  isProcessing: (s: Snap) => s.matches("process"),
  /** Rows processed so far (every row not waiting or in flight). */
  processed: (s: Snap) => s.context.statuses.filter((x) => x !== "queued" && x !== "sending" && x !== "retrying").length,
  total: (s: Snap) => s.context.statuses.length,
  tally: (s: Snap) => tallyOf(s.context.statuses),
  report: (s: Snap) => s.context.report,
  reportTally: (s: Snap) => reportTallyOf(s.context.report),
  finishedMessage: (s: Snap) => (s.context.report === null ? null : spendImportTexts.finished(s.context.report.total)),
} satisfies Record<string, (s: Snap) => unknown>;


export type SpendImportActorRef = ActorRefFrom<typeof spendImportMachine>;
