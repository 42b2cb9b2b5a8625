import { describe, expect, it } from "vitest";
import { invalidRangeMessage, rangeProblem } from "../../../src/domain/report/dateRangeRule";

describe("rangeProblem: the date-range rule of both pickers", () => {
  it("says what the main picker says", () => {
    expect(invalidRangeMessage).toBe("The start date must be a valid date on or before the end date.");
  });

  it.each([
    ["2026-10-01", "2026-10-10", null],
    ["2026-10-01", "2026-10-01", null],
    ["2026-10-10", "2026-10-01", invalidRangeMessage],
    ["2026-01-01", "2025-12-31", invalidRangeMessage],
    ["", "2026-10-01", invalidRangeMessage],
    ["2026-10-01", "", invalidRangeMessage],
    [null, undefined, invalidRangeMessage],
    ["2026-02-30", "2026-03-01", invalidRangeMessage],
    ["10/01/2026", "2026-10-10", invalidRangeMessage],
  ])("%j to %j: %j", (from, to, expected) => {
    expect(rangeProblem(from, to)).toBe(expected);
  });
});
