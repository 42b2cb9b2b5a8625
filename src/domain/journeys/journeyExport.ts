import type { ExportRow } from "../exports/exportCells";
import type { JourneyLevel } from "./journeys";
import { journeysTexts } from "./journeysTexts";
import { crunchedAt, formatConversionDate, uniqueAt, type JourneyTableRow } from "./journeyTable";

/** The Journey Paths export's columns: the order first (always exported), then the table's. */
export const journeyExportColumns = ["conversion_date", "journey", "journey_length", "unique_touches"] as const;

/** One order as the export writes it: the conversion in the program's offset, the journey as its tags' words at the level ('Name (count)' for a merged run), joined by ' > '. */
export const journeyExportRow = (row: JourneyTableRow, level: JourneyLevel, timeZone: string): ExportRow => ({
  order_id: row.order_id,
  conversion_date: formatConversionDate(row.conversion_date, timeZone),
  journey: crunchedAt(row, level)
    .map((tag) => (tag.count > 1 ? `${tag.name} (${tag.count})` : tag.name))
    .join(" > "),
  journey_length: row.journey_length,
  unique_touches: uniqueAt(row, level),
});

/** What the Export Data dialog is opened with for the journeys (every filtered order, in the table's sort). */
export const journeyExportTable = (rows: ReadonlyArray<JourneyTableRow>, level: JourneyLevel, timeZone: string) => ({
  columns: ["order_id", ...journeyExportColumns],
  visibleColumns: [...journeyExportColumns],
  taxonomyColumns: ["order_id"],
  labels: journeysTexts.columns,
  rows: rows.map((row) => journeyExportRow(row, level, timeZone)),
});
