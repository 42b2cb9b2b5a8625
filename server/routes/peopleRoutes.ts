import { Hono, type Context } from "hono";
import { LoginResponse, Ok } from "../../src/domain/access/auth";
import {
  InvitationAcceptance,
  InvitationAnswer,
  InvitationCheck,
  InvitationDraft,
  InvitationPreview,
  PeopleAnswer,
  PersonAnswer,
  PersonChange,
  type Invitation,
  type Person,
} from "../../src/domain/people/people";
import { newAdminMessages, newAdminProblem } from "../auth/newAdmin";
import { hashPassword } from "../auth/passwords";
import { invitationLinkExpiresAt, judgeResetLink } from "../auth/policy";
import { issueToken, isTokenShaped, tokenDigest } from "../auth/tokens";
import { requireAdmin, requireSession } from "../http/access";
import { auditByOf } from "../http/auditBy";
import { answer, okValue, refuse, refuseThrottled, refusals } from "../http/answers";
import type { SignedInEnv } from "../http/env";
import { readBody, requireJsonBody } from "../http/requestReading";
import { openSession } from "../http/sessionOpening";
import type { ServerContext } from "../serverContext";
import type { InvitationRecord, PersonOutcome, PersonRecord, ResetLinkRecord } from "../engine/stores";
import { programsOf } from "./authRoutes";
import { setupRefusalOf } from "./setupRoutes";

export const invitationLinkFor = (publicUrl: string, token: string, email: string): string =>
  `${publicUrl}/accept-invitation/${token}?email=${encodeURIComponent(email)}`;

/** The subject of an invitation's mail. */
export const invitationSubject = "You are invited to the attribution workspace";

/** The largest id a path may name (a larger one is no record's: 404 without a lookup). */
const largestId = 2_147_483_647;

/** The id in the path, or null when it is not a whole number any record could have. */
const idOf = (c: Context): number | null => {
  const text = c.req.param("id") ?? "";
  if (!/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= largestId ? id : null;
};

/**
 * People and access under /api/admin/people (admins only: members are refused every call with
 * 403 'You don't have access to admin resources.'): GET / everyone with an account and the open
 * invitations; POST /invitations invites an email as admin or member of some programs (mailed a
 * link to set a password: one use, 7 days; the same email again gives its open invitation these
 * and a new link); POST /invitations/{id}/resend (a new link, the old one dead); DELETE
 * /invitations/{id} (revoked, its link dead); PATCH /{id} a person's role or programs; DELETE /{id}
 * removes a person, whose sessions end at once. An admin may not make themself a member or remove
 * themself, and the last admin stays one (409).
 */
export const peopleRoutes = (context: ServerContext) => {
  const routes = new Hono<SignedInEnv>();
  const { stores, clock, log } = context;
  routes.use("*", requireSession(context), requireAdmin);

  /** The codes of programs by id, and the ids of codes (archived programs too). */
  const programNames = async () => {
    const programs = await stores.programs.everyProgram();
    return {
      codeOf: new Map(programs.map((program) => [program.id, program.code])),
      idOf: new Map(programs.map((program) => [program.code, program.id])),
    };
  };
  type ProgramNames = Awaited<ReturnType<typeof programNames>>;

  const codesOf = (names: ProgramNames, ids: ReadonlyArray<number>): Array<string> =>
    ids.flatMap((id) => {
      const code = names.codeOf.get(id);
      return code === undefined ? [] : [code];
    });

  const personWire = (names: ProgramNames, person: PersonRecord): Person => ({
    id: person.id,
    name: person.username,
    email: person.email,
    role: person.isAdmin ? "admin" : "member",
    programs: person.isAdmin ? [] : codesOf(names, person.programIds),
    last_signed_in_at: person.lastSignedInAt,
  });

  const invitationWire = (names: ProgramNames, invitation: InvitationRecord): Invitation => ({
    id: invitation.id,
    email: invitation.email,
    role: invitation.isAdmin ? "admin" : "member",
    programs: codesOf(names, invitation.programIds),
    expires_at: invitation.expiresAt,
  });

  /** The ids of the codes sent, or a 400 naming the first code that is no program's. */
  const programIdsOf = (c: Context, names: ProgramNames, codes: ReadonlyArray<string>): ReadonlyArray<number> | Response => {
    const ids: Array<number> = [];
    for (const code of codes) {
      const id = names.idOf.get(code);
      if (id === undefined) return refuse(c, refusals.invalidBody, `Invalid request body: programs: there is no program with the code ${code}`);
      ids.push(id);
    }
    return ids;
  };

  const newLink = () => {
    const token = issueToken();
    const now = clock();
    return { token, link: { tokenDigest: tokenDigest(token), issuedAt: now, expiresAt: invitationLinkExpiresAt(now) } };
  };

  const mail = (to: string, token: string, at: number): void =>
    context.outbox.send({ to, subject: invitationSubject, link: invitationLinkFor(context.publicUrl, token, to), at: new Date(at).toISOString() });

  const refusePerson = (c: Context, outcome: PersonOutcome): Response | null => {
    switch (outcome.kind) {
      case "notFound":
        return refuse(c, refusals.personNotFound);
      case "self":
        return refuse(c, refusals.ownAccount);
      case "lastAdmin":
        return refuse(c, refusals.lastAdmin);
      default:
        return null;
    }
  };

  routes.get("/", async (c) => {
    const [names, listed] = await Promise.all([programNames(), stores.people.list()]);
    return answer(c, PeopleAnswer, {
      data: {
        people: listed.people.map((person) => personWire(names, person)),
        invitations: listed.invitations.map((invitation) => invitationWire(names, invitation)),
      },
    });
  });

  routes.post("/invitations", requireJsonBody, async (c) => {
    const body = await readBody(c, InvitationDraft);
    if (!body.ok) return body.response;
    const names = await programNames();
    const isAdmin = body.value.role === "admin";
    const programIds = programIdsOf(c, names, isAdmin ? [] : body.value.programs);
    if (programIds instanceof Response) return programIds;
    const email = body.value.email.toLowerCase();
    const { token, link } = newLink();
    const outcome = await stores.people.invite({ email, isAdmin, programIds, invitedBy: c.get("user").id, link }, auditByOf(c.get("user"), link.issuedAt));
    if (outcome.kind === "personExists") return refuse(c, refusals.personExists);
    mail(email, token, link.issuedAt);
    log.info(outcome.kind === "invited" ? "person invited" : "invitation sent again", { invitationId: outcome.invitation.id });
    return answer(c, InvitationAnswer, { data: invitationWire(names, outcome.invitation) });
  });

  routes.post("/invitations/:id/resend", async (c) => {
    const id = idOf(c);
    if (id === null) return refuse(c, refusals.invitationNotFound);
    const { token, link } = newLink();
    const resent = await stores.people.resend(id, link, auditByOf(c.get("user"), link.issuedAt));
    if (!resent) return refuse(c, refusals.invitationNotFound);
    mail(resent.email, token, link.issuedAt);
    log.info("invitation sent again", { invitationId: id });
    return answer(c, InvitationAnswer, { data: invitationWire(await programNames(), resent) });
  });

  routes.delete("/invitations/:id", async (c) => {
    const id = idOf(c);
    if (id === null || !(await stores.people.revoke(id, auditByOf(c.get("user"), clock())))) return refuse(c, refusals.invitationNotFound);
    log.info("invitation revoked", { invitationId: id });
    return answer(c, Ok, okValue);
  });

  routes.patch("/:id", requireJsonBody, async (c) => {
    const id = idOf(c);
    if (id === null) return refuse(c, refusals.personNotFound);
    const body = await readBody(c, PersonChange);
    if (!body.ok) return body.response;
    const names = await programNames();
    const programIds = body.value.programs === undefined ? undefined : programIdsOf(c, names, body.value.programs);
    if (programIds instanceof Response) return programIds;
    const outcome = await stores.people.change(auditByOf(c.get("user"), clock()), id, {
      ...(body.value.role === undefined ? {} : { isAdmin: body.value.role === "admin" }),
      ...(programIds === undefined ? {} : { programIds }),
    });
    const refused = refusePerson(c, outcome);
    if (refused) return refused;
    if (outcome.kind !== "changed") throw new Error("a change answered a removal");
    log.info("person changed", { personId: id });
    return answer(c, PersonAnswer, { data: personWire(names, outcome.person) });
  });

  routes.delete("/:id", async (c) => {
    const id = idOf(c);
    if (id === null) return refuse(c, refusals.personNotFound);
    const outcome = await stores.people.remove(auditByOf(c.get("user"), clock()), id);
    const refused = refusePerson(c, outcome);
    if (refused) return refused;
    log.info("person removed", { personId: id });
    return answer(c, Ok, okValue);
  });

  return routes;
};

/**
 * POST /api/auth/invitation/validate (is the link usable: answers its email and role) and
 * POST /api/auth/invitation/accept (the name to sign in with and a password by the first
 * admin's rules: creates the person with the invitation's role and programs, uses the link up
 * and signs them in). Throttled per client address like the reset link's checks.
 */
export const invitationRoutes = (context: ServerContext) => {
  const routes = new Hono();
  const { stores, clock, log } = context;

  /** The stored link and its open invitation when the token may be used now by this email, else null. */
  const usableInvitation = async (
    token: string,
    email: string,
    now: number,
  ): Promise<{ readonly link: ResetLinkRecord; readonly invitation: InvitationRecord } | null> => {
    if (!isTokenShaped(token)) return null;
    const link = await stores.passwordResets.find(tokenDigest(token));
    if (!link || link.purpose !== "invitation" || judgeResetLink(link, email, now) !== "usable") return null;
    const invitation = await stores.people.openInvitation(link.userId);
    return invitation ? { link, invitation } : null;
  };

  /** 429 once the address has used up its link checks, else records this one and answers null. */
  const throttled = (c: Context, now: number): Response | null => {
    const limit = context.resetLinkChecksByAddress;
    const address = context.clientAddress(c);
    if (limit.isExhausted(address, now)) {
      log.warn("invitation calls throttled by address", { path: c.req.path, address });
      return refuseThrottled(c, refusals.tooManyRequests, limit.retryAfterMs(address, now));
    }
    limit.record(address, now);
    return null;
  };

  routes.post("/validate", requireJsonBody, async (c) => {
    const body = await readBody(c, InvitationCheck);
    if (!body.ok) return body.response;
    const now = clock();
    const refused = throttled(c, now);
    if (refused) return refused;
    const found = await usableInvitation(body.value.token, body.value.email, now);
    if (!found) return refuse(c, refusals.invalidInvitationLink);
    const preview: InvitationPreview = { email: found.invitation.email, role: found.invitation.isAdmin ? "admin" : "member" };
    return answer(c, InvitationPreview, preview);
  });

  routes.post("/accept", requireJsonBody, async (c) => {
    const body = await readBody(c, InvitationAcceptance);
    if (!body.ok) return body.response;
    const now = clock();
    const refused = throttled(c, now);
    if (refused) return refused;
    const found = await usableInvitation(body.value.token, body.value.email, now);
    if (!found) return refuse(c, refusals.invalidInvitationLink);
    if (body.value.password !== body.value.confirm_password) return refuse(c, refusals.passwordMismatch);
    const problem = newAdminProblem({ name: body.value.name, email: found.invitation.email, password: body.value.password });
    if (problem) return refuse(c, setupRefusalOf(problem));
    const outcome = await stores.people.accept({
      tokenDigest: found.link.tokenDigest,
      invitationId: found.invitation.id,
      username: body.value.name.trim(),
      passwordHash: await hashPassword(body.value.password, context.passwordCost),
      at: now,
    });
    if (outcome.kind === "used") return refuse(c, refusals.invalidInvitationLink);
    if (outcome.kind === "taken") return refuse(c, setupRefusalOf({ reason: "taken", message: newAdminMessages.taken }));
    log.info("invitation accepted", { userId: outcome.user.id });
    const token = await openSession(context, outcome.user.id, now);
    return answer(c, LoginResponse, { token, user: outcome.user, programs: await programsOf(context, outcome.user) });
  });

  return routes;
};
