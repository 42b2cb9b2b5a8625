import { accountPasswordMessages, accountPasswordProblem, type AccountPasswordProblem } from "../../src/domain/access/accountPassword";
import { accountNameMaximumLength } from "../../src/domain/access/firstRun";
import { isValidEmail } from "../../src/domain/access/email";
import type { User } from "../../src/domain/shell/user";
import { isCommonPassword } from "./commonPasswords";
import { hashPassword, type ScryptCost } from "./passwords";

/** Why a new admin was not created, with the words shown to the person. */
export type NewAdminRefusal =
  | { readonly reason: "invalidName" | "invalidEmail" | "accountsExist" | "taken"; readonly message: string }
  | { readonly reason: AccountPasswordProblem; readonly message: string };

export const newAdminMessages = {
  invalidName: `Enter a name of 1 to ${accountNameMaximumLength} characters, without spaces at either end`,
  invalidEmail: "Enter a valid email address",
  accountsExist: "This server already has an administrator. Sign in instead.",
  taken: "An account with that name or email already exists",
} as const;

/** The store's part (the warehouse's `users.createAdmin`, by shape: auth does not import the warehouse). */
export interface AdminStore {
  createAdmin(
    account: { readonly username: string; readonly email: string; readonly passwordHash: string; readonly at: number },
    onlyFirst: boolean,
  ): Promise<{ readonly created: User } | { readonly refused: "accountsExist" | "taken" }>;
}

/** What the first-run screen and `npm run admin -- create-admin` are given. */
export interface NewAdminRequest {
  readonly name: string;
  readonly email: string;
  readonly password: string;
}

/** The checks both ways of creating an admin make before hashing: name, email, the password rule. */
export const newAdminProblem = (request: NewAdminRequest): NewAdminRefusal | null => {
  const name = request.name.trim();
  if (name.length === 0 || [...name].length > accountNameMaximumLength || /[\u0000-\u001f\u007f]/.test(name)) {
    return { reason: "invalidName", message: newAdminMessages.invalidName };
  }
  if (!isValidEmail(request.email.trim())) return { reason: "invalidEmail", message: newAdminMessages.invalidEmail };
  const password = accountPasswordProblem(request.password, isCommonPassword);
  return password === null ? null : { reason: password, message: accountPasswordMessages[password] };
};

/**
 * Checks, hashes and stores a new admin, with its audit line at `at`: with `onlyFirst`, only
 * while no account exists (the first-run setup; the check and the insert are one turn of the
 * warehouse's line).
 */
export const createAdmin = async (
  users: AdminStore,
  request: NewAdminRequest,
  options: { readonly onlyFirst: boolean; readonly at: number; readonly passwordCost?: ScryptCost },
): Promise<{ readonly created: User } | { readonly refused: NewAdminRefusal }> => {
  const problem = newAdminProblem(request);
  if (problem) return { refused: problem };
  const passwordHash = await hashPassword(request.password, options.passwordCost);
  const outcome = await users.createAdmin({ username: request.name.trim(), email: request.email.trim(), passwordHash, at: options.at }, options.onlyFirst);
  return "created" in outcome ? outcome : { refused: { reason: outcome.refused, message: newAdminMessages[outcome.refused] } };
};
