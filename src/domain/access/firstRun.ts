import { Schema } from "effect";
import {
  accountPasswordLengthProblem,
  accountPasswordMaximumLength,
  accountPasswordMessages,
  accountPasswordMinimumLength,
} from "./accountPassword";
import { isValidEmail } from "./email";

/**
 * GET /auth/setup: whether the server has no account yet, so the first-run screen is
 * offered, and whether it is a demo reachable from other machines (its sign-ins are known).
 */
export const SetupStatus = Schema.Struct({ needed: Schema.Boolean, exposed_demo: Schema.Boolean });
export type SetupStatus = typeof SetupStatus.Type;

/** Longest name of a new account, in characters. */
export const accountNameMaximumLength = 100;

/** POST /auth/setup: the first admin. The name is the one they sign in with. */
export const FirstAdminRequest = Schema.Struct({
  name: Schema.String.pipe(Schema.maxLength(accountNameMaximumLength)),
  email: Schema.String.pipe(Schema.maxLength(320)),
  password: Schema.String.pipe(Schema.maxLength(accountPasswordMaximumLength)),
});
export type FirstAdminRequest = typeof FirstAdminRequest.Type;

/** The first-run screen's words. */
export const firstRunTexts = {
  pageTitle: "First run",
  title: "Create the first administrator",
  intro: "This server has no accounts yet. Create the administrator who will run it; you will be signed in at once.",
  name: "Name",
  nameHint: "You sign in with this name.",
  email: "Email",
  password: "Password",
  passwordHint: `At least ${accountPasswordMinimumLength} characters, and not one of the most common passwords.`,
  confirmPassword: "Retype password",
  submit: "Create administrator",
  checking: "Checking this server…",
  checkFailed: "The server could not say whether it is set up.",
  retry: "Try again",
  alreadySetUp: "This server already has an administrator. Sign in instead.",
  toLogin: "Go to the login page",
  exposedDemo: "This demo server is reachable from other machines and has demo sign-ins: anyone who can reach it can sign in.",
  blankName: "Enter your name",
  invalidEmail: "Enter a valid email address",
  mismatch: "These passwords don't match. Please ensure both fields match.",
} as const;

/** What the first-run form sends the machine: the request and the retyped password. */
export interface FirstAdminForm {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly confirmPassword: string;
}

/**
 * The form's first problem the browser can see (name, email, the password's length, the
 * retyped password), or null when it may be sent; whether the password is a common one is
 * the server's to say.
 */
export const firstAdminFormProblem = (form: FirstAdminForm): string | null => {
  if (form.name.trim() === "" || [...form.name.trim()].length > accountNameMaximumLength) return firstRunTexts.blankName;
  if (!isValidEmail(form.email.trim())) return firstRunTexts.invalidEmail;
  const length = accountPasswordLengthProblem(form.password);
  if (length !== null) return accountPasswordMessages[length];
  return form.password === form.confirmPassword ? null : firstRunTexts.mismatch;
};
