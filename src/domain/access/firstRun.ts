import { Schema } from "effect";
import { accountPasswordMaximumLength } from "./accountPassword";

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
