// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createActor, fromPromise } from "xstate";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { columnHeaders, metricNames } from "../../../src/domain/report/metrics";
import type { PerformanceRow, TableResponse } from "../../../src/domain/performance/performance";
import { performanceReportSelectors as reportSel } from "../../../src/machines/performance/performanceReport.machine";
import { performanceTableMachine, type PerformanceTableActorRef } from "../../../src/machines/performance/performanceTable.machine";
import type { AppActors } from "../../../src/machines/shell/appActors";
import { ExportDialog } from "../../../src/views/exports/ExportDialog";
import { TableExportControls } from "../../../src/views/exports/TableExportControls";
import { signedInApi } from "../../model/fixtures";
import { searchRow } from "../../model/performance/searchFixtures";
import { openReport, pieceOf, signedInActors, testRange, withActors } from "../viewSupport";

/** What the page saved: each download's file name and contents. */
let saved: Array<{ name: string; blob: Blob }> = [];

beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    const url = `blob:test/${++n}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute("href") ?? "") as Blob });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const settle = () => act(async () => new Promise((r) => setTimeout(r, 20)));

const row = (name: string, sums: Parameters<typeof searchRow>[1]): PerformanceRow => {
  const { taxonomy_1: _a, taxonomy_2: _b, taxonomy_3: _c, taxonomy_4: _d, ...metrics } = searchRow(["", "", "", ""], sums);
  return { taxonomy_1: "Paid Search", taxonomy_2: name, ...metrics };
};

const levelTwoRows: ReadonlyArray<PerformanceRow> = [
  row("Bing Ads", { clicks: 40, attributed_revenue: 100, last_click_revenue: 80, attributed_sales: 2 }),
  row("=Google Ads", { clicks: 200, attributed_revenue: 900, last_click_revenue: 1000, attributed_sales: 9 }),
  row("None", { clicks: 500, attributed_revenue: 10, last_click_revenue: 10, attributed_sales: 1 }),
];

const tableActor = (path: ReadonlyArray<string>) => {
  const response: TableResponse = { data: levelTwoRows, column_headers: columnHeaders(metricNames), total: levelTwoRows.length };
  return createActor(performanceTableMachine.provide({ actors: { loadTable: fromPromise(async () => response) } }), {
    input: {
      params: { api: signedInApi, program: "acme", range: testRange, filter: "default", path },
      sort: { column: "clicks", direction: "desc" },
      kind: "taxonomyTwo",
      levelFour: false,
    },
  }).start();
};

/** The export controls of a route's page: its report (and the report's CSV download) with the given table. */
const controlsOf = (actors: AppActors, table: PerformanceTableActorRef, path: ReadonlyArray<string>) => {
  const report = openReport(actors, { path });
  return (
    <>
      <TableExportControls report={report} table={table} csv={pieceOf(report, reportSel.csvDownload)} />
      <ExportDialog dialog={pieceOf(report, reportSel.exportDialog)} />
    </>
  );
};

describe("TableExportControls", () => {
  it("'Export as CSV' saves the server's CSV under the taxonomy names joined by underscores", async () => {
    // The CSV answers; the report's other pieces' calls are not found.
    const fetch = vi.fn(async (url: string) =>
      url.includes("/performance/table/csv")
        ? new Response("Taxonomy 1,Taxonomy 2\r\nPaid Search,Bing Ads\r\n", { status: 200, headers: { "Content-Type": "text/csv" } })
        : new Response(JSON.stringify({ error: "not_found", message: "no" }), { status: 404 }),
    );
    vi.stubGlobal("fetch", fetch);
    const actors = await signedInActors();
    const table = tableActor(["Paid Search"]);
    render(withActors(actors, controlsOf(actors, table, ["Paid Search"])));
    fireEvent.click(screen.getByRole("button", { name: "Export as CSV" }));
    expect(screen.getByRole("button", { name: "Export as CSV" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("status").textContent).toBe("Downloading the CSV…");
    await settle();
    expect(fetch.mock.calls.map((c) => c[0]).filter((url) => url.includes("/csv"))).toEqual([
      "/api/programs/acme/performance/table/csv/taxonomy_1/Paid%20Search?date_from=2026-01-01&date_to=2026-01-31",
    ]);
    expect(saved.map((s) => s.name)).toEqual(["Paid Search.csv"]);
    expect(await saved[0]?.blob.text()).toBe("Taxonomy 1,Taxonomy 2\r\nPaid Search,Bing Ads\r\n");
    expect(screen.getByRole("button", { name: "Export as CSV" })).toHaveProperty("disabled", false);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("a failed CSV download only stops the loading", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ error: "server", message: "boom" }), { status: 500 })));
    const actors = await signedInActors();
    render(withActors(actors, controlsOf(actors, tableActor([]), [])));
    fireEvent.click(screen.getByRole("button", { name: "Export as CSV" }));
    await settle();
    expect(saved).toEqual([]);
    expect(screen.getByRole("button", { name: "Export as CSV" })).toHaveProperty("disabled", false);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("'Export Data' exports the table's rows in its sort, rates divided by 100, formula-safe names", async () => {
    const actors = await signedInActors();
    const table = tableActor(["Paid Search"]);
    await settle();
    render(withActors(actors, controlsOf(actors, table, ["Paid Search"])));
    fireEvent.click(screen.getByRole("button", { name: "Export Data" }));
    const dialog = screen.getByRole("dialog", { name: "Export Data" });
    expect((within(dialog).getByLabelText("Report Name") as HTMLInputElement).value).toBe("acme_performance_report_2026-01-01_2026-01-31");
    for (const level of ["Taxonomy 1", "Taxonomy 2"]) expect(within(dialog).getByRole("checkbox", { name: level })).toHaveProperty("disabled", true);
    expect(within(dialog).queryByRole("checkbox", { name: "Taxonomy 3" })).toBeNull();
    expect(within(dialog).getAllByRole("checkbox")).toHaveLength(2 + 25);
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove All" }));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Page Lands" }));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Attributed Revenue Variance %" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Download CSV" }));
    await settle();
    expect(saved.map((s) => s.name)).toEqual(["acme_performance_report_2026-01-01_2026-01-31.csv"]);
    const text = (await saved[0]?.blob.text())?.replace(/^\uFEFF/, "");
    // clicks descending, 'None' last on a channel's taxonomy-two table; variance % = (AR - LCR) / LCR, divided by 100
    expect(text).toBe(
      [
        "Taxonomy 1,Taxonomy 2,Page Lands,Attributed Revenue Variance %",
        "Paid Search,'=Google Ads,200,-0.1",
        "Paid Search,Bing Ads,40,0.25",
        "Paid Search,None,500,0",
        "",
      ].join("\r\n"),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("'Export Data' waits for the table", async () => {
    const actors = await signedInActors();
    const pending = createActor(performanceTableMachine.provide({ actors: { loadTable: fromPromise(() => new Promise<TableResponse>(() => {})) } }), {
      input: { params: { api: signedInApi, program: "acme", range: testRange, filter: "default", path: [] }, sort: { column: "clicks", direction: "desc" }, kind: "level", levelFour: false },
    }).start();
    render(withActors(actors, controlsOf(actors, pending, [])));
    expect(screen.getByRole("button", { name: "Export Data" })).toHaveProperty("disabled", true);
  });
});
