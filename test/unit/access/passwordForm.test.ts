import { describe, expect, it } from "vitest";
import {
  isLongEnoughPassword,
  minimumPasswordLength,
  newPasswordError,
  newPasswordProblem,
} from "../../../src/domain/access/passwordForm";
import { accessTexts } from "../../../src/domain/access/accessTexts";
import { isValidEmail } from "../../../src/domain/access/email";

const mismatch = "These passwords don't match. Please ensure both fields match.";
const tooShort = "Use at least 8 characters";

describe("newPasswordError", () => {
  it.each([
    ["s3cret-long", "s3cret-long", null],
    ["eight888", "eight888", null], // exactly 8
    ["seven77", "seven77", tooShort], // 7
    ["a", "a", tooShort],
    ["", "", tooShort],
    ["a", "b", tooShort], // the length first, then the match
    ["password", "password", null], // no strength rule
    ["s3cret-long", "s3cret-lonG", mismatch], // case matters
    ["s3cret-long", "s3cret-long ", mismatch], // whitespace matters
    ["s3cret-long", "", mismatch],
    ["", "s3cret-long", tooShort],
    ["pässwörd", "pässwörd", null],
    ["ééééééé", "ééééééé", tooShort], // 7 characters, 14 bytes
    ["😀😀😀😀😀😀😀😀", "😀😀😀😀😀😀😀😀", null], // 8 characters, 16 UTF-16 units
  ])("(%j, %j) → %j", (password, confirm, expected) => {
    expect(newPasswordError({ password, confirm_password: confirm })).toBe(expected);
  });

  it.each([
    ["seven77", "seven77", "tooShort"],
    ["eight888", "eight8888", "mismatch"],
    ["eight888", "eight888", null],
  ] as const)("newPasswordProblem(%j, %j) → %j", (password, confirm, expected) => {
    expect(newPasswordProblem({ password, confirm_password: confirm })).toBe(expected);
  });

  it.each([
    ["", false],
    ["1234567", false],
    ["12345678", true],
    ["\u{1F600}".repeat(7), false],
    ["\u{1F600}".repeat(8), true],
  ])("isLongEnoughPassword(%j) → %s", (password, expected) => {
    expect(isLongEnoughPassword(password)).toBe(expected);
  });

  it("uses the product's texts and an 8-character minimum", () => {
    expect(accessTexts.reset.mismatch).toBe(mismatch);
    expect(accessTexts.reset.tooShort).toBe(tooShort);
    expect(minimumPasswordLength).toBe(8);
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
