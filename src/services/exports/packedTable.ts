import { toCell, type Cell } from "../../domain/exports/exportCells";

/**
 * A table on its way to the xlsx writer worker, packed by column: a column holding only
 * numbers (and empty cells) is a Float64Array (NaN = empty) that is transferred, not
 * copied, to the worker; any other column is a list of cells. Every cell has been through
 * exportCells.toCell: numbers stay numbers, texts are formula-safe, the rest is empty.
 */
export type PackedColumn =
  | { readonly kind: "numbers"; readonly values: Float64Array }
  | { readonly kind: "cells"; readonly values: ReadonlyArray<Cell> };

export interface PackedTable {
  readonly header: ReadonlyArray<Cell>;
  readonly columns: ReadonlyArray<PackedColumn>;
  readonly rowCount: number;
}

/** Packs rows into columns as it goes: a column turns into a list of cells at its first text. */
class TablePacker {
  private readonly numbers: Float64Array[];
  private readonly cells: Array<Cell[] | null>;

  constructor(
    private readonly rows: ReadonlyArray<ReadonlyArray<unknown>>,
    readonly width: number,
  ) {
    this.numbers = Array.from({ length: width }, () => new Float64Array(rows.length));
    this.cells = new Array<Cell[] | null>(width).fill(null);
  }

  /** Packs rows [start, end). */
  pack(start: number, end: number): void {
    const { rows, width, numbers, cells } = this;
    for (let r = start; r < end; r++) {
      const row = rows[r];
      for (let c = 0; c < width; c++) {
        const cell = toCell(row?.[c]);
        const list = cells[c];
        if (list) {
          list[r] = cell;
          continue;
        }
        const column = numbers[c] as Float64Array;
        if (typeof cell === "number") column[r] = cell;
        else if (cell === null) column[r] = Number.NaN;
        else {
          const converted = new Array<Cell>(rows.length).fill(null);
          for (let i = 0; i < r; i++) {
            const v = column[i] as number;
            converted[i] = Number.isNaN(v) ? null : v;
          }
          converted[r] = cell;
          cells[c] = converted;
        }
      }
    }
  }

  table(header: ReadonlyArray<unknown>): PackedTable {
    const columns = this.cells.map((list, c): PackedColumn => (list ? { kind: "cells", values: list } : { kind: "numbers", values: this.numbers[c] as Float64Array }));
    return { header: Array.from({ length: this.width }, (_, c) => toCell(header[c])), columns, rowCount: this.rows.length };
  }
}

const widthOf = (header: ReadonlyArray<unknown>, rows: ReadonlyArray<ReadonlyArray<unknown>>): number =>
  rows.reduce((w, r) => Math.max(w, r.length), header.length);

/** Packs a header row and a row matrix (row-major) by column. */
export const packTable = (header: ReadonlyArray<unknown>, rows: ReadonlyArray<ReadonlyArray<unknown>>): PackedTable => {
  const packer = new TablePacker(rows, widthOf(header, rows));
  packer.pack(0, rows.length);
  return packer.table(header);
};

/** Rows packed between two yields to the page (about 20 ms of work each). */
export const packSliceRows = 4_000;

/**
 * `packTable` in slices, yielding to the page between them so that a large export never
 * blocks the main thread for long; stops (rejects) once `signal` is aborted.
 */
export const packTableInSlices = async (
  header: ReadonlyArray<unknown>,
  rows: ReadonlyArray<ReadonlyArray<unknown>>,
  signal?: AbortSignal,
  sliceRows = packSliceRows,
): Promise<PackedTable> => {
  const packer = new TablePacker(rows, widthOf(header, rows));
  for (let start = 0; start < rows.length; start += sliceRows) {
    if (signal?.aborted) throw new Error("the export was stopped");
    packer.pack(start, Math.min(rows.length, start + sliceRows));
    if (start + sliceRows < rows.length) await new Promise<void>((r) => setTimeout(r, 0));
  }
  return packer.table(header);
};

/** The buffers a packed table can hand over to a worker without copying. */
export const transferablesOf = (table: PackedTable): ArrayBuffer[] =>
  table.columns.flatMap((c) => (c.kind === "numbers" ? [c.values.buffer as ArrayBuffer] : []));

/** The cell at (row, column) of a packed table. */
export const packedCell = (column: PackedColumn, row: number): Cell => {
  if (column.kind === "cells") return column.values[row] ?? null;
  const v = column.values[row] ?? Number.NaN;
  return Number.isNaN(v) ? null : v;
};
