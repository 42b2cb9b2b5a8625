import type { PackedTable } from "./packedTable";

/** What the page asks the xlsx writer worker. */
export interface XlsxWriterRequest {
  readonly table: PackedTable;
  readonly sheetName: string;
}

/** What the xlsx writer worker answers. */
export type XlsxWriterAnswer = { readonly ok: true; readonly blob: Blob } | { readonly ok: false; readonly message: string };
