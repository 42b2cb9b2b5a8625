import { describe, expect, it } from "vitest";
import type { SessionScope } from "../../../src/domain/report/reportScope";
import { isCompleteScope, reportCallOf, reportScopeGuards, sameReportCall } from "../../../src/machines/reports/reportScope";
import { acme, beta } from "../../model/fixtures";

const api = { baseUrl: "/api", token: "t" };
const january: SessionScope = { api, program: acme, range: { from: "2026-01-01", to: "2026-01-31" }, filter: "default", userId: 1 };

describe("report scope following", () => {
  it.each([
    [january, true],
    [{ ...january, program: null }, false],
    [{ ...january, range: null }, false],
  ])("a scope is complete only with a program and dates (%#)", (scope, complete) => {
    expect(isCompleteScope(scope)).toBe(complete);
    expect(reportScopeGuards.isIncompleteScope(null, scope)).toBe(!complete);
  });

  it("a call scope is the API context, the program's code and the dates", () => {
    expect(reportCallOf(january)).toEqual({ api, program: acme.code, range: { from: "2026-01-01", to: "2026-01-31" } });
  });

  it.each([
    [january, false, true],
    [{ ...january, program: beta }, true, false],
    [{ ...january, range: { from: "2026-01-02", to: "2026-01-31" } }, true, false],
    [{ ...january, api: { baseUrl: "/api", token: "u" } }, true, false],
    // The named filter is the session's, but the analysis calls do not take it.
    [{ ...january, filter: "new" as const }, true, true],
    // The user, known after the token, loads the same data (a reload does not load twice).
    [{ ...january, userId: null }, false, true],
  ])("another scope is one that loads other data (%#)", (scope, other, sameCall) => {
    expect(reportScopeGuards.isOtherScope({ context: { session: null as never, scope: january } }, scope)).toBe(other);
    expect(sameReportCall(reportCallOf(january), reportCallOf(scope))).toBe(sameCall);
  });
});
