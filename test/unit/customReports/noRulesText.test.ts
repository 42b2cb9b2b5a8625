import { describe, expect, it } from "vitest";
import { customReportsTexts } from "../../../src/domain/customReports/customReportsTexts";
import { reportOrders, validOrders } from "../../../server/engine/reports";

/** What a report without rules says it counts is what the server counts for it: valid orders only. */
describe("a report without rules", () => {
  it("is counted over valid orders only", () => {
    expect(reportOrders([])).toEqual(validOrders);
  });

  it.each([
    ["the builder", customReportsTexts.builder.noRules],
    ["the report's page", customReportsTexts.view.noRules],
  ])("%s says so", (_where, text) => {
    expect(text).toMatch(/valid orders only/);
    expect(text).not.toMatch(/every order/);
  });
});
