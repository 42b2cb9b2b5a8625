import { describe, expect, it } from "vitest";
import {
  afterDelete,
  availableColumns,
  canSave,
  columnsOfSet,
  customSetId,
  defaultColumnSet,
  defaultSetId,
  dialogRows,
  interleavedOrder,
  matchingSet,
  saveRefusalMessages,
  searchExcludedColumns,
  splitColumns,
  toggleColumn,
  withDefaultSet,
  type ColumnSet,
  type SaveRefusal,
} from "../../../src/domain/performance/columnSelection";
import { metricNames } from "../../../src/domain/report/numberFormat";

const sets: ColumnSet[] = [
  { id: 4, name: "Revenue", columns: ["attributed_revenue", "last_click_revenue"] },
  { id: 7, name: "Costs", columns: ["total_cost", "fixed_cost", "variable_cost"] },
  { id: 9, name: "Revenue twin", columns: ["last_click_revenue", "attributed_revenue"] },
];

describe("the built-in set", () => {
  it("is set 0 with the default columns", () => {
    expect(defaultSetId).toBe(0);
    expect(customSetId).toBe(-1);
    expect(defaultColumnSet.id).toBe(0);
    expect(defaultColumnSet.columns).toEqual([
      "total_cost",
      "clicks",
      "last_click_sales",
      "last_click_revenue",
      "attributed_sales",
      "attributed_revenue",
      "cpa",
      "roas",
      "attributed_revenue_variance_percent",
    ]);
  });

  it.each([
    [sets, [0, 4, 7, 9]],
    [[], [0]],
    [[{ id: 0, name: "Server default", columns: ["clicks"] }, ...sets], [0, 4, 7, 9]],
  ])("withDefaultSet(%j) has ids %j", (input, ids) => {
    expect(withDefaultSet(input).map((s) => s.id)).toEqual(ids);
    expect(withDefaultSet(input)[0]).toBe(defaultColumnSet);
  });
});

describe("matchingSet", () => {
  it.each([
    ["the default columns", [...defaultColumnSet.columns], 0],
    ["the default columns reversed", [...defaultColumnSet.columns].reverse(), 0],
    ["a saved set", ["attributed_revenue", "last_click_revenue"], 4],
    ["a saved set in another order (first match wins)", ["last_click_revenue", "attributed_revenue"], 4],
    ["another saved set, shuffled", ["variable_cost", "total_cost", "fixed_cost"], 7],
    ["repeats ignored", ["total_cost", "total_cost", "fixed_cost", "variable_cost"], 7],
    ["a subset", ["total_cost", "fixed_cost"], -1],
    ["a superset", ["total_cost", "fixed_cost", "variable_cost", "clicks"], -1],
    ["nothing", [], -1],
    ["default minus one", defaultColumnSet.columns.slice(1), -1],
  ])("%s -> %i", (_name, columns, expected) => {
    expect(matchingSet(columns, sets)).toBe(expected);
  });

  it("matches the default even with no saved sets", () => {
    expect(matchingSet(["cpa", ...defaultColumnSet.columns.filter((c) => c !== "cpa")], [])).toBe(0);
  });
});

describe("columnsOfSet", () => {
  it.each([
    [0, defaultColumnSet.columns],
    [7, ["total_cost", "fixed_cost", "variable_cost"]],
    [123, defaultColumnSet.columns],
    [-1, defaultColumnSet.columns],
  ])("set %i", (id, expected) => {
    expect(columnsOfSet(id, sets)).toEqual(expected);
  });
});

describe("canSave", () => {
  it.each([
    ["custom, new name, columns", -1, "Traffic", ["clicks"], []],
    ["name with surrounding spaces", -1, "  Traffic  ", ["clicks"], []],
    ["a saved set is selected", 4, "Traffic", ["clicks"], ["notCustom"]],
    ["the default set is selected", 0, "Traffic", ["clicks"], ["notCustom"]],
    ["empty name", -1, "", ["clicks"], ["nameMissing"]],
    ["blank name", -1, "   ", ["clicks"], ["nameMissing"]],
    ["name used", -1, "Revenue", ["clicks"], ["nameUsed"]],
    ["name used, other case", -1, "rEVENUE", ["clicks"], ["nameUsed"]],
    ["name used, spaces", -1, "  costs ", ["clicks"], ["nameUsed"]],
    ["the built-in name", -1, "default", ["clicks"], ["nameUsed"]],
    ["a prefix of a used name is free", -1, "Rev", ["clicks"], []],
    ["no columns", -1, "Traffic", [], ["noColumns"]],
    ["everything wrong", 7, "", [], ["notCustom", "nameMissing", "noColumns"]],
    ["not custom and name used", 4, "Costs", ["clicks"], ["notCustom", "nameUsed"]],
  ] satisfies Array<[string, number, string, string[], SaveRefusal[]]>)("%s", (_name, selectedId, name, columns, reasons) => {
    const r = canSave(selectedId, name, columns, sets);
    expect(r).toEqual(reasons.length === 0 ? { ok: true } : { ok: false, reasons });
  });

  it.each(["notCustom", "nameMissing", "nameUsed", "noColumns"] as const)("refusal %s has a message", (reason) => {
    expect(saveRefusalMessages[reason]).toMatch(/\w.*\.$/);
  });
});

describe("afterDelete", () => {
  it.each([
    ["an unselected, unfavoured set", { selectedId: 4, favouriteId: 7 }, 9, { selectedId: 4, favouriteId: 7 }, [4, 7]],
    ["the selected set", { selectedId: 4, favouriteId: 7 }, 4, { selectedId: 0, favouriteId: 7 }, [7, 9]],
    ["the favourite", { selectedId: 4, favouriteId: 7 }, 7, { selectedId: 4, favouriteId: 0 }, [4, 9]],
    ["selected and favourite", { selectedId: 9, favouriteId: 9 }, 9, { selectedId: 0, favouriteId: 0 }, [4, 7]],
    ["custom selection stays custom", { selectedId: -1, favouriteId: 4 }, 4, { selectedId: -1, favouriteId: 0 }, [7, 9]],
    ["an unknown id", { selectedId: 4, favouriteId: 7 }, 99, { selectedId: 4, favouriteId: 7 }, [4, 7, 9]],
    ["the built-in set cannot be deleted", { selectedId: 0, favouriteId: 0 }, 0, { selectedId: 0, favouriteId: 0 }, [4, 7, 9]],
    ["nor the custom id", { selectedId: -1, favouriteId: 4 }, -1, { selectedId: -1, favouriteId: 4 }, [4, 7, 9]],
  ])("%s", (_name, choice, deleted, expected, remaining) => {
    const r = afterDelete({ sets, ...choice }, deleted);
    expect({ selectedId: r.selectedId, favouriteId: r.favouriteId }).toEqual(expected);
    expect(r.sets.map((s) => s.id)).toEqual(remaining);
  });
});

describe("toggleColumn", () => {
  it.each([
    [["clicks", "cpa"], "roas", ["clicks", "cpa", "roas"]],
    [["clicks", "cpa"], "clicks", ["cpa"]],
    [["clicks"], "clicks", []],
    [[], "clicks", ["clicks"]],
  ])("%j toggle %s -> %j", (columns, column, expected) => {
    expect(toggleColumn(columns, column)).toEqual(expected);
  });
});

describe("availableColumns", () => {
  it("offers 25 metrics on level tables and 23 on the search table", () => {
    expect(availableColumns(metricNames, "level")).toHaveLength(25);
    expect(availableColumns(metricNames, "search")).toHaveLength(23);
    expect(availableColumns(metricNames, "search")).not.toContain("sales_including");
    expect(availableColumns(metricNames, "search")).not.toContain("proportional_credit");
    expect(searchExcludedColumns).toEqual(["sales_including", "proportional_credit"]);
  });

  it.each([
    [["clicks", "cpa", "sales_including"], "level", [], ["clicks", "cpa", "sales_including"]],
    [["clicks", "cpa", "sales_including"], "search", [], ["clicks", "cpa"]],
    [["clicks", "cpa", "roas"], "level", ["cpa"], ["clicks", "roas"]],
    [["clicks", "cpa", "proportional_credit"], "search", ["clicks"], ["cpa"]],
  ] as const)("%j on %s minus %j -> %j", (all, table, excluded, expected) => {
    expect(availableColumns(all, table, excluded)).toEqual(expected);
  });
});

describe("Columns dialog layout (two halves, interleaved)", () => {
  it.each([
    [[], [], [], []],
    [["a"], ["a"], [], ["a"]],
    [["a", "b"], ["a"], ["b"], ["a", "b"]],
    [["a", "b", "c"], ["a", "b"], ["c"], ["a", "c", "b"]],
    [["a", "b", "c", "d"], ["a", "b"], ["c", "d"], ["a", "c", "b", "d"]],
    [["a", "b", "c", "d", "e"], ["a", "b", "c"], ["d", "e"], ["a", "d", "b", "e", "c"]],
    [["a", "b", "c", "d", "e", "f"], ["a", "b", "c"], ["d", "e", "f"], ["a", "d", "b", "e", "c", "f"]],
  ])("%j: left %j, right %j, drawn %j", (items, left, right, drawn) => {
    expect(splitColumns(items)).toEqual({ left, right });
    expect(interleavedOrder(items)).toEqual(drawn);
  });

  it.each([
    [["a", "b", "c", "d", "e"], [["a", "d"], ["b", "e"], ["c", undefined]]],
    [["a", "b"], [["a", "b"]]],
    [[], []],
  ])("rows of %j", (items, rows) => {
    expect(dialogRows(items)).toEqual(rows);
  });

  it("lays out the 25 metrics in 13 rows, every metric once", () => {
    const rows = dialogRows(metricNames);
    expect(rows).toHaveLength(13);
    expect(rows[0]).toEqual(["variable_cost", "attributed_sales"]);
    expect(rows[11]).toEqual(["last_click_conversion_rate", "proportional_credit"]);
    expect(rows[12]).toEqual(["last_click_aov", undefined]);
    expect(new Set(interleavedOrder(metricNames)).size).toBe(25);
  });
});
