import { acceptInvitationMachine } from "../../../src/machines/access/acceptInvitation.machine";
import { ClientError } from "../../../src/services/http/httpErrors";
import { defineMachineModel, invariant } from "../harness";
import { api, httpErrors, recordingSessionActor } from "../fixtures";

const nora = { token: "tok-nora", user: { id: 9, username: "nora", email: "nora@example.org", is_admin: false }, programs: [] };
const valid = { name: " Nora ", password: "correct horse battery", confirmPassword: "correct horse battery" };
const path = "/auth/invitation/accept";

/** The accept-invitation page: the link's check, the form with the first admin's rules and the server's, the person signed in. */
export const acceptInvitationModel = defineMachineModel({
  name: "acceptInvitation",
  machine: acceptInvitationMachine,
  input: {
    link: (rig) => ({ session: recordingSessionActor((event) => rig.record("received", "session", event), { token: null }), token: "a".repeat(32), email: "nora@example.org" }),
    noEmail: (rig) => ({ session: recordingSessionActor((event) => rig.record("received", "session", event), { token: null }), token: "a".repeat(32), email: "" }),
  },
  events: {
    "invitation.submitted": {
      valid: { form: valid },
      blankName: { form: { ...valid, name: "  " } },
      shortPassword: { form: { ...valid, password: "elevenchars", confirmPassword: "elevenchars" } },
      mismatch: { form: { ...valid, confirmPassword: "something else" } },
    },
  },
  actorOutcomes: {
    validateInvitation: { resolves: { usable: { email: "nora@example.org", role: "member" } }, rejects: { dead: httpErrors.badRequest, network: httpErrors.network } },
    acceptInvitation: {
      resolves: { ok: nora },
      rejects: {
        common: new ClientError({ status: 400, code: "password_common", message: "common", path }),
        taken: new ClientError({ status: 409, code: "account_taken", message: "taken", path }),
        dead: new ClientError({ status: 400, code: "invalid_invitation_link", message: "dead", path }),
        "500": httpErrors.server,
      },
    },
  },
  observe: (c) => ({ problem: c.problem, password: c.request.password, preview: c.preview !== null }),
  check: ({ after, before, newCalls, rig }) => {
    invariant(rig.callsTo("session", "received").length === (after.matches("signedIn") ? 1 : 0), "the session is told once, only when the invitation is accepted");
    const acceptances = newCalls.filter((c) => c.kind === "actor" && c.name === "acceptInvitation");
    invariant(acceptances.length === (before?.matches("editing") === true && after.matches("submitting") ? 1 : 0), "one acceptance per accepted submit");
    for (const c of acceptances) {
      invariant(
        JSON.stringify(c.payload) ===
          JSON.stringify({
            api,
            body: { token: "a".repeat(32), email: "nora@example.org", name: "Nora", password: valid.password, confirm_password: valid.password },
          }),
        "the link's token and email and the trimmed name go to the session's base URL without a token",
      );
    }
    invariant(!after.matches("submitting") || before?.context.preview !== null, "nothing is sent before the link is found usable");
    invariant(after.matches("submitting") || after.context.request.password === "", "the password is held only while it is sent");
    invariant(!after.matches({ editing: "refused" }) || after.context.problem !== "", "a refused form says why");
  },
});
