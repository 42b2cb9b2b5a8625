import { describe, expect, it } from "vitest";
import { sameSessionScope, sessionScopeOf, type SessionScope } from "../../../src/domain/report/reportScope";
import { defaultPreferences, type SessionState } from "../../../src/domain/shell/session";

const northwind = { id: 1, code: "northwind", name: "Northwind", currency: "GBP", utc_offset: "+00:00", locale: "en-GB" };
const state: SessionState = {
  apiBaseUrl: "/api",
  token: "t",
  user: null,
  programs: [northwind, { id: 2, code: "bluepeak", name: "Bluepeak", currency: "USD", utc_offset: "-05:00", locale: "en-US" }],
  programCode: "northwind",
  range: { from: "2026-01-01", to: "2026-01-31" },
  preferences: defaultPreferences,
};
const base = sessionScopeOf(state);

describe("sessionScopeOf", () => {
  it("reads the API context, the current program, the dates, the named filter and the user (none yet)", () => {
    expect(base).toEqual({ api: { baseUrl: "/api", token: "t" }, program: northwind, range: { from: "2026-01-01", to: "2026-01-31" }, filter: "default", userId: null });
  });
  it("reads the signed-in user's id", () => {
    expect(sessionScopeOf({ ...state, user: { id: 7 } as SessionState["user"] }).userId).toBe(7);
  });
  it("has no program while the session points at none it knows", () => {
    expect(sessionScopeOf({ ...state, programCode: "gone" }).program).toBeNull();
  });
});

describe("sameSessionScope", () => {
  it.each<[string, SessionScope, boolean]>([
    ["the same values in new objects", { ...base, api: { ...base.api }, range: { from: "2026-01-01", to: "2026-01-31" }, program: { ...northwind } }, true],
    ["another token", { ...base, api: { ...base.api, token: "u" } }, false],
    ["another base URL", { ...base, api: { ...base.api, baseUrl: "https://x/api" } }, false],
    ["another program", sessionScopeOf({ ...state, programCode: "bluepeak" }), false],
    ["the program's offset changed", { ...base, program: { ...northwind, utc_offset: "+01:00" } }, false],
    ["no program", { ...base, program: null }, false],
    ["another start date", { ...base, range: { from: "2026-01-02", to: "2026-01-31" } }, false],
    ["another end date", { ...base, range: { from: "2026-01-01", to: "2026-01-30" } }, false],
    ["no dates", { ...base, range: null }, false],
    ["another named filter", { ...base, filter: "new" }, false],
  ])("%s → %s", (_, other, same) => {
    expect(sameSessionScope(base, other)).toBe(same);
    expect(sameSessionScope(other, base)).toBe(same);
  });
});
