import { affiliateMetricNames, type AffiliateRow } from "../analysis/analysis";
import { drillHref } from "../report/reportCrumbs";
import { taxonomyLevels, type TaxonomyLevel } from "../report/taxonomyLevels";
import type { SortSpec } from "../table/tableSort";

/**
 * The affiliate performance report (admins): a row per publisher id and taxonomy path
 * with the 25 metrics of a table, searched, sorted and paged in the browser.
 */

/** Rows a page shows. */
export const affiliatePerPage = 15;

/** The metric columns the chooser offers, in the standard order (all shown at first). */
export const affiliateColumnNames: ReadonlyArray<string> = affiliateMetricNames;
export const affiliateDefaultColumns: ReadonlyArray<string> = affiliateColumnNames;

/** The first sort: attributed revenue, biggest first. */
export const affiliateDefaultSort: SortSpec = { column: "attributed_revenue", direction: "desc" };

/** The columns a sort may name: the publisher id, the four taxonomy levels, the metrics. */
export const affiliateSortColumns: ReadonlyArray<string> = ["publisher_id", ...taxonomyLevels, ...affiliateColumnNames];

/** A link's column choice read: the known columns in the standard order, or every column when none is known. */
export const affiliateColumnsOf = (columns: ReadonlyArray<string>): ReadonlyArray<string> => {
  const known = affiliateColumnNames.filter((name) => columns.includes(name));
  return known.length === 0 ? affiliateDefaultColumns : known;
};

/** The longest search kept (characters). */
export const affiliateSearchLimit = 200;

/** A text as the search compares it: NFKC, every white space removed, case folded. */
export const searchKey = (text: string): string => text.normalize("NFKC").replace(/\s+/gu, "").toUpperCase().toLowerCase();

/** What the search looks in: the publisher id and the four taxonomy values, run together. */
export const affiliateSearchText = (row: Pick<AffiliateRow, "publisher_id" | TaxonomyLevel>): string =>
  searchKey([row.publisher_id, ...taxonomyLevels.map((level) => row[level])].join(""));

/** Whether a row matches the search: every row for a search of only white space. */
export const matchesAffiliateSearch = (row: Pick<AffiliateRow, "publisher_id" | TaxonomyLevel>, search: string): boolean => {
  const key = searchKey(search);
  return key === "" || affiliateSearchText(row).includes(key);
};

/** The rows matching the search, in their order. */
export const matchingAffiliates = <R extends Pick<AffiliateRow, "publisher_id" | TaxonomyLevel>>(rows: ReadonlyArray<R>, search: string): ReadonlyArray<R> =>
  searchKey(search) === "" ? rows : rows.filter((row) => matchesAffiliateSearch(row, search));

/**
 * Where a row's taxonomy cell at `level` links: the performance report's drill-down of
 * its path down to that level under `base` (values percent-encoded); null for a value
 * 'None', under a 'None', or a row without the value (the footer).
 */
export const affiliateTaxonomyHref = (base: string, row: Readonly<Record<string, unknown>>, level: TaxonomyLevel): string | null => {
  const depth = taxonomyLevels.indexOf(level);
  const values = taxonomyLevels.slice(0, depth + 1).map((l) => row[l]);
  if (!values.every((value): value is string => typeof value === "string" && value !== "")) return null;
  return drillHref(base, values.slice(0, depth), values[depth] as string, taxonomyLevels.length);
};
