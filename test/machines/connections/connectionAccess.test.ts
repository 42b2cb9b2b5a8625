import { describe, expect, it } from "vitest";
import type { SessionState } from "../../../src/domain/shell/session";
import { sessionScopeOf } from "../../../src/domain/report/reportScope";
import { connectionAccessGuards, connectionAccessOf, connectionSessionSelectors, openingConnectionScope } from "../../../src/machines/connections/connectionAccess";
import { alice, sessionOf } from "../../model/fixtures";

const stateOf = (overrides: Partial<SessionState> = {}): SessionState => sessionOf(overrides).getSnapshot().context;

describe("connectionAccessOf", () => {
  it.each([
    ["signed in", {}, { api: { baseUrl: "/connectors", token: "tok-1" }, userId: alice.id }],
    ["another API", { apiBaseUrl: "https://x.example/api" }, { api: { baseUrl: "https://x.example/connectors", token: "tok-1" }, userId: alice.id }],
    ["no user", { user: null }, null],
    ["no token", { token: null }, null],
  ] as const)("%s", (_label, overrides, expected) => {
    expect(connectionAccessOf(sessionScopeOf(stateOf(overrides)))).toEqual(expected);
  });

  it("gives the social platform's page for the user, the same object while nothing changes", () => {
    const s = { context: stateOf() };
    expect(connectionSessionSelectors.facebookPage(s)).toEqual({ url: "/connectors/facebook/connect?svid=1", newTab: false });
    expect(connectionSessionSelectors.facebookPage(s)).toBe(connectionSessionSelectors.facebookPage(s));
    expect(connectionSessionSelectors.facebookPage({ context: stateOf({ user: null }) })).toBeNull();
  });
});

describe("isOtherAccess", () => {
  const opened = { context: openingConnectionScope(sessionOf()) };
  it.each([
    ["other dates", { range: { from: "2026-02-01", to: "2026-02-28" } }, false],
    ["another program", { programCode: "beta" }, false],
    ["another token", { token: "tok-2" }, true],
    ["another user", { user: { ...alice, id: 2 } }, true],
    ["signed out", { token: null }, true],
    ["another API base URL", { apiBaseUrl: "https://x.example/api" }, true],
  ] as const)("%s: %s", (_label, overrides, expected) => {
    expect(connectionAccessGuards.isOtherAccess(opened, sessionScopeOf(stateOf(overrides)))).toBe(expected);
  });
});
