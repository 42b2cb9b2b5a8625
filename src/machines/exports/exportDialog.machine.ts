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
    openWith: assign((_, opened: Omit<ExportOpened, "type">) => {
      const taxonomyColumns = [...new Set(opened.taxonomyColumns)];
      const exportable = new Set(opened.columns);
      return {
        ...closedContext,
        kind: opened.kind ?? "table",
        reportName: reportName(opened.naming),
        columns: [...new Set(opened.columns)].filter((c) => !taxonomyColumns.includes(c)),
        labels: opened.labels ?? {},
        taxonomyColumns,
        visibleColumns: opened.visibleColumns.filter((c) => exportable.has(c)),
        selected: resetToVisible(
          taxonomyColumns,
          opened.visibleColumns.filter((c) => exportable.has(c)),
        ),
        rows: opened.rows,
        sort: opened.sort ?? null,
        sheetName: opened.sheetName ?? opened.naming.reportKind,
      };
    }),
    forget: assign(() => closedContext),
    toggleColumn: assign(({ context }, params: { column: string }) =>
      context.columns.includes(params.column) || context.taxonomyColumns.includes(params.column)
        ? { selected: toggleExportColumn(context.taxonomyColumns, context.selected, params.column), error: null }
        : {},
    ),
    selectVisible: assign(({ context }) => ({ selected: resetToVisible(context.taxonomyColumns, context.visibleColumns), error: null })),
    selectAll: assign(({ context }) => ({ selected: selectAllColumns(context.taxonomyColumns, context.columns), error: null })),
    removeAll: assign(({ context }) => ({ selected: removeAllColumns(context.taxonomyColumns), error: null })),
    moveColumn: assign(({ context }, params: { column: string; direction: MoveDirection }) => ({
      selected: moveExportColumn(context.taxonomyColumns, context.selected, params.column, params.direction),
    })),
    rename: assign((_, params: { name: string }) => ({ reportName: params.name, error: null })),
    planExport: assign(({ context }, params: { format: ExportFormat; customOrdering: boolean }) => ({
      plan: exportPlan(context, params.format, params.customOrdering),
      error: null,
    })),
    rememberFailure: assign((_, params: { error: unknown }) => ({ plan: null, error: failureMessage(params.error) })),
  },
  guards: {
    hasColumnsToExport: ({ context }) => exportedColumnCount(context) > 0,
    canMoveColumn: ({ context }, params: { column: string; direction: MoveDirection }) =>
      canMoveExportColumn(context.taxonomyColumns, context.selected, params.column, params.direction),
  },
}).createMachine({
  id: "exportDialog",
  context: closedContext,
  initial: "closed",
  states: {
    closed: {
      entry: "forget",
      on: { "export.opened": { target: "open", actions: { type: "openWith", params: ({ event: { type: _type, ...opened } }) => opened } } },
    },
    open: {
      initial: "editing",
      on: { "export.cancelled": "closed" },
      states: {
        editing: {
          initial: "standardOrder",
          on: {
            "export.columnToggled": { actions: { type: "toggleColumn", params: ({ event }) => ({ column: event.column }) } },
            "export.resetToVisible": { actions: "selectVisible" },
            "export.selectAll": { actions: "selectAll" },
            "export.removeAll": { actions: "removeAll" },
            "export.nameChanged": { actions: { type: "rename", params: ({ event }) => ({ name: event.name }) } },
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
                "export.columnMoved": {
                  guard: { type: "canMoveColumn", params: ({ event }) => ({ column: event.column, direction: event.direction }) },
                  actions: { type: "moveColumn", params: ({ event }) => ({ column: event.column, direction: event.direction }) },
                },
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
                onError: {
                  target: "#exportDialog.open.editing.previousOrdering",
                  actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            csv: {
              invoke: {
                src: "writeCsv",
                input: ({ context }) => context.plan as ExportPlan,
                onDone: "#exportDialog.closed",
                onError: {
                  target: "#exportDialog.open.editing.previousOrdering",
                  actions: { type: "rememberFailure", params: ({ event }) => ({ error: event.error }) },
                },
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
