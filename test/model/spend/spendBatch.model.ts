import { fromCallback } from "xstate";
import { batchConcurrency } from "../../../src/domain/spend/spendBatch";
import { isRetryableFailure, maxRowAttempts, spendRowIdempotencyKey, type AttemptFailure } from "../../../src/domain/spend/spendBatchRetry";
import { spendBatchMachine, type CreateSpendInput, type SpendBatchContext, type SpendBatchEvent } from "../../../src/machines/spend/spendBatch.machine";
import { defineMachineModel, invariant } from "../harness";
import { signedInApi } from "../fixtures";
import { readySheet, spendSheet } from "../exports/exportFixtures";

const countBy = (c: SpendBatchContext) => {
  const counts: Record<string, number> = {};
  for (const s of c.statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
};

const requestChildren = (children: Record<string, unknown>) => Object.keys(children).filter((id) => id.startsWith("createSpend-"));

/**
 * The spend rows of a dropped sheet. The
 * `createSpend` requests are spawned children: the model fakes them (recording each start)
 * and plays their reports (`batch.rowSettled`) as events, so the pool's rule (at most 10
 * at once, the next queued row started as one settles) is checked step by step.
 *
 * Retries: a small sheet's row may also fail with a 503 (tried again) or a 422 (never);
 * the wait itself is a delayed event the batch raises (`retryWait`), which the harness
 * does not offer, so the model plays it as `batch.retryDue` (the scenario tests time it
 * on a simulated clock). Every attempt of a row carries the row's Idempotency-Key.
 */

const unavailable: AttemptFailure = { kind: "status", status: 503 };
const refused: AttemptFailure = { kind: "status", status: 422 };
const busy = (c: SpendBatchContext) => c.statuses.filter((s) => s === "sending" || s === "retrying").length;
export const spendBatchModel = defineMachineModel({
  name: "spendBatch",
  machine: spendBatchMachine,
  input: (rig) => ({ api: signedInApi, program: "acme", today: "2026-03-01", listener: rig.recorder("listener") }),
  events: {
    "batch.sheetLoaded": {
      mixed: { fileName: "costs.csv", rows: spendSheet },
      twelve: { fileName: "twelve.csv", rows: readySheet(12) },
      nothingToSend: { fileName: "zero.csv", rows: [["taxonomy_1", "cost", "start_date"], ["a", 0, "2026-01-01"]] },
      forbidden: { fileName: "bad.csv", rows: [["taxonomy_1", "cost", "start_date", "constructor"], ["a", 1, "2026-01-01", "x"]] },
    },
    "batch.optionsChanged": { noHeader: { headerRow: false }, header: { headerRow: true } },
    "batch.cleared": [{}],
    "batch.sent": [{}],
    // The lowest row in flight reports back (with the 12-row sheet only success, to keep the graph small).
    "batch.rowSettled": (snapshot) => {
      const row = snapshot.context.statuses.indexOf("sending");
      if (row < 0) return {};
      if (snapshot.context.rows.length > 5) return { [`row ${row} saved`]: { row, outcome: "success" as const } };
      const settled = {
        [`row ${row} saved`]: { row, outcome: "success" as const },
        [`row ${row} failed`]: { row, outcome: "error" as const, message: "This row could not be saved. (HTTP 500)" },
      };
      // Only the first row meets a 503 (retried) or a 422 (not), so that its attempts, observed, keep the graph small.
      if (row !== 0) return settled;
      const last = snapshot.context.attempts[row] === maxRowAttempts ? " on its last attempt" : "";
      return {
        ...settled,
        [`row ${row} unavailable${last}`]: { row, outcome: "error" as const, message: "This row could not be saved. (HTTP 503)", failure: unavailable },
        [`row ${row} refused`]: { row, outcome: "error" as const, message: "This row could not be saved. (HTTP 422)", failure: refused },
      };
    },
    // The lowest waiting row's wait is over.
    "batch.retryDue": (snapshot) => {
      const row = snapshot.context.statuses.indexOf("retrying");
      return row < 0 ? {} : { [`row ${row} retry due`]: { row } };
    },
  },
  provide: (rig) => ({
    actors: {
      createSpend: fromCallback<{ type: string }, CreateSpendInput>(({ input }) => {
        rig.record("actor", "createSpend", input);
        return () => rig.record("received", "createSpend stopped", input.row);
      }),
    },
  }),
  observe: (c) => ({ file: c.fileName, options: c.options, problem: c.problem !== null, counts: countBy(c), firstRowAttempts: c.attempts[0] ?? 0 }),
  strategies: {
    // Every shortest path runs (about 455: the first row's attempts are observed, 1 to 5).
    shortest: { maxPaths: 500 },
    simple: {
      // State values only: the simple paths try every order of the machine's modes.
      observe: null,
    },
  },
  check: ({ after, before, newCalls, action }) => {
    const event = action.kind === "event" ? (action.event as SpendBatchEvent) : null;
    const c = after.context;
    const inFlight = c.statuses.filter((s) => s === "sending").length;
    // At most 10 rows in flight or waiting for a retry; one live child per request in flight, none for a waiting row, none outside sending.
    invariant(busy(c) <= batchConcurrency, `${busy(c)} rows in flight or waiting`);
    invariant(requestChildren(after.children).length === (after.matches("sending") ? inFlight : 0), "one child per request in flight, none after");
    // While rows are queued, the pool is full (a waiting row keeps its place).
    if (after.matches("sending") && c.statuses.includes("queued")) invariant(busy(c) === batchConcurrency, "queued rows wait only while 10 are in flight or waiting");
    invariant(Object.values(c.attempts).every((n) => n >= 1 && n <= maxRowAttempts), `attempts ${JSON.stringify(c.attempts)}`);
    // Every request sends a valid row's body, and only valid rows are ever sent.
    for (const call of newCalls.filter((x) => x.kind === "actor" && x.name === "createSpend")) {
      const input = call.payload as CreateSpendInput;
      const check = c.rows[input.row]?.check;
      invariant(check?.kind === "ready", `row ${input.row} is sent only when valid`);
      invariant(JSON.stringify(check.body) === JSON.stringify(input.body), "the row's normalised body is sent");
      invariant(input.program === "acme", "sent to the program");
      // A row is first sent when it moves from ready (the first 10) or queued to sending; again only from retrying, with the next attempt.
      const was = before?.context.statuses[input.row];
      const attemptsBefore = before?.context.attempts[input.row] ?? 0;
      invariant(was === "ready" || was === "queued" || was === "retrying", `row ${input.row} was ${String(was)} when sent`);
      invariant(input.attempt === (was === "retrying" ? attemptsBefore + 1 : 1) && c.attempts[input.row] === input.attempt, `row ${input.row} sent as attempt ${input.attempt}`);
      invariant(c.statuses[input.row] === "sending", `row ${input.row} is sending`);
      // Every attempt carries the row's own key: the file, the line and the body.
      const line = c.rows[input.row]?.line ?? -1;
      invariant(input.idempotencyKey === spendRowIdempotencyKey({ fileName: c.fileName ?? "", line, body: check.body }), `row ${input.row} keeps its Idempotency-Key`);
    }
    // A failed row waits for a retry exactly when its failure is worth another attempt and it has attempts left.
    if (event?.type === "batch.rowSettled" && event.outcome === "error" && before?.context.statuses[event.row] === "sending") {
      const again = event.failure !== undefined && isRetryableFailure(event.failure) && (before.context.attempts[event.row] ?? 0) < maxRowAttempts;
      invariant(c.statuses[event.row] === (again ? "retrying" : "error"), `row ${event.row} is ${String(c.statuses[event.row])} after ${event.message ?? ""}`);
    }
    // Finishing: every row has ended as success, error or zero_cost.
    if (after.matches("finished")) {
      invariant(
        c.statuses.every((s) => s === "success" || s === "error" || s === "zero_cost"),
        `finished with unsettled rows: ${JSON.stringify(c.statuses)}`,
      );
      invariant(c.statuses.length === c.rows.length && c.rows.length > 0, "every row is processed");
    }
    // The listener (the report) hears once, as the batch finishes, that it saved rows; nothing else.
    const told = newCalls.filter((x) => x.kind === "received" && x.name === "listener").map((x) => x.payload);
    const saved = c.statuses.filter((s) => s === "success").length;
    const finishedSaving = (before?.matches("sending") ?? false) && after.matches("finished") && saved > 0;
    invariant(JSON.stringify(told) === JSON.stringify(finishedSaving ? [{ type: "spendBatch.finished", saved }] : []), "spendBatch.finished once per batch that saved rows, at its end");
    // Leaving sending stops the requests still in flight.
    if (before?.matches("sending") && after.matches("empty")) {
      const stopped = newCalls.filter((x) => x.name === "createSpend stopped").length;
      invariant(stopped === before.context.statuses.filter((s) => s === "sending").length, "removing the file stops every request in flight");
    }
  },
});
