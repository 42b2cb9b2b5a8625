import { Hono } from "hono";
import { LoginRequest, LoginResponse, MeResponse, Ok } from "../../src/domain/access/auth";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { throttleKey } from "../auth/policy";
import { issueToken, tokenDigest } from "../auth/tokens";
import { requireSession } from "../http/access";
import { answer, okValue, refuse, refuseThrottled, refusals } from "../http/answers";
import type { SignedInEnv } from "../http/env";
import { readBody, requireJsonBody } from "../http/requestReading";
import { openSession } from "../http/sessionOpening";
import type { ServerContext } from "../serverContext";

/** The programs a user may open: every program for an admin, else their memberships. */
export const programsOf = (context: ServerContext, user: { id: number; is_admin: boolean }) =>
  user.is_admin ? context.stores.programs.all() : context.stores.programs.ofMember(user.id);

/** POST /auth/login, POST /auth/logout, GET /auth/me. */
export const authRoutes = (context: ServerContext) => {
  const routes = new Hono<SignedInEnv>();
  const { stores, clock, loginFailures, loginFailuresByAddress } = context;
  // Checked against when the username is unknown, so both cases cost one scrypt.
  const decoyHash = hashPassword(issueToken(), context.passwordCost);

  routes.post("/login", requireJsonBody, async (c) => {
    const body = await readBody(c, LoginRequest);
    if (!body.ok) return body.response;
    const now = clock();
    const key = throttleKey(body.value.username);
    const address = context.clientAddress(c);
    if (loginFailuresByAddress.isExhausted(address, now)) {
      context.log.warn("login throttled by address", { address });
      return refuseThrottled(c, refusals.tooManyFailuresFromAddress, loginFailuresByAddress.retryAfterMs(address, now));
    }
    if (loginFailures.isExhausted(key, now)) {
      return refuseThrottled(c, refusals.tooManyAttempts, loginFailures.retryAfterMs(key, now));
    }
    // Counted as a failure until proven otherwise, so parallel guesses are counted too.
    loginFailures.record(key, now);
    loginFailuresByAddress.record(address, now);
    const credentials = await stores.users.findCredentials(key);
    const matches = await verifyPassword(body.value.password, credentials?.passwordHash ?? (await decoyHash));
    if (!credentials || !matches) {
      // Never the name typed: it is sometimes a password typed into the wrong box. A short digest still ties repeats together.
      context.log.info("login refused", { usernameDigest: tokenDigest(key).slice(0, 12) });
      return refuse(c, refusals.invalidCredentials);
    }
    loginFailures.withdraw(key, now);
    loginFailuresByAddress.withdraw(address, now);
    const token = await openSession(context, credentials.user.id, now);
    return answer(c, LoginResponse, { token, user: credentials.user, programs: await programsOf(context, credentials.user) });
  });

  routes.post("/logout", requireSession(context), async (c) => {
    await stores.sessions.end(c.get("sessionDigest"));
    return answer(c, Ok, okValue);
  });

  routes.get("/me", requireSession(context), async (c) => {
    const user = c.get("user");
    return answer(c, MeResponse, { user, programs: await programsOf(context, user) });
  });

  return routes;
};
