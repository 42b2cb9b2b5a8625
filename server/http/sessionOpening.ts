import { sessionExpiresAt } from "../auth/policy";
import { issueToken, tokenDigest } from "../auth/tokens";
import type { ServerContext } from "../serverContext";

/** Opens a session for a user who has just proved who they are (sign-in, first-run setup); answers its bearer token. */
export const openSession = async (context: ServerContext, userId: number, now: number): Promise<string> => {
  const token = issueToken();
  await context.stores.sessions.purgeExpired(now);
  await context.stores.sessions.open({ tokenDigest: tokenDigest(token), userId, openedAt: now, expiresAt: sessionExpiresAt(now) });
  return token;
};
