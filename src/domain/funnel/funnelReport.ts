import { funnelFieldNames, funnelHeaders, type FunnelRow } from "../analysis/analysis";
import { funnelRoles, ratio, type FunnelRole } from "../report/metrics";
import type { MetricFormat } from "../report/numberFormat";
import { taxonomyLevels } from "../report/taxonomyLevels";
import type { SortSpec } from "../table/tableSort";
import { noneName } from "../table/tableSort";

/**
 * The funnel report: per taxonomy value, the revenue, revenue percent and credit of the
 * touches in each funnel role (solo, upper, mid, lower), as a stacked horizontal bar per
 * row and a table. Pure: the view and the machine read everything from here.
 */

/** What the bars show: the roles' revenue, their revenue percent (each row's bars summing to 100), or their credit. */
export const funnelModes = ["revenue", "revenue_percent", "credit"] as const;
export type FunnelMode = (typeof funnelModes)[number];

export const isFunnelMode = (value: unknown): value is FunnelMode => typeof value === "string" && (funnelModes as ReadonlyArray<string>).includes(value);

/** The bars' field of a role in a mode: `upper_funnel_revenue_percent` for upper funnel in percent mode. */
export const funnelField = (role: FunnelRole, mode: FunnelMode): string => `${role}_${mode}`;

/** The deepest a funnel route goes (taxonomy_four). */
export const funnelDepth = 4;

/** Rows a table page shows. */
export const funnelPerPage = 8;

/** The table's columns at first: all 12 funnel fields. */
export const funnelDefaultColumns: ReadonlyArray<string> = funnelFieldNames;

/** The funnel fields a column choice may hold, in the standard order. */
export const funnelColumnNames: ReadonlyArray<string> = funnelFieldNames;

/**
 * The column labels of an answer: its `column_headers`, with every funnel field it does
 * not name (an answer without the solo credit, revenue and revenue percent headers, say)
 * given its standard label, so the Credit columns always have headers.
 */
export const withFunnelHeaders = (headers: Readonly<Record<string, string>>): Record<string, string> => {
  const added = Object.fromEntries(funnelFieldNames.filter((f) => !(f in headers)).map((f) => [f, funnelHeaders[f] ?? f]));
  return { ...headers, ...added };
};

/** The row field naming the values listed under `path`: taxonomy_1 under none … taxonomy_4 under three or four. */
export const funnelLevelColumn = (path: ReadonlyArray<string>): string => taxonomyLevels[Math.min(path.length, taxonomyLevels.length - 1)] ?? "taxonomy_4";

/** The table's sort at first: the level's taxonomy column, ascending (the sort follows the depth). */
export const funnelDefaultSort = (path: ReadonlyArray<string>): SortSpec => ({ column: funnelLevelColumn(path), direction: "asc" });

/** A row's location: its taxonomy values, top level first (1 to 4 of them). */
export const rowLocation = (row: Readonly<Record<string, unknown>>): ReadonlyArray<string> => {
  const location: string[] = [];
  for (const level of taxonomyLevels) {
    const value = row[level];
    if (typeof value !== "string") break;
    location.push(value);
  }
  return location;
};

/**
 * Where a row links: one level deeper (its location) while the location has fewer than 4
 * entries; never a location holding 'None', which names no page.
 */
export const drillLocation = (location: ReadonlyArray<string>): ReadonlyArray<string> | null =>
  location.length === 0 || location.length >= funnelDepth || location.includes(noneName) ? null : location;

/** One bar of a stacked chart: the values of each stack for one row. */
export interface StackedBars {
  /** The bars' names, top to bottom. */
  readonly names: ReadonlyArray<string>;
  /** One stack per part, in drawing order, each with a value per bar. */
  readonly stacks: ReadonlyArray<{ readonly key: string; readonly label: string; readonly values: ReadonlyArray<number> }>;
  /** The value axis's end (100 for percents), or null to fit the values. */
  readonly max: number | null;
}

/**
 * The four roles' values of a row in a mode. In percent mode they are renormalised so the
 * row's bars sum to 100 (all 0 when the row has no revenue).
 */
export const funnelBarValues = (row: FunnelRow, mode: FunnelMode): ReadonlyArray<number> => {
  const values = funnelRoles.map((role) => Number((row as Readonly<Record<string, unknown>>)[funnelField(role, mode)] ?? 0) || 0);
  if (mode !== "revenue_percent") return values;
  const sum = values.reduce((a, b) => a + b, 0);
  return values.map((v) => ratio(v, sum) * 100);
};

/** A row's name on the chart: its deepest taxonomy value. */
export const rowName = (row: Readonly<Record<string, unknown>>): string => rowLocation(row).at(-1) ?? "";

/** The chart of the rows shown: a bar per row, a stack per role, 0–100 in percent mode. */
export const funnelChart = (rows: ReadonlyArray<FunnelRow>, mode: FunnelMode, headers: Readonly<Record<string, string>>): StackedBars => {
  const values = rows.map((row) => funnelBarValues(row, mode));
  return {
    names: rows.map(rowName),
    stacks: funnelRoles.map((role, i) => ({
      key: funnelField(role, mode),
      label: headers[funnelField(role, mode)] ?? funnelField(role, mode),
      values: values.map((v) => v[i] ?? 0),
    })),
    max: mode === "revenue_percent" ? 100 : null,
  };
};

/** Keeps the chosen columns that are funnel fields, in the order given; the defaults when none is left. */
export const funnelColumnsOf = (columns: ReadonlyArray<string>): ReadonlyArray<string> => {
  const known = [...new Set(columns.filter((c) => funnelColumnNames.includes(c)))];
  return known.length === 0 ? funnelDefaultColumns : known;
};

/** How a funnel or initiator field reads: revenues as money, revenue percents as percents, credits as numbers (2 decimals each). */
export const funnelFieldFormat = (field: string): MetricFormat =>
  field.endsWith("_percent") ? { kind: "percent", decimals: 2 } : field.endsWith("_revenue") ? { kind: "money", decimals: 2 } : { kind: "number", decimals: 2 };

