import { createActor, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import type { Ok } from "../../../src/domain/access/auth";
import type { Invitation, Person } from "../../../src/domain/people/people";
import {
  peopleAdminMachine,
  peopleAdminSelectors as sel,
  type ApiOnly,
  type IdCall,
  type SaveAnswer,
  type SaveCall,
  type WorkCall,
} from "../../../src/machines/people/peopleAdmin.machine";
import { ClientError } from "../../../src/services/http/httpErrors";
import type { PeopleScreenData } from "../../../src/services/people/people";
import { acmeAdminProgram, httpErrors, quietSessionScopeListener, recordingSessionActor, scopeOf, signedInApi } from "../../model/fixtures";
import { controlled } from "../support";

const admin: Person = { id: 2, name: "admin", email: "admin@example.com", role: "admin", programs: [], last_signed_in_at: 1_750_000_000_000 };
const member: Person = { id: 5, name: "dana", email: "dana@example.com", role: "member", programs: ["acme"], last_signed_in_at: null };
const invitation: Invitation = { id: 1, email: "sam@example.com", role: "member", programs: ["acme"], expires_at: 1_750_604_800_000 };
const beta = { ...acmeAdminProgram, id: 2, code: "beta", name: "Beta" };
const data: PeopleScreenData = { people: [admin, member], invitations: [invitation], programs: [acmeAdminProgram, beta] };

const conflict = (code: string, message: string) => new ClientError({ status: 409, code, message, path: "/admin/people" });

const setup = () => {
  const toasts: EventObject[] = [];
  const loadPeople = controlled<PeopleScreenData, ApiOnly>();
  const savePerson = controlled<SaveAnswer, SaveCall>();
  const removePerson = controlled<Ok, IdCall>();
  const workOnInvitation = controlled<SaveAnswer | Ok, WorkCall>();
  let wentHome = 0;
  const actor = createActor(
    peopleAdminMachine.provide({
      actors: {
        sessionScopeListener: quietSessionScopeListener,
        loadPeople: loadPeople.logic,
        savePerson: savePerson.logic,
        removePerson: removePerson.logic,
        workOnInvitation: workOnInvitation.logic,
      },
      actions: { goHome: () => void wentHome++ },
    }),
    { input: { session: recordingSessionActor(() => undefined), toasts: { send: (e: EventObject) => toasts.push(e) } as never } },
  ).start();
  return { actor, toasts, loadPeople, savePerson, removePerson, workOnInvitation, wentHome: () => wentHome };
};

const ready = async () => {
  const t = setup();
  await t.loadPeople.resolve(data);
  return t;
};

describe("peopleAdmin machine", () => {
  it("loads the people, the invitations and the programs with the session's API context; says a failure and retries", async () => {
    const t = setup();
    expect(sel.status(t.actor.getSnapshot())).toBe("loading");
    expect(t.loadPeople.calls).toEqual([{ api: signedInApi }]);
    await t.loadPeople.reject(httpErrors.server);
    expect(sel.status(t.actor.getSnapshot())).toBe("failed");
    t.actor.send({ type: "people.retried" });
    await t.loadPeople.resolve(data);
    expect(sel.people(t.actor.getSnapshot())).toEqual([admin, member]);
    expect(sel.invitations(t.actor.getSnapshot())).toEqual([invitation]);
    expect(sel.programs(t.actor.getSnapshot())).toEqual([acmeAdminProgram, beta]);
  });

  it("ends with the admin refusal on a 403", async () => {
    const t = setup();
    await t.loadPeople.reject(httpErrors.forbidden);
    expect(t.actor.getSnapshot().status).toBe("done");
    expect(t.toasts).toEqual([{ type: "toast.shown", text: "You don't have access to admin resources", kind: "error" }]);
    expect(t.wentHome()).toBe(1);
  });

  it("checks an invitation with the API's rules before sending; a member's programs are sent, an admin's are not", async () => {
    const t = await ready();
    t.actor.send({ type: "people.inviteAsked" });
    t.actor.send({ type: "people.formSubmitted" });
    expect(sel.form(t.actor.getSnapshot())?.problems).toEqual({ email: "Enter a valid email address" });
    expect(t.savePerson.calls).toEqual([]);
    t.actor.send({ type: "people.emailChanged", value: "new@example.com" });
    expect(sel.form(t.actor.getSnapshot())?.problems).toEqual({});
    t.actor.send({ type: "people.programToggled", code: "beta" });
    t.actor.send({ type: "people.programToggled", code: "acme" });
    t.actor.send({ type: "people.programToggled", code: "beta" });
    t.actor.send({ type: "people.formSubmitted" });
    expect(t.savePerson.calls).toEqual([{ api: signedInApi, personId: null, body: { email: "new@example.com", role: "member", programs: ["acme"] } }]);
    const sent: Invitation = { id: 2, email: "new@example.com", role: "member", programs: ["acme"], expires_at: 1 };
    await t.savePerson.resolve({ invitation: sent });
    expect(sel.invitations(t.actor.getSnapshot())).toEqual([invitation, sent]);
    expect(sel.notice(t.actor.getSnapshot())).toEqual({ tone: "success", text: "An invitation was sent to new@example.com." });

    t.actor.send({ type: "people.inviteAsked" });
    t.actor.send({ type: "people.emailChanged", value: "boss@example.com" });
    t.actor.send({ type: "people.programToggled", code: "acme" });
    t.actor.send({ type: "people.roleChanged", role: "admin" });
    t.actor.send({ type: "people.formSubmitted" });
    expect(t.savePerson.calls[1]).toEqual({ api: signedInApi, personId: null, body: { email: "boss@example.com", role: "admin", programs: [] } });
  });

  it.each([
    ["an email someone has (409)", conflict("person_exists", "Someone with this email already has an account."), { email: "Someone with this email already has an account." }, null],
    ["a server failure", httpErrors.server, {}, "This could not be saved. Try again."],
  ] as const)("keeps the invitation open on %s, saying why", async (_, error, problems, failure) => {
    const t = await ready();
    t.actor.send({ type: "people.inviteAsked" });
    t.actor.send({ type: "people.emailChanged", value: "dana@example.com" });
    t.actor.send({ type: "people.formSubmitted" });
    await t.savePerson.reject(error);
    expect(sel.form(t.actor.getSnapshot())).toMatchObject({ problems, failure, values: { email: "dana@example.com" } });
  });

  it("edits a person's role and programs; the server's refusal (own account, last admin) is shown in its words", async () => {
    const t = await ready();
    t.actor.send({ type: "people.editAsked", id: 5 });
    expect(sel.form(t.actor.getSnapshot())?.values).toEqual({ email: "dana@example.com", role: "member", programs: ["acme"] });
    t.actor.send({ type: "people.programToggled", code: "beta" });
    t.actor.send({ type: "people.formSubmitted" });
    expect(t.savePerson.calls).toEqual([{ api: signedInApi, personId: 5, body: { role: "member", programs: ["acme", "beta"] } }]);
    await t.savePerson.resolve({ person: { ...member, programs: ["acme", "beta"] } });
    expect(sel.people(t.actor.getSnapshot())[1]?.programs).toEqual(["acme", "beta"]);
    expect(sel.notice(t.actor.getSnapshot())?.text).toBe("dana was saved.");

    t.actor.send({ type: "people.editAsked", id: 2 });
    t.actor.send({ type: "people.roleChanged", role: "member" });
    t.actor.send({ type: "people.formSubmitted" });
    const words = "You cannot make yourself a member or remove yourself. Ask another admin.";
    await t.savePerson.reject(conflict("own_account", words));
    expect(sel.form(t.actor.getSnapshot())?.failure).toBe(words);
    t.actor.send({ type: "people.formCancelled" });
    expect(sel.form(t.actor.getSnapshot())).toBeNull();
    t.actor.send({ type: "people.editAsked", id: 99 });
    expect(sel.form(t.actor.getSnapshot())).toBeNull();
  });

  it("removes a listed person after the question; a refusal is said in the server's words", async () => {
    const t = await ready();
    t.actor.send({ type: "people.removeAsked", id: 99 });
    expect(sel.confirming(t.actor.getSnapshot())).toBeNull();
    t.actor.send({ type: "people.removeAsked", id: 5 });
    expect(sel.confirming(t.actor.getSnapshot())).toEqual(member);
    t.actor.send({ type: "people.removeCancelled" });
    expect(t.removePerson.calls).toEqual([]);
    t.actor.send({ type: "people.removeAsked", id: 5 });
    t.actor.send({ type: "people.removeConfirmed" });
    expect(sel.isRemoving(t.actor.getSnapshot())).toBe(true);
    expect(t.removePerson.calls).toEqual([{ api: signedInApi, id: 5 }]);
    await t.removePerson.resolve({ ok: true });
    expect(sel.people(t.actor.getSnapshot())).toEqual([admin]);
    expect(sel.notice(t.actor.getSnapshot())?.text).toBe("dana was removed.");

    t.actor.send({ type: "people.removeAsked", id: 2 });
    t.actor.send({ type: "people.removeConfirmed" });
    await t.removePerson.reject(conflict("last_admin", "This is the last admin. Make someone else an admin first."));
    expect(sel.notice(t.actor.getSnapshot())).toEqual({ tone: "failure", text: "This is the last admin. Make someone else an admin first." });
    expect(sel.people(t.actor.getSnapshot())).toEqual([admin]);
  });

  it("resends an invitation (its new expiry kept) and revokes one (gone from the list)", async () => {
    const t = await ready();
    t.actor.send({ type: "people.resendAsked", id: 1 });
    expect(t.workOnInvitation.calls).toEqual([{ api: signedInApi, id: 1, kind: "resend" }]);
    await t.workOnInvitation.resolve({ invitation: { ...invitation, expires_at: 2_000_000_000_000 } });
    expect(sel.invitations(t.actor.getSnapshot())[0]?.expires_at).toBe(2_000_000_000_000);
    expect(sel.notice(t.actor.getSnapshot())?.text).toBe("The invitation to sam@example.com was sent again.");
    t.actor.send({ type: "people.revokeAsked", id: 1 });
    expect(t.workOnInvitation.calls[1]).toEqual({ api: signedInApi, id: 1, kind: "revoke" });
    await t.workOnInvitation.resolve({ ok: true });
    expect(sel.invitations(t.actor.getSnapshot())).toEqual([]);
    expect(sel.notice(t.actor.getSnapshot())?.text).toBe("The invitation to sam@example.com was revoked.");
    t.actor.send({ type: "people.revokeAsked", id: 1 });
    expect(t.workOnInvitation.calls).toHaveLength(2);
  });

  it("loads afresh for another API context, and not for another program", async () => {
    const t = await ready();
    t.actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta" }) });
    expect(t.loadPeople.calls).toHaveLength(1);
    t.actor.send({ type: "session.scopeChanged", scope: scopeOf({ token: "tok-2" }) });
    expect(sel.status(t.actor.getSnapshot())).toBe("loading");
    expect(t.loadPeople.calls[1]).toEqual({ api: { baseUrl: "/api", token: "tok-2" } });
  });
});
