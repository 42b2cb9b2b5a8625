/**
 * The four levels of the taxonomy, top level first, by the names rows, paths, columns and
 * files give them. Level n (1..4) is `taxonomyLevels[n - 1]`.
 */
export const taxonomyLevels = ["taxonomy_1", "taxonomy_2", "taxonomy_3", "taxonomy_4"] as const;

export type TaxonomyLevel = (typeof taxonomyLevels)[number];
