import { Effect } from "effect";
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from "xstate";
import {
  chartExportRows,
  conversionDate,
  exportColumns,
  removeAllColumns,
  resetToVisible,
  selectAllColumns,
  tableExportRows,
  toggleExportColumn,
  type Cell,
  type ExportRow,
  type Labels,
} from "../../domain/exports/exportCells";
import { canMoveExportColumn, exportColumnChoices, exportDialogTexts, moveExportColumn, type ExportColumnChoice, type MoveDirection } from "../../domain/exports/exportDialog";
import { exportFileName, reportName, type ExportFormat, type ReportNameParts } from "../../domain/exports/exportNaming";
import type { SortSpec } from "../../domain/table/tableSort";
import { downloadFile, writeCsv, writeWorkbook, type WorkbookWriteFailed } from "../../services/exports";
import { fromEffect } from "../runtime/fromEffect";

/**
 * The Export Data dialog: a report name, the exportable columns with the taxonomy columns always
 * selected, 'Reset to visible', 'Select All', 'Remove All', the Custom Column Ordering
 * switch (standard order when off; the chosen order, with moves, when on), and the two
 * downloads, made on the device. A failed download keeps the dialog open with a message;
 * a finished one closes it.
 */

/** What the dialog exports: the rows of a table (in its current sort) or of a chart. */
export type ExportKind = "table" | "chart";

export interface ExportDialogContext {
  readonly kind: ExportKind;
  readonly reportName: string;
  /** The exportable metric columns, in the standard order. */
  readonly columns: ReadonlyArray<string>;
  readonly labels: Labels;
  /** Always selected and exported first ('Remove All' keeps only them). */
  readonly taxonomyColumns: ReadonlyArray<string>;
  /** The table's visible columns ('Reset to visible'). */
  readonly visibleColumns: ReadonlyArray<string>;
  /** Taxonomy columns first, then the chosen metric columns in the order chosen. */
  readonly selected: ReadonlyArray<string>;
  readonly rows: ReadonlyArray<ExportRow>;
  readonly sort: SortSpec | null;
  readonly sheetName: string;
  /** The file being written, fixed when a download is asked for. */
  readonly plan: ExportPlan | null;
  readonly error: string | null;
}

/** A file to write: its name and its cells (the header row first). */
export interface ExportPlan {
  readonly format: ExportFormat;
  readonly fileName: string;
  readonly sheetName: string;
  readonly header: ReadonlyArray<Cell>;
  readonly rows: ReadonlyArray<ReadonlyArray<Cell>>;
}

export interface ExportOpened {
  readonly type: "export.opened";
  readonly kind?: ExportKind;
  readonly columns: ReadonlyArray<string>;
  readonly visibleColumns: ReadonlyArray<string>;
  readonly taxonomyColumns: ReadonlyArray<string>;
  readonly labels?: Labels;
  /** The parts of the default report name (program, report kind, the two dates). */
  readonly naming: ReportNameParts;
  readonly rows: ReadonlyArray<ExportRow>;
  readonly sort?: SortSpec | null;
  readonly sheetName?: string;
}

export type ExportDialogEvent =
  | ExportOpened
  | { type: "export.columnToggled"; column: string }
  | { type: "export.resetToVisible" }
  | { type: "export.selectAll" }
  | { type: "export.removeAll" }
  | { type: "export.orderingToggled" }
  | { type: "export.columnMoved"; column: string; direction: MoveDirection }
  | { type: "export.nameChanged"; name: string }
  | { type: "export.cancelled" }
  | { type: "export.excelRequested" }
  | { type: "export.csvRequested" };

const closedContext: ExportDialogContext = {
  kind: "table",
  reportName: "",
  columns: [],
  labels: {},
  taxonomyColumns: [],
  visibleColumns: [],
  selected: [],
  rows: [],
  sort: null,
  sheetName: "Sheet1",
  plan: null,
  error: null,
};

/** The cells of the export the dialog describes. */
export const exportPlan = (context: ExportDialogContext, format: ExportFormat, customOrdering: boolean): ExportPlan => {
  const columns = exportColumns({
    taxonomyColumns: context.taxonomyColumns,
    standardOrder: context.columns,
    chosen: context.selected,
    customOrdering,
  });
  const matrix =
    context.kind === "chart"
      ? chartExportRows(
          context.rows,
          columns.filter((c) => c !== conversionDate),
          context.labels,
        )
      : tableExportRows(context.rows, columns, { sort: context.sort, labels: context.labels });
  return {
    format,
    fileName: exportFileName(context.reportName, format),
    sheetName: context.sheetName,
    header: matrix[0] ?? [],
    rows: matrix.slice(1),
  };
};

/** The columns an export of the dialog's choice holds (the order does not matter here). */
const exportedColumnCount = (context: ExportDialogContext): number =>
  exportColumns({ taxonomyColumns: context.taxonomyColumns, standardOrder: context.columns, chosen: context.selected, customOrdering: false }).length;

/** The dialog's message; a writer's own reason (e.g. Excel's row limit) is added, a defect's is not. */
const failureMessage = (error: unknown): string => {
  const e = error as { _tag?: unknown; message?: unknown } | null;
  return e?._tag === "WorkbookWriteFailed" && typeof e.message === "string" && e.message !== "" ? `${exportDialogTexts.failed} (${e.message})` : exportDialogTexts.failed;
};

export const exportDialogMachine = setup({
  types: {
    context: {} as ExportDialogContext,
    events: {} as ExportDialogEvent,
  },
  actors: {
    writeExcel: fromEffect<void, ExportPlan, WorkbookWriteFailed>((plan) =>
      writeWorkbook({ header: plan.header, rows: plan.rows, sheetName: plan.sheetName }).pipe(Effect.flatMap((blob) => downloadFile(blob, plan.fileName))),
    ),
    writeCsv: fromEffect<void, ExportPlan, never>((plan) =>
      writeCsv({ header: plan.header, rows: plan.rows }).pipe(Effect.flatMap((blob) => downloadFile(blob, plan.fileName))),
    ),
  },
  actions: {
    openWith: assign(({ event }) => {
      if (event.type !== "export.opened") return {};
      const taxonomyColumns = [...new Set(event.taxonomyColumns)];
      const exportable = new Set(event.columns);
      return {
        ...closedContext,
        kind: event.kind ?? "table",
        reportName: reportName(event.naming),
        columns: [...new Set(event.columns)].filter((c) => !taxonomyColumns.includes(c)),
        labels: event.labels ?? {},
        taxonomyColumns,
        visibleColumns: event.visibleColumns.filter((c) => exportable.has(c)),
        selected: resetToVisible(
          taxonomyColumns,
          event.visibleColumns.filter((c) => exportable.has(c)),
        ),
        rows: event.rows,
        sort: event.sort ?? null,
        sheetName: event.sheetName ?? event.naming.reportKind,
      };
    }),
    forget: assign(() => closedContext),
    toggleColumn: assign(({ context, event }) =>
      event.type === "export.columnToggled" && (context.columns.includes(event.column) || context.taxonomyColumns.includes(event.column))
        ? { selected: toggleExportColumn(context.taxonomyColumns, context.selected, event.column), error: null }
        : {},
    ),
    selectVisible: assign(({ context }) => ({ selected: resetToVisible(context.taxonomyColumns, context.visibleColumns), error: null })),
    selectAll: assign(({ context }) => ({ selected: selectAllColumns(context.taxonomyColumns, context.columns), error: null })),
    removeAll: assign(({ context }) => ({ selected: removeAllColumns(context.taxonomyColumns), error: null })),
    moveColumn: assign(({ context, event }) =>
      event.type === "export.columnMoved" ? { selected: moveExportColumn(context.taxonomyColumns, context.selected, event.column, event.direction) } : {},
    ),
    rename: assign(({ event }) => (event.type === "export.nameChanged" ? { reportName: event.name, error: null } : {})),
    planExport: assign(({ context }, params: { format: ExportFormat; customOrdering: boolean }) => ({
      plan: exportPlan(context, params.format, params.customOrdering),
      error: null,
    })),
    rememberFailure: assign(({ event }) => ({ plan: null, error: failureMessage((event as { error?: unknown }).error) })),
  },
  guards: {
    hasColumnsToExport: ({ context }) => exportedColumnCount(context) > 0,
    canMoveColumn: ({ context, event }) =>
      event.type === "export.columnMoved" && canMoveExportColumn(context.taxonomyColumns, context.selected, event.column, event.direction),
  },
}).createMachine({
  id: "exportDialog",
  context: closedContext,
  initial: "closed",
  states: {
    closed: {
      entry: "forget",
      on: { "export.opened": { target: "open", actions: "openWith" } },
    },
    open: {
      initial: "editing",
      on: { "export.cancelled": "closed" },
      states: {
        editing: {
          initial: "standardOrder",
          on: {
            "export.columnToggled": { actions: "toggleColumn" },
            "export.resetToVisible": { actions: "selectVisible" },
            "export.selectAll": { actions: "selectAll" },
            "export.removeAll": { actions: "removeAll" },
            "export.nameChanged": { actions: "rename" },
          },
          states: {
            /** Custom Column Ordering off: the export uses the standard order. */
            standardOrder: {
              on: {
                "export.orderingToggled": "customOrder",
                "export.excelRequested": {
                  guard: "hasColumnsToExport",
                  target: "#exportDialog.open.writing.excel",
                  actions: { type: "planExport", params: { format: "xlsx", customOrdering: false } },
                },
                "export.csvRequested": {
                  guard: "hasColumnsToExport",
                  target: "#exportDialog.open.writing.csv",
                  actions: { type: "planExport", params: { format: "csv", customOrdering: false } },
                },
              },
            },
            /** Custom Column Ordering on: chosen columns can be moved; the export keeps their order. */
            customOrder: {
              on: {
                "export.orderingToggled": "standardOrder",
                "export.columnMoved": { guard: "canMoveColumn", actions: "moveColumn" },
                "export.excelRequested": {
                  guard: "hasColumnsToExport",
                  target: "#exportDialog.open.writing.excel",
                  actions: { type: "planExport", params: { format: "xlsx", customOrdering: true } },
                },
                "export.csvRequested": {
                  guard: "hasColumnsToExport",
                  target: "#exportDialog.open.writing.csv",
                  actions: { type: "planExport", params: { format: "csv", customOrdering: true } },
                },
              },
            },
            /** Where a failed download returns: the ordering mode it was asked from. */
            previousOrdering: { type: "history" },
          },
        },
        /** Entered only at one of its children (by the download asked for). */
        writing: {
          initial: "excel",
          states: {
            excel: {
              invoke: {
                src: "writeExcel",
                input: ({ context }) => context.plan as ExportPlan,
                onDone: "#exportDialog.closed",
                onError: { target: "#exportDialog.open.editing.previousOrdering", actions: "rememberFailure" },
              },
            },
            csv: {
              invoke: {
                src: "writeCsv",
                input: ({ context }) => context.plan as ExportPlan,
                onDone: "#exportDialog.closed",
                onError: { target: "#exportDialog.open.editing.previousOrdering", actions: "rememberFailure" },
              },
            },
          },
        },
      },
    },
  },
});

type Snap = SnapshotFrom<typeof exportDialogMachine>;

// The column list is derived from the context; contexts are immutable, so one list per context.
const choicesCache = new WeakMap<object, { custom: boolean; choices: ExportColumnChoice[] }>();
const columnChoices = (s: Snap): ExportColumnChoice[] => {
  const custom = s.matches({ open: { editing: "customOrder" } });
  const cached = choicesCache.get(s.context);
  if (cached && cached.custom === custom) return cached.choices;
  const choices = exportColumnChoices({
    taxonomyColumns: s.context.taxonomyColumns,
    standardOrder: s.context.columns,
    selected: s.context.selected,
    labels: s.context.labels,
    customOrdering: custom,
  });
  choicesCache.set(s.context, { custom, choices });
  return choices;
};

export const exportDialogSelectors = {
  isOpen: (s: Snap) => s.matches("open"),
  isWriting: (s: Snap) => s.matches({ open: "writing" }),
  writingFormat: (s: Snap): ExportFormat | null =>
    s.matches({ open: { writing: "excel" } }) ? "xlsx" : s.matches({ open: { writing: "csv" } }) ? "csv" : null,
  isCustomOrdering: (s: Snap) => s.matches({ open: { editing: "customOrder" } }),
  reportName: (s: Snap) => s.context.reportName,
  columnChoices,
  selectedColumns: (s: Snap) => s.context.selected,
  /** The downloads are offered (the `hasColumnsToExport` guard's own rule). */
  canDownload: (s: Snap) => s.matches({ open: "editing" }) && exportedColumnCount(s.context) > 0,
  error: (s: Snap) => s.context.error,
} satisfies Record<string, (s: Snap) => unknown>;

export type ExportDialogActorRef = ActorRefFrom<typeof exportDialogMachine>;
