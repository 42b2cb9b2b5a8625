import { Effect } from "effect";
import { toCell, toCsv } from "../../domain/exports/exportCells";
import type { WorkbookContent } from "./writeWorkbook";

export const csvMimeType = "text/csv;charset=utf-8";

/**
 * The CSV file of an export: RFC 4180, formula-safe texts (exportCells.toCsv), with a
 * UTF-8 byte-order mark so that Excel reads accents and currency signs.
 */
export const csvBlob = (content: Pick<WorkbookContent, "header" | "rows">): Blob =>
  new Blob([toCsv([content.header.map(toCell), ...content.rows.map((r) => r.map(toCell))], { bom: true })], { type: csvMimeType });

export const writeCsv = (content: Pick<WorkbookContent, "header" | "rows">): Effect.Effect<Blob> => Effect.sync(() => csvBlob(content));
