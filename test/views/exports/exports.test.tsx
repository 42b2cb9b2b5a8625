// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createActor, fromPromise } from "xstate";
import { afterEach, describe, expect, it } from "vitest";
import { exportDialogMachine, type ExportPlan } from "../../../src/machines/exports/exportDialog.machine";
import { fileDropMachine } from "../../../src/machines/exports/fileDrop.machine";
import { spendBatchMachine } from "../../../src/machines/spend/spendBatch.machine";
import type { ReadWorkbook, WorkbookFileLike } from "../../../src/services/workbook";
import { ExportDialog } from "../../../src/views/exports/ExportDialog";
import { FileDropArea } from "../../../src/views/exports/FileDropArea";
import { SpendBatchPreview } from "../../../src/views/spend/SpendBatchPreview";
import { oneSheetBook, openTable, spendSheet } from "../../model/exports/exportFixtures";
import { signedInApi } from "../../model/fixtures";

afterEach(cleanup);

const exportDialog = () => {
  const plans: ExportPlan[] = [];
  const never = fromPromise<void, ExportPlan>(({ input }) => {
    plans.push(input);
    return new Promise<void>(() => {});
  });
  const actor = createActor(exportDialogMachine.provide({ actors: { writeExcel: never, writeCsv: never } })).start();
  return { actor, plans };
};

describe("ExportDialog", () => {
  it("shows the spec's words, the locked taxonomy column, and sends the dialog's events", () => {
    const { actor, plans } = exportDialog();
    const opener = document.createElement("button");
    document.body.append(opener);
    opener.focus();
    render(<ExportDialog dialog={actor} />);
    expect(screen.queryByRole("dialog")).toBeNull();
    act(() => actor.send({ type: "export.opened", ...openTable }));
    const dialog = screen.getByRole("dialog", { name: "Export Data" });
    const name = within(dialog).getByLabelText("Report Name");
    expect(name).toHaveProperty("value", "acme_shop_performance_report_2026-01-01_2026-01-31");
    expect(document.activeElement).toBe(name);
    const channel = within(dialog).getByRole("checkbox", { name: "Channel" });
    expect(channel).toHaveProperty("checked", true);
    expect(channel).toHaveProperty("disabled", true);

    fireEvent.click(within(dialog).getByRole("button", { name: "Remove All" }));
    expect(within(dialog).getByRole("checkbox", { name: "Page Lands" })).toHaveProperty("checked", false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Select All" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Reset to visible" }));
    expect(within(dialog).getByRole("checkbox", { name: "roas" })).toHaveProperty("checked", false);

    const toggle = within(dialog).getByRole("switch", { name: "Custom Column Ordering" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(within(dialog).queryByRole("button", { name: "Move cpa up" })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    const up = within(dialog).getByRole("button", { name: "Move cpa up" });
    fireEvent.click(up);
    expect(actor.getSnapshot().context.selected).toEqual(["taxonomy_1", "cpa", "clicks"]);
    // cpa is now first: its up button is disabled and focus stays on the column (its down button)
    expect(within(dialog).getByRole("button", { name: "Move cpa up" })).toHaveProperty("disabled", true);
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Move cpa down" }));

    fireEvent.click(within(dialog).getByRole("button", { name: "Download CSV" }));
    expect(plans[0]?.header).toEqual(["Channel", "cpa", "Page Lands"]);
    expect(screen.getByRole("status").textContent).toBe("Preparing the file…");
    expect(within(dialog).getByRole("button", { name: "Download Excel" })).toHaveProperty("disabled", true);
  });

  it("Escape and Cancel close it and focus returns", () => {
    const { actor } = exportDialog();
    const opener = document.createElement("button");
    document.body.append(opener);
    opener.focus();
    render(<ExportDialog dialog={actor} />);
    act(() => actor.send({ type: "export.opened", ...openTable }));
    fireEvent.keyDown(document.activeElement as Element, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(actor.getSnapshot().value).toBe("closed");
    expect(document.activeElement).toBe(opener);
    act(() => actor.send({ type: "export.opened", ...openTable }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("FileDropArea", () => {
  it("a chosen file is dropped, shown with 'Remove file', and removed", async () => {
    const read = fromPromise<ReadWorkbook, { file: WorkbookFileLike }>(async () => oneSheetBook);
    const actor = createActor(fileDropMachine.provide({ actors: { readWorkbook: read } })).start();
    const { container } = render(<FileDropArea drop={actor} />);
    expect(screen.getByRole("button", { name: "Choose file" })).toBeDefined();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe(".csv,.xlsx");
    const file = new File(["a,b"], "costs.csv", { type: "text/csv" });
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.getByText("costs.csv")).toBeDefined();
    expect(screen.getByText(`${spendSheet.length} lines in the sheet`)).toBeDefined();
    fireEvent.click(screen.getByRole("button", { name: "Remove file" }));
    expect(screen.queryByText("costs.csv")).toBeNull();
    expect(actor.getSnapshot().value).toBe("empty");
  });

  it("a dropped file goes to the machine", () => {
    const actor = createActor(fileDropMachine).start();
    render(<FileDropArea drop={actor} />);
    const zone = screen.getByText("Drop a .csv or .xlsx file here, or").parentElement as HTMLElement;
    fireEvent.drop(zone, { dataTransfer: { files: [new File(["x"], "notes.pdf")] } });
    expect(actor.getSnapshot().value).toEqual({ refused: "unsupported" });
  });
});

describe("SpendBatchPreview", () => {
  it("shows each row with its status and message, and 'Send'", () => {
    const actor = createActor(spendBatchMachine, { input: { api: signedInApi, program: "acme" } }).start();
    const { container } = render(<SpendBatchPreview batch={actor} />);
    expect(container.textContent).toBe("");
    act(() => actor.send({ type: "batch.sheetLoaded", fileName: "costs.csv", rows: spendSheet }));
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(5);
    expect(within(rows[3] as HTMLElement).getByText("Not valid")).toBeDefined();
    expect(within(rows[3] as HTMLElement).getByText("Taxonomy 1 is required.")).toBeDefined();
    expect(within(rows[2] as HTMLElement).getByText("Zero cost")).toBeDefined();
    expect(screen.getByText("3 of 5 rows will be sent.")).toBeDefined();
    expect(screen.getByRole("button", { name: "Send" })).toHaveProperty("disabled", false);
    fireEvent.click(screen.getByLabelText("The top row holds the headers"));
    expect(screen.getByRole("alert").textContent).toContain("missing");
  });
});
