import { describe, expect, it } from "vitest";
import {
  excelSerialDate,
  missingSpendBatchColumns,
  normaliseBatchCost,
  normaliseBatchDate,
  roundToCents,
  spendBatchRow,
  spendBatchTexts,
  type SpendBatchColumn,
} from "../../../src/domain/spend/spendBatch";
import { spendMessages } from "../../../src/domain/spend/spendForm";
import type { WorkbookCell } from "../../../src/domain/exports/workbookRows";

describe("normaliseBatchDate", () => {
  it.each<[WorkbookCell, string | null]>([
    ["2026-01-05", "2026-01-05"],
    [" 2026-01-05 ", "2026-01-05"],
    ["2026-01-05T13:45:00", "2026-01-05"],
    ["2026-01-05T00:00:00.000Z", "2026-01-05"],
    ["2026-01-05 08:00", "2026-01-05"],
    ["2026/1/5", "2026-01-05"],
    ["2026.01.05", "2026-01-05"],
    ["05/01/2026", "2026-01-05"],
    ["5/1/2026", "2026-01-05"],
    ["05.01.2026", "2026-01-05"],
    ["05-01-26", "2026-01-05"],
    ["12/31/2026", "2026-12-31"],
    ["31/12/2026", "2026-12-31"],
    ["5 January 2026", "2026-01-05"],
    ["January 5, 2026", "2026-01-05"],
    ["Jan 5th 2026", "2026-01-05"],
    ["5th of January 2026", "2026-01-05"],
    ["Monday, 5 January 2026", "2026-01-05"],
    ["Mon 5-Jan-26", "2026-01-05"],
    ["2026 Sept 30", "2026-09-30"],
    ["1 Mar 2024", "2024-03-01"],
    [46027, "2026-01-05"],
    [46027.75, "2026-01-05"],
    ["46027", "2026-01-05"],
    [45658, "2025-01-01"],
    [1, "1900-01-01"],
    ["2026-02-30", null],
    ["30/02/2026", null],
    ["13/13/2026", null],
    ["31 February 2026", null],
    ["5 Foo 2026", null],
    ["January 2026", null],
    ["next tuesday", null],
    ["today", null],
    ["", null],
    ["   ", null],
    [null, null],
    [true, null],
    [0, null],
    [-5, null],
    [3_000_000, null],
  ])("%j -> %j", (value, expected) => {
    expect(normaliseBatchDate(value)).toBe(expected);
  });

  it.each([
    ["today", "2026-03-01"],
    ["Yesterday", "2026-02-28"],
    ["TOMORROW", "2026-03-02"],
  ])("%j relative to today (2026-03-01) -> %j", (value, expected) => {
    expect(normaliseBatchDate(value, "2026-03-01")).toBe(expected);
  });

  it.each([
    [59, "1900-02-28"],
    [60, null],
    [61, "1900-03-01"],
  ])("Excel's 1900 leap-year bug: serial %i -> %j", (serial, expected) => {
    expect(excelSerialDate(serial)).toBe(expected);
  });
});

describe("roundToCents", () => {
  it.each([
    [1.005, 1.01],
    [1.004, 1],
    [2.675, 2.68],
    [0.1 + 0.2, 0.3],
    [1234.567, 1234.57],
    [-1.005, -1.01],
    [10, 10],
    [1e-7, 0],
    [1e21, 1e21],
    [-0, 0],
  ])("%d -> %d", (n, expected) => {
    expect(roundToCents(n)).toBe(expected);
  });
});

describe("normaliseBatchCost (non-numeric characters stripped, 2 decimals)", () => {
  it.each<[WorkbookCell, number | null]>([
    [12.5, 12.5],
    [12.345, 12.35],
    ["12.50", 12.5],
    ["£1,234.567", 1234.57],
    ["$ 99.999", 100],
    ["1 234,00", 123400],
    ["€0", 0],
    ["0.00", 0],
    ["-5", -5],
    [" -£5.10", -5.1],
    ["12 GBP", 12],
    [".5", 0.5],
    ["5.", 5],
    ["1.2.3", null],
    ["abc", null],
    ["", null],
    [null, null],
    [true, null],
    [Number.NaN, null],
  ])("%j -> %j", (value, expected) => {
    expect(normaliseBatchCost(value)).toBe(expected);
  });
});

const row = (values: Partial<Record<SpendBatchColumn | "spend", WorkbookCell>>, line = 2) => ({ line, values: Object.assign(Object.create(null), values) as Record<string, WorkbookCell> });

describe("spendBatchRow", () => {
  it("a single row: no end date means frequency single, taxonomies trimmed, empty ones left out of the body", () => {
    const r = spendBatchRow(row({ taxonomy_1: " Paid Search ", taxonomy_2: "", cost: "£1,200.505", start_date: "05/01/2026" }));
    expect(r.check).toEqual({ kind: "ready", body: { taxonomy_1: "Paid Search", cost: 1200.51, start_date: "2026-01-05", frequency: "single" } });
    expect(r.values).toEqual({
      taxonomy_1: "Paid Search",
      taxonomy_2: "",
      taxonomy_3: "",
      taxonomy_4: "",
      cost: "1200.51",
      frequency: "single",
      start_date: "2026-01-05",
      end_date: "",
    });
    expect(r.line).toBe(2);
  });

  it("with an end date and no frequency the row is daily", () => {
    const r = spendBatchRow(row({ taxonomy_1: "TV", taxonomy_2: "Sky", cost: 300, start_date: 46023, end_date: "2026-01-31" }));
    expect(r.check).toEqual({
      kind: "ready",
      body: { taxonomy_1: "TV", taxonomy_2: "Sky", cost: 300, start_date: "2026-01-01", frequency: "daily", end_date: "2026-01-31" },
    });
  });

  it("a given frequency is used, lower-cased", () => {
    const r = spendBatchRow(row({ taxonomy_1: "TV", cost: 1, start_date: "2026-01-01", end_date: "2026-12-31", frequency: " Monthly " }));
    expect(r.check.kind === "ready" && r.check.body.frequency).toBe("monthly");
  });

  it("a single row never sends its end date", () => {
    const r = spendBatchRow(row({ taxonomy_1: "TV", cost: 1, start_date: "2026-01-01", end_date: "2026-12-31", frequency: "single" }));
    expect(r.check).toEqual({ kind: "ready", body: { taxonomy_1: "TV", cost: 1, start_date: "2026-01-01", frequency: "single" } });
    expect(r.values.end_date).toBe("");
  });

  it("cost 0 is zero_cost (never sent)", () => {
    const r = spendBatchRow(row({ taxonomy_1: "TV", cost: "£0.00", start_date: "2026-01-01" }));
    expect(r.check).toEqual({ kind: "zero_cost", message: spendBatchTexts.zeroCost });
  });

  it.each<[string, Partial<Record<SpendBatchColumn, WorkbookCell>>, string[]]>([
    ["taxonomy 1 missing", { cost: 1, start_date: "2026-01-01" }, [spendMessages.taxonomy1Required]],
    ["taxonomy 2 needed for 3", { taxonomy_1: "a", taxonomy_3: "c", cost: 1, start_date: "2026-01-01" }, [spendMessages.taxonomy2Required]],
    ["cost missing", { taxonomy_1: "a", start_date: "2026-01-01" }, [spendMessages.spendRequired]],
    ["cost not numeric", { taxonomy_1: "a", cost: "n/a", start_date: "2026-01-01" }, [spendMessages.spendDecimal]],
    ["negative cost", { taxonomy_1: "a", cost: -5, start_date: "2026-01-01" }, [spendMessages.spendDecimal]],
    ["start date missing", { taxonomy_1: "a", cost: 1 }, [spendMessages.startRequired]],
    ["start date unreadable", { taxonomy_1: "a", cost: 1, start_date: "soon" }, [spendMessages.startInvalid]],
    ["end before start", { taxonomy_1: "a", cost: 1, start_date: "2026-02-01", end_date: "2026-01-01" }, [spendMessages.startBeforeEnd, spendMessages.endAfterStart]],
    ["unknown frequency", { taxonomy_1: "a", cost: 1, start_date: "2026-01-01", frequency: "weekly" }, [spendMessages.frequencyInvalid]],
    ["daily without end date", { taxonomy_1: "a", cost: 1, start_date: "2026-01-01", frequency: "daily" }, [spendMessages.endRequired]],
  ])("invalid: %s", (_name, values, messages) => {
    const r = spendBatchRow(row(values));
    expect(r.check.kind).toBe("invalid");
    if (r.check.kind !== "invalid") return;
    for (const m of messages) expect(r.check.message).toContain(m);
  });

  it("an invalid row costing 0 is invalid (error), not zero_cost", () => {
    expect(spendBatchRow(row({ cost: 0, start_date: "2026-01-01" })).check.kind).toBe("invalid");
  });

  it("understands 'today' when told the date", () => {
    const r = spendBatchRow(row({ taxonomy_1: "a", cost: 1, start_date: "today" }), { today: "2026-03-01" });
    expect(r.check.kind === "ready" && r.check.body.start_date).toBe("2026-03-01");
  });
});

describe("missingSpendBatchColumns", () => {
  it.each([
    [["taxonomy_1", "cost", "start_date"], []],
    [["taxonomy_1", "cost", "start_date", "end_date"], []],
    [["taxonomy_1"], ["Spend", "Start date"]],
    [[], ["Taxonomy 1", "Spend", "Start date"]],
  ])("%j -> %j", (names, missing) => {
    expect(missingSpendBatchColumns(names)).toEqual(missing);
  });
});

describe("texts", () => {
  it("the finished message is the spec's", () => {
    expect(spendBatchTexts.finished(12)).toBe("Finished: A total of 12 records were processed");
  });
});
