import { Cause, Effect, Exit, Option } from "effect";
import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from "xstate";
import { batchConcurrency, missingSpendBatchColumns, spendBatchAliases, spendBatchColumns, spendBatchRow, spendBatchTexts, type SpendBatchRow } from "../../domain/spend/spendBatch";
import type { SpendEntry } from "../../domain/spend/spendForm";
import { rowsFromSheet, type WorkbookCell } from "../../domain/exports/workbookRows";
import { maxRowAttempts, nextRetryMs, retryAfterSeconds, spendRowIdempotencyKey, type AttemptFailure } from "../../domain/spend/spendBatchRetry";
import { createFixedCost } from "../../services/spend/costs";
import { isHttpError } from "../../services/http/httpErrors";
import { CurrentApiContext, type ApiContext } from "../../services/http/apiClient";
import { appRuntime } from "../../services/runtime/runtime";
import { eventData, type EventData } from "../runtime/eventData";

/**
 * The spend rows of a dropped spreadsheet (the file drop area's follow-up): the rows are
 * rebuilt from the sheet's allow-listed headers, normalised and checked one by one
 * (preview); 'Send' sends every valid row as its own `createSpend` request, AT MOST 10
 * at once; each row ends as success, error or zero_cost (cost 0 is never sent; a row
 * that breaks a rule ends as error without being sent); then
 * 'Finished: A total of {n} records were processed'. A batch that saved at least one row
 * tells its `listener` (the performance report) `spendBatch.finished` once, when it
 * finishes, so what shows costs loads again.
 *
 * The pool lives in the machine: `startBatch` spawns one `createSpend` child per row for
 * the first 10 rows; each child reports `batch.rowSettled` and is stopped, and the next
 * queued row is spawned in its place. Every request is a named, inspectable, cancellable
 * actor; removing the file stops those in flight.
 *
 * Every request of a row carries the row's `Idempotency-Key` (`spendRowIdempotencyKey`:
 * the file name, the row's line and its normalised body), so a row sent again, in a retry
 * or after a reload, is created once. A row whose attempt fails with no answer, a 5xx or a
 * 429 waits (the named delay `retryWait`: 0.5 s, 1 s, 2 s, 4 s, at most 8 s, or the
 * answer's `Retry-After` seconds, capped the same) and is sent again, at most 5 attempts
 * in all; any other 4xx ends it as an error at once. A waiting row (`retrying`) keeps its
 * place in the pool, so at most 10 requests are ever in flight. A row's outcome keeps how
 * many attempts it took (`attempts`).
 */

export interface SpendBatchInput {
  readonly api: ApiContext;
  /** The program code the spend is created in. */
  readonly program: string;
  /** Today (YYYY-MM-DD) in the program's offset, for dates written "today"/"yesterday". */
  readonly today?: string;
  /** Hears `spendBatch.finished` when a batch that saved at least one row finishes (the performance report). */
  readonly listener?: AnyActorRef | null;
}

export interface SheetOptions {
  /** Whether the top row holds the headers. */
  readonly headerRow: boolean;
  /** Rows to skip at the top. */
  readonly skip: number;
}

/** A row before sending (ready, invalid, zero_cost), while sending (queued, sending, retrying: waiting to be sent again), and after (success, error, zero_cost). */
export type BatchRowStatus = "ready" | "invalid" | "zero_cost" | "queued" | "sending" | "retrying" | "success" | "error";

export interface SpendBatchContext extends SpendBatchInput {
  readonly fileName: string | null;
  readonly sheet: ReadonlyArray<ReadonlyArray<WorkbookCell>> | null;
  readonly options: SheetOptions;
  readonly rows: ReadonlyArray<SpendBatchRow>;
  /** Why the sheet cannot be used at all (a forbidden header, missing columns, no rows). */
  readonly problem: string | null;
  readonly statuses: ReadonlyArray<BatchRowStatus>;
  /** The message of a row that failed to send. */
  readonly failures: Readonly<Record<number, string>>;
  /** Indexes of the rows to send, in order, and how many of them have been started. */
  readonly queue: ReadonlyArray<number>;
  readonly started: number;
  /** How many requests each sent row has been sent in (1 to 5). */
  readonly attempts: Readonly<Record<number, number>>;
}

/** A row's request ended; a failure says why (`failure`), so the batch knows whether to try again. */
export type RowSettled = { type: "batch.rowSettled"; row: number; outcome: "success" | "error"; message?: string; failure?: AttemptFailure };

/** What the batch tells its listener when it finishes having saved rows. */
export interface SpendBatchFinished {
  readonly type: "spendBatch.finished";
  /** How many rows were saved. */
  readonly saved: number;
}

export type SpendBatchEvent =
  | { type: "batch.sheetLoaded"; fileName: string; rows: ReadonlyArray<ReadonlyArray<WorkbookCell>> }
  | { type: "batch.optionsChanged"; headerRow?: boolean; skip?: number }
  | { type: "batch.cleared" }
  | { type: "batch.sent" }
  | RowSettled
  /** A waiting row's wait is over (raised by the batch itself after `retryWait`). */
  | { type: "batch.retryDue"; row: number };

export interface CreateSpendInput {
  readonly api: ApiContext;
  readonly program: string;
  /** The row's index in the preview. */
  readonly row: number;
  readonly body: SpendEntry;
  /** The same for every attempt of the row. */
  readonly idempotencyKey: string;
  /** 1 for the first request of the row. */
  readonly attempt: number;
}

export const defaultSheetOptions: SheetOptions = { headerRow: true, skip: 0 };

/** The id of the child sending a row. */
export const requestId = (row: number): string => `createSpend-${row}`;

/** The id of a waiting row's scheduled retry. */
export const retryId = (row: number): string => `retry-${row}`;

/** The preview of a sheet (PURE): its rows and their checks, or the problem that refuses it. */
export const previewSheet = (
  sheet: ReadonlyArray<ReadonlyArray<WorkbookCell>>,
  options: SheetOptions,
  today?: string,
): Pick<SpendBatchContext, "rows" | "problem" | "statuses"> => {
  const result = rowsFromSheet(sheet, { ...options, allowedHeaders: spendBatchColumns, aliases: spendBatchAliases });
  if (!result.ok) return { rows: [], problem: result.problem.message, statuses: [] };
  const missing = missingSpendBatchColumns(result.columns.map((c) => c.name));
  if (missing.length > 0) return { rows: [], problem: spendBatchTexts.missingColumns(missing), statuses: [] };
  if (result.rows.length === 0) return { rows: [], problem: spendBatchTexts.noRows, statuses: [] };
  const rows = result.rows.map((r) => spendBatchRow(r, today ? { today } : {}));
  return { rows, problem: null, statuses: rows.map((r) => r.check.kind) };
};

const emptySheet = {
  fileName: null,
  sheet: null,
  options: defaultSheetOptions,
  rows: [],
  problem: null,
  statuses: [],
  failures: {},
  queue: [],
  started: 0,
  attempts: {},
} satisfies Omit<SpendBatchContext, keyof SpendBatchInput>;

const requestInput = (context: SpendBatchContext, row: number, attempt: number): CreateSpendInput => {
  const sheetRow = context.rows[row];
  const check = sheetRow?.check;
  if (check?.kind !== "ready") throw new Error(`row ${row} is not ready to send`);
  const idempotencyKey = spendRowIdempotencyKey({ fileName: context.fileName ?? "", line: sheetRow?.line ?? row, body: check.body });
  return { api: context.api, program: context.program, row, body: check.body, idempotencyKey, attempt };
};

/** Rows holding a place in the pool: in flight, or waiting to be sent again. */
const inFlight = (context: SpendBatchContext): number => context.statuses.filter((s) => s === "sending" || s === "retrying").length;

/** Why an attempt failed, as the retry rules read it. */
const attemptFailureOf = (cause: Cause.Cause<unknown>): AttemptFailure => {
  const failure = Cause.failureOption(cause);
  const error = Option.isSome(failure) && isHttpError(failure.value) ? failure.value : null;
  if (error === null) return { kind: "unreadable" };
  if (error._tag === "NetworkError") return { kind: "network" };
  if (error._tag === "DecodeError") return { kind: "unreadable" };
  const after = error._tag === "ClientError" || error._tag === "ServerError" ? retryAfterSeconds(error.retryAfter) : undefined;
  return { kind: "status", status: error.status, ...(after === undefined ? {} : { retryAfterSeconds: after }) };
};

/** The wait before a failed row is sent again, or null when it ends as an error (by its attempts so far and the failure). */
const retryOf = (context: SpendBatchContext, settled: Pick<RowSettled, "row" | "outcome" | "failure">): number | null =>
  settled.outcome === "error" && settled.failure !== undefined ? nextRetryMs(context.attempts[settled.row] ?? maxRowAttempts, settled.failure) : null;

/** What a row's `batch.rowSettled` tells the actions and guards (its transitions give it with `eventData`). */
type Settled = EventData<RowSettled>;

/** The settling row is the last one in flight and none is queued. */
const isLastRow = (context: SpendBatchContext, settled: Settled): boolean =>
  context.statuses[settled.row] === "sending" && inFlight(context) === 1 && context.started >= context.queue.length;

/** A row was saved already, or the settling one was. */
const savesARow = (context: SpendBatchContext, settled: Settled): boolean => context.statuses.includes("success") || settled.outcome === "success";

const failureText = (cause: Cause.Cause<unknown>): string => {
  const failure = Cause.failureOption(cause);
  const error = Option.isSome(failure) ? failure.value : null;
  const status = typeof error === "object" && error !== null && "status" in error ? ` (HTTP ${String((error as { status: unknown }).status)})` : "";
  return `${spendBatchTexts.sendFailed}${status}`;
};

type SheetLoaded = Extract<SpendBatchEvent, { type: "batch.sheetLoaded" }>;
type OptionsChanged = Extract<SpendBatchEvent, { type: "batch.optionsChanged" }>;

/** Another file: its sheet is checked. */
const sheetLoaded = {
  target: "checking",
  actions: { type: "loadSheet", params: ({ event }: { readonly event: SheetLoaded }) => ({ fileName: event.fileName, rows: event.rows }) },
} as const;

/** What a previewed or refused sheet answers: another file or other sheet options are checked again; clearing forgets it. */
const sheetChoices = {
  "batch.sheetLoaded": sheetLoaded,
  "batch.optionsChanged": {
    target: "checking",
    actions: { type: "changeOptions", params: ({ event }: { readonly event: OptionsChanged }) => ({ headerRow: event.headerRow, skip: event.skip }) },
  },
  "batch.cleared": { target: "empty", actions: "forget" },
} as const;

export const spendBatchMachine = setup({
  types: {
    context: {} as SpendBatchContext,
    events: {} as SpendBatchEvent,
    input: {} as SpendBatchInput,
  },
  actors: {
    /** One row's request (POST programs/{program}/fixed-costs); reports batch.rowSettled, aborts when stopped. */
    createSpend: fromCallback<{ type: string }, CreateSpendInput>(({ input, sendBack }) => {
      const controller = new AbortController();
      const create = createFixedCost(input.program, input.body, { idempotencyKey: input.idempotencyKey });
      void appRuntime.runPromiseExit(Effect.provideService(create, CurrentApiContext, input.api), { signal: controller.signal }).then((exit) => {
        if (controller.signal.aborted) return;
        sendBack(
          Exit.isSuccess(exit)
            ? ({ type: "batch.rowSettled", row: input.row, outcome: "success" } satisfies RowSettled)
            : ({ type: "batch.rowSettled", row: input.row, outcome: "error", message: failureText(exit.cause), failure: attemptFailureOf(exit.cause) } satisfies RowSettled),
        );
      });
      return () => controller.abort();
    }),
  },
  actions: {
    /** A new sheet: the sheet options are kept for another sheet of the same file, reset for a new file. */
    loadSheet: assign(({ context }, loaded: { fileName: string; rows: ReadonlyArray<ReadonlyArray<WorkbookCell>> }) => {
      const options = loaded.fileName === context.fileName ? context.options : defaultSheetOptions;
      return { ...emptySheet, fileName: loaded.fileName, sheet: loaded.rows, options, ...previewSheet(loaded.rows, options, context.today) };
    }),
    changeOptions: assign(({ context }, change: { headerRow?: boolean; skip?: number }) => {
      const skip = change.skip === undefined ? context.options.skip : Number.isFinite(change.skip) ? Math.max(0, Math.floor(change.skip)) : 0;
      const options: SheetOptions = { headerRow: change.headerRow ?? context.options.headerRow, skip };
      return { options, failures: {}, queue: [], started: 0, attempts: {}, ...previewSheet(context.sheet ?? [], options, context.today) };
    }),
    forget: assign(() => emptySheet),
    /** Marks every row (invalid -> error, ready -> queued) and starts the first 10 requests. */
    startBatch: enqueueActions(({ context, enqueue }) => {
      const queue = context.rows.flatMap((r, i) => (r.check.kind === "ready" ? [i] : []));
      const first = queue.slice(0, batchConcurrency);
      const statuses = context.rows.map((r, i): BatchRowStatus =>
        r.check.kind === "invalid" ? "error" : r.check.kind === "zero_cost" ? "zero_cost" : first.includes(i) ? "sending" : "queued",
      );
      enqueue.assign({ queue, started: first.length, statuses, failures: {}, attempts: Object.fromEntries(first.map((row) => [row, 1])) });
      for (const row of first) enqueue.spawnChild("createSpend", { id: requestId(row), input: requestInput(context, row, 1) });
    }),
    /** Records a row's outcome, stops its request and starts the next queued row. */
    settleRow: enqueueActions(({ context, enqueue }, settled: Settled) => {
      const nextRow = context.queue[context.started];
      const statuses = context.statuses.map((s, i): BatchRowStatus => (i === settled.row ? settled.outcome : i === nextRow ? "sending" : s));
      const failures = settled.outcome === "error" ? { ...context.failures, [settled.row]: settled.message ?? spendBatchTexts.sendFailed } : context.failures;
      enqueue.stopChild(requestId(settled.row));
      const attempts = nextRow === undefined ? context.attempts : { ...context.attempts, [nextRow]: 1 };
      enqueue.assign({ statuses, failures, attempts, started: nextRow === undefined ? context.started : context.started + 1 });
      if (nextRow !== undefined) enqueue.spawnChild("createSpend", { id: requestId(nextRow), input: requestInput(context, nextRow, 1) });
    }),
    /** A failed row that may be tried again: its request is stopped and it waits `retryWait`, keeping its place in the pool. */
    scheduleRetry: enqueueActions(({ context, enqueue }, params: { row: number }) => {
      enqueue.stopChild(requestId(params.row));
      enqueue.assign({ statuses: context.statuses.map((s, i): BatchRowStatus => (i === params.row ? "retrying" : s)) });
      enqueue.raise({ type: "batch.retryDue", row: params.row }, { id: retryId(params.row), delay: "retryWait" });
    }),
    /** A waiting row is sent again, with the same Idempotency-Key. */
    retryRow: enqueueActions(({ context, enqueue }, params: { row: number }) => {
      const attempt = (context.attempts[params.row] ?? 0) + 1;
      enqueue.cancel(retryId(params.row));
      enqueue.assign({
        statuses: context.statuses.map((s, i): BatchRowStatus => (i === params.row ? "sending" : s)),
        attempts: { ...context.attempts, [params.row]: attempt },
      });
      enqueue.spawnChild("createSpend", { id: requestId(params.row), input: requestInput(context, params.row, attempt) });
    }),
    /** The listener hears once that the batch finished, with how many rows it saved. */
    tellBatchFinished: enqueueActions(({ context, enqueue }) => {
      if (context.listener) enqueue.sendTo(context.listener, { type: "spendBatch.finished", saved: context.statuses.filter((s) => s === "success").length } satisfies SpendBatchFinished);
    }),
    /** Leaving the batch (the file was removed): requests in flight are stopped (aborted), waiting retries cancelled. */
    stopRequests: enqueueActions(({ context, enqueue }) => {
      context.statuses.forEach((s, i) => {
        if (s === "sending") enqueue.stopChild(requestId(i));
        if (s === "retrying") enqueue.cancel(retryId(i));
      });
    }),
  },
  guards: {
    sheetRefused: ({ context }) => context.problem !== null,
    hasRowsToSend: ({ context }) => context.rows.some((r) => r.check.kind === "ready"),
    hasRows: ({ context }) => context.rows.length > 0,
    isSendingRow: ({ context }, settled: Settled) => context.statuses[settled.row] === "sending",
    /** The row's request failed in a way worth trying again (no answer, 5xx, 429) and it has attempts left. */
    shouldRetryRow: ({ context }, settled: Settled) => context.statuses[settled.row] === "sending" && retryOf(context, settled) !== null,
    isRetryingRow: ({ context }, params: { row: number }) => context.statuses[params.row] === "retrying",
    isLastRow: ({ context }, settled: Settled) => isLastRow(context, settled),
    /** The last row settles and the batch saved at least one row (before, or this one): the listener hears of it. */
    isLastRowOfASavingBatch: ({ context }, settled: Settled) => isLastRow(context, settled) && savesARow(context, settled),
  },
  delays: {
    /** How long a failed row waits before it is sent again (0.5 s doubling to 8 s, or the answer's Retry-After, capped at 8 s). */
    // Raised only by `scheduleRetry`, on the failed row's `batch.rowSettled` (a delay has no params of its own).
    retryWait: ({ context, event }) => retryOf(context, event as RowSettled) ?? 0,
  },
}).createMachine({
  id: "spendBatch",
  context: ({ input }) => ({ ...input, ...emptySheet }),
  initial: "empty",
  states: {
    empty: {
      on: { "batch.sheetLoaded": sheetLoaded },
    },
    /** Passed through: a sheet is refused or previewed. */
    checking: {
      always: [{ guard: "sheetRefused", target: "refused" }, { target: "preview" }],
    },
    preview: {
      on: {
        ...sheetChoices,
        "batch.sent": [
          { guard: "hasRowsToSend", target: "sending", actions: "startBatch" },
          // Nothing valid to send: every row is processed at once (error or zero_cost).
          { guard: "hasRows", target: "finished", actions: "startBatch" },
        ],
      },
    },
    /** The sheet cannot be used; other sheet options may fix it. */
    refused: { on: sheetChoices },
    sending: {
      exit: "stopRequests",
      on: {
        "batch.rowSettled": [
          {
            guard: { type: "shouldRetryRow", params: eventData },
            actions: { type: "scheduleRetry", params: ({ event }) => ({ row: event.row }) },
          },
          {
            guard: { type: "isLastRowOfASavingBatch", params: eventData },
            target: "finished",
            actions: [{ type: "settleRow", params: eventData }, "tellBatchFinished"],
          },
          { guard: { type: "isLastRow", params: eventData }, target: "finished", actions: { type: "settleRow", params: eventData } },
          { guard: { type: "isSendingRow", params: eventData }, actions: { type: "settleRow", params: eventData } },
        ],
        "batch.retryDue": {
          guard: { type: "isRetryingRow", params: ({ event }) => ({ row: event.row }) },
          actions: { type: "retryRow", params: ({ event }) => ({ row: event.row }) },
        },
        "batch.cleared": { target: "empty", actions: "forget" },
      },
    },
    finished: {
      on: {
        "batch.sheetLoaded": { target: "checking", actions: { type: "loadSheet", params: ({ event }) => ({ fileName: event.fileName, rows: event.rows }) } },
        "batch.cleared": { target: "empty", actions: "forget" },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof spendBatchMachine>;

/** A preview line: the row, its status, and the message to show. */
export interface BatchRowView {
  readonly index: number;
  readonly row: SpendBatchRow;
  readonly status: BatchRowStatus;
  readonly message: string | null;
  /** How many requests the row has been sent in (0 when never sent). */
  readonly attempts: number;
}

const rowsCache = new WeakMap<object, BatchRowView[]>();
const rowViews = (s: Snap): BatchRowView[] => {
  const cached = rowsCache.get(s.context);
  if (cached) return cached;
  const views = s.context.rows.map((row, index): BatchRowView => {
    const status = s.context.statuses[index] ?? row.check.kind;
    const message = s.context.failures[index] ?? (row.check.kind === "ready" ? null : row.check.message);
    return { index, row, status, message, attempts: s.context.attempts[index] ?? 0 };
  });
  rowsCache.set(s.context, views);
  return views;
};

const countOf = (s: Snap, wanted: ReadonlyArray<BatchRowStatus>): number => s.context.statuses.filter((x) => wanted.includes(x)).length;

export const spendBatchSelectors = {
  isEmpty: (s: Snap) => s.matches("empty"),
  isPreview: (s: Snap) => s.matches("preview"),
  isRefused: (s: Snap) => s.matches("refused"),
  isSending: (s: Snap) => s.matches("sending"),
  isFinished: (s: Snap) => s.matches("finished"),
  fileName: (s: Snap) => s.context.fileName,
  problem: (s: Snap) => s.context.problem,
  options: (s: Snap) => s.context.options,
  rows: rowViews,
  rowCount: (s: Snap) => s.context.rows.length,
  /** Rows that 'Send' would send. */
  readyCount: (s: Snap) => s.context.rows.filter((r) => r.check.kind === "ready").length,
  /** Rows sent and answered so far (saved or failed). */
  settledCount: (s: Snap) => s.context.queue.filter((i) => s.context.statuses[i] === "success" || s.context.statuses[i] === "error").length,
  /** Rows sent in all. */
  sendTotal: (s: Snap) => s.context.queue.length,
  inFlight: (s: Snap) => countOf(s, ["sending"]),
  canSend: (s: Snap) => s.matches("preview") && s.context.rows.length > 0,
  finishedMessage: (s: Snap) => (s.matches("finished") ? spendBatchTexts.finished(s.context.rows.length) : null),
} satisfies Record<string, (s: Snap) => unknown>;

export type SpendBatchActorRef = ActorRefFrom<typeof spendBatchMachine>;
