import { Hono } from "hono";
import { Ok } from "../../src/domain/access/auth";
import { isValidEmail } from "../../src/domain/access/email";
import { isLongEnoughPassword } from "../../src/domain/access/passwordForm";
import { PasswordChange, ProfileAnswer, ProfileChange, tidyProfile } from "../../src/domain/account/accountProfile";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { throttleKey } from "../auth/policy";
import { requireSession } from "../http/access";
import { answer, okValue, refuse, refuseThrottled, refusals, type Refusal } from "../http/answers";
import type { SignedInEnv } from "../http/env";
import { readBody, requireJsonBody } from "../http/requestReading";
import type { ServerContext } from "../serverContext";

/** The refusals of the account calls, beside the shared ones (answers.ts). */
export const accountRefusals = {
  wrongCurrentPassword: { status: 400, error: "wrong_current_password", message: "The current password is not correct." },
  invalidEmail: { status: 400, error: "invalid_email", message: "The email address is not valid." },
  nameTaken: { status: 409, error: "name_taken", message: "That name is already used by another account." },
  emailTaken: { status: 409, error: "email_taken", message: "That email is already used by another account." },
} as const satisfies Record<string, Refusal>;

/**
 * The signed-in person's own account, /account/...: every call needs a session and acts on
 * the caller's account only (there is no id in a path). PATCH /account/profile,
 * POST /account/password, POST /account/sign-out-everywhere.
 */
export const accountRoutes = (context: ServerContext) => {
  const routes = new Hono<SignedInEnv>();
  const { stores, clock, log, loginFailures, loginFailuresByAddress } = context;
  routes.use("*", requireSession(context));

  // Retried with the same body it answers the same account: the caller's own name and email are never "taken".
  routes.patch("/profile", requireJsonBody, async (c) => {
    const body = await readBody(c, ProfileChange);
    if (!body.ok) return body.response;
    const change = tidyProfile(body.value);
    if (change.username === "") return refuse(c, refusals.invalidBody);
    if (!isValidEmail(change.email)) return refuse(c, accountRefusals.invalidEmail);
    const user = c.get("user");
    const outcome = await stores.users.changeProfile({ userId: user.id, ...change });
    if (outcome.kind === "nameTaken") return refuse(c, accountRefusals.nameTaken);
    if (outcome.kind === "emailTaken") return refuse(c, accountRefusals.emailTaken);
    log.info("profile changed", { userId: user.id });
    return answer(c, ProfileAnswer, { user: outcome.user });
  });

  // The current password is checked under the sign-in's throttles (per name and per address),
  // so a stolen session cannot guess it faster than the login page could. A retry of a change
  // that went through (its current password no longer matching, its new one matching) answers
  // Ok again and ends the other sessions again.
  routes.post("/password", requireJsonBody, async (c) => {
    const body = await readBody(c, PasswordChange);
    if (!body.ok) return body.response;
    const { current_password, password, confirm_password, keep_this_session } = body.value;
    if (password !== confirm_password) return refuse(c, refusals.passwordMismatch);
    if (!isLongEnoughPassword(password)) return refuse(c, refusals.passwordTooShort);
    const user = c.get("user");
    const now = clock();
    const key = throttleKey(user.username);
    const address = context.clientAddress(c);
    if (loginFailuresByAddress.isExhausted(address, now)) {
      log.warn("password change throttled by address", { address });
      return refuseThrottled(c, refusals.tooManyFailuresFromAddress, loginFailuresByAddress.retryAfterMs(address, now));
    }
    if (loginFailures.isExhausted(key, now)) {
      return refuseThrottled(c, refusals.tooManyAttempts, loginFailures.retryAfterMs(key, now));
    }
    loginFailures.record(key, now);
    loginFailuresByAddress.record(address, now);
    const credentials = await stores.users.findCredentials(user.username);
    if (!credentials || credentials.user.id !== user.id) return refuse(c, refusals.sessionInvalid);
    const currentMatches = await verifyPassword(current_password, credentials.passwordHash);
    const alreadyChanged = !currentMatches && (await verifyPassword(password, credentials.passwordHash));
    if (!currentMatches && !alreadyChanged) {
      log.info("password change refused", { userId: user.id });
      return refuse(c, accountRefusals.wrongCurrentPassword);
    }
    loginFailures.withdraw(key, now);
    loginFailuresByAddress.withdraw(address, now);
    await stores.users.changePassword({
      userId: user.id,
      passwordHash: alreadyChanged ? credentials.passwordHash : await hashPassword(password, context.passwordCost),
      keepSession: keep_this_session ? c.get("sessionDigest") : null,
    });
    log.info("password changed", { userId: user.id, keptThisSession: keep_this_session });
    return answer(c, Ok, okValue);
  });

  routes.post("/sign-out-everywhere", async (c) => {
    const user = c.get("user");
    await stores.sessions.endAllOf(user.id);
    log.info("signed out everywhere", { userId: user.id });
    return answer(c, Ok, okValue);
  });

  return routes;
};
