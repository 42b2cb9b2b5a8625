import { describe, expect, it } from "vitest";
import {
  accountPasswordLengthProblem,
  accountPasswordProblem,
  commonPasswordForms,
} from "../../../src/domain/access/accountPassword";
import { commonPasswordsOf, isCommonPassword } from "../../../server/auth/commonPasswords";

/** A small list standing in for the shipped one, so each row says why it is refused. */
const listed = commonPasswordsOf("# comment line\npassword\nSunshine\nqwerty\n1qaz2wsx3edc\n\n");
const isListed = (lower: string): boolean => listed.has(lower);

describe("a new account's password", () => {
  it.each([
    ["empty", "", "tooShort"],
    ["11 letters", "elevenchars", "tooShort"],
    ["12 characters", "twelve chars", null],
    // Code points, not UTF-16 units: eleven emoji are eleven characters.
    ["11 emoji", "😀".repeat(11), "tooShort"],
    ["12 emoji", "😀".repeat(12), null],
    ["1000 characters", "x".repeat(1000), null],
    ["1001 characters", "x".repeat(1001), "tooLong"],
  ])("%s has the length problem %s", (_, password, problem) => {
    expect(accountPasswordLengthProblem(password)).toBe(problem);
  });

  it.each([
    ["1qaz2wsx3edc", "common", "on the list"],
    ["1QAZ2WSX3EDC", "common", "on the list in another case"],
    ["Sunshine2024!!", "common", "a listed password with digits and punctuation after it"],
    ["password 2024 !", "common", "a listed password with spaces, digits and punctuation after it"],
    ["qwertyqwertyqwerty", "common", "a listed password said three times"],
    ["PasswordPassword", "common", "a listed password said twice, in another case"],
    ["2024sunshine!!", null, "digits before the listed password"],
    ["sunshine in the rain", null, "a listed word inside a longer phrase"],
    ["short", "tooShort", "too short before it is looked up"],
  ])("%j is %s (%s)", (password, problem, _why) => {
    expect(accountPasswordProblem(password, isListed)).toBe(problem);
  });

  it.each([
    ["Abc", ["abc"]],
    ["abc123!", ["abc123!", "abc"]],
    ["abab", ["abab", "ab"]],
    ["111111", ["111111", "1"]],
  ])("looks %j up as %j", (password, forms) => {
    expect(commonPasswordForms(password)).toEqual(forms);
  });

  it("ships a list of thousands of common passwords, compared in lower case", () => {
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("1qaz2wsx3edc")).toBe(true);
    expect(isCommonPassword("# common passwords")).toBe(false);
    expect(isCommonPassword("a passphrase nobody has used")).toBe(false);
    expect(accountPasswordProblem("Password123456", isCommonPassword)).toBe("common");
  });
});
