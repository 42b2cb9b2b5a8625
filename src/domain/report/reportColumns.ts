/** The column choosers of the analysis reports' tables. */

/**
 * The column choice after a column's checkbox is clicked: ticked columns are shown in the
 * standard order (`offered`); the last shown column cannot be unticked; a column not
 * offered changes nothing.
 */
export const toggledColumns = (columns: ReadonlyArray<string>, column: string, offered: ReadonlyArray<string>): ReadonlyArray<string> => {
  if (!offered.includes(column)) return columns;
  if (columns.includes(column)) return columns.length === 1 ? columns : columns.filter((c) => c !== column);
  return offered.filter((c) => c === column || columns.includes(c));
};
