import { createActor, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import type { LoginResponse } from "../../../src/domain/access/auth";
import type { InvitationAcceptance, InvitationPreview } from "../../../src/domain/people/people";
import { acceptInvitationMachine, acceptInvitationSelectors as sel } from "../../../src/machines/access/acceptInvitation.machine";
import type { ApiContext } from "../../../src/services/http/http";
import { ClientError } from "../../../src/services/http/httpErrors";
import { acme, api, httpErrors, recordingSessionActor } from "../../model/fixtures";
import { controlled } from "../support";

const token = "0123456789abcdef0123456789abcdef";
const nora: LoginResponse = { token: "tok-nora", user: { id: 9, username: "nora", email: "nora@example.org", is_admin: false }, programs: [acme] };
const form = { name: " Nora ", password: "correct horse battery", confirmPassword: "correct horse battery" };
const path = "/auth/invitation/accept";

const start = (email = "nora@example.org") => {
  const received: EventObject[] = [];
  const session = recordingSessionActor((e) => received.push(e), { token: null });
  const validate = controlled<InvitationPreview, { api: ApiContext; token: string; email: string }>();
  const accept = controlled<LoginResponse, { api: ApiContext; body: InvitationAcceptance }>();
  const actor = createActor(acceptInvitationMachine.provide({ actors: { validateInvitation: validate.logic, acceptInvitation: accept.logic } }), {
    input: { session, token, email },
  }).start();
  return { actor, validate, accept, received };
};

const opened = async () => {
  const t = start();
  await t.validate.resolve({ email: "nora@example.org", role: "member" });
  return t;
};

describe("acceptInvitation machine", () => {
  it("checks the link first, then shows the form with the invitation's email and role", async () => {
    const t = start();
    expect(sel.isChecking(t.actor.getSnapshot())).toBe(true);
    expect(t.validate.calls).toEqual([{ api, token, email: "nora@example.org" }]);
    await t.validate.resolve({ email: "nora@example.org", role: "member" });
    expect(sel.showsForm(t.actor.getSnapshot())).toBe(true);
    expect(sel.preview(t.actor.getSnapshot())).toEqual({ email: "nora@example.org", role: "member" });
  });

  it("a link without its email, or one the server refuses, is a bad link and shows no form", async () => {
    expect(sel.isBadLink(start("").actor.getSnapshot())).toBe(true);
    const t = start();
    await t.validate.reject(httpErrors.badRequest);
    expect(sel.isBadLink(t.actor.getSnapshot())).toBe(true);
    expect(sel.showsForm(t.actor.getSnapshot())).toBe(false);
  });

  it.each([
    ["a blank name", { ...form, name: "  " }, "Enter your name"],
    ["a password under 12 characters", { ...form, password: "elevenchars", confirmPassword: "elevenchars" }, "Use at least 12 characters"],
    ["passwords that differ", { ...form, confirmPassword: "another one entirely" }, "These passwords don't match. Please ensure both fields match."],
  ])("refuses %s by the first admin's rules without sending", async (_, sent, problem) => {
    const t = await opened();
    t.actor.send({ type: "invitation.submitted", form: sent });
    expect(sel.problem(t.actor.getSnapshot())).toBe(problem);
    expect(t.accept.calls).toEqual([]);
  });

  it("sends the link's token and email with the trimmed name, then tells the session of the sign-in", async () => {
    const t = await opened();
    t.actor.send({ type: "invitation.submitted", form });
    expect(t.accept.calls).toEqual([
      { api, body: { token, email: "nora@example.org", name: "Nora", password: form.password, confirm_password: form.password } },
    ]);
    await t.accept.resolve(nora);
    expect(sel.isSignedIn(t.actor.getSnapshot())).toBe(true);
    expect(t.received).toEqual([{ type: "session.signedIn", token: "tok-nora", user: nora.user, programs: nora.programs }]);
    expect(t.actor.getSnapshot().context.request.password).toBe("");
  });

  it("shows the server's words for a refused form, and a link that died meanwhile as a bad link", async () => {
    const t = await opened();
    t.actor.send({ type: "invitation.submitted", form });
    await t.accept.reject(new ClientError({ status: 409, code: "account_taken", message: "An account with that name or email already exists", path }));
    expect(sel.problem(t.actor.getSnapshot())).toBe("An account with that name or email already exists");
    t.actor.send({ type: "invitation.submitted", form });
    await t.accept.reject(new ClientError({ status: 400, code: "invalid_invitation_link", message: "dead", path }));
    expect(sel.isBadLink(t.actor.getSnapshot())).toBe(true);
    expect(t.received).toEqual([]);
  });
});
