import type { WorkbookKind } from "../../domain/exports/workbookFile";
import type { WorkbookCell } from "../../domain/exports/workbookRows";

/** What the page asks the workbook reader worker. */
export interface WorkbookReaderRequest {
  readonly bytes: ArrayBuffer;
  readonly kind: WorkbookKind;
  /** Most rows read per sheet; a sheet with more is answered `truncated`. */
  readonly maxRows: number;
  /** Most columns read per sheet (the rest are left out). */
  readonly maxColumns: number;
}

export interface ReaderSheet {
  readonly name: string;
  /** From row 1 and column A of the sheet, so positions match what a spreadsheet shows. */
  readonly rows: WorkbookCell[][];
  /** The sheet has more than `maxRows` rows. */
  readonly truncated: boolean;
}

/** What the worker answers: plain matrices of primitives only. */
export type WorkbookReaderAnswer = { readonly ok: true; readonly sheets: ReaderSheet[] } | { readonly ok: false; readonly message: string };
