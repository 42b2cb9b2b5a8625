import { describe, expect, it } from "vitest";
import { columnLetters, headerKey, rowsFromSheet, toWorkbookCell, type SheetRowsOptions, type WorkbookCell } from "../../../src/domain/exports/workbookRows";

const plain = (values: object): Record<string, unknown> => ({ ...values });

describe("columnLetters", () => {
  it.each([
    [0, "A"],
    [1, "B"],
    [25, "Z"],
    [26, "AA"],
    [27, "AB"],
    [51, "AZ"],
    [52, "BA"],
    [701, "ZZ"],
    [702, "AAA"],
    [16383, "XFD"],
  ])("%i -> %s", (index, letters) => {
    expect(columnLetters(index)).toBe(letters);
  });
});

describe("headerKey", () => {
  it.each([
    ["  Taxonomy 1 ", "taxonomy_1"],
    ["Start-Date", "start_date"],
    ["COST", "cost"],
    ["end  date", "end_date"],
    ["a.b", "a_b"],
  ])("%j -> %j", (text, key) => {
    expect(headerKey(text)).toBe(key);
  });
});

describe("toWorkbookCell", () => {
  it.each<[unknown, WorkbookCell]>([
    ["x", "x"],
    [1.5, 1.5],
    [true, true],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [{ toString: () => "x" }, null],
    [[1], null],
    [new Date(0), null],
  ])("%j -> %j", (value, cell) => {
    expect(toWorkbookCell(value)).toEqual(cell);
  });
});

describe("rowsFromSheet", () => {
  const withHeader: SheetRowsOptions = { headerRow: true, skip: 0 };

  it.each<[string, ReadonlyArray<ReadonlyArray<WorkbookCell>>, SheetRowsOptions, string[], Array<Record<string, unknown>>, number[]]>([
    ["header row, trimmed headers", [[" Name ", "Cost"], ["a", 1], ["b", 2]], withHeader, ["Name", "Cost"], [{ Name: "a", Cost: 1 }, { Name: "b", Cost: 2 }], [2, 3]],
    ["no header row: letters", [["a", 1], ["b", 2]], { headerRow: false, skip: 0 }, ["A", "B"], [{ A: "a", B: 1 }, { A: "b", B: 2 }], [1, 2]],
    ["skip rows above the header", [["Report"], [], ["Name"], ["a"]], { headerRow: true, skip: 2 }, ["Name"], [{ Name: "a" }], [4]],
    ["skip without header", [["junk"], ["a"]], { headerRow: false, skip: 1 }, ["A"], [{ A: "a" }], [2]],
    ["repeated headers get suffixes", [["x", "x", "x_2", "x"], [1, 2, 3, 4]], withHeader, ["x", "x_2", "x_2_2", "x_3"], [{ x: 1, x_2: 2, x_2_2: 3, x_3: 4 }], [2]],
    ["empty header named by its letters", [["a", "", null], [1, 2, 3]], withHeader, ["a", "B", "C"], [{ a: 1, B: 2, C: 3 }], [2]],
    ["short rows padded with empty", [["a", "b"], [1]], withHeader, ["a", "b"], [{ a: 1, b: null }], [2]],
    ["wider rows than the header", [["a"], [1, 2]], withHeader, ["a", "B"], [{ a: 1, B: 2 }], [2]],
    ["blank rows left out", [["a"], [null], [" "], [], ["x"]], withHeader, ["a"], [{ a: "x" }], [5]],
    ["numbers and booleans as headers", [[1, true], ["x", "y"]], withHeader, ["1", "true"], [{ "1": "x", true: "y" }], [2]],
    ["skip past the end", [["a"]], { headerRow: true, skip: 5 }, [], [], []],
    ["negative skip is 0", [["a"], [1]], { headerRow: true, skip: -3 }, ["a"], [{ a: 1 }], [2]],
    ["empty sheet", [], withHeader, [], [], []],
  ])("%s", (_name, matrix, options, names, rows, lines) => {
    const result = rowsFromSheet(matrix, options);
    if (!result.ok) throw new Error(result.problem.message);
    expect(result.columns.map((c) => c.name)).toEqual(names);
    expect(result.rows.map((r) => plain(r.values))).toEqual(rows);
    expect(result.rows.map((r) => r.line)).toEqual(lines);
  });

  it("records are null-prototype objects holding exactly the kept columns", () => {
    const result = rowsFromSheet([["toString", "hasOwnProperty"], ["a", "b"]], withHeader);
    if (!result.ok) throw new Error("refused");
    const values = result.rows[0]?.values as object;
    expect(Object.getPrototypeOf(values)).toBeNull();
    expect(Object.keys(values)).toEqual(["toString", "hasOwnProperty"]);
    expect(plain(values)).toEqual({ toString: "a", hasOwnProperty: "b" });
  });

  it.each([["__proto__"], ["constructor"], ["prototype"], [" __PROTO__ "], ["Constructor"], ["PROTOTYPE"]])(
    "refuses the sheet on the header %j, naming it",
    (header) => {
      const result = rowsFromSheet([["cost", header], [1, "x"]], withHeader);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.problem.kind).toBe("forbiddenHeader");
      expect(result.problem.header).toBe(header.trim());
      expect(result.problem.message).toContain(`"${header.trim()}"`);
    },
  );

  it("refuses a forbidden header even when the allow-list would leave it out", () => {
    const result = rowsFromSheet([["cost", "__proto__"], [1, "x"]], { ...withHeader, allowedHeaders: ["cost"] });
    expect(result.ok).toBe(false);
  });

  it("does not pollute any prototype", () => {
    const result = rowsFromSheet([["__proto__"], [{ polluted: true } as unknown as WorkbookCell]], { headerRow: false, skip: 0 });
    expect(result.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  describe("with an allow-list", () => {
    const options: SheetRowsOptions = {
      headerRow: true,
      skip: 0,
      allowedHeaders: ["taxonomy_1", "cost", "start_date"],
      aliases: { spend: "cost", "cost date": "start_date" },
    };

    it.each<[string, ReadonlyArray<ReadonlyArray<WorkbookCell>>, string[], Array<Record<string, unknown>>]>([
      ["matches headers by key", [["Taxonomy 1", "COST", "Start Date"], ["a", 1, "2026-01-01"]], ["taxonomy_1", "cost", "start_date"], [{ taxonomy_1: "a", cost: 1, start_date: "2026-01-01" }]],
      ["leaves other columns out", [["notes", "Taxonomy 1", "secret"], ["n", "a", "s"]], ["taxonomy_1"], [{ taxonomy_1: "a" }]],
      ["aliases", [["Spend", "Cost Date"], [5, "2026-01-02"]], ["cost", "start_date"], [{ cost: 5, start_date: "2026-01-02" }]],
      ["a repeated allowed column keeps its first occurrence", [["cost", "Spend", "cost"], [1, 2, 3]], ["cost"], [{ cost: 1 }]],
      ["a row with only left-out cells is blank", [["cost", "notes"], [null, "n"], [2, null]], ["cost"], [{ cost: 2 }]],
    ])("%s", (_name, matrix, names, rows) => {
      const result = rowsFromSheet(matrix, options);
      if (!result.ok) throw new Error(result.problem.message);
      expect(result.columns.map((c) => c.name)).toEqual(names);
      expect(result.rows.map((r) => plain(r.values))).toEqual(rows);
    });

    it("keeps the header as found beside the canonical name", () => {
      const result = rowsFromSheet([["  Spend "], [1]], options);
      if (!result.ok) throw new Error("refused");
      expect(result.columns).toEqual([{ index: 0, name: "cost", header: "Spend" }]);
    });

    it("without a header row, letters are matched against the allow-list", () => {
      const result = rowsFromSheet([["a", "b", "c"]], { headerRow: false, skip: 0, allowedHeaders: ["A", "C"] });
      if (!result.ok) throw new Error("refused");
      expect(result.rows.map((r) => plain(r.values))).toEqual([{ A: "a", C: "c" }]);
    });
  });
});
