import { describe, expect, it } from "vitest";
import { rowsFromSheet, type SheetColumn, type SheetRecord } from "../../../src/domain/exports/workbookRows";
import { spendMessages } from "../../../src/domain/spend/spendForm";
import {
  chooseTargetColumn,
  decodeRememberedMapping,
  dryRunCounts,
  emptyImportMapping,
  encodeRememberedMapping,
  importRow,
  importRowKeys,
  mappedCount,
  mappingErrors,
  mappingFromHeaders,
  missingTargetMessage,
  outcomeCsv,
  rememberedMappingKey,
  selectedColumns,
  setTargetValue,
  spendImportTexts,
  staticCostMessage,
  staticDateMessage,
  switchTargetMode,
  tallyOutcomes,
  type ImportMapping,
  type ImportOutcome,
  type ImportTarget,
  type SpendImportKind,
} from "../../../src/domain/spend/spendImport";

const columns = (...headers: string[]): SheetColumn[] => headers.map((header, index) => ({ index, name: header, header }));
const record = (values: Record<string, string | number | null>): SheetRecord => values;

describe("mappingErrors: the error texts under 'cost date', 'taxonomy 1', 'cost link', 'cost'", () => {
  const cols = ["Date", "Channel", "Amount", "Link"];
  const fixed = (m: ImportMapping) => mappingErrors("fixed", m, cols);
  const variable = (m: ImportMapping) => mappingErrors("variable", m, cols);
  it.each<[string, () => Partial<Record<ImportTarget, string>>, Partial<Record<ImportTarget, string>>]>([
    [
      "fixed, nothing mapped: cost date, taxonomy 1 and cost",
      () => fixed(emptyImportMapping("fixed")),
      {
        start_date: "Choose a column or enter a value for cost date.",
        taxonomy_1: "Choose a column or enter a value for taxonomy 1.",
        cost: "Choose a column or enter a value for cost.",
      },
    ],
    [
      "variable, nothing mapped: cost link as well",
      () => variable(emptyImportMapping("variable")),
      {
        date: missingTargetMessage("date"),
        taxonomy_1: missingTargetMessage("taxonomy_1"),
        cost_link: "Choose a column or enter a value for cost link.",
        cost: missingTargetMessage("cost"),
      },
    ],
    [
      "fixed, every required target Dynamic with a column",
      () => fixed(chooseTargetColumn(chooseTargetColumn(chooseTargetColumn(emptyImportMapping("fixed"), "start_date", "Date"), "taxonomy_1", "Channel"), "cost", "Amount")),
      {},
    ],
    [
      "a column the sheet does not have counts as none",
      () => fixed(chooseTargetColumn(chooseTargetColumn(chooseTargetColumn(emptyImportMapping("fixed"), "start_date", "Gone"), "taxonomy_1", "Channel"), "cost", "Amount")),
      { start_date: missingTargetMessage("start_date") },
    ],
    [
      "Static values: a cost with 3 decimals and a date that is not one",
      () => fixed(setTargetValue(setTargetValue(setTargetValue(emptyImportMapping("fixed"), "start_date", "2026-02-30"), "taxonomy_1", "Paid"), "cost", "1.005")),
      { start_date: staticDateMessage("start_date"), cost: staticCostMessage },
    ],
    [
      "Static values: an empty static cost is missing; a valid date and cost pass",
      () => fixed(setTargetValue(setTargetValue(setTargetValue(emptyImportMapping("fixed"), "start_date", "2026-02-28"), "taxonomy_1", "Paid"), "cost", " ")),
      { cost: missingTargetMessage("cost") },
    ],
    [
      "an optional Static end date must be a date",
      () =>
        fixed(
          setTargetValue(setTargetValue(setTargetValue(setTargetValue(emptyImportMapping("fixed"), "start_date", "2026-02-28"), "taxonomy_1", "P"), "cost", "10.50"), "end_date", "soon"),
        ),
      { end_date: "Enter a valid date for end date." },
    ],
  ])("%s", (_, run, expected) => {
    expect(run()).toEqual(expected);
  });
});

describe("switching Dynamic/Static clears the value", () => {
  it.each<["dynamic" | "static", ImportMapping, unknown]>([
    ["static", chooseTargetColumn(emptyImportMapping("fixed"), "cost", "Amount"), { mode: "static", value: "" }],
    ["dynamic", setTargetValue(emptyImportMapping("fixed"), "cost", "12"), { mode: "dynamic", column: null }],
  ])("to %s", (mode, mapping, expected) => {
    expect(switchTargetMode(mapping, "cost", mode).cost).toEqual(expected);
  });
});

describe("mappingFromHeaders", () => {
  it.each<[SpendImportKind, string[], Partial<Record<ImportTarget, string | null>>]>([
    ["fixed", ["Start Date", "End date", "Taxonomy 1", "taxonomy_2", "Cost"], { start_date: "Start Date", end_date: "End date", taxonomy_1: "Taxonomy 1", taxonomy_2: "taxonomy_2", cost: "Cost" }],
    ["fixed", ["Cost Date", "Taxonomy1", "Spend", "Notes"], { start_date: "Cost Date", taxonomy_1: "Taxonomy1", cost: "Spend", end_date: null }],
    ["fixed", ["date", "amount", "amount"], { start_date: "date", cost: "amount", taxonomy_1: null }],
    ["variable", ["Date", "Taxonomy 1", "Cost Link", "Cost"], { date: "Date", taxonomy_1: "Taxonomy 1", cost_link: "Cost Link", cost: "Cost" }],
    ["variable", ["day", "link", "spend"], { date: "day", cost_link: "link", cost: "spend", taxonomy_1: null }],
    ["variable", ["A", "B"], { date: null, cost: null }],
  ])("%s %j", (kind, headers, expected) => {
    const mapping = mappingFromHeaders(kind, columns(...headers));
    for (const [target, column] of Object.entries(expected)) expect(mapping[target as ImportTarget]).toEqual({ mode: "dynamic", column });
  });

  it("counts and lists the selected columns in the sheet's order", () => {
    const cols = columns("Amount", "Date", "Other");
    const mapping = chooseTargetColumn(chooseTargetColumn(chooseTargetColumn(emptyImportMapping("fixed"), "start_date", "Date"), "cost", "Amount"), "end_date", "Date");
    expect(mappedCount(mapping)).toBe(3);
    expect(selectedColumns(mapping, cols).map((s) => [s.column.header, s.targets])).toEqual([
      ["Amount", ["cost"]],
      ["Date", ["start_date", "end_date"]],
    ]);
  });
});

describe("remembered mappings", () => {
  it.each<[string, string[], string[], boolean]>([
    ["the same headers", ["Date", "Cost"], ["Date", "Cost"], true],
    ["other headers", ["Date", "Cost"], ["Date", "Spend"], false],
    ["the outcome file of the same headers (Line, Outcome, Reason left out)", ["Date", "Cost"], ["Date", "Cost", "Line", "Outcome", "Reason"], true],
  ])("the key of %s is %s", (_, a, b, same) => {
    expect(rememberedMappingKey("acme", "fixed", columns(...a)) === rememberedMappingKey("acme", "fixed", columns(...b))).toBe(same);
  });
  it("is kept apart per program and kind", () => {
    const c = columns("Date");
    expect(new Set([rememberedMappingKey("acme", "fixed", c), rememberedMappingKey("other", "fixed", c), rememberedMappingKey("acme", "variable", c)]).size).toBe(3);
  });
  it.each<[string, string | null, ImportMapping | null]>([
    ["nothing stored", null, null],
    ["not JSON", "{", null],
    ["a wrong shape", JSON.stringify({ cost: { mode: "dynamic" } }), null],
    [
      "a stored mapping: a column the sheet lacks is unmapped, other kinds' targets dropped",
      encodeRememberedMapping({ ...setTargetValue(chooseTargetColumn(emptyImportMapping("fixed"), "start_date", "Gone"), "cost", "5"), cost_link: { mode: "dynamic", column: "Date" } }),
      setTargetValue(emptyImportMapping("fixed"), "cost", "5"),
    ],
  ])("%s", (_, text, expected) => {
    expect(decodeRememberedMapping("fixed", text, ["Date"])).toEqual(expected);
  });
});

describe("importRow (fixed)", () => {
  const mapping = mappingFromHeaders("fixed", columns("start_date", "end_date", "taxonomy_1", "taxonomy_2", "taxonomy_3", "cost"));
  const natural = (text: string) => (text === "next friday" ? "2026-03-13" : null);
  const row = (values: Record<string, string | number | null>) => importRow("fixed", 2, record(values), mapping, { today: "2026-03-04", naturalDate: natural });
  it.each<[string, Record<string, string | number | null>, unknown]>([
    [
      "a single row: dates normalised, cost stripped and rounded, no end date -> single",
      { start_date: "05/01/2026", taxonomy_1: " Paid ", cost: "£1,234.567" },
      { kind: "ready", body: { taxonomy_1: "Paid", cost: 1234.57, start_date: "2026-01-05", frequency: "single" } },
    ],
    [
      "with an end date: daily",
      { start_date: "2026-01-05", end_date: 46058, taxonomy_1: "Paid", taxonomy_2: "G", cost: 10 },
      { kind: "ready", body: { taxonomy_1: "Paid", taxonomy_2: "G", cost: 10, start_date: "2026-01-05", end_date: "2026-02-05", frequency: "daily" } },
    ],
    [
      "a natural-language date through the parser given",
      { start_date: "next friday", taxonomy_1: "Paid", cost: "5" },
      { kind: "ready", body: { taxonomy_1: "Paid", cost: 5, start_date: "2026-03-13", frequency: "single" } },
    ],
    ["cost 0: zero_cost", { start_date: "2026-01-05", taxonomy_1: "Paid", cost: "£0.00" }, { kind: "zero_cost" }],
    ["a bad date", { start_date: "not a date", taxonomy_1: "Paid", cost: 5 }, { kind: "invalid", errors: { start_date: spendMessages.startInvalid } }],
    ["a missing taxonomy", { start_date: "2026-01-05", taxonomy_1: "", cost: 5 }, { kind: "invalid", errors: { taxonomy_1: spendMessages.taxonomy1Required } }],
    ["a cost that is no number", { start_date: "2026-01-05", taxonomy_1: "P", cost: "n/a" }, { kind: "invalid", errors: { cost: spendMessages.spendDecimal } }],
    ["a negative cost", { start_date: "2026-01-05", taxonomy_1: "P", cost: "-5" }, { kind: "invalid", errors: { cost: spendMessages.spendDecimal } }],
    ["taxonomy 3 without 2", { start_date: "2026-01-05", taxonomy_1: "P", taxonomy_3: "x", cost: 1 }, { kind: "invalid", errors: { taxonomy_2: spendMessages.taxonomy2Required } }],
    [
      "an end date before the start",
      { start_date: "2026-01-05", end_date: "2026-01-01", taxonomy_1: "P", cost: 1 },
      { kind: "invalid", errors: { start_date: spendMessages.startBeforeEnd, end_date: spendMessages.endAfterStart } },
    ],
  ])("%s", (_, values, check) => {
    expect(row(values).check).toEqual(check);
  });

  it("shows the values as they will be sent", () => {
    expect(row({ start_date: "05/01/2026", taxonomy_1: "Paid", cost: "1,5" }).values).toMatchObject({ start_date: "2026-01-05", cost: "15.00" });
  });

  it("takes a Static value for every row", () => {
    const withStatic = setTargetValue(mapping, "taxonomy_1", "Display");
    expect(importRow("fixed", 3, record({ start_date: "2026-01-05", cost: 2 }), withStatic).check).toEqual({
      kind: "ready",
      body: { taxonomy_1: "Display", cost: 2, start_date: "2026-01-05", frequency: "single" },
    });
  });
});

describe("importRow (variable)", () => {
  const mapping = mappingFromHeaders("variable", columns("date", "taxonomy_1", "cost_link", "cost"));
  const row = (values: Record<string, string | number | null>) => importRow("variable", 2, record(values), mapping, { naturalDate: () => "2026-01-01" });
  it.each<[string, Record<string, string | number | null>, unknown]>([
    ["a valid row", { date: "5 Jan 2026", taxonomy_1: "Aff", cost_link: "L1", cost: "$12.345" }, { kind: "ready", body: { date: "2026-01-05", taxonomy_1: "Aff", cost_link: "L1", cost: 12.35 } }],
    ["zero cost", { date: "2026-01-05", taxonomy_1: "Aff", cost_link: "L1", cost: 0 }, { kind: "zero_cost" }],
    [
      "no natural-language dates for variable rows; a missing cost link",
      { date: "next friday", taxonomy_1: "Aff", cost_link: "", cost: 1 },
      { kind: "invalid", errors: { date: spendImportTexts.dateInvalid, cost_link: spendImportTexts.costLinkRequired } },
    ],
    [
      "no date, taxonomy or cost",
      { date: null, taxonomy_1: " ", cost_link: "L", cost: null },
      { kind: "invalid", errors: { date: spendImportTexts.dateRequired, taxonomy_1: spendMessages.taxonomy1Required, cost: spendMessages.spendRequired } },
    ],
  ])("%s", (_, values, check) => {
    expect(row(values).check).toEqual(check);
  });
});

describe("importRowKeys and dryRunCounts", () => {
  const mapping = mappingFromHeaders("fixed", columns("start_date", "taxonomy_1", "cost"));
  const rowsOf = (values: Array<Record<string, string | number | null>>) => values.map((v, i) => importRow("fixed", i + 2, record(v), mapping));
  const sheet = [
    { start_date: "2026-01-05", taxonomy_1: "A", cost: 1 },
    { start_date: "2026-01-05", taxonomy_1: "A", cost: 1 },
    { start_date: "bad", taxonomy_1: "A", cost: 1 },
    { start_date: "2026-01-05", taxonomy_1: "B", cost: 0 },
    { start_date: "2026-01-06", taxonomy_1: "C", cost: 3 },
  ];

  it("gives equal rows of one file two keys, unsent rows none, and the same keys for the same rows again", () => {
    const keys = importRowKeys("fixed", rowsOf(sheet));
    expect(keys[0]).toMatch(/^spend-import-[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect([keys[2], keys[3]]).toEqual([null, null]);
    expect(importRowKeys("fixed", rowsOf(sheet))).toEqual(keys);
  });

  it("keeps an unchanged row's key when other rows are fixed or removed (the outcome file re-imported)", () => {
    const keys = importRowKeys("fixed", rowsOf(sheet));
    const fixedFile = importRowKeys("fixed", rowsOf([sheet[4] ?? {}, { start_date: "2026-01-07", taxonomy_1: "A", cost: 1 }]));
    expect(fixedFile[0]).toBe(keys[4]);
    expect(keys).not.toContain(fixedFile[1]);
  });

  it("keeps the kinds apart", () => {
    const rows = rowsOf(sheet);
    expect(importRowKeys("variable", rows)[0]).not.toBe(importRowKeys("fixed", rows)[0]);
  });

  it.each<[string, number[], unknown]>([
    ["nothing stored", [], { created: 3, stored: 0, refused: 1, zero: 1 }],
    ["two stored", [0, 4], { created: 1, stored: 2, refused: 1, zero: 1 }],
  ])("counts with %s", (_, storedRows, expected) => {
    const rows = rowsOf(sheet);
    const keys = importRowKeys("fixed", rows);
    expect(dryRunCounts(rows, keys, new Set(storedRows.map((i) => keys[i] ?? "")))).toEqual(expected);
  });
});

describe("outcomes", () => {
  it("tallies success / error / zero_cost / stored", () => {
    expect(tallyOutcomes(["success", "error", "zero_cost", "success", "stored", null])).toEqual({ success: 2, error: 1, zero_cost: 1, stored: 1 });
  });

  it("writes the outcome file: the sheet's columns as read, Line, Outcome, Reason, formula-safe", () => {
    const read = rowsFromSheet(
      [
        ["Date", "Channel", "Cost"],
        ["2026-01-05", "=HYPERLINK(1)", 10],
        ["bad", "Paid", 5],
        ["2026-01-05", "Paid", 0],
        ["2026-01-06", "Paid", "1,000"],
      ],
      { headerRow: true, skip: 0 },
    );
    if (!read.ok) throw new Error("the sheet reads");
    const mapping = chooseTargetColumn(chooseTargetColumn(chooseTargetColumn(emptyImportMapping("fixed"), "start_date", "Date"), "taxonomy_1", "Channel"), "cost", "Cost");
    const rows = read.rows.map((r) => importRow("fixed", r.line, r.values, mapping));
    const outcomes: ImportOutcome[] = ["success", "error", "zero_cost", "error"];
    const csv = outcomeCsv(read.columns, read.rows.map((r) => r.values), rows, outcomes, { 3: "This row could not be saved. (HTTP 500)" });
    expect(csv.split("\r\n")).toEqual([
      "\uFEFFDate,Channel,Cost,Line,Outcome,Reason",
      "2026-01-05,'=HYPERLINK(1),10,2,success,",
      `bad,Paid,5,3,error,${spendMessages.startInvalid}`,
      `2026-01-05,Paid,0,4,zero_cost,${spendImportTexts.zeroCost}`,
      '2026-01-06,Paid,"1,000",5,error,This row could not be saved. (HTTP 500)',
      "",
    ]);
  });
});
