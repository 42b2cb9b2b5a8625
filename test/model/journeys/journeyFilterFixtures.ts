import type { TaxonomyPath } from "../../../src/domain/performance/performance";

const row = (a: string, b = "None", c = "None", d = "None"): TaxonomyPath => ({ taxonomy_1: a, taxonomy_2: b, taxonomy_3: c, taxonomy_4: d });

/** A program's taxonomy paths: four levels under Paid Search, 'None' below Direct and an Email newsletter. */
export const filterTaxonomies: ReadonlyArray<TaxonomyPath> = [
  row("Paid Search", "Google Ads", "Brand", "Exact"),
  row("Paid Search", "Bing Ads", "Brand"),
  row("Email", "Newsletter"),
  row("Email", "Promo", "Spring"),
  row("Direct"),
];
