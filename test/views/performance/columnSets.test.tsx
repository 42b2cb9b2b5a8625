// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createActor, fromPromise } from "xstate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { interleavedOrder } from "../../../src/domain/performance/columnSelection";
import { defaultColumns, metricDefinitions, metricNames, searchMetricNames } from "../../../src/domain/report/metrics";
import type { TableResponse } from "../../../src/domain/performance/performance";
import { comparisonMachine, type ComparisonLoad } from "../../../src/machines/performance/comparison.machine";
import { performanceReportSelectors as reportSel } from "../../../src/machines/performance/performanceReport.machine";
import { sessionSelectors } from "../../../src/machines/shell/session.machine";
import { ColumnSetControls } from "../../../src/views/performance/ColumnSetControls";
import { ColumnsDialog } from "../../../src/views/performance/ColumnsDialog";
import { ComparisonControls } from "../../../src/views/performance/ComparisonControls";
import { revenueFocus, twoSetsDefaultFavourite } from "../../model/performance/columnSetsFixtures";
import { comparisonInput, februaryTable } from "../../model/performance/comparisonFixtures";
import { openReport, pieceOf, signedInActors, withActors, settle } from "../viewSupport";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const label = (name: string) => metricDefinitions[name as keyof typeof metricDefinitions].label;

describe("ColumnsDialog", () => {
  it("is titled 'Column Selection' and lays the columns out in two interleaved halves", () => {
    const toggled: string[] = [];
    const onReset = vi.fn();
    const onClose = vi.fn();
    render(<ColumnsDialog available={metricNames} selected={defaultColumns} onToggle={(c) => toggled.push(c)} onReset={onReset} onClose={onClose} />);
    const dialog = screen.getByRole("dialog", { name: "Column Selection" });
    const boxes = within(dialog).getAllByRole("checkbox") as HTMLInputElement[];
    // 25 columns: the left half holds the first 13, the right half the other 12, read row by row
    expect(boxes.map((b) => b.closest("label")?.textContent)).toEqual(interleavedOrder(metricNames).map(label));
    const rows = [...dialog.querySelectorAll(".columns-dialog-row")].map((r) => [...r.querySelectorAll("label")].map((l) => l.textContent));
    expect(rows).toHaveLength(13);
    expect(rows[0]).toEqual(["Variable Cost", "Attributed Sales"]);
    expect(rows[1]).toEqual(["Fixed Cost", "Attributed Revenue"]);
    expect(rows[11]).toEqual(["Last Click Conversion Rate", "Proportional Credit"]);
    expect(rows[12]).toEqual(["Last Click AOV"]);
    // the visible columns are ticked
    expect(boxes.filter((b) => b.checked).map((b) => b.closest("label")?.textContent).sort()).toEqual(defaultColumns.map(label).sort());

    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Page Lands" }));
    expect(toggled).toEqual(["clicks"]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Reset to Defaults" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("takes the columns a table offers: the 23 search columns", () => {
    render(<ColumnsDialog available={searchMetricNames} selected={[]} onToggle={() => {}} onReset={() => {}} onClose={() => {}} />);
    const boxes = screen.getAllByRole("checkbox");
    expect(boxes).toHaveLength(23);
    expect(screen.queryByRole("checkbox", { name: "Sales Involved" })).toBeNull();
    expect(boxes.every((b) => !(b as HTMLInputElement).checked)).toBe(true);
  });
});

interface Call {
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
}

/** The column-set calls answered as the server does; every call is recorded. */
const columnSetServer = () => {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      calls.push({ method, url, body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined });
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
      if (url.endsWith("/column-sets") && method === "GET") return json(twoSetsDefaultFavourite);
      if (url.endsWith("/column-sets") && method === "POST") return json({ data: { id: 7 } });
      if (url.includes("/column-sets/")) return json({ ok: true });
      return new Response(JSON.stringify({ error: "not_found", message: "no" }), { status: 404, headers: { "Content-Type": "application/json" } });
    }),
  );
  return calls;
};

describe("ColumnSetControls", () => {
  it("chooses, saves, stars and deletes column sets; the session gets the chosen columns", async () => {
    const calls = columnSetServer();
    const actors = await signedInActors();
    const sessionColumns = () => sessionSelectors.preferences(actors.session.getSnapshot()).columns;
    // The column sets of a page's report: the calls go where the session says.
    const report = openReport(actors, { path: ["Paid Search"] });
    render(withActors(actors, <ColumnSetControls sets={pieceOf(report, reportSel.columnSets)} />));
    await settle();
    const toggle = screen.getByRole("button", { name: "Column set: Default" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    // Its visible words ("Column set Default", the arrow drawn by the style sheet) read as its name does, punctuation aside.
    expect(toggle.textContent).toBe("Column set Default");
    fireEvent.click(toggle);
    const panel = screen.getByRole("group", { name: "Column set" });
    expect(within(panel).getAllByRole("button", { name: /^Choose / }).map((b) => b.textContent)).toEqual(["Default", "Revenue focus", "Cost & efficiency"]);
    expect(within(panel).getByRole("button", { name: "Favourite Default" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(panel).getByRole("button", { name: "Favourite Revenue focus" }).getAttribute("aria-pressed")).toBe("false");
    // the built-in set has no bin
    expect(within(panel).queryByRole("button", { name: "Delete Default" })).toBeNull();
    // the default selection is not custom: it cannot be saved
    expect(within(panel).getByRole("button", { name: "Save column set" })).toHaveProperty("disabled", true);
    expect(within(panel).getByText("This selection is already saved as a column set.")).toBeDefined();

    fireEvent.click(within(panel).getByRole("button", { name: "Choose Revenue focus" }));
    expect(sessionColumns()).toEqual(revenueFocus.columns);
    expect(screen.queryByRole("group", { name: "Column set" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Column set: Revenue focus" }));

    // untick a column in the dialog: the selection becomes custom
    fireEvent.click(screen.getByRole("button", { name: "Columns" }));
    const dialog = screen.getByRole("dialog", { name: "Column Selection" });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Attributed AOV" }));
    expect(sessionColumns()).toEqual(revenueFocus.columns.filter((c) => c !== "attributed_aov"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    // Escape closes it too, keeping the change.
    fireEvent.click(screen.getByRole("button", { name: "Columns" }));
    fireEvent.keyDown(screen.getByRole("dialog", { name: "Column Selection" }), { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sessionColumns()).toEqual(revenueFocus.columns.filter((c) => c !== "attributed_aov"));

    fireEvent.click(screen.getByRole("button", { name: "Column set: Custom" }));
    const name = screen.getByLabelText("Column set name");
    fireEvent.change(name, { target: { value: "Revenue focus" } });
    expect(screen.getByText("A column set with this name already exists.")).toBeDefined();
    expect(screen.getByRole("button", { name: "Save column set" })).toHaveProperty("disabled", true);
    fireEvent.change(name, { target: { value: "Lean revenue" } });
    fireEvent.click(screen.getByRole("button", { name: "Save column set" }));
    await settle();
    expect(calls.find((c) => c.method === "POST" && c.url.endsWith("/column-sets"))?.body).toEqual({
      name: "Lean revenue",
      columns: revenueFocus.columns.filter((c) => c !== "attributed_aov"),
    });
    expect(screen.getByRole("button", { name: "Column set: Lean revenue" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Choose Lean revenue" }).getAttribute("aria-pressed")).toBe("true");

    fireEvent.click(screen.getByRole("button", { name: "Favourite Lean revenue" }));
    await settle();
    expect(calls.at(-1)).toMatchObject({ method: "POST", url: "/api/column-sets/7/favourite" });
    expect(screen.getByRole("button", { name: "Favourite Lean revenue" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByRole("button", { name: "Favourite Default" }).getAttribute("aria-pressed")).toBe("false");

    fireEvent.click(screen.getByRole("button", { name: "Delete Lean revenue" }));
    await settle();
    expect(calls.at(-1)).toMatchObject({ method: "DELETE", url: "/api/column-sets/7" });
    expect(screen.queryByRole("button", { name: "Choose Lean revenue" })).toBeNull();
    // the selected favourite was deleted: set 0 is chosen and is the favourite again
    expect(screen.getByRole("button", { name: "Column set: Default" })).toBeDefined();
    expect(screen.getByRole("button", { name: "Favourite Default" }).getAttribute("aria-pressed")).toBe("true");
    expect(sessionColumns()).toEqual(defaultColumns);

    // Escape closes the dropdown and focus returns to it
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("group", { name: "Column set" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Column set: Default" }));
  });
});

describe("ComparisonControls", () => {
  it("a 'Compare' switch; on, the picker offers 'Previous Period', 'Year on Year' and two dates", async () => {
    const loads: ComparisonLoad[] = [];
    const comparison = createActor(
      comparisonMachine.provide({
        actors: {
          loadComparison: fromPromise<TableResponse, ComparisonLoad>(async ({ input }) => {
            loads.push(input);
            return februaryTable;
          }),
        },
      }),
      { input: comparisonInput },
    ).start();
    const actors = await signedInActors();
    render(withActors(actors, <ComparisonControls comparison={comparison} />));
    const compare = screen.getByRole("switch", { name: "Compare" });
    expect(compare.getAttribute("aria-checked")).toBe("false");
    expect(screen.queryByRole("button", { name: /^Comparison dates/ })).toBeNull();
    fireEvent.click(compare);
    expect(compare.getAttribute("aria-checked")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe("Loading the comparison…");
    await settle();
    expect(screen.queryByRole("status")).toBeNull();

    const picker = screen.getByRole("button", { name: "Comparison dates: 29 Jan 2026 – 28 Feb 2026" });
    fireEvent.click(picker);
    const panel = screen.getByRole("group", { name: "Comparison dates" });
    const previous = within(panel).getByRole("button", { name: "Previous Period" });
    expect(document.activeElement).toBe(previous);
    expect(previous.getAttribute("aria-pressed")).toBe("true");
    expect(within(panel).getByLabelText("Comparison start")).toHaveProperty("value", "2026-01-29");
    expect(within(panel).getByLabelText("Comparison end")).toHaveProperty("value", "2026-02-28");

    fireEvent.click(within(panel).getByRole("button", { name: "Year on Year" }));
    await settle();
    expect(loads.at(-1)?.scope.range).toEqual({ from: "2025-03-01", to: "2025-03-31" });
    expect(screen.queryByRole("group", { name: "Comparison dates" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Comparison dates: 1 Mar 2025 – 31 Mar 2025" }));

    // typed dates: an end after the main start moves before it; Apply loads them
    fireEvent.click(screen.getByRole("button", { name: /^Comparison dates/ }));
    fireEvent.change(screen.getByLabelText("Comparison start"), { target: { value: "2026-02-01" } });
    fireEvent.change(screen.getByLabelText("Comparison end"), { target: { value: "2026-03-20" } });
    expect(screen.getByLabelText("Comparison end")).toHaveProperty("value", "2026-02-28");
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await settle();
    expect(loads.at(-1)?.scope.range).toEqual({ from: "2026-02-01", to: "2026-02-28" });

    // Escape closes the picker without a change
    fireEvent.click(screen.getByRole("button", { name: /^Comparison dates/ }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("group", { name: "Comparison dates" })).toBeNull();
    expect(loads).toHaveLength(3);

    fireEvent.click(compare);
    expect(screen.queryByRole("button", { name: /^Comparison dates/ })).toBeNull();
  });
});
