import { Hono, type Context } from "hono";
import type { HttpBindings } from "@hono/node-server";
import { Ok, PasswordReset, PasswordResetRequest, PasswordValidateRequest } from "../../src/domain/access/auth";
import { hashPassword } from "../auth/passwords";
import { judgeResetLink, resetLinkExpiresAt, throttleKey } from "../auth/policy";
import { issueToken, isTokenShaped, tokenDigest } from "../auth/tokens";
import { answer, okValue, refuse, refusals } from "../http/answers";
import { readBody } from "../http/requestReading";
import type { ServerContext } from "../serverContext";
import type { ResetLinkRecord } from "../engine/stores";

/** The socket's address when served by @hono/node-server; "local" under app.request(). */
const clientAddress = (c: Context): string =>
  (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket?.remoteAddress ?? "local";

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
    return link && judgeResetLink(link, email, now) === "usable" ? link : null;
  };

  // The same Ok for known and unknown addresses and when throttled; known addresses get
  // a link in the outbox. Both paths draw a token and look the address up, so they take
  // about the same time.
  routes.post("/request-reset", async (c) => {
    const body = await readBody(c, PasswordResetRequest);
    if (!body.ok) return body.response;
    const now = clock();
    const email = throttleKey(body.value.email);
    const address = clientAddress(c);
    const token = issueToken();
    const digest = tokenDigest(token);
    const throttled =
      context.resetRequestsByEmail.isExhausted(email, now) || context.resetRequestsByAddress.isExhausted(address, now);
    context.resetRequestsByEmail.record(email, now);
    context.resetRequestsByAddress.record(address, now);
    const user = await stores.users.findByEmail(email);
    if (throttled) {
      log.warn("password reset request throttled", { email, address });
    } else if (user) {
      const to = user.email.toLowerCase();
      await stores.passwordResets.issue({
        tokenDigest: digest,
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
    }
    return answer(c, Ok, okValue);
  });

  routes.post("/validate", async (c) => {
    const body = await readBody(c, PasswordValidateRequest);
    if (!body.ok) return body.response;
    const link = await usableLink(body.value.token, body.value.email, clock());
    return link ? answer(c, Ok, okValue) : refuse(c, refusals.invalidResetLink);
  });

  // Sets the new password, uses the link up and ends every session of the user.
  routes.post("/reset", async (c) => {
    const body = await readBody(c, PasswordReset);
    if (!body.ok) return body.response;
    if (body.value.password !== body.value.confirm_password) return refuse(c, refusals.passwordMismatch);
    const now = clock();
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
