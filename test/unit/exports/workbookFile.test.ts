import { describe, expect, it } from "vitest";
import { acceptedWorkbookTypes, sheetName, workbookKind, workbookLimits, workbookMessages } from "../../../src/domain/exports/workbookFile";
import { reportTexts } from "../../../src/domain/report/reportTexts";

describe("workbookKind", () => {
  it.each([
    ["costs.csv", "csv"],
    ["COSTS.CSV", "csv"],
    ["report.xlsx", "xlsx"],
    ["report.XLSX ", "xlsx"],
    ["archive.tar.csv", "csv"],
    ["report.xls", null],
    ["report.xlsm", null],
    ["report.pdf", null],
    ["csv", null],
    ["report.csv.exe", null],
    ["", null],
  ])("%j -> %j", (name, kind) => {
    expect(workbookKind(name)).toBe(kind);
  });

  it("the file input accepts exactly .csv and .xlsx", () => {
    expect(acceptedWorkbookTypes).toBe(".csv,.xlsx");
  });
});

describe("sheetName (Excel's rules)", () => {
  it.each([
    ["Performance Report", "Performance Report"],
    ["a[b]c:d*e?f/g\\h", "abcdefgh"],
    ["", "Sheet1"],
    ["[]:*?/\\", "Sheet1"],
    ["   ", "Sheet1"],
    ["'quoted'", "quoted"],
    ["History", "History_"],
    ["history", "History_"],
    ["x".repeat(40), "x".repeat(31)],
    ["Acme Shop performance report 2026-01-01", "Acme Shop performance report 20"],
    ["tab\there", "tabhere"],
    [`${"a".repeat(30)}😀`, "a".repeat(30)],
    [`${"a".repeat(29)}😀b`, `${"a".repeat(29)}😀`],
    ["Café £ report", "Café £ report"],
  ])("%j -> %j", (name, expected) => {
    const out = sheetName(name);
    expect(out).toBe(expected);
    expect(out.length).toBeLessThanOrEqual(31);
    expect(out).not.toMatch(/[[\]:*?/\\]/);
  });
});

describe("limits and messages", () => {
  it("caps files at 5 MB, 10,001 rows and 10 s", () => {
    expect(workbookLimits).toMatchObject({ maxBytes: 5 * 1024 * 1024, maxRows: 10_001, timeoutMs: 10_000 });
  });

  it("uses the spec's toast for an unsupported file", () => {
    expect(workbookMessages.unsupported).toBe(reportTexts.toasts.unsupportedFile);
    expect(workbookMessages.unsupported).toBe("That file format isn't supported");
  });

  it("names the limits in its messages", () => {
    expect(workbookMessages.tooLarge(5 * 1024 * 1024)).toContain("5 MB");
    expect(workbookMessages.tooManyRows("Costs", 10_001)).toBe('The sheet "Costs" has more than 10,000 rows: please split it into smaller files.');
  });
});
