import { SimulatedClock, createActor } from "xstate";
import { describe, expect, it } from "vitest";
import { exportDialogMachine, exportDialogSelectors as sel, exportPlan, type ExportPlan } from "../../../src/machines/exports/exportDialog.machine";
import { WorkbookWriteFailed } from "../../../src/services/exports";
import { openChart, openTable } from "../../model/exports/exportFixtures";
import { controlled } from "../support";

const setup = () => {
  const writeExcel = controlled<void, ExportPlan>();
  const writeCsv = controlled<void, ExportPlan>();
  const actor = createActor(exportDialogMachine.provide({ actors: { writeExcel: writeExcel.logic, writeCsv: writeCsv.logic } }), {
    clock: new SimulatedClock(),
  }).start();
  const snap = () => actor.getSnapshot();
  return { actor, writeExcel, writeCsv, snap };
};

const opened = () => {
  const s = setup();
  s.actor.send({ type: "export.opened", ...openTable });
  return s;
};

describe("exportDialog machine", () => {
  it("starts closed and opens with the default report name, the taxonomy columns and the visible (exportable) columns", () => {
    const { actor, snap } = setup();
    expect(sel.isOpen(snap())).toBe(false);
    actor.send({ type: "export.opened", ...openTable });
    expect(snap().value).toEqual({ open: { editing: "standardOrder" } });
    expect(sel.reportName(snap())).toBe("acme_shop_performance_report_2026-01-01_2026-01-31");
    expect(sel.selectedColumns(snap())).toEqual(["taxonomy_1", "clicks", "cpa"]);
    expect(sel.isCustomOrdering(snap())).toBe(false);
    expect(sel.canDownload(snap())).toBe(true);
    expect(sel.columnChoices(snap()).map((c) => [c.name, c.label, c.selected, c.locked])).toEqual([
      ["taxonomy_1", "Channel", true, true],
      ["clicks", "Page Lands", true, false],
      ["attributed_conversion_rate", "Attributed Conversion Rate", false, false],
      ["cpa", "cpa", true, false],
      ["roas", "roas", false, false],
    ]);
  });

  it("the same selector value is returned while nothing changes (stable for useSelector)", () => {
    const { snap } = opened();
    expect(sel.columnChoices(snap())).toBe(sel.columnChoices(snap()));
  });

  it("taxonomy columns are always selected: toggling them does nothing, 'Remove All' keeps only them", () => {
    const { actor, snap } = opened();
    actor.send({ type: "export.columnToggled", column: "taxonomy_1" });
    expect(sel.selectedColumns(snap())).toEqual(["taxonomy_1", "clicks", "cpa"]);
    actor.send({ type: "export.removeAll" });
    expect(sel.selectedColumns(snap())).toEqual(["taxonomy_1"]);
    actor.send({ type: "export.selectAll" });
    expect(sel.selectedColumns(snap())).toEqual(["taxonomy_1", "clicks", "attributed_conversion_rate", "cpa", "roas"]);
    actor.send({ type: "export.resetToVisible" });
    expect(sel.selectedColumns(snap())).toEqual(["taxonomy_1", "clicks", "cpa"]);
  });

  it("ticking adds a column at the end, unticking removes it, unknown columns are ignored", () => {
    const { actor, snap } = opened();
    actor.send({ type: "export.columnToggled", column: "roas" });
    actor.send({ type: "export.columnToggled", column: "clicks" });
    actor.send({ type: "export.columnToggled", column: "password" });
    expect(sel.selectedColumns(snap())).toEqual(["taxonomy_1", "cpa", "roas"]);
  });

  it("Custom Column Ordering is a mode: moves only happen with it on", () => {
    const { actor, snap } = opened();
    actor.send({ type: "export.columnMoved", column: "cpa", direction: "up" });
    expect(sel.selectedColumns(snap())).toEqual(["taxonomy_1", "clicks", "cpa"]);
    actor.send({ type: "export.orderingToggled" });
    expect(snap().value).toEqual({ open: { editing: "customOrder" } });
    actor.send({ type: "export.columnMoved", column: "cpa", direction: "up" });
    expect(sel.selectedColumns(snap())).toEqual(["taxonomy_1", "cpa", "clicks"]);
    const before = snap();
    actor.send({ type: "export.columnMoved", column: "cpa", direction: "up" });
    expect(snap().context).toBe(before.context);
    actor.send({ type: "export.orderingToggled" });
    expect(sel.isCustomOrdering(snap())).toBe(false);
  });

  it("Download Excel with ordering off: standard order, current sort, labels, rates divided by 100, formula-safe, named from the report name", async () => {
    const { actor, snap, writeExcel } = opened();
    actor.send({ type: "export.columnToggled", column: "attributed_conversion_rate" });
    actor.send({ type: "export.nameChanged", name: "My Report: January" });
    actor.send({ type: "export.excelRequested" });
    expect(snap().value).toEqual({ open: { writing: "excel" } });
    expect(sel.isWriting(snap())).toBe(true);
    expect(sel.writingFormat(snap())).toBe("xlsx");
    expect(sel.canDownload(snap())).toBe(false);
    expect(writeExcel.calls).toEqual([
      {
        format: "xlsx",
        fileName: "my_report-january.xlsx",
        sheetName: "Performance Report",
        header: ["Channel", "Page Lands", "Attributed Conversion Rate", "cpa"],
        rows: [
          ["Paid Search", 120, 0.025, 10],
          ["'=Email", 80, 0.125, 20],
          ["None", 500, 0.01, 1],
        ],
      },
    ]);
    await writeExcel.resolve(undefined);
    expect(snap().value).toBe("closed");
    expect(snap().context.rows).toEqual([]);
  });

  it("Download CSV with ordering on keeps the chosen order", async () => {
    const { actor, snap, writeCsv, writeExcel } = opened();
    actor.send({ type: "export.orderingToggled" });
    actor.send({ type: "export.columnMoved", column: "cpa", direction: "up" });
    actor.send({ type: "export.csvRequested" });
    expect(snap().value).toEqual({ open: { writing: "csv" } });
    expect(writeExcel.calls).toEqual([]);
    expect(writeCsv.calls[0]?.fileName).toBe("acme_shop_performance_report_2026-01-01_2026-01-31.csv");
    expect(writeCsv.calls[0]?.header).toEqual(["Channel", "cpa", "Page Lands"]);
    await writeCsv.resolve(undefined);
    expect(sel.isOpen(snap())).toBe(false);
  });

  it("a failed download returns to the dialog in the ordering mode it was asked from, with a message that the next edit clears", async () => {
    const { actor, snap, writeExcel } = opened();
    actor.send({ type: "export.orderingToggled" });
    actor.send({ type: "export.excelRequested" });
    await writeExcel.reject(new WorkbookWriteFailed({ message: "disk full" }));
    expect(snap().value).toEqual({ open: { editing: "customOrder" } });
    expect(sel.error(snap())).toBe("The file could not be made. Please try again. (disk full)");
    expect(snap().context.plan).toBeNull();
    actor.send({ type: "export.selectAll" });
    expect(sel.error(snap())).toBeNull();
  });

  it("Cancel closes at once; cancelling while writing stops (aborts) the writer", () => {
    const { actor, snap, writeExcel } = opened();
    actor.send({ type: "export.excelRequested" });
    expect(writeExcel.wasAborted()).toBe(false);
    actor.send({ type: "export.cancelled" });
    expect(snap().value).toBe("closed");
    expect(writeExcel.wasAborted()).toBe(true);
    actor.send({ type: "export.opened", ...openTable });
    expect(snap().value).toEqual({ open: { editing: "standardOrder" } });
  });

  it("edits and downloads are ignored while writing", () => {
    const { actor, snap, writeExcel, writeCsv } = opened();
    actor.send({ type: "export.excelRequested" });
    actor.send({ type: "export.removeAll" });
    actor.send({ type: "export.csvRequested" });
    actor.send({ type: "export.orderingToggled" });
    expect(snap().value).toEqual({ open: { writing: "excel" } });
    expect(sel.selectedColumns(snap())).toEqual(["taxonomy_1", "clicks", "cpa"]);
    expect(writeExcel.calls).toHaveLength(1);
    expect(writeCsv.calls).toHaveLength(0);
  });

  it("a chart export: conversion_date first, rows by date ascending; nothing to export refuses the download", () => {
    const { actor, snap, writeCsv } = setup();
    actor.send({ type: "export.opened", ...openChart });
    expect(sel.reportName(snap())).toBe("acme_shop_performance_chart_2026-01-01_2026-01-03");
    actor.send({ type: "export.csvRequested" });
    expect(writeCsv.calls[0]?.header).toEqual(["conversion_date", "clicks"]);
    expect(writeCsv.calls[0]?.rows).toEqual([
      ["2026-01-01", 1],
      ["2026-01-02", 2],
    ]);
    actor.send({ type: "export.cancelled" });
    actor.send({ type: "export.opened", ...openChart });
    actor.send({ type: "export.removeAll" });
    expect(sel.canDownload(snap())).toBe(false);
    actor.send({ type: "export.excelRequested" });
    expect(snap().value).toEqual({ open: { editing: "standardOrder" } });
  });

  it("an empty report name still gives a file name", () => {
    const { actor } = opened();
    actor.send({ type: "export.nameChanged", name: "  " });
    const plan = exportPlan(actor.getSnapshot().context, "csv", false);
    expect(plan.fileName).toBe("export.csv");
  });
});

describe("exportDialog machine failures", () => {
  it("a defect (not a writer's own failure) shows only the dialog's message", async () => {
    const { actor, snap, writeCsv } = opened();
    actor.send({ type: "export.csvRequested" });
    await writeCsv.reject(new Error("document is not defined"));
    expect(sel.error(snap())).toBe("The file could not be made. Please try again.");
  });
});
