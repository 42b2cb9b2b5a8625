/** Shared data for the export, file drop and spend batch machines' tests and models. */
import type { ExportOpened } from "../../../src/machines/exports/exportDialog.machine";
import type { WorkbookCell } from "../../../src/domain/exports/workbookRows";

export const performanceRows = [
  { taxonomy_1: "Paid Search", clicks: 120, attributed_conversion_rate: 2.5, cpa: 10, roas: 3 },
  { taxonomy_1: "None", clicks: 500, attributed_conversion_rate: 1, cpa: 1, roas: 1 },
  { taxonomy_1: "=Email", clicks: 80, attributed_conversion_rate: 12.5, cpa: 20, roas: 5 },
];

/** Opens the dialog for the level-one table: taxonomy_1, visible clicks + cpa, sorted by clicks desc. */
export const openTable: Omit<ExportOpened, "type"> = {
  columns: ["clicks", "attributed_conversion_rate", "cpa", "roas"],
  visibleColumns: ["clicks", "cpa", "not_exportable"],
  taxonomyColumns: ["taxonomy_1"],
  labels: { taxonomy_1: "Channel", clicks: "Page Lands", attributed_conversion_rate: "Attributed Conversion Rate" },
  naming: { programName: "Acme Shop", reportKind: "Performance Report", from: "2026-01-01", to: "2026-01-31" },
  rows: performanceRows,
  sort: { column: "clicks", direction: "desc" },
};

/** Opens the dialog for a chart: no taxonomy columns; conversion_date is exported first. */
export const openChart: Omit<ExportOpened, "type"> = {
  kind: "chart",
  columns: ["clicks", "roas"],
  visibleColumns: ["clicks"],
  taxonomyColumns: [],
  naming: { programName: "Acme Shop", reportKind: "Performance Chart", from: "2026-01-01", to: "2026-01-03" },
  rows: [
    { conversion_date: "2026-01-02", clicks: 2, roas: 1 },
    { conversion_date: "2026-01-01", clicks: 1, roas: 2 },
  ],
};

/** A spend sheet: a header, 3 ready rows, one costing 0, one invalid (no taxonomy 1). */
export const spendSheet: WorkbookCell[][] = [
  ["Taxonomy 1", "Taxonomy 2", "Spend", "Start Date", "End Date", "Notes"],
  ["Paid Search", "Brand", "£1,200.50", "05/01/2026", "31/01/2026", "x"],
  ["TV", null, 300, "2026-01-01", null, null],
  ["Radio", "", "0", "2026-01-01", null, null],
  [null, "Orphan", 10, "2026-01-01", null, null],
  ["Print", "Press", "99.999", "5 January 2026", null, "y"],
];

/** A sheet of `n` ready rows. */
export const readySheet = (n: number): WorkbookCell[][] => [
  ["taxonomy_1", "cost", "start_date"],
  ...Array.from({ length: n }, (_, i) => [`Channel ${i + 1}`, i + 1, "2026-01-01"] as WorkbookCell[]),
];

/** Sheets a file drop may answer. */
export const oneSheetBook = { fileName: "costs.csv", sheets: [{ name: "Sheet1", rows: spendSheet }] };
export const twoSheetBook = {
  fileName: "costs.xlsx",
  sheets: [
    { name: "Costs", rows: spendSheet },
    { name: "Other", rows: readySheet(2) },
  ],
};

/** A File-like for drops (only the name is read by the machine; the reader is faked). */
export const droppedFile = (name: string) => ({ name, size: 10, arrayBuffer: async () => new ArrayBuffer(10) });
