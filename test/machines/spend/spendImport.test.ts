import { SimulatedClock, createActor, fromCallback } from "xstate";
import { describe, expect, it } from "vitest";
import type { WorkbookCell } from "../../../src/domain/exports/workbookRows";
import { missingTargetMessage, rememberedMappingKey, spendImportTexts, type SpendImportKind } from "../../../src/domain/spend/spendImport";
import { memoryStore, type KeyValueStore } from "../../../src/services/runtime/storage";
import type { ReadWorkbook, WorkbookFileLike } from "../../../src/services/workbook";
import {
  dryRunPauseMs,
  reportCsv,
  rowRequestId,
  spendImportMachine,
  spendImportSelectors as sel,
  type ImportRowRequest,
  type ImportRowSettled,
  type StoredKeysRequestInput,
} from "../../../src/machines/spend/spendImport.machine";
import { httpErrors, quietSessionScopeListener, recordingSessionActor, scopeOf } from "../../model/fixtures";
import { controlled, flush } from "../support";

type Sheet = ReadonlyArray<ReadonlyArray<WorkbookCell>>;

/** A fake row sender: records each request; the test settles it. */
const fakeRows = () => {
  const started: ImportRowRequest[] = [];
  const stopped: number[] = [];
  const reporters = new Map<number, (e: ImportRowSettled) => void>();
  let maxInFlight = 0;
  const logic = fromCallback<{ type: string }, ImportRowRequest>(({ input, sendBack }) => {
    started.push(input);
    reporters.set(input.row, sendBack as (e: ImportRowSettled) => void);
    maxInFlight = Math.max(maxInFlight, started.length - stopped.length);
    return () => void stopped.push(input.row);
  });
  const settle = (row: number, outcome: "success" | "error" = "success", failure?: ImportRowSettled["failure"]) => {
    const report = reporters.get(row);
    if (!report) throw new Error(`row ${row} was never started`);
    report({ type: "import.rowSettled", row, outcome, ...(outcome === "error" ? { message: "This row could not be saved. (HTTP 500)" } : {}), ...(failure ? { failure } : {}) });
  };
  return { logic, started, stopped, settle, maxInFlight: () => maxInFlight };
};

const file = (name: string): WorkbookFileLike => ({ name, size: 10, arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)) });

const costsSheet: Sheet = [
  ["Cost Date", "End Date", "Taxonomy 1", "Cost", "Notes"],
  ["2026-01-05", "", "Paid Search", "£1,200.50", "a"],
  ["not a date", "", "Paid Search", 10, "bad date"],
  ["2026-01-06", "", "Display", 0, "zero"],
  ["2026-01-07", "", "", 5, "no taxonomy"],
  ["tomorrow", "2026-03-31", "Email", "99.999", "natural"],
];

const setup = (options: { kind?: SpendImportKind; store?: KeyValueStore } = {}) => {
  const rows = fakeRows();
  const read = controlled<ReadWorkbook, { file: WorkbookFileLike }>();
  const stored = controlled<ReadonlySet<string>, StoredKeysRequestInput>();
  const clock = new SimulatedClock();
  const store = options.store ?? memoryStore();
  const actor = createActor(
    spendImportMachine.provide({
      actors: { createImportRow: rows.logic, readWorkbook: read.logic, checkStoredKeys: stored.logic, sessionScopeListener: quietSessionScopeListener },
    }),
    { clock, input: { session: recordingSessionActor(() => undefined), kind: options.kind ?? "fixed", store, today: "2026-03-01" } },
  ).start();
  const snap = () => actor.getSnapshot();
  /** Through File Upload and Options to Configuration, with the dry run counted. */
  const toConfiguration = async (sheets: ReadonlyArray<{ name: string; rows: Sheet }> = [{ name: "Costs", rows: costsSheet }], storedKeys: ReadonlySet<string> = new Set()) => {
    actor.send({ type: "import.fileChosen", file: file("costs.csv") });
    await read.resolve({ fileName: "costs.csv", sheets });
    actor.send({ type: "import.next" });
    clock.increment(dryRunPauseMs);
    if (stored.pendingCount() > 0) await stored.resolve(storedKeys);
  };
  return { actor, rows, read, stored, clock, store, snap, toConfiguration };
};

describe("spendImport wizard", () => {
  it("walks File Upload -> Options -> Configuration, mapping the columns that name a target", async () => {
    const { actor, read, snap } = setup();
    expect(sel.step(snap())).toBe(0);
    actor.send({ type: "import.next" });
    expect(sel.step(snap())).toBe(0);
    actor.send({ type: "import.fileChosen", file: file("costs.csv") });
    expect(sel.isReading(snap())).toBe(true);
    await read.resolve({ fileName: "costs.csv", sheets: [{ name: "Costs", rows: costsSheet }] });
    expect(sel.step(snap())).toBe(1);
    expect(sel.rowCount(snap())).toBe(5);
    expect(sel.columns(snap()).map((c) => c.header)).toEqual(["Cost Date", "End Date", "Taxonomy 1", "Cost", "Notes"]);
    actor.send({ type: "import.next" });
    expect(sel.step(snap())).toBe(2);
    expect(sel.mapping(snap())).toMatchObject({
      start_date: { mode: "dynamic", column: "Cost Date" },
      end_date: { mode: "dynamic", column: "End Date" },
      taxonomy_1: { mode: "dynamic", column: "Taxonomy 1" },
      cost: { mode: "dynamic", column: "Cost" },
      taxonomy_2: { mode: "dynamic", column: null },
    });
    expect(sel.mappingSource(snap())).toBe("headers");
  });

  it("a file the reader refuses stays at File Upload with its message", async () => {
    const { actor, read, snap } = setup();
    actor.send({ type: "import.fileChosen", file: file("costs.csv") });
    await read.reject({ _tag: "TooManyRows", message: "The sheet Costs has more than 5000 rows." });
    expect(sel.step(snap())).toBe(0);
    expect(sel.readError(snap())).toBe("The sheet Costs has more than 5000 rows.");
  });

  it("Options: the sheet, rows to skip and headers; without headers columns are A, B, C… and the mapping is cleared", async () => {
    const { actor, read, snap } = setup();
    actor.send({ type: "import.fileChosen", file: file("book.xlsx") });
    await read.resolve({
      fileName: "book.xlsx",
      sheets: [
        { name: "Notes", rows: [["nothing"]] },
        { name: "Costs", rows: [["title row"], ...costsSheet] },
      ],
    });
    expect(sel.sheetNames(snap())).toEqual(["Notes", "Costs"]);
    actor.send({ type: "import.sheetChosen", sheet: 1 });
    actor.send({ type: "import.skipChanged", skip: 1 });
    expect(sel.columns(snap()).map((c) => c.header)).toEqual(["Cost Date", "End Date", "Taxonomy 1", "Cost", "Notes"]);
    expect(sel.mapping(snap()).cost).toEqual({ mode: "dynamic", column: "Cost" });
    actor.send({ type: "import.headerRowChanged", headerRow: false });
    expect(sel.columns(snap()).map((c) => c.header)).toEqual(["A", "B", "C", "D", "E"]);
    expect(sel.rowCount(snap())).toBe(6);
    expect(sel.mapping(snap()).cost).toEqual({ mode: "dynamic", column: null });
  });

  it("back and forward keep what was chosen; Options with the same columns keeps the mapping", async () => {
    const { actor, snap, toConfiguration } = setup();
    await toConfiguration();
    actor.send({ type: "import.modeChanged", target: "taxonomy_2", mode: "static" });
    actor.send({ type: "import.valueChanged", target: "taxonomy_2", value: "Brand" });
    actor.send({ type: "import.back" });
    expect(sel.step(snap())).toBe(1);
    actor.send({ type: "import.back" });
    expect(sel.step(snap())).toBe(0);
    expect(sel.fileName(snap())).toBe("costs.csv");
    actor.send({ type: "import.next" });
    actor.send({ type: "import.skipChanged", skip: 0 });
    actor.send({ type: "import.next" });
    expect(sel.step(snap())).toBe(2);
    expect(sel.mapping(snap()).taxonomy_2).toEqual({ mode: "static", value: "Brand" });
  });

  it("switching Dynamic/Static clears the value; errors show under the field once Import is asked for", async () => {
    const { actor, snap, toConfiguration } = setup();
    await toConfiguration();
    actor.send({ type: "import.modeChanged", target: "cost", mode: "static" });
    expect(sel.mapping(snap()).cost).toEqual({ mode: "static", value: "" });
    expect(sel.shownErrors(snap())).toBeNull();
    expect(sel.dryRun(snap())).toBeNull();
    actor.send({ type: "import.started" });
    expect(sel.step(snap())).toBe(2);
    expect(sel.shownErrors(snap())).toEqual({ cost: missingTargetMessage("cost") });
    actor.send({ type: "import.valueChanged", target: "cost", value: "1.005" });
    expect(sel.shownErrors(snap())).toEqual({ cost: "Enter a cost of 0 or more with at most 2 decimals (step 0.01)." });
    actor.send({ type: "import.modeChanged", target: "cost", mode: "dynamic" });
    expect(sel.mapping(snap()).cost).toEqual({ mode: "dynamic", column: null });
  });

  it("previews the first rows as they will be sent, each invalid cell with why, and counts the dry run", async () => {
    const { snap, toConfiguration, stored } = setup();
    await toConfiguration();
    const preview = sel.preview(snap());
    expect(preview.map((r) => r.check.kind)).toEqual(["ready", "invalid", "zero_cost", "invalid", "ready"]);
    expect(preview[0]?.values).toMatchObject({ start_date: "2026-01-05", cost: "1200.50" });
    expect(preview[4]?.values).toMatchObject({ start_date: "2026-03-02", end_date: "2026-03-31", cost: "100.00" });
    expect(preview[1]?.check).toEqual({ kind: "invalid", errors: { start_date: "Start date must be a valid date (YYYY-MM-DD)." } });
    expect(stored.calls).toHaveLength(1);
    expect(stored.calls[0]?.keys).toHaveLength(2);
    expect(sel.dryRun(snap())).toEqual({ created: 2, stored: 0, refused: 2, zero: 1 });
  });

  it("sends the ready rows, marks the others, and returns to File Upload with the outcome", async () => {
    const { actor, rows, snap, toConfiguration, store } = setup();
    await toConfiguration();
    actor.send({ type: "import.started" });
    expect(sel.step(snap())).toBe(3);
    expect(rows.started.map((r) => r.body)).toEqual([
      { taxonomy_1: "Paid Search", cost: 1200.5, start_date: "2026-01-05", frequency: "single" },
      { taxonomy_1: "Email", cost: 100, start_date: "2026-03-02", end_date: "2026-03-31", frequency: "daily" },
    ]);
    expect(rows.started.every((r) => /^spend-import-[0-9a-f]{32}$/.test(r.idempotencyKey))).toBe(true);
    expect(sel.processed(snap())).toBe(3);
    expect(sel.tally(snap())).toEqual({ success: 0, error: 2, zero_cost: 1, stored: 0 });
    rows.settle(0);
    rows.settle(4, "error", { kind: "status", status: 422 });
    await flush();
    expect(sel.step(snap())).toBe(0);
    expect(sel.finishedMessage(snap())).toBe("Finished: A total of 5 records were processed");
    expect(sel.reportTally(snap())).toEqual({ success: 1, error: 3, zero_cost: 1, stored: 0 });
    const csv = reportCsv(sel.report(snap()) ?? (() => { throw new Error("a report"); })());
    expect(csv.split("\r\n")[1]).toBe("2026-01-05,,Paid Search,\"£1,200.50\",a,2,success,");
    expect(csv.split("\r\n")[5]).toBe("tomorrow,2026-03-31,Email,99.999,natural,6,error,This row could not be saved. (HTTP 500)");
    expect(store.get(rememberedMappingKey("acme", "fixed", sel.columns(snap())))).not.toBeNull();
  });

  it("skips rows whose key is already stored, sending nothing for them", async () => {
    const first = setup();
    await first.toConfiguration();
    first.actor.send({ type: "import.started" });
    const keys = new Set(first.rows.started.map((r) => r.idempotencyKey));
    const again = setup();
    await again.toConfiguration(undefined, keys);
    expect(sel.dryRun(again.snap())).toEqual({ created: 0, stored: 2, refused: 2, zero: 1 });
    again.actor.send({ type: "import.started" });
    expect(again.rows.started).toEqual([]);
    expect(sel.step(again.snap())).toBe(0);
    expect(sel.reportTally(again.snap())).toEqual({ success: 0, error: 2, zero_cost: 1, stored: 2 });
  });

  it("a failed stored-keys check counts nothing as stored and says so", async () => {
    const { actor, read, stored, clock, snap } = setup();
    actor.send({ type: "import.fileChosen", file: file("costs.csv") });
    await read.resolve({ fileName: "costs.csv", sheets: [{ name: "Costs", rows: costsSheet }] });
    actor.send({ type: "import.next" });
    clock.increment(dryRunPauseMs);
    await stored.reject(httpErrors.server);
    expect(sel.storedUnknown(snap())).toBe(true);
    expect(sel.dryRun(snap())).toEqual({ created: 2, stored: 0, refused: 2, zero: 1 });
  });

  it("offers the mapping confirmed before for a file with the same headers in the program", async () => {
    const store = memoryStore();
    const first = setup({ store });
    await first.toConfiguration();
    first.actor.send({ type: "import.modeChanged", target: "taxonomy_3", mode: "static" });
    first.actor.send({ type: "import.valueChanged", target: "taxonomy_3", value: "Remembered" });
    first.actor.send({ type: "import.started" });
    const second = setup({ store });
    await second.toConfiguration();
    expect(sel.mappingSource(second.snap())).toBe("remembered");
    expect(sel.mapping(second.snap()).taxonomy_3).toEqual({ mode: "static", value: "Remembered" });
  });

  it("keeps at most 10 requests in flight and retries a 503 after its wait with the same key", async () => {
    const many: Sheet = [["Cost Date", "Taxonomy 1", "Cost"], ...Array.from({ length: 25 }, (_, i) => [`2026-01-${String(i + 1).padStart(2, "0")}`, "Paid", i + 1])];
    const { actor, rows, clock, snap, toConfiguration } = setup();
    await toConfiguration([{ name: "Costs", rows: many }]);
    actor.send({ type: "import.started" });
    expect(rows.started).toHaveLength(10);
    rows.settle(0, "error", { kind: "status", status: 503 });
    expect(rows.started).toHaveLength(10);
    clock.increment(500);
    expect(rows.started).toHaveLength(11);
    expect(rows.started[10]?.idempotencyKey).toBe(rows.started[0]?.idempotencyKey);
    expect(rows.started[10]?.attempt).toBe(2);
    for (let row = snap().context.statuses.indexOf("sending"); row >= 0; row = snap().context.statuses.indexOf("sending")) {
      rows.settle(row);
      await flush();
    }
    expect(rows.maxInFlight()).toBeLessThanOrEqual(10);
    expect(sel.reportTally(snap())).toEqual({ success: 25, error: 0, zero_cost: 0, stored: 0 });
  });

  it("another program starts afresh and stops the requests in flight", async () => {
    const { actor, rows, snap, toConfiguration } = setup();
    await toConfiguration();
    actor.send({ type: "import.started" });
    actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta" }) });
    expect(sel.step(snap())).toBe(0);
    expect(sel.fileName(snap())).toBeNull();
    expect(rows.stopped).toEqual(expect.arrayContaining([0, 4]));
    expect(rowRequestId(0)).toBe("createImportRow-0");
  });

  it("variable spend needs a cost link and sends date, taxonomy_1, cost_link and cost", async () => {
    const { actor, rows, snap, toConfiguration } = setup({ kind: "variable" });
    await toConfiguration([{ name: "V", rows: [["Date", "Taxonomy 1", "Cost Link", "Cost"], ["2026-01-05", "Aff", "L-1", "$5"], ["2026-01-05", "Aff", "", "$5"]] }]);
    expect(sel.dryRun(snap())).toEqual({ created: 1, stored: 0, refused: 1, zero: 0 });
    expect(sel.preview(snap())[1]?.check).toEqual({ kind: "invalid", errors: { cost_link: spendImportTexts.costLinkRequired } });
    actor.send({ type: "import.started" });
    expect(rows.started.map((r) => r.body)).toEqual([{ date: "2026-01-05", taxonomy_1: "Aff", cost_link: "L-1", cost: 5 }]);
  });
});
