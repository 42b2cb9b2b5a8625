import { describe, expect, it } from "vitest";
import { returnPathOf } from "../../../src/domain/access/returnPath";

const signedOutPages = (pathname: string) => pathname === "/login" || pathname === "/logout" || pathname.startsWith("/reset-password/");

describe("returnPathOf: only same-origin paths of signed-in pages", () => {
  it.each([
    ["a deep link with its query", "/performance/taxonomy_one/Paid%20Search?program=bluepeak&date_from=2026-01-01&date_to=2026-01-31", "/performance/taxonomy_one/Paid%20Search?program=bluepeak&date_from=2026-01-01&date_to=2026-01-31"],
    ["a plain path", "/performance", "/performance"],
    ["a search page", "/performance/search/brand%2Fshoes", "/performance/search/brand%2Fshoes"],
    ["an encoded slash after the first one", "/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["a path with a fragment", "/account/costs/fixed#top", "/account/costs/fixed#top"],
    ["a protocol-relative URL", "//evil.example/performance", null],
    ["a backslash after the slash", "/\\evil.example", null],
    ["a backslash further on", "/performance\\..\\x", null],
    ["a tab that browsers drop", "/\t/evil.example", null],
    ["a newline", "/\n/evil.example", null],
    ["a space", "/ /evil.example", null],
    ["an absolute http URL", "https://evil.example/performance", null],
    ["an absolute URL of this app's shape", "http://localhost/performance", null],
    ["a javascript: URL", "javascript:alert(1)", null],
    ["an encoded javascript: URL", "javascript%3Aalert(1)", null],
    ["a relative path", "performance", null],
    ["a data: URL", "data:text/html,hi", null],
    ["the sign-in page itself", "/login?next=%2Fperformance", null],
    ["the sign-out page", "/logout", null],
    ["a reset link", "/reset-password/abc?email=a%40b.c", null],
    ["empty", "", null],
    ["missing", null, null],
    ["undefined", undefined, null],
    ["far too long", `/${"a".repeat(5000)}`, null],
  ])("%s: %j → %j", (_, raw, expected) => {
    expect(returnPathOf(raw, signedOutPages)).toBe(expected);
  });
});
