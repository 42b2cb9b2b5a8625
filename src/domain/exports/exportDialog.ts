/**
 * The Export Data dialog's words and its column ordering. Selection rules (taxonomy
 * columns always selected, 'Remove All' keeps only them) are in exportCells.ts.
 */

export const exportDialogTexts = {
  title: "Export Data",
  reportName: "Report Name",
  columns: "Columns",
  resetToVisible: "Reset to visible",
  selectAll: "Select All",
  removeAll: "Remove All",
  customOrdering: "Custom Column Ordering",
  moveUp: (label: string) => `Move ${label} up`,
  moveDown: (label: string) => `Move ${label} down`,
  cancel: "Cancel",
  downloadExcel: "Download Excel",
  downloadCsv: "Download CSV",
  writing: "Preparing the file…",
  /** The product words no export failure; this is the dialog's own message. */
  failed: "The file could not be made. Please try again.",
} as const;

export type MoveDirection = "up" | "down";

/**
 * Whether a chosen column can move one place (Custom Column Ordering): only chosen
 * metric columns move, among themselves; taxonomy columns stay first.
 */
export const canMoveExportColumn = (
  taxonomyColumns: ReadonlyArray<string>,
  selected: ReadonlyArray<string>,
  column: string,
  direction: MoveDirection,
): boolean => {
  const metrics = selected.filter((c) => !taxonomyColumns.includes(c));
  const i = metrics.indexOf(column);
  if (i < 0) return false;
  return direction === "up" ? i > 0 : i < metrics.length - 1;
};

/** The selection with `column` moved one place up or down among the chosen metric columns. */
export const moveExportColumn = (
  taxonomyColumns: ReadonlyArray<string>,
  selected: ReadonlyArray<string>,
  column: string,
  direction: MoveDirection,
): string[] => {
  const taxonomies = selected.filter((c) => taxonomyColumns.includes(c));
  const metrics = selected.filter((c) => !taxonomyColumns.includes(c));
  if (!canMoveExportColumn(taxonomyColumns, selected, column, direction)) return [...selected];
  const i = metrics.indexOf(column);
  const j = direction === "up" ? i - 1 : i + 1;
  const moved = [...metrics];
  [moved[i], moved[j]] = [moved[j] as string, moved[i] as string];
  return [...taxonomies, ...moved];
};

/** One line of the dialog's column list. */
export interface ExportColumnChoice {
  readonly name: string;
  readonly label: string;
  readonly selected: boolean;
  /** Taxonomy columns: always selected, cannot be unticked. */
  readonly locked: boolean;
  readonly canMoveUp: boolean;
  readonly canMoveDown: boolean;
}

/**
 * The dialog's column list: taxonomy columns first (ticked, locked); then, with Custom
 * Column Ordering on, the chosen columns in their chosen order followed by the others
 * in the standard order; with it off, every column in the standard order.
 */
export const exportColumnChoices = (input: {
  readonly taxonomyColumns: ReadonlyArray<string>;
  readonly standardOrder: ReadonlyArray<string>;
  readonly selected: ReadonlyArray<string>;
  readonly labels: Readonly<Record<string, string>>;
  readonly customOrdering: boolean;
}): ExportColumnChoice[] => {
  const { taxonomyColumns, standardOrder, selected, labels, customOrdering } = input;
  const chosen = new Set(selected);
  const label = (c: string) => labels[c] ?? c;
  const locked = taxonomyColumns.map((c) => ({ name: c, label: label(c), selected: true, locked: true, canMoveUp: false, canMoveDown: false }));
  const metrics = standardOrder.filter((c) => !taxonomyColumns.includes(c));
  const ordered = customOrdering
    ? [...selected.filter((c) => metrics.includes(c)), ...metrics.filter((c) => !chosen.has(c))]
    : metrics;
  return [
    ...locked,
    ...ordered.map((c) => ({
      name: c,
      label: label(c),
      selected: chosen.has(c),
      locked: false,
      canMoveUp: customOrdering && canMoveExportColumn(taxonomyColumns, selected, c, "up"),
      canMoveDown: customOrdering && canMoveExportColumn(taxonomyColumns, selected, c, "down"),
    })),
  ];
};
