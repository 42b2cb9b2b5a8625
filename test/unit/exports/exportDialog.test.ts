import { describe, expect, it } from "vitest";
import { canMoveExportColumn, exportColumnChoices, exportDialogTexts, moveExportColumn } from "../../../src/domain/exports/exportDialog";

const tax = ["taxonomy_1", "taxonomy_2"];

describe("moving export columns (Custom Column Ordering)", () => {
  it.each<[string[], string, "up" | "down", string[]]>([
    [["taxonomy_1", "taxonomy_2", "clicks", "cpa", "roas"], "cpa", "up", ["taxonomy_1", "taxonomy_2", "cpa", "clicks", "roas"]],
    [["taxonomy_1", "taxonomy_2", "clicks", "cpa", "roas"], "cpa", "down", ["taxonomy_1", "taxonomy_2", "clicks", "roas", "cpa"]],
    [["taxonomy_1", "taxonomy_2", "clicks", "cpa"], "clicks", "up", ["taxonomy_1", "taxonomy_2", "clicks", "cpa"]],
    [["taxonomy_1", "taxonomy_2", "clicks", "cpa"], "cpa", "down", ["taxonomy_1", "taxonomy_2", "clicks", "cpa"]],
    [["taxonomy_1", "taxonomy_2", "clicks", "cpa"], "taxonomy_2", "down", ["taxonomy_1", "taxonomy_2", "clicks", "cpa"]],
    [["taxonomy_1", "taxonomy_2", "clicks", "cpa"], "roas", "up", ["taxonomy_1", "taxonomy_2", "clicks", "cpa"]],
  ])("%j: %s %s -> %j", (selected, column, direction, expected) => {
    expect(moveExportColumn(tax, selected, column, direction)).toEqual(expected);
  });

  it.each<[string, "up" | "down", boolean]>([
    ["clicks", "up", false],
    ["clicks", "down", true],
    ["roas", "up", true],
    ["roas", "down", false],
    ["taxonomy_1", "down", false],
    ["cpa", "up", false],
  ])("can move %s %s: %s", (column, direction, can) => {
    expect(canMoveExportColumn(tax, ["taxonomy_1", "taxonomy_2", "clicks", "roas"], column, direction)).toBe(can);
  });
});

describe("exportColumnChoices", () => {
  const base = {
    taxonomyColumns: tax,
    standardOrder: ["clicks", "cpa", "roas", "roi"],
    selected: ["taxonomy_1", "taxonomy_2", "roas", "clicks"],
    labels: { clicks: "Page Lands", taxonomy_1: "Taxonomy 1" },
  };

  it("off: taxonomy columns first, locked and ticked; then the standard order", () => {
    const choices = exportColumnChoices({ ...base, customOrdering: false });
    expect(choices.map((c) => [c.name, c.label, c.selected, c.locked, c.canMoveUp, c.canMoveDown])).toEqual([
      ["taxonomy_1", "Taxonomy 1", true, true, false, false],
      ["taxonomy_2", "taxonomy_2", true, true, false, false],
      ["clicks", "Page Lands", true, false, false, false],
      ["cpa", "cpa", false, false, false, false],
      ["roas", "roas", true, false, false, false],
      ["roi", "roi", false, false, false, false],
    ]);
  });

  it("on: the chosen columns in the chosen order with moves, then the others", () => {
    const choices = exportColumnChoices({ ...base, customOrdering: true });
    expect(choices.map((c) => [c.name, c.selected, c.canMoveUp, c.canMoveDown])).toEqual([
      ["taxonomy_1", true, false, false],
      ["taxonomy_2", true, false, false],
      ["roas", true, false, true],
      ["clicks", true, true, false],
      ["cpa", false, false, false],
      ["roi", false, false, false],
    ]);
  });
});

describe("the dialog's words", () => {
  it("are the spec's", () => {
    expect(exportDialogTexts).toMatchObject({
      title: "Export Data",
      reportName: "Report Name",
      resetToVisible: "Reset to visible",
      selectAll: "Select All",
      removeAll: "Remove All",
      customOrdering: "Custom Column Ordering",
      cancel: "Cancel",
      downloadExcel: "Download Excel",
      downloadCsv: "Download CSV",
    });
  });
});
