import { signInMachine } from "../../../src/machines/access/signIn.machine";
import { defineMachineModel, invariant } from "../harness";
import { api, httpErrors, loginResponse, quietSessionScopeListener, recordingSessionActor } from "../fixtures";

/** The login form: sign in, the alert on wrong credentials or throttling, and the session told only on success. */
export const signInModel = defineMachineModel({
  name: "signIn",
  machine: signInMachine,
  input: (rig) => ({ session: recordingSessionActor((event) => rig.record("received", "session", event)) }),
  events: {
    "signIn.submitted": {
      valid: { username: " alice ", password: "secret" },
      blankUsername: { username: "   ", password: "secret" },
      emptyPassword: { username: "alice", password: "" },
    },
    "signIn.alertClosed": [{}],
  },
  actorOutcomes: {
    login: {
      resolves: { ok: loginResponse },
      rejects: {
        "401": httpErrors.wrongCredentials,
        "429": httpErrors.throttled,
        "500": httpErrors.server,
        network: httpErrors.network,
      },
    },
  },
  provide: () => ({ actors: { sessionScopeListener: quietSessionScopeListener } }),
  observe: (c) => ({ username: c.username }),
  check: ({ after, before, newCalls, rig }) => {
    const told = rig.callsTo("session", "received");
    invariant(told.length === (after.matches("signedIn") ? 1 : 0), "the session is told once, only on success");
    for (const t of told) {
      invariant(
        JSON.stringify(t.payload) === JSON.stringify({ type: "session.signedIn", token: loginResponse.token, user: loginResponse.user, programs: loginResponse.programs }),
        `unexpected event to the session: ${JSON.stringify(t.payload)}`,
      );
    }
    const logins = newCalls.filter((c) => c.kind === "actor" && c.name === "login");
    const submitted = before?.matches("editing") === true && after.matches("submitting");
    invariant(logins.length === (submitted ? 1 : 0), "one login call per accepted submit");
    for (const l of logins) {
      invariant(JSON.stringify(l.payload) === JSON.stringify({ api, body: { username: "alice", password: "secret" } }), "login gets trimmed username");
    }
  },
});
