import { exportDialogMachine, type ExportPlan } from "../../../src/machines/exports/exportDialog.machine";
import { WorkbookWriteFailed } from "../../../src/services/exports";
import { defineMachineModel, invariant } from "../harness";
import { openChart, openTable } from "./exportFixtures";

/** The Export Data dialog: columns, their ordering, and the file written. */
export const exportDialogModel = defineMachineModel({
  name: "exportDialog",
  machine: exportDialogMachine,
  events: {
    "export.opened": { table: openTable, chart: openChart },
    "export.columnToggled": { roas: { column: "roas" }, taxonomy: { column: "taxonomy_1" } },
    "export.resetToVisible": [{}],
    "export.selectAll": [{}],
    "export.removeAll": [{}],
    "export.orderingToggled": [{}],
    "export.columnMoved": { cpaUp: { column: "cpa", direction: "up" }, clicksDown: { column: "clicks", direction: "down" } },
    "export.nameChanged": { renamed: { name: "January: Paid" } },
    "export.cancelled": [{}],
    "export.excelRequested": [{}],
    "export.csvRequested": [{}],
  },
  actorOutcomes: {
    writeExcel: { resolves: { saved: undefined }, rejects: { failed: new WorkbookWriteFailed({ message: "disk full" }) } },
    writeCsv: { resolves: { saved: undefined }, rejects: { failed: new WorkbookWriteFailed({ message: "disk full" }) } },
  },
  // How many columns are chosen: enough for the guards, small enough for the graph; the
  // check verifies the exported order itself.
  observe: (c) => ({ kind: c.kind, n: c.selected.length, error: c.error !== null }),
  strategies: { simple: { observe: (c) => ({ kind: c.kind, error: c.error !== null }), maxPaths: 150 } },
  check: ({ after, before, action, newCalls }) => {
    const c = after.context;
    // Taxonomy columns are always selected, first.
    invariant(
      c.taxonomyColumns.every((t, i) => c.selected[i] === t),
      `taxonomy columns must stay selected and first: ${JSON.stringify(c.selected)}`,
    );
    invariant(new Set(c.selected).size === c.selected.length, "no column is selected twice");
    if (after.matches("closed")) invariant(c.rows.length === 0 && c.plan === null && c.error === null, "a closed dialog holds nothing");
    if (after.matches({ open: "writing" })) invariant(c.plan !== null, "writing has a plan");
    if (c.error !== null) invariant(after.matches({ open: "editing" }), "an error shows only while editing");
    // A download starts exactly one writer, with the plan: standard order unless ordering is on.
    const writers = newCalls.filter((x) => x.kind === "actor");
    const started = action.kind === "event" && before?.matches({ open: "editing" }) === true && after.matches({ open: "writing" });
    invariant(writers.length === (started ? 1 : 0), `expected ${started ? 1 : 0} writer(s), got ${writers.length}`);
    for (const w of writers) {
      const plan = w.payload as ExportPlan;
      invariant(w.name === (plan.format === "xlsx" ? "writeExcel" : "writeCsv"), "the writer matches the format");
      invariant(plan.fileName.endsWith(`.${plan.format}`), `file name ${plan.fileName}`);
      const labels = c.labels;
      const metrics = plan.header.slice(c.taxonomyColumns.length + (c.kind === "chart" ? 1 : 0));
      const chosen = c.selected.filter((s) => !c.taxonomyColumns.includes(s)).map((s) => labels[s] ?? s);
      const custom = before?.matches({ open: { editing: "customOrder" } }) === true;
      const expected = custom ? chosen : c.columns.filter((s) => c.selected.includes(s)).map((s) => labels[s] ?? s);
      invariant(JSON.stringify(metrics) === JSON.stringify(expected), `exported columns ${JSON.stringify(metrics)}, expected ${JSON.stringify(expected)}`);
    }
  },
});
