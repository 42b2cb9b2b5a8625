import { Either, Schema } from "effect";
import { InvitationDraft, PersonChange, type Invitation, type Person } from "../../../src/domain/people/people";
import { hasProblems, personFormProblems } from "../../../src/domain/people/peopleForm";
import { peopleAdminMachine, peopleAdminSelectors as sel, type IdCall, type SaveCall, type WorkCall } from "../../../src/machines/people/peopleAdmin.machine";
import { ClientError } from "../../../src/services/http/httpErrors";
import { acmeAdminProgram, httpErrors, quietSessionScopeListener, recordingSessionActor } from "../fixtures";
import { defineMachineModel, invariant } from "../harness";
import { scopeChanges } from "../reports/reportModels";

const admin: Person = { id: 2, name: "admin", email: "admin@example.com", role: "admin", programs: [], last_signed_in_at: 1 };
const member: Person = { id: 5, name: "dana", email: "dana@example.com", role: "member", programs: ["acme"], last_signed_in_at: null };
const invitation: Invitation = { id: 1, email: "sam@example.com", role: "member", programs: ["acme"], expires_at: 2 };
const personExists = new ClientError({ status: 409, code: "person_exists", message: "Someone with this email already has an account.", path: "/admin/people" });
const lastAdmin = new ClientError({ status: 409, code: "last_admin", message: "This is the last admin.", path: "/admin/people" });

const decodes = (schema: Schema.Schema<unknown, unknown, never>, body: unknown): boolean => Either.isRight(Schema.decodeUnknownEither(schema)(body));

/**
 * The People screen: loading (with the API context alone), failed with 'Try again', refused on a
 * 403, ready (idle, editing, saving, confirming, removing, working). Invariants: a save is sent only
 * when the API would take its body (an invitation's whole draft, a change of a listed person); an
 * admin's invitation or change never carries programs; only a listed person is asked about and
 * removed, only a listed invitation resent or revoked.
 */
export const peopleAdminModel = defineMachineModel({
  name: "peopleAdmin",
  machine: peopleAdminMachine,
  input: (rig) => ({ session: recordingSessionActor((event) => rig.record("received", "session", event)) }),
  events: {
    "session.scopeChanged": scopeChanges,
    "people.retried": [{}],
    "people.inviteAsked": [{}],
    "people.editAsked": { member: { id: 5 }, unknown: { id: 99 } },
    "people.emailChanged": { valid: { value: "new@example.com" }, invalid: { value: "nobody" } },
    "people.roleChanged": { admin: { role: "admin" }, member: { role: "member" } },
    "people.programToggled": { acme: { code: "acme" } },
    "people.formSubmitted": [{}],
    "people.formCancelled": [{}],
    "people.removeAsked": { member: { id: 5 }, unknown: { id: 99 } },
    "people.removeCancelled": [{}],
    "people.removeConfirmed": [{}],
    "people.resendAsked": { listed: { id: 1 }, unknown: { id: 7 } },
    "people.revokeAsked": { listed: { id: 1 } },
    "people.noticeDismissed": [{}],
  },
  actorOutcomes: {
    loadPeople: {
      resolves: { listed: { people: [admin, member], invitations: [invitation], programs: [acmeAdminProgram] } },
      rejects: { server: httpErrors.server, forbidden: httpErrors.forbidden },
    },
    savePerson: { resolves: { invited: { invitation: { ...invitation, id: 3, email: "new@example.com" } } }, rejects: { server: httpErrors.server, personExists } },
    removePerson: { resolves: { removed: { ok: true } }, rejects: { server: httpErrors.server, lastAdmin } },
    workOnInvitation: { resolves: { done: { ok: true } }, rejects: { server: httpErrors.server } },
  },
  provide: () => ({ actors: { sessionScopeListener: quietSessionScopeListener } }),
  observe: (c) => ({
    people: c.people.length,
    invitations: c.invitations.length,
    form:
      c.form === null
        ? null
        : `${c.form.mode}:${c.form.values.email}:${c.form.values.role}:${c.form.values.programs.join(",")}:${Object.keys(c.form.problems).join(",")}:${c.form.failure !== null}`,
    target: c.target?.id ?? null,
    work: c.work?.kind ?? null,
    notice: c.notice?.tone ?? null,
  }),
  strategies: {
    shortest: { maxPaths: 60, transitions: false },
    // Coarser for simple paths: whether a form is open and could be sent (so a valid form's submit reaches `saving`).
    simple: { observe: (c) => ({ form: c.form === null ? null : hasProblems(personFormProblems(c.form.values, c.form.mode)) }), maxPaths: 40 },
  },
  limit: 40_000,
  check: ({ before, after, newCalls }) => {
    for (const call of newCalls.filter((c) => c.kind === "actor" && c.name === "savePerson")) {
      const save = call.payload as SaveCall;
      if (save.personId === null) invariant(decodes(InvitationDraft as Schema.Schema<unknown, unknown, never>, save.body), "an invitation is sent only when the API would take it");
      else {
        invariant(decodes(PersonChange as Schema.Schema<unknown, unknown, never>, save.body), "a change is sent only when the API would take it");
        invariant(before !== undefined && sel.people(before).some((p) => p.id === save.personId), "a change is of a listed person");
      }
      if (save.body.role === "admin") invariant(save.body.programs === undefined || save.body.programs.length === 0, "an admin is given no programs");
    }
    for (const call of newCalls.filter((c) => c.kind === "actor" && c.name === "removePerson")) {
      invariant(before !== undefined && sel.people(before).some((p) => p.id === (call.payload as IdCall).id), "only a listed person is removed");
    }
    for (const call of newCalls.filter((c) => c.kind === "actor" && c.name === "workOnInvitation")) {
      invariant(before !== undefined && sel.invitations(before).some((i) => i.id === (call.payload as WorkCall).id), "only a listed invitation is resent or revoked");
    }
    const asked = sel.confirming(after);
    if (asked !== null) invariant(sel.people(after).some((p) => p.id === asked.id), "only a listed person is asked about");
  },
});
