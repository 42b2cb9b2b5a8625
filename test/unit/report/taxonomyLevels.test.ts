import { describe, expect, it } from "vitest";
import { exportTaxonomyColumns, seriesTaxonomyOf, taxonomyColumnsOf, taxonomyLabelsOf } from "../../../src/domain/report/taxonomyLevels";

describe("exportTaxonomyColumns", () => {
  it.each([
    { path: [], columns: ["taxonomy_1"] },
    { path: ["Paid"], columns: ["taxonomy_1", "taxonomy_2"] },
    { path: ["Paid", "Search", "Brand"], columns: ["taxonomy_1", "taxonomy_2", "taxonomy_3", "taxonomy_4"] },
    { path: ["Paid", "Search", "Brand", "Exact"], columns: ["taxonomy_1", "taxonomy_2", "taxonomy_3", "taxonomy_4"] },
  ])("the level below $path and the ones above it", ({ path, columns }) => {
    expect(exportTaxonomyColumns(path)).toEqual(columns);
  });
});

describe("taxonomyLabelsOf", () => {
  it.each([
    { columns: [], labels: {} },
    { columns: ["taxonomy_1", "taxonomy_2"], labels: { taxonomy_1: "Taxonomy 1", taxonomy_2: "Taxonomy 2" } },
    { columns: ["taxonomy_4", "conversion_date"], labels: { taxonomy_4: "Taxonomy 4", conversion_date: "conversion_date" } },
  ])("labels $columns", ({ columns, labels }) => {
    expect(taxonomyLabelsOf(columns)).toEqual(labels);
  });
});

describe("taxonomyColumnsOf and seriesTaxonomyOf", () => {
  it.each([
    { values: [], columns: {} },
    { values: ["Paid", "Search"], columns: { taxonomy_1: "Paid", taxonomy_2: "Search" } },
    { values: ["a", "b", "c", "d", "e"], columns: { taxonomy_1: "a", taxonomy_2: "b", taxonomy_3: "c", taxonomy_4: "e" } },
  ])("a row's values $values", ({ values, columns }) => {
    expect(taxonomyColumnsOf(values)).toEqual(columns);
  });

  it.each([
    { path: [], name: "Paid", columns: { taxonomy_1: "Paid" } },
    { path: ["Paid", "Search"], name: "Brand", columns: { taxonomy_1: "Paid", taxonomy_2: "Search", taxonomy_3: "Brand" } },
    { path: ["Paid", "Search", "Brand", "Exact"], name: "x", columns: { taxonomy_1: "Paid", taxonomy_2: "Search", taxonomy_3: "Brand", taxonomy_4: "x" } },
  ])("the route $path's series $name", ({ path, name, columns }) => {
    expect(seriesTaxonomyOf(path, name)).toEqual(columns);
  });
});
