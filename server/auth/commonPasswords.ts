import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Parses the list's text: one password a line, `#` lines are comments, compared in lower case. */
export const commonPasswordsOf = (text: string): ReadonlySet<string> =>
  new Set(
    text
      .split(/\r?\n/)
      .filter((line) => line.length > 0 && !line.startsWith("#"))
      .map((line) => line.toLowerCase()),
  );

let loaded: ReadonlySet<string> | null = null;

/** Whether a lower-case password is on the shipped list (commonPasswords.txt beside this file; read once). */
export const isCommonPassword = (lowerCase: string): boolean => {
  loaded ??= commonPasswordsOf(readFileSync(fileURLToPath(new URL("./commonPasswords.txt", import.meta.url)), "utf8"));
  return loaded.has(lowerCase);
};
