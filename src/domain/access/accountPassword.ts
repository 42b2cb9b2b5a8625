/**
 * The password rule of a new account (the first-run admin, `npm run admin -- create-admin`):
 * at least 12 characters (code points) and not a common password. Common means the
 * password, in lower case, is on the list, or is a listed password followed only by
 * digits and punctuation ("Sunshine2024!!" is "sunshine"), or a listed password said
 * again and again ("qwertyqwerty" is "qwerty"). The list itself is the
 * server's (server/auth/commonPasswords.ts); the browser checks the length only and shows
 * the server's refusal for a common one.
 */
export const accountPasswordMinimumLength = 12;

/** Longest password accepted, in characters: a bound on what is hashed. */
export const accountPasswordMaximumLength = 1000;

export type AccountPasswordProblem = "tooShort" | "tooLong" | "common";

export const accountPasswordMessages: Record<AccountPasswordProblem, string> = {
  tooShort: `Use at least ${accountPasswordMinimumLength} characters`,
  tooLong: `Use at most ${accountPasswordMaximumLength} characters`,
  common: "This password is one of the most common ones; choose another",
};

/** The password's length problem, or null; the browser's part of the rule. */
export const accountPasswordLengthProblem = (password: string): AccountPasswordProblem | null => {
  const length = [...password].length;
  if (length < accountPasswordMinimumLength) return "tooShort";
  if (length > accountPasswordMaximumLength) return "tooLong";
  return null;
};

/** The shortest piece that, said again and again, makes `text` (`text` itself when none does). */
const repeatedPiece = (text: string): string => {
  const characters = [...text];
  for (let size = 1; size <= characters.length / 2; size++) {
    if (characters.length % size !== 0) continue;
    const piece = characters.slice(0, size).join("");
    if (piece.repeat(characters.length / size) === text) return piece;
  }
  return text;
};

/**
 * The lower-case forms looked up in the common list: the password, it without trailing
 * digits and punctuation, and the piece it repeats.
 */
export const commonPasswordForms = (password: string): ReadonlyArray<string> => {
  const lower = password.toLowerCase();
  const stem = lower.replace(/[\d\p{P}\p{S}\s]+$/u, "");
  return [...new Set([lower, stem, repeatedPiece(lower)].filter((form) => form.length > 0))];
};

/** The first problem of a new account's password, or null when it may be used. */
export const accountPasswordProblem = (password: string, isCommon: (lowerCase: string) => boolean): AccountPasswordProblem | null =>
  accountPasswordLengthProblem(password) ?? (commonPasswordForms(password).some(isCommon) ? "common" : null);
