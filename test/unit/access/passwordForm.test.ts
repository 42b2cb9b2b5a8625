import { describe, expect, it } from "vitest";
import { isValidEmail, newPasswordError } from "../../../src/domain/access/passwordForm";
import { texts } from "../../../src/domain/shell/texts";

const mismatch = "These passwords don't match. Please ensure both fields match.";

describe("newPasswordError", () => {
  it.each([
    ["s3cret", "s3cret", null],
    ["a", "a", null], // no length rule
    ["", "", null], // no rule but identity
    ["password", "password", null], // no strength rule
    ["s3cret", "s3creT", mismatch], // case matters
    ["s3cret", "s3cret ", mismatch], // whitespace matters
    ["s3cret", "", mismatch],
    ["", "s3cret", mismatch],
    ["pässwörd", "pässwörd", null],
  ])("(%j, %j) → %j", (password, confirm, expected) => {
    expect(newPasswordError({ password, confirm_password: confirm })).toBe(expected);
  });

  it("uses the spec's text", () => {
    expect(texts.reset.mismatch).toBe(mismatch);
  });
});

describe("isValidEmail (the browser's type=email rule)", () => {
  it.each([
    ["alice@example.com", true],
    ["a.b+tag@sub.example.co.uk", true],
    ["o'brien@example.ie", true],
    ["x@localhost", true], // the browser accepts a dotless domain
    ["user@123.example", true],
    ["not-an-email", false],
    ["", false],
    ["alice@", false],
    ["@example.com", false],
    ["alice@example..com", false],
    ["alice@-example.com", false],
    ["alice@example-.com", false],
    ["a b@example.com", false],
    ["alice@exa mple.com", false],
    [" alice@example.com", false], // callers trim first
    ["alice@@example.com", false],
    ["alice@ex_ample.com", false],
  ])("%j → %s", (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it("accepts up to 320 characters, refuses 321, and a domain label over 63", () => {
    const domain = `${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(63)}`;
    const at320 = `${"a".repeat(64)}@${domain}`;
    const at321 = `${"a".repeat(65)}@${domain}`;
    expect(at320).toHaveLength(320);
    expect(isValidEmail(at320)).toBe(true);
    expect(isValidEmail(at321)).toBe(false);
    expect(isValidEmail(`alice@${"b".repeat(64)}.com`)).toBe(false);
  });
});
