import type { PerformanceRow } from "../performance/performance";
import { ratio } from "../report/metrics";
import { taxonomyColumnsOf, taxonomyLevels, type TaxonomyLevel } from "../report/taxonomyLevels";
import { noneValue } from "../report/reportCrumbs";
import { numberOfChoice, oneOfChoice, pageChoice, type ReportQueryShape } from "../report/reportQuery";
import { sortReportRows, type SortDirection } from "../table/tableSort";

/**
 * The attribution comparison: for each taxonomy value of a level, its attributed
 * (multi-touch) revenue beside its last-click revenue (mode `lcr`) or its spend (mode
 * `spend`), and how far credit moves between the two models: the credit shift,
 * attributed minus last-click revenue, and that shift as a percent of the last-click
 * revenue (0 when there is none).
 */

export const attributionComparisonTexts = {
  title: "Attribution Comparison",
  exportKind: "Attribution Comparison",
  chartName: "Attribution comparison chart",
  tableName: "Attribution comparison",
  comparison: "Compare with",
  sortBy: "Sort by",
  direction: { asc: "Ascending", desc: "Descending" },
  directionLabel: "Sort direction",
  modes: { lcr: "Last Touch Revenue", spend: "Spend" },
  exportData: "Export Data",
  pagination: "Attribution comparison pages",
  perPage: "Cards per page",
} as const;

/** The comparison: attributed revenue against last-click revenue, or against total cost. */
export const comparisonModes = ["lcr", "spend"] as const;
export type ComparisonMode = (typeof comparisonModes)[number];

/** The second metric each mode compares attributed revenue with. */
export const secondMetricOf = (mode: ComparisonMode): "last_click_revenue" | "total_cost" => (mode === "lcr" ? "last_click_revenue" : "total_cost");

/** One value of the level as the report shows it: its taxonomy columns down to its own level, and its figures. */
export type AttributionRow = Readonly<Partial<Record<TaxonomyLevel, string>>> & {
  /** The value's taxonomy path, up to and including its own level. */
  readonly taxonomy: ReadonlyArray<string>;
  readonly name: string;
  readonly attributed_revenue: number;
  readonly last_click_revenue: number;
  readonly total_cost: number;
  /** Attributed minus last-click revenue. */
  readonly credit_shift: number;
  /** The credit shift as a percent of the last-click revenue (0 when there is none). */
  readonly credit_shift_percent: number;
};

/** The credit shift of a value: attributed minus last-click revenue, and the percent of last-click (0 when there is none). */
export const creditShift = (attributed: number, lastClick: number): { readonly credit_shift: number; readonly credit_shift_percent: number } => {
  const shift = attributed - lastClick;
  return { credit_shift: shift, credit_shift_percent: ratio(shift, lastClick) * 100 };
};

/** The rows of a table answer for the level below `path` (taxonomy_1 under none … taxonomy_4 under three values). */
export const attributionRows = (rows: ReadonlyArray<PerformanceRow>, path: ReadonlyArray<string>): AttributionRow[] => {
  const depth = Math.min(path.length, 3);
  const column = taxonomyLevels[depth] ?? "taxonomy_4";
  return rows.map((row) => {
    const name = row[column] ?? noneValue;
    const taxonomy = [...path.slice(0, depth), name];
    return {
      ...taxonomyColumnsOf(taxonomy),
      taxonomy,
      name,
      attributed_revenue: row.attributed_revenue,
      last_click_revenue: row.last_click_revenue,
      total_cost: row.total_cost,
      ...creditShift(row.attributed_revenue, row.last_click_revenue),
    };
  });
};

/** What the cards and the table may be sorted by: the name, or a figure the mode shows. */
export type AttributionSort = "name" | "attributed_revenue" | "last_click_revenue" | "total_cost" | "credit_shift" | "credit_shift_percent";
export const attributionSorts: ReadonlyArray<AttributionSort> = ["name", "attributed_revenue", "last_click_revenue", "total_cost", "credit_shift", "credit_shift_percent"];

/** The report's headers ('Last TouchRevenue' as the product writes it). */
export const attributionHeaders: Readonly<Record<AttributionSort, string>> = {
  name: "Name",
  attributed_revenue: "Attributed Revenue",
  last_click_revenue: "Last TouchRevenue",
  total_cost: "Spend",
  credit_shift: "Credit Shift",
  credit_shift_percent: "Credit Shift %",
};

/** The sorts a mode offers: the name, attributed revenue, the mode's second metric and the credit shift. */
export const sortsOffered = (mode: ComparisonMode): ReadonlyArray<AttributionSort> => ["name", "attributed_revenue", secondMetricOf(mode), "credit_shift", "credit_shift_percent"];

/** The columns a mode shows, in order. */
export const columnsShown = sortsOffered;

/** A sort the mode does not offer falls back to the name column. */
export const sortInMode = (sort: AttributionSort, mode: ComparisonMode): AttributionSort => (sortsOffered(mode).includes(sort) ? sort : "name");

/** The rows in the chosen sort ('name' by the value's name), 'None' last in either direction. */
export const sortedAttributionRows = (rows: ReadonlyArray<AttributionRow>, sort: AttributionSort, direction: SortDirection): AttributionRow[] =>
  sortReportRows(rows, { column: sort === "name" ? levelColumnOf(rows) : sort, direction });

/** The taxonomy column naming the rows (all rows of a level share it). */
const levelColumnOf = (rows: ReadonlyArray<AttributionRow>): string => taxonomyLevels[Math.max((rows[0]?.taxonomy.length ?? 1) - 1, 0)] ?? "taxonomy_1";

export const cardsPerPage = [8, 16, 32] as const;

/** Every choice of the report, as its URL carries it. */
export interface AttributionChoices {
  readonly mode: ComparisonMode;
  readonly sort: AttributionSort;
  readonly direction: SortDirection;
  readonly page: number;
  readonly perPage: number;
}

export const attributionQuery: ReportQueryShape<AttributionChoices> = {
  mode: oneOfChoice("comparisonMetric", comparisonModes, "lcr"),
  sort: oneOfChoice("sort", attributionSorts, "attributed_revenue"),
  direction: oneOfChoice("order", ["asc", "desc"] as const, "desc"),
  page: pageChoice(),
  perPage: numberOfChoice("per_page", cardsPerPage),
};

/** The choices as opened: a sort the linked mode does not offer is the name column. */
export const openingChoices = (c: AttributionChoices): AttributionChoices => ({ ...c, sort: sortInMode(c.sort, c.mode) });

/** The export's figure columns in the standard order (the taxonomy columns come first). */
export const exportFigures = ["attributed_revenue", "last_click_revenue", "total_cost", "credit_shift", "credit_shift_percent"] as const;

/** A row as exported: its taxonomy columns and its figures. */
export const exportRowOf = (row: AttributionRow): Record<string, string | number> => ({
  ...taxonomyColumnsOf(row.taxonomy),
  ...Object.fromEntries(exportFigures.map((f) => [f, row[f]])),
});
