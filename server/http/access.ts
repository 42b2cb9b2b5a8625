import { createMiddleware } from "hono/factory";
import { isTokenShaped, tokenDigest } from "../auth/tokens";
import type { ServerContext } from "../serverContext";
import { refuse, refusals } from "./answers";
import type { ProgramEnv, SignedInEnv } from "./env";

const bearerPattern = /^Bearer\s+(\S+)\s*$/i;

/** The bearer token of a request, or null when there is none. */
export const bearerToken = (authorization: string | undefined): string | null =>
  (authorization && bearerPattern.exec(authorization)?.[1]) || null;

/** 401 without a valid, unexpired session; otherwise sets `user` and `sessionDigest`. */
export const requireSession = (context: ServerContext) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const token = bearerToken(c.req.header("Authorization"));
    if (token === null) return refuse(c, refusals.signInRequired);
    if (!isTokenShaped(token)) return refuse(c, refusals.sessionInvalid);
    const digest = tokenDigest(token);
    const user = await context.stores.sessions.findUser(digest, context.clock());
    if (!user) return refuse(c, refusals.sessionInvalid);
    c.set("user", user);
    c.set("sessionDigest", digest);
    await next();
  });

/**
 * The one membership check of every /programs/{program}/... route (after
 * `requireSession`): members and admins pass with `program` set. A non-admin gets 403
 * both for a program they do not belong to and for an unknown code, so codes cannot be
 * probed; an admin (who may see every program) gets 404 for an unknown code. An archived
 * program answers its admins and members 410 'This program is archived.'.
 */
export const requireProgramAccess = (context: ServerContext) =>
  createMiddleware<ProgramEnv>(async (c, next) => {
    const user = c.get("user");
    const code = c.req.param("program") ?? "";
    const program = code.length > 0 && code.length <= 200 ? await context.stores.programs.findByCode(code) : null;
    if (user.is_admin) {
      if (!program) return refuse(c, refusals.programNotFound);
    } else if (!program || !(await context.stores.programs.isMember(user.id, program.id))) {
      return refuse(c, refusals.programForbidden);
    }
    if (program.archived) return refuse(c, refusals.programArchived);
    c.set("program", program);
    await next();
  });

/** 403 for anyone but an admin (after `requireSession`). */
export const requireAdmin = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.get("user").is_admin) return refuse(c, refusals.adminOnly);
  await next();
});
