import { fromCallback } from "xstate";
import type { WorkbookCell } from "../../../src/domain/exports/workbookRows";
import { rowsFromSheet } from "../../../src/domain/exports/workbookRows";
import { batchConcurrency } from "../../../src/domain/spend/spendBatch";
import { isRetryableFailure, maxRowAttempts, type AttemptFailure } from "../../../src/domain/spend/spendBatchRetry";
import { importRow, importRowKeys, mappingFromHeaders } from "../../../src/domain/spend/spendImport";
import { memoryStore } from "../../../src/services/runtime/storage";
import type { ReadWorkbook, WorkbookFileLike } from "../../../src/services/workbook";
import { spendImportMachine, type ImportRowRequest, type SpendImportContext, type SpendImportEvent } from "../../../src/machines/spend/spendImport.machine";
import { defineMachineModel, invariant } from "../harness";
import { httpErrors, quietSessionScopeListener, recordingSessionActor, scopeOf } from "../fixtures";

/**
 * The batch import wizard. The workbook reader and the stored-keys check are scripted
 * actors; each row's create is a spawned child the model fakes (recording each start)
 * and whose reports (`import.rowSettled`) it plays as events; a row's wait before a retry
 * is a delayed event the wizard raises (`retryWait`), played as `import.retryDue`.
 * Saving the confirmed mapping and the outcome download are recorded app actions.
 */

const sheet: ReadonlyArray<ReadonlyArray<WorkbookCell>> = [
  ["Cost Date", "Taxonomy 1", "Cost"],
  ["2026-01-05", "Paid Search", "£10"],
  ["2026-01-06", "Display", 20],
  ["not a date", "Email", 5],
  ["2026-01-07", "Affiliates", 0],
];

const file: WorkbookFileLike = { name: "costs.csv", size: 100, arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)) };

/** The keys of the sheet's rows under the mapping from its headers (the first one is "already stored"). */
const sheetKeys = (() => {
  const read = rowsFromSheet(sheet, { headerRow: true, skip: 0 });
  if (!read.ok) throw new Error("the model's sheet reads");
  const mapping = mappingFromHeaders("fixed", read.columns);
  return importRowKeys(
    "fixed",
    read.rows.map((r) => importRow("fixed", r.line, r.values, mapping, { today: "2026-03-01" })),
  );
})();

const oneSheet: ReadWorkbook = { fileName: "costs.csv", sheets: [{ name: "Costs", rows: sheet }] };

const unavailable: AttemptFailure = { kind: "status", status: 503 };
const refused: AttemptFailure = { kind: "status", status: 422 };

const busy = (c: SpendImportContext) => c.statuses.filter((s) => s === "sending" || s === "retrying").length;
const requestChildren = (children: Record<string, unknown>) => Object.keys(children).filter((id) => id.startsWith("createImportRow-"));
const mappingSummary = (c: SpendImportContext) =>
  Object.entries(c.mapping)
    .map(([t, m]) => `${t}:${m?.mode === "static" ? `=${m.value}` : (m?.column ?? "-")}`)
    .join(" ");

export const spendImportModel = defineMachineModel({
  name: "spendImport",
  machine: spendImportMachine,
  input: () => ({ session: recordingSessionActor(() => undefined), kind: "fixed" as const, store: memoryStore(), today: "2026-03-01" }),
  events: {
    "import.fileChosen": { costs: { file } },
    "import.next": [{}],
    "import.back": [{}],
    "import.headerRowChanged": { noHeaders: { headerRow: false } },
    "import.modeChanged": { costStatic: { target: "cost", mode: "static" } },
    // A Static cost of 0: every row is zero_cost or invalid, so nothing is sent.
    "import.valueChanged": { zeroCost: { target: "cost", value: "0" } },
    "import.columnsShown": [{}],
    "import.columnsClosed": [{}],
    "import.started": [{}],
    "import.outcomeDownloaded": [{}],
    "session.scopeChanged": { otherProgram: { scope: scopeOf({ programCode: "beta" }) } },
    // The lowest row in flight reports back.
    "import.rowSettled": (snapshot) => {
      const row = snapshot.context.statuses.indexOf("sending");
      if (row < 0) return {};
      const settled = {
        [`row ${row} saved`]: { row, outcome: "success" as const },
        [`row ${row} refused`]: { row, outcome: "error" as const, message: "This row could not be saved. (HTTP 422)", failure: refused },
      };
      // Only the first row meets a 503, and only on its first attempt, to keep the graph small (the scenario tests retry to the last attempt).
      return row === 0 && (snapshot.context.attempts[row] ?? 0) === 1 ? { ...settled, [`row ${row} unavailable`]: { row, outcome: "error" as const, message: "This row could not be saved. (HTTP 503)", failure: unavailable } } : settled;
    },
    "import.retryDue": (snapshot) => {
      const row = snapshot.context.statuses.indexOf("retrying");
      return row < 0 ? {} : { [`row ${row} retry due`]: { row } };
    },
  },
  actorOutcomes: {
    readWorkbook: { resolves: { oneSheet }, rejects: { tooManyRows: { _tag: "TooManyRows", message: "The sheet Costs has more than 5000 rows." } } },
    checkStoredKeys: { resolves: { none: new Set<string>(), firstStored: new Set([sheetKeys[0] ?? ""]) }, rejects: { server: httpErrors.server } },
  },
  delays: { dryRunPause: 300 },
  appActions: ["rememberMapping", "downloadOutcome"],
  provide: (rig) => ({
    actors: {
      sessionScopeListener: quietSessionScopeListener,
      createImportRow: fromCallback<{ type: string }, ImportRowRequest>(({ input }) => {
        rig.record("actor", "createImportRow", input);
        return () => rig.record("received", "createImportRow stopped", input.row);
      }),
    },
  }),
  // What the guards and the catalogue read: the sheet, the mapping, the stored keys, the rows' statuses, whether a report is kept.
  observe: (c) => ({
    sheets: c.sheets.length,
    headerRow: c.choice.headerRow,
    mapping: mappingSummary(c),
    stored: c.stored === null ? null : c.stored.size,
    statuses: c.statuses.join(","),
    firstRowAttempts: c.attempts[0] ?? 0,
    report: c.report !== null,
  }),
  strategies: {
    shortest: { maxPaths: 100 },
    simple: { observe: null, maxPaths: 40 },
  },
  limit: 60_000,
  check: ({ action, before, after, newCalls }) => {
    const event = action.kind === "event" ? (action.event as SpendImportEvent) : null;
    const c = after.context;
    invariant(busy(c) <= batchConcurrency, `${busy(c)} rows in flight or waiting`);
    const sending = c.statuses.filter((s) => s === "sending").length;
    invariant(requestChildren(after.children).length === (after.matches("process") ? sending : 0), "one child per request in flight, none outside Process");
    // Every request sends a ready row, never a stored one, with its own key.
    for (const call of newCalls.filter((x) => x.kind === "actor" && x.name === "createImportRow")) {
      const input = call.payload as ImportRowRequest;
      const check = c.rows[input.row]?.check;
      invariant(check?.kind === "ready", `row ${input.row} is sent only when ready`);
      invariant(JSON.stringify(check.body) === JSON.stringify(input.body), "the row's body as previewed is sent");
      invariant(input.idempotencyKey === c.keys[input.row] && input.idempotencyKey === importRowKeys("fixed", c.rows)[input.row], `row ${input.row} keeps its Idempotency-Key`);
      invariant(!(c.stored?.has(input.idempotencyKey) ?? false), `row ${input.row} is already stored and is not sent`);
      invariant(input.program === "acme", "sent to the wizard's program");
    }
    // A failed row waits for a retry exactly when its failure is worth another attempt and it has attempts left.
    if (event?.type === "import.rowSettled" && event.outcome === "error" && before?.context.statuses[event.row] === "sending" && after.matches("process")) {
      const again = event.failure !== undefined && isRetryableFailure(event.failure) && (before.context.attempts[event.row] ?? 0) < maxRowAttempts;
      invariant(c.statuses[event.row] === (again ? "retrying" : "error"), `row ${event.row} is ${String(c.statuses[event.row])}`);
    }
    // Switching Dynamic/Static clears the value.
    if (event?.type === "import.modeChanged") {
      const m = c.mapping[event.target];
      invariant(m !== undefined && (m.mode === "static" ? m.value === "" : m.column === null), "switching the mode clears the value");
    }
    // New columns clear the mapping (then the headers fill it again).
    if (before && before.context.columns.length > 0 && c.columns.length > 0 && JSON.stringify(before.context.columns) !== JSON.stringify(c.columns)) {
      invariant(mappingSummary(c) === mappingSummary({ ...c, mapping: mappingFromHeaders("fixed", c.columns) }), "new columns: the mapping from their headers only");
    }
    // The import ends at File Upload with every row's outcome, the confirmed mapping saved once as it started.
    if (before?.matches("process") && after.matches("upload") && !event?.type.startsWith("session.")) {
      invariant(c.report !== null && c.report.outcomes.length === c.records.length, "every row has an outcome");
      invariant(c.report.outcomes.every((o) => ["success", "error", "zero_cost", "stored"].includes(o)), "outcomes are final");
    }
    if (event?.type === "import.started" && after.matches("process")) {
      invariant(newCalls.filter((x) => x.kind === "action" && x.name === "rememberMapping").length === 1, "the confirmed mapping is remembered");
    }
    // Another program leaves Process with its requests stopped.
    if (before?.matches("process") && event?.type === "session.scopeChanged") {
      const stopped = newCalls.filter((x) => x.name === "createImportRow stopped").length;
      invariant(stopped === before.context.statuses.filter((s) => s === "sending").length, "another program stops every request in flight");
      invariant(c.fileName === null && c.report === null, "another program starts afresh");
    }
  },
});
