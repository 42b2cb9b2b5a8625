/**
 * The four levels of the taxonomy, top level first, by the names rows, paths, columns and
 * files give them. Level n (1..4) is `taxonomyLevels[n - 1]`.
 */
export const taxonomyLevels = ["taxonomy_1", "taxonomy_2", "taxonomy_3", "taxonomy_4"] as const;

export type TaxonomyLevel = (typeof taxonomyLevels)[number];

/** A level's name as exports and headers show it: 'Taxonomy 1' to 'Taxonomy 4'. */
export const taxonomyLevelLabels: Readonly<Record<TaxonomyLevel, string>> = {
  taxonomy_1: "Taxonomy 1",
  taxonomy_2: "Taxonomy 2",
  taxonomy_3: "Taxonomy 3",
  taxonomy_4: "Taxonomy 4",
};

/** The labels of the given taxonomy columns, in their order. */
export const taxonomyLabelsOf = (columns: ReadonlyArray<string>): Readonly<Record<string, string>> =>
  Object.fromEntries(columns.map((column) => [column, taxonomyLevelLabels[column as TaxonomyLevel] ?? column]));

/** The taxonomy columns of an export of the level below `path` (or of `path`'s chosen series): that level and the ones above it. */
export const exportTaxonomyColumns = (path: ReadonlyArray<string>): ReadonlyArray<TaxonomyLevel> => taxonomyLevels.slice(0, Math.min(path.length, 3) + 1);

/** A row's taxonomy columns: its values, top level first (a fifth and deeper go to `taxonomy_4`). */
export const taxonomyColumnsOf = (values: ReadonlyArray<string>): Readonly<Record<string, string>> =>
  Object.fromEntries(values.map((value, i) => [taxonomyLevels[i] ?? "taxonomy_4", value]));

/** The taxonomy columns of a route's chosen series: the route's values (at most three), then the series' name. */
export const seriesTaxonomyOf = (path: ReadonlyArray<string>, seriesName: string): Readonly<Record<string, string>> => taxonomyColumnsOf([...path.slice(0, 3), seriesName]);
