import { fileDropMachine, type LoadedSheet } from "../../../src/machines/exports/fileDrop.machine";
import { TooManyRows, UnsupportedFile } from "../../../src/services/workbook";
import { defineMachineModel, invariant } from "../harness";
import { droppedFile, oneSheetBook, twoSheetBook } from "./exportFixtures";

/** The file drop area: read a .csv or .xlsx, refuse another type with a toast, remove the file. */
export const fileDropModel = defineMachineModel({
  name: "fileDrop",
  machine: fileDropMachine,
  events: {
    "file.dropped": { csv: { file: droppedFile("costs.csv") }, xlsx: { file: droppedFile("costs.xlsx") }, pdf: { file: droppedFile("report.pdf") } },
    "file.removed": [{}],
    "file.sheetChosen": { second: { sheet: 1 }, first: { sheet: 0 }, unknown: { sheet: 5 } },
  },
  actorOutcomes: {
    readWorkbook: {
      resolves: { oneSheet: oneSheetBook, twoSheets: twoSheetBook },
      rejects: {
        unsupported: new UnsupportedFile({ fileName: "costs.csv", message: "That file format isn't supported" }),
        tooManyRows: new TooManyRows({ fileName: "costs.xlsx", sheet: "Costs", limit: 10_001, message: 'The sheet "Costs" has more than 10,000 rows' }),
      },
    },
  },
  appActions: ["notifyUnsupported", "announceSheet", "announceCleared"],
  observe: (c) => ({ fileName: c.fileName, sheets: c.sheets.length, sheetIndex: c.sheetIndex, error: c.error }),
  strategies: { simple: { observe: (c) => ({ sheets: c.sheets.length, sheetIndex: c.sheetIndex }), maxPaths: 200 } },
  check: ({ action, before, after, newCalls }) => {
    // The toast shows exactly when a file is refused as unsupported.
    const toasts = newCalls.filter((c) => c.name === "notifyUnsupported").length;
    const refused =
      after.matches({ refused: "unsupported" }) && ((action.kind === "event" && action.event.type === "file.dropped") || (action.kind === "actor" && before?.matches("reading") === true));
    invariant(toasts === (refused ? 1 : 0), `the unsupported toast shows once per refused file (got ${toasts})`);
    // A read starts exactly when a supported file is dropped, with that file.
    const reads = newCalls.filter((c) => c.kind === "actor" && c.name === "readWorkbook");
    const readStarted = action.kind === "event" && action.event.type === "file.dropped" && after.matches("reading");
    invariant(reads.length === (readStarted ? 1 : 0), `expected ${readStarted ? 1 : 0} read(s), got ${reads.length}`);
    for (const r of reads) invariant((r.payload as { file: { name: string } }).file.name === after.context.fileName, "the dropped file is read");
    // The chosen sheet is announced when it changes; nothing is announced otherwise.
    const announced = newCalls.filter((c) => c.name === "announceSheet").map((c) => c.payload as LoadedSheet);
    invariant(announced.length <= 1, "one announcement per step at most");
    for (const a of announced) {
      invariant(after.matches("loaded"), "sheets are announced only when loaded");
      invariant(a.sheetName === after.context.sheets[after.context.sheetIndex]?.name, "the announced sheet is the chosen one");
    }
    if (after.matches("empty")) invariant(after.context.fileName === null, "an empty drop area holds no file");
    if (!after.matches("reading")) invariant(after.context.file === null, "the file is kept only while it is read");
    invariant(after.matches({ loaded: "severalSheets" }) === after.context.sheets.length > 1, "a sheet can be chosen exactly when there are several");
  },
});
