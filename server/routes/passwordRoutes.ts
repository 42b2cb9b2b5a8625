import { Hono, type Context } from "hono";
import { Ok, PasswordReset, PasswordResetRequest, PasswordValidateRequest } from "../../src/domain/access/auth";
import { hashPassword } from "../auth/passwords";
import { judgeResetLink, resetLinkExpiresAt, throttleKey } from "../auth/policy";
import { issueToken, isTokenShaped, tokenDigest } from "../auth/tokens";
import { recipientDomainOf } from "../outbox/outbox";
import { isLongEnoughPassword } from "../../src/domain/access/passwordForm";
import { answer, okValue, refuse, refuseThrottled, refusals } from "../http/answers";
import { readBody } from "../http/requestReading";
import type { SlidingWindowLimit } from "../auth/throttle";
import type { ServerContext } from "../serverContext";
import type { ResetLinkRecord } from "../engine/stores";

export const resetLinkFor = (publicUrl: string, token: string, email: string): string =>
  `${publicUrl}/reset-password/${token}?email=${encodeURIComponent(email)}`;

/** POST /auth/password/request-reset, /auth/password/validate, /auth/password/reset. */
export const passwordRoutes = (context: ServerContext) => {
  const routes = new Hono();
  const { stores, clock, log } = context;

  /** The stored link for a token and email when it may be used now, else null. */
  const usableLink = async (token: string, email: string, now: number): Promise<ResetLinkRecord | null> => {
    if (!isTokenShaped(token)) return null;
    const link = await stores.passwordResets.find(tokenDigest(token));
    return link && link.purpose === "reset" && judgeResetLink(link, email, now) === "usable" ? link : null;
  };

  /**
   * 429 once `limit` holds its limit of this client address's requests, else records this
   * one and answers null (go on).
   */
  const throttledByAddress = (c: Context, limit: SlidingWindowLimit, now: number): Response | null => {
    const address = context.clientAddress(c);
    if (limit.isExhausted(address, now)) {
      log.warn("password calls throttled by address", { path: c.req.path, address });
      return refuseThrottled(c, refusals.tooManyRequests, limit.retryAfterMs(address, now));
    }
    limit.record(address, now);
    return null;
  };

  /** Looks the address up and, for a known one, issues a link (voiding older ones) and writes the mail. */
  const sendResetLink = async (email: string, now: number): Promise<void> => {
    const user = await stores.users.findByEmail(email);
    if (!user) return;
    const to = user.email.toLowerCase();
    const token = issueToken();
    await stores.passwordResets.issue({
      tokenDigest: tokenDigest(token),
      userId: user.id,
      email: to,
      issuedAt: now,
      expiresAt: resetLinkExpiresAt(now),
    });
    context.outbox.send({
      to,
      subject: "Reset your password",
      link: resetLinkFor(context.publicUrl, token, to),
      at: new Date(now).toISOString(),
    });
  };

  // The same Ok for known and unknown addresses and when the email is throttled: the
  // answer does the same work for both (read, throttle, queue) and the lookup, the link
  // and the mail happen after it, so its timing tells nothing about the address.
  routes.post("/request-reset", async (c) => {
    const body = await readBody(c, PasswordResetRequest);
    if (!body.ok) return body.response;
    const now = clock();
    const throttled = throttledByAddress(c, context.resetRequestsByAddress, now);
    if (throttled) return throttled;
    const email = throttleKey(body.value.email);
    if (context.resetRequestsByEmail.isExhausted(email, now)) {
      log.warn("password reset request throttled", { emailDomain: recipientDomainOf(email) });
    } else {
      context.background.queue("password reset mail", () => sendResetLink(email, now));
    }
    context.resetRequestsByEmail.record(email, now);
    return answer(c, Ok, okValue);
  });

  routes.post("/validate", async (c) => {
    const body = await readBody(c, PasswordValidateRequest);
    if (!body.ok) return body.response;
    const now = clock();
    const throttled = throttledByAddress(c, context.resetLinkChecksByAddress, now);
    if (throttled) return throttled;
    const link = await usableLink(body.value.token, body.value.email, now);
    return link ? answer(c, Ok, okValue) : refuse(c, refusals.invalidResetLink);
  });

  // Sets the new password (at least 8 characters), uses the link up and ends every session of the user.
  routes.post("/reset", async (c) => {
    const body = await readBody(c, PasswordReset);
    if (!body.ok) return body.response;
    const now = clock();
    const throttled = throttledByAddress(c, context.resetLinkChecksByAddress, now);
    if (throttled) return throttled;
    if (body.value.password !== body.value.confirm_password) return refuse(c, refusals.passwordMismatch);
    if (!isLongEnoughPassword(body.value.password)) return refuse(c, refusals.passwordTooShort);
    const link = await usableLink(body.value.token, body.value.email, now);
    if (!link) return refuse(c, refusals.invalidResetLink);
    const redeemed = await stores.passwordResets.redeem({
      tokenDigest: link.tokenDigest,
      userId: link.userId,
      passwordHash: await hashPassword(body.value.password, context.passwordCost),
      at: now,
    });
    if (!redeemed) return refuse(c, refusals.invalidResetLink);
    log.info("password reset", { userId: link.userId });
    return answer(c, Ok, okValue);
  });

  return routes;
};
