import { SimulatedClock, createActor } from "xstate";
import { describe, expect, it, vi } from "vitest";
import { fileDropMachine, fileDropSelectors as sel, type LoadedSheet } from "../../../src/machines/exports/fileDrop.machine";
import type { ReadWorkbook, WorkbookFileLike } from "../../../src/services/workbook";
import { TooManyRows, UnsupportedFile, WorkbookTimeout } from "../../../src/services/workbook";
import { droppedFile, oneSheetBook, readySheet, spendSheet, twoSheetBook } from "../../model/exports/exportFixtures";
import { controlled } from "../support";

const setup = () => {
  const read = controlled<ReadWorkbook, { file: WorkbookFileLike }>();
  const notifyUnsupported = vi.fn();
  const announced: LoadedSheet[] = [];
  const announceCleared = vi.fn();
  const actor = createActor(
    fileDropMachine.provide({
      actors: { readWorkbook: read.logic },
      actions: { notifyUnsupported, announceSheet: (_, sheet: LoadedSheet) => void announced.push(sheet), announceCleared },
    }),
    { clock: new SimulatedClock() },
  ).start();
  const snap = () => actor.getSnapshot();
  return { actor, read, notifyUnsupported, announced, announceCleared, snap };
};

describe("fileDrop machine", () => {
  it("reads a dropped .csv and announces its only sheet", async () => {
    const { actor, read, snap, announced } = setup();
    expect(sel.isEmpty(snap())).toBe(true);
    const file = droppedFile("costs.csv");
    actor.send({ type: "file.dropped", file });
    expect(snap().value).toBe("reading");
    expect(sel.isReading(snap())).toBe(true);
    expect(sel.fileName(snap())).toBe("costs.csv");
    expect(read.calls).toEqual([{ file }]);
    await read.resolve(oneSheetBook);
    expect(snap().value).toEqual({ loaded: "oneSheet" });
    expect(sel.hasSeveralSheets(snap())).toBe(false);
    expect(sel.rowCount(snap())).toBe(spendSheet.length);
    expect(snap().context.file).toBeNull();
    expect(announced).toEqual([{ fileName: "costs.csv", sheetName: "Sheet1", rows: spendSheet }]);
  });

  it("an unsupported file shows the toast (notifyUnsupported) without reading", () => {
    const { actor, read, snap, notifyUnsupported } = setup();
    actor.send({ type: "file.dropped", file: droppedFile("report.pdf") });
    expect(snap().value).toEqual({ refused: "unsupported" });
    expect(notifyUnsupported).toHaveBeenCalledTimes(1);
    expect(sel.error(snap())).toBe("That file format isn't supported");
    expect(read.calls).toEqual([]);
  });

  it("the reader's own UnsupportedFile also shows the toast", async () => {
    const { actor, read, snap, notifyUnsupported } = setup();
    actor.send({ type: "file.dropped", file: droppedFile("x.csv") });
    await read.reject(new UnsupportedFile({ fileName: "x.csv", message: "That file format isn't supported" }));
    expect(snap().value).toEqual({ refused: "unsupported" });
    expect(notifyUnsupported).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["too many rows", new TooManyRows({ fileName: "x.xlsx", sheet: "Costs", limit: 10_001, message: "The sheet \"Costs\" has more than 10,000 rows" })],
    ["a timeout", new WorkbookTimeout({ fileName: "x.xlsx", ms: 10_000, message: "That file took too long to read. Please check it and try again." })],
    ["a defect", new Error("boom")],
  ])("other failures (%s) refuse the file with their message, no toast", async (_name, error) => {
    const { actor, read, snap, notifyUnsupported } = setup();
    actor.send({ type: "file.dropped", file: droppedFile("x.xlsx") });
    await read.reject(error);
    expect(snap().value).toEqual({ refused: "unreadable" });
    expect(sel.isRefused(snap())).toBe(true);
    expect(sel.error(snap())).toBe(error.message);
    expect(notifyUnsupported).not.toHaveBeenCalled();
  });

  it("with several sheets the first is announced, another can be chosen, an unknown or the same one is ignored", async () => {
    const { actor, read, snap, announced } = setup();
    actor.send({ type: "file.dropped", file: droppedFile("costs.xlsx") });
    await read.resolve(twoSheetBook);
    expect(snap().value).toEqual({ loaded: "severalSheets" });
    expect(sel.sheetNames(snap())).toEqual(["Costs", "Other"]);
    expect(sel.sheetNames(snap())).toBe(sel.sheetNames(snap()));
    expect(announced.map((a) => a.sheetName)).toEqual(["Costs"]);
    actor.send({ type: "file.sheetChosen", sheet: 1 });
    expect(sel.sheetIndex(snap())).toBe(1);
    expect(announced[1]).toEqual({ fileName: "costs.xlsx", sheetName: "Other", rows: readySheet(2) });
    actor.send({ type: "file.sheetChosen", sheet: 1 });
    actor.send({ type: "file.sheetChosen", sheet: 7 });
    actor.send({ type: "file.sheetChosen", sheet: -1 });
    expect(announced).toHaveLength(2);
  });

  it("removing the file clears it (and tells the app) from any state but empty", async () => {
    const { actor, read, snap, announceCleared } = setup();
    actor.send({ type: "file.removed" });
    expect(announceCleared).not.toHaveBeenCalled();
    actor.send({ type: "file.dropped", file: droppedFile("a.csv") });
    const callsAfterDrop = announceCleared.mock.calls.length;
    await read.resolve(oneSheetBook);
    actor.send({ type: "file.removed" });
    expect(snap().value).toBe("empty");
    expect(snap().context).toEqual({ file: null, fileName: null, sheets: [], sheetIndex: 0, error: null });
    expect(announceCleared.mock.calls.length).toBe(callsAfterDrop + 1);
  });

  it("removing the file while reading stops the read", () => {
    const { actor, read, snap } = setup();
    actor.send({ type: "file.dropped", file: droppedFile("a.csv") });
    actor.send({ type: "file.removed" });
    expect(snap().value).toBe("empty");
    expect(read.wasAborted()).toBe(true);
  });

  it("a new file replaces the current one in any state (a read in progress is stopped)", async () => {
    const { actor, read, snap } = setup();
    actor.send({ type: "file.dropped", file: droppedFile("first.csv") });
    actor.send({ type: "file.dropped", file: droppedFile("second.xlsx") });
    expect(read.wasAborted(0)).toBe(true);
    expect(read.calls.map((c) => c.file.name)).toEqual(["first.csv", "second.xlsx"]);
    expect(sel.fileName(snap())).toBe("second.xlsx");
    read.resolve(oneSheetBook).catch(() => {});
    await read.resolve(twoSheetBook);
    expect(snap().value).toEqual({ loaded: "severalSheets" });

    actor.send({ type: "file.dropped", file: droppedFile("notes.txt") });
    expect(snap().value).toEqual({ refused: "unsupported" });
    expect(sel.sheetNames(snap())).toEqual([]);
    actor.send({ type: "file.dropped", file: droppedFile("third.csv") });
    expect(snap().value).toBe("reading");
  });
});
