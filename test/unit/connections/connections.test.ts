import { describe, expect, it } from "vitest";
import {
  cardDestinationOf,
  cardOffersOf,
  connectionOf,
  connectionPath,
  connectorsBaseUrlOf,
  consentReturnOf,
  externalPageOf,
  switchedAccount,
  withoutConsentReturn,
} from "../../../src/domain/connections/connections";

describe("connectionOf", () => {
  it.each([
    ["google-ads", "google-ads"],
    ["facebook", "facebook"],
    ["microsoft-ads", null],
    ["affiliate", null],
    ["Google-Ads", null],
    ["", null],
    [undefined, null],
    ["google-ads/", null],
  ] as const)("%s → %s", (value, expected) => {
    expect(connectionOf(value)).toBe(expected);
  });
});

describe("connectorsBaseUrlOf", () => {
  it.each([
    ["/api", "/connectors"],
    ["/api/", "/connectors"],
    ["https://api.example.com/api", "https://api.example.com/connectors"],
    ["https://api.example.com/v2/api", "https://api.example.com/v2/connectors"],
    ["https://api.example.com", "https://api.example.com/connectors"],
    ["/rapi", "/rapi/connectors"],
    ["/backend", "/backend/connectors"],
  ])("%s → %s", (api, expected) => {
    expect(connectorsBaseUrlOf(api)).toBe(expected);
  });
});

describe("externalPageOf and cardDestinationOf", () => {
  it.each([
    ["facebook", 7, "/connectors/facebook/connect?svid=7", false],
    ["microsoft-ads", 7, "/connectors/microsoft-ads/connect?svid=7", true],
    ["facebook", 12345, "/connectors/facebook/connect?svid=12345", false],
  ] as const)("%s for user %d opens %s (new tab: %s)", (connection, userId, url, newTab) => {
    expect(externalPageOf(connection, "/connectors/", userId)).toEqual({ url, newTab });
    expect(cardDestinationOf(connection, "/connectors", userId)).toEqual({ kind: "external", url, newTab });
  });

  it("sends Google Ads to its detail page and the affiliate network nowhere", () => {
    expect(cardDestinationOf("google-ads", "/connectors", 1)).toEqual({ kind: "route", path: "/account/connections/google-ads" });
    expect(cardDestinationOf("affiliate", "/connectors", 1)).toBeNull();
  });

  it("percent-encodes a connection value in its path", () => {
    expect(connectionPath("a/b c")).toBe("/account/connections/a%2Fb%20c");
  });
});

describe("consentReturnOf and withoutConsentReturn", () => {
  it.each([
    ["?code=abc&state=def", { code: "abc", state: "def" }],
    ["code=abc&state=def&program=acme", { code: "abc", state: "def" }],
    ["?code=abc", null],
    ["?state=def", null],
    ["?code=&state=def", null],
    ["", null],
  ])("%s → %j", (search, expected) => {
    expect(consentReturnOf(search)).toEqual(expected);
  });

  it.each([
    ["?code=abc&state=def", ""],
    ["?program=acme&code=abc&state=def&date_from=2026-01-01", "?program=acme&date_from=2026-01-01"],
    ["?program=acme", "?program=acme"],
    ["", ""],
  ])("%s without code and state → %s", (search, expected) => {
    expect(withoutConsentReturn(search)).toBe(expected);
  });
});

describe("switchedAccount", () => {
  const accounts = [
    { accountId: "1", account_name: "One", active: true },
    { accountId: "2", account_name: "Two", active: false },
  ];
  it.each([
    ["2", true, [true, true]],
    ["1", false, [false, false]],
    ["1", true, [true, false]],
    ["9", true, [true, false]],
  ] as const)("account %s → %s", (id, active, expected) => {
    expect(switchedAccount(accounts, id, active).map((a) => a.active)).toEqual(expected);
  });
});

describe("cardOffersOf", () => {
  it.each([
    ["google-ads", false, { add: true, edit: false }],
    ["google-ads", true, { add: false, edit: true }],
    ["facebook", false, { add: true, edit: true }],
    ["microsoft-ads", true, { add: true, edit: true }],
    ["affiliate", false, { add: true, edit: false }],
    ["affiliate", true, { add: true, edit: false }],
  ] as const)("%s (Google Ads connected: %s) offers %j", (card, connected, expected) => {
    expect(cardOffersOf(card, connected)).toEqual(expected);
  });
});
