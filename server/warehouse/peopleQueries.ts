import type { User } from "../../src/domain/shell/user";
import type { AccessMemo } from "./accessMemo";
import { audit, type AuditBy } from "./auditQueries";
import { nextId } from "./sql/records";
import { nullableNumberOf, numberOf, Placeholders, textOf, type Row, type StatementLine, type Statements } from "./statements";
import type { InvitationLink, InvitationRecord, PeopleQueries, PersonOutcome, PersonRecord } from "./warehouse";

/**
 * People and their invitations (the admins' People screen, server/routes/peopleRoutes.ts): the
 * same standard SQL on DuckDB and ClickHouse. An invitation's links are rows of
 * `password_resets` with purpose 'invitation' and the invitation's id in `user_id`: the one
 * token mechanism of the reset (server/auth/tokens.ts), one use, a newer link voiding the older.
 * A change of a person's role or programs, or their removal, forgets what the access memo
 * holds of them (their sessions' user, their memberships), so their next call reads it anew.
 */
export const peopleQueries = (line: StatementLine, memo: AccessMemo): PeopleQueries => {
  const whileChangingPerson = <T>(userId: number, write: () => Promise<T>): Promise<T> =>
    memo.whileEnding({ userId }, () => memo.whileChangingMembers(userId, write));

  return {
    list: () =>
      line.exclusive(async (sql) => {
        const members = await sql.rows("SELECT user_id, program_id FROM program_members ORDER BY user_id, program_id");
        const programsOf = new Map<number, Array<number>>();
        for (const row of members) {
          const userId = numberOf(row["user_id"]);
          programsOf.set(userId, [...(programsOf.get(userId) ?? []), numberOf(row["program_id"])]);
        }
        const people = (await sql.rows(`SELECT ${personColumns} FROM users ORDER BY id`)).map((row) =>
          personFrom(row, programsOf.get(numberOf(row["id"])) ?? []),
        );
        const invitations = (await sql.rows(`SELECT ${invitationColumns} FROM invitations WHERE ended_at IS NULL ORDER BY id`)).map(
          invitationFrom,
        );
        return { people, invitations };
      }),

    invite: (invitation, by) =>
      line.transaction(async (sql) => {
        const people = await sql.rows("SELECT count(*) AS n FROM users WHERE lower(email) = $1", [invitation.email]);
        if (numberOf(people[0]?.["n"] ?? 0) > 0) return { kind: "personExists" } as const;
        const open = await sql.rows("SELECT id FROM invitations WHERE email = $1 AND ended_at IS NULL ORDER BY id LIMIT 1", [
          invitation.email,
        ]);
        const openId = open[0] ? numberOf(open[0]["id"]) : null;
        const programIds = idsText(invitation.programIds);
        if (openId === null) {
          const id = await nextId(sql, "invitations");
          await sql.run(
            `INSERT INTO invitations (id, email, is_admin, program_ids, invited_by, invited_at, expires_at, ended_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, NULL)`,
            [id, invitation.email, invitation.isAdmin, programIds, invitation.invitedBy, invitation.link.issuedAt, invitation.link.expiresAt],
          );
          await issueLink(sql, id, invitation.email, invitation.link);
          const invited = await invitationById(sql, id);
          await auditInvitation(sql, by, "created", null, invited);
          return { kind: "invited", invitation: invited } as const;
        }
        const before = await invitationById(sql, openId);
        await sql.run("UPDATE invitations SET is_admin = $2, program_ids = $3 WHERE id = $1", [openId, invitation.isAdmin, programIds]);
        await issueLink(sql, openId, invitation.email, invitation.link);
        const resent = await invitationById(sql, openId);
        await auditInvitation(sql, by, "resent", before, resent);
        return { kind: "resent", invitation: resent } as const;
      }),

    resend: (invitationId, link, by) =>
      line.transaction(async (sql) => {
        const open = await openInvitationIn(sql, invitationId);
        if (!open) return null;
        await issueLink(sql, invitationId, open.email, link);
        const resent = await invitationById(sql, invitationId);
        await auditInvitation(sql, by, "resent", open, resent);
        return resent;
      }),

    revoke: (invitationId, by) =>
      line.transaction(async (sql) => {
        const open = await openInvitationIn(sql, invitationId);
        if (!open) return false;
        await sql.run("UPDATE invitations SET ended_at = $2 WHERE id = $1", [invitationId, by.at]);
        await useUpLinks(sql, invitationId, by.at);
        await auditInvitation(sql, by, "revoked", open, null);
        return true;
      }),

    openInvitation: (invitationId) => line.exclusive((sql) => openInvitationIn(sql, invitationId)),

    accept: (acceptance) =>
      line.transaction(async (sql) => {
        const links = await sql.rows(
          `SELECT count(*) AS n FROM password_resets
           WHERE token_digest = $1 AND user_id = $2 AND purpose = 'invitation' AND used_at IS NULL`,
          [acceptance.tokenDigest, acceptance.invitationId],
        );
        const invitation = await openInvitationIn(sql, acceptance.invitationId);
        if (numberOf(links[0]?.["n"] ?? 0) === 0 || !invitation) return { kind: "used" } as const;
        const username = acceptance.username.toLowerCase();
        const taken = await sql.rows("SELECT count(*) AS n FROM users WHERE username = $1 OR lower(email) = $2", [username, invitation.email]);
        if (numberOf(taken[0]?.["n"] ?? 0) > 0) return { kind: "taken" } as const;
        const user: User = { id: await nextId(sql, "users"), username, email: invitation.email, is_admin: invitation.isAdmin };
        await sql.run("INSERT INTO users (id, username, email, password_hash, is_admin) VALUES ($1, $2, $3, $4, $5)", [
          user.id,
          user.username,
          user.email,
          acceptance.passwordHash,
          user.is_admin,
        ]);
        await setMemberships(sql, user.id, await existingPrograms(sql, invitation.programIds));
        await sql.run("UPDATE invitations SET ended_at = $2 WHERE id = $1", [invitation.id, acceptance.at]);
        await useUpLinks(sql, invitation.id, acceptance.at);
        const accepted = await personById(sql, user.id);
        // One line, the new person's own: the invitation before, the person it made after.
        await audit(sql, {
          by: { userId: user.id, userName: user.username, at: acceptance.at },
          kind: "invitation",
          programId: null,
          object: invitation.id,
          action: "accepted",
          before: await withProgramCodes(sql, invitationState(invitation)),
          after: accepted && (await withProgramCodes(sql, personState(accepted))),
        });
        return { kind: "accepted", user } as const;
      }),

    change: (by, personId, change) =>
      whileChangingPerson(personId, () =>
        line.transaction(async (sql): Promise<PersonOutcome> => {
          const person = await personById(sql, personId);
          if (!person) return { kind: "notFound" };
          const demoted = person.isAdmin && change.isAdmin === false;
          if (demoted && personId === by.userId) return { kind: "self" };
          if (demoted && (await adminCount(sql)) <= 1) return { kind: "lastAdmin" };
          if (change.isAdmin !== undefined && change.isAdmin !== person.isAdmin)
            await sql.run("UPDATE users SET is_admin = $2 WHERE id = $1", [personId, change.isAdmin]);
          if (change.programIds !== undefined) await setMemberships(sql, personId, await existingPrograms(sql, change.programIds));
          const changed = await personById(sql, personId);
          if (!changed) throw new Error("the person changed is gone");
          // A change of role is a "role" line; of programs alone a "person" line; the same values again none.
          if (JSON.stringify(personState(person)) !== JSON.stringify(personState(changed)))
            await auditPerson(sql, by, person.isAdmin !== changed.isAdmin ? "role" : "person", "changed", person, changed);
          return { kind: "changed", person: changed };
        }),
      ),

    remove: (by, personId) =>
      whileChangingPerson(personId, () =>
        line.transaction(async (sql): Promise<PersonOutcome> => {
          const person = await personById(sql, personId);
          if (!person) return { kind: "notFound" };
          if (personId === by.userId) return { kind: "self" };
          if (person.isAdmin && (await adminCount(sql)) <= 1) return { kind: "lastAdmin" };
          await sql.run("DELETE FROM sessions WHERE user_id = $1", [personId]);
          await sql.run("DELETE FROM program_members WHERE user_id = $1", [personId]);
          await sql.run("DELETE FROM password_resets WHERE user_id = $1 AND purpose = 'reset'", [personId]);
          await sql.run("DELETE FROM users WHERE id = $1", [personId]);
          // The id stays drawn, so a later account never takes over what points at this one.
          await sql.run("INSERT INTO id_draws (table_name, id) VALUES ('users', $1)", [personId]);
          await auditPerson(sql, by, "person", "removed", person, null);
          return { kind: "removed" };
        }),
      ),
  };
};

const personColumns = "id, username, email, is_admin, last_signed_in_at";
const invitationColumns = "id, email, is_admin, program_ids, invited_at, expires_at";

const idsText = (ids: ReadonlyArray<number>): string => [...new Set(ids)].sort((a, b) => a - b).join(",");
const idsOf = (text: string): ReadonlyArray<number> => (text === "" ? [] : text.split(",").map(Number));

const personFrom = (row: Row, programIds: ReadonlyArray<number>): PersonRecord => ({
  id: numberOf(row["id"]),
  username: textOf(row["username"]),
  email: textOf(row["email"]),
  isAdmin: row["is_admin"] === true,
  programIds,
  lastSignedInAt: nullableNumberOf(row["last_signed_in_at"]),
});

const invitationFrom = (row: Row): InvitationRecord => ({
  id: numberOf(row["id"]),
  email: textOf(row["email"]),
  isAdmin: row["is_admin"] === true,
  programIds: idsOf(textOf(row["program_ids"])),
  invitedAt: numberOf(row["invited_at"]),
  expiresAt: numberOf(row["expires_at"]),
});

const personById = async (sql: Statements, id: number): Promise<PersonRecord | null> => {
  const row = (await sql.rows(`SELECT ${personColumns} FROM users WHERE id = $1`, [id]))[0];
  if (!row) return null;
  const programs = await sql.rows("SELECT program_id FROM program_members WHERE user_id = $1 ORDER BY program_id", [id]);
  return personFrom(
    row,
    programs.map((program) => numberOf(program["program_id"])),
  );
};

const openInvitationIn = async (sql: Statements, id: number): Promise<InvitationRecord | null> => {
  const row = (await sql.rows(`SELECT ${invitationColumns} FROM invitations WHERE id = $1 AND ended_at IS NULL`, [id]))[0];
  return row ? invitationFrom(row) : null;
};

const invitationById = async (sql: Statements, id: number): Promise<InvitationRecord> => {
  const row = (await sql.rows(`SELECT ${invitationColumns} FROM invitations WHERE id = $1`, [id]))[0];
  if (!row) throw new Error("the invitation written is gone");
  return invitationFrom(row);
};

const adminCount = async (sql: Statements): Promise<number> =>
  numberOf((await sql.rows("SELECT count(*) AS n FROM users WHERE is_admin = true"))[0]?.["n"] ?? 0);

/** The ids of these that are programs (one deleted meanwhile is left out). */
const existingPrograms = async (sql: Statements, ids: ReadonlyArray<number>): Promise<ReadonlyArray<number>> => {
  if (ids.length === 0) return [];
  const known = new Set((await sql.rows("SELECT id FROM programs ORDER BY id")).map((row) => numberOf(row["id"])));
  return ids.filter((id) => known.has(id));
};

const setMemberships = async (sql: Statements, userId: number, programIds: ReadonlyArray<number>): Promise<void> => {
  await sql.run("DELETE FROM program_members WHERE user_id = $1", [userId]);
  for (const programId of new Set(programIds))
    await sql.run("INSERT INTO program_members (program_id, user_id) VALUES ($1, $2)", [programId, userId]);
};

const useUpLinks = (sql: Statements, invitationId: number, at: number): Promise<void> =>
  sql.run("UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND purpose = 'invitation' AND used_at IS NULL", [invitationId, at]);

/** The invitation's new link (its older ones used up) and its expiry on the invitation. */
const issueLink = async (sql: Statements, invitationId: number, email: string, link: InvitationLink): Promise<void> => {
  await useUpLinks(sql, invitationId, link.issuedAt);
  await sql.run(
    `INSERT INTO password_resets (token_digest, user_id, email, issued_at, expires_at, used_at, purpose)
     VALUES ($1, $2, $3, $4, $5, NULL, 'invitation')`,
    [link.tokenDigest, invitationId, email, link.issuedAt, link.expiresAt],
  );
  await sql.run("UPDATE invitations SET expires_at = $2 WHERE id = $1", [invitationId, link.expiresAt]);
};

/** What the audit trail keeps of a person (never their password's hash) and of an invitation (never its link). */
/** What the audit trail keeps of a person. */
export const personState = (person: Pick<PersonRecord, "username" | "email" | "isAdmin" | "programIds">) => ({
  name: person.username,
  email: person.email,
  role: person.isAdmin ? "admin" : "member",
  program_ids: person.isAdmin ? [] : person.programIds,
});

const invitationState = (invitation: InvitationRecord) => ({
  email: invitation.email,
  role: invitation.isAdmin ? "admin" : "member",
  program_ids: invitation.programIds,
  expires_at: invitation.expiresAt,
});

/**
 * The state with the codes of its programs beside their ids (`programs`, in the ids' order), so a
 * reader sees which programs without looking the ids up; an id no program has any more is left out.
 */
const withProgramCodes = async <S extends { readonly program_ids: ReadonlyArray<number> }>(sql: Statements, state: S): Promise<S & { readonly programs: ReadonlyArray<string> }> => {
  if (state.program_ids.length === 0) return { ...state, programs: [] };
  const values = new Placeholders();
  const rows = await sql.rows(`SELECT id, code FROM programs WHERE id IN (${state.program_ids.map((id) => values.add(id)).join(", ")})`, values.values);
  const codes = new Map(rows.map((row) => [numberOf(row["id"]), textOf(row["code"])]));
  return { ...state, programs: state.program_ids.flatMap((id) => codes.get(id) ?? []) };
};

const auditPerson = async (
  sql: Statements,
  by: AuditBy,
  kind: "person" | "role",
  action: "changed" | "removed",
  before: PersonRecord | null,
  after: PersonRecord | null,
) =>
  audit(sql, {
    by,
    kind,
    programId: null,
    object: (after ?? before)?.id ?? 0,
    action,
    before: before && (await withProgramCodes(sql, personState(before))),
    after: after && (await withProgramCodes(sql, personState(after))),
  });

const auditInvitation = async (
  sql: Statements,
  by: AuditBy,
  action: "created" | "resent" | "revoked",
  before: InvitationRecord | null,
  after: InvitationRecord | null,
) =>
  audit(sql, {
    by,
    kind: "invitation",
    programId: null,
    object: (after ?? before)?.id ?? 0,
    action,
    before: before && (await withProgramCodes(sql, invitationState(before))),
    after: after && (await withProgramCodes(sql, invitationState(after))),
  });
