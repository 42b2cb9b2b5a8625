import { fromCallback } from "xstate";
import { batchConcurrency } from "../../../src/domain/spend/spendBatch";
import { spendBatchMachine, type CreateSpendInput, type SpendBatchContext } from "../../../src/machines/spend/spendBatch.machine";
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
 */
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
      return snapshot.context.rows.length > 5
        ? { [`row ${row} saved`]: { row, outcome: "success" as const } }
        : { [`row ${row} saved`]: { row, outcome: "success" as const }, [`row ${row} failed`]: { row, outcome: "error" as const, message: "This row could not be saved. (HTTP 500)" } };
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
  observe: (c) => ({ file: c.fileName, options: c.options, problem: c.problem !== null, counts: countBy(c) }),
  strategies: {
    simple: {
      // State values only: the simple paths try every order of the machine's modes.
      observe: null,
    },
  },
  check: ({ after, before, newCalls }) => {
    const c = after.context;
    const inFlight = c.statuses.filter((s) => s === "sending").length;
    // At most 10 requests at once, each a live child; none outside sending.
    invariant(inFlight <= batchConcurrency, `${inFlight} requests in flight`);
    invariant(requestChildren(after.children).length === (after.matches("sending") ? inFlight : 0), "one child per request in flight, none after");
    // While rows wait, the pool is full.
    if (after.matches("sending") && c.statuses.includes("queued")) invariant(inFlight === batchConcurrency, "queued rows wait only while 10 are in flight");
    // Every request sends a valid row's body, and only valid rows are ever sent.
    for (const call of newCalls.filter((x) => x.kind === "actor" && x.name === "createSpend")) {
      const input = call.payload as CreateSpendInput;
      const check = c.rows[input.row]?.check;
      invariant(check?.kind === "ready", `row ${input.row} is sent only when valid`);
      invariant(JSON.stringify(check.body) === JSON.stringify(input.body), "the row's normalised body is sent");
      invariant(input.program === "acme", "sent to the program");
      // A row is sent once: only when it moves from ready (the first 10) or queued to sending.
      const was = before?.context.statuses[input.row];
      invariant(was === "ready" || was === "queued", `row ${input.row} was ${String(was)} when sent`);
      invariant(c.statuses[input.row] === "sending", `row ${input.row} is sending`);
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
