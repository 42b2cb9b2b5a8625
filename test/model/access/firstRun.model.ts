import { firstRunMachine } from "../../../src/machines/access/firstRun.machine";
import { ClientError } from "../../../src/services/http/httpErrors";
import { defineMachineModel, invariant } from "../harness";
import { api, httpErrors, recordingSessionActor } from "../fixtures";

const admin = { token: "tok-admin", user: { id: 1, username: "ada", email: "ada@example.org", is_admin: true }, programs: [] };
const valid = { name: " Ada ", email: "ada@example.org", password: "correct horse battery", confirmPassword: "correct horse battery" };

/** The first-run screen: the server's check, the form with its own rules and the server's, the new admin signed in. */
export const firstRunModel = defineMachineModel({
  name: "firstRun",
  machine: firstRunMachine,
  input: (rig) => ({ session: recordingSessionActor((event) => rig.record("received", "session", event), { token: null }) }),
  events: {
    "firstRun.submitted": {
      valid: { form: valid },
      shortPassword: { form: { ...valid, password: "elevenchars", confirmPassword: "elevenchars" } },
      mismatch: { form: { ...valid, confirmPassword: "something else" } },
    },
    "firstRun.retried": [{}],
  },
  actorOutcomes: {
    setupStatus: {
      resolves: {
        needed: { needed: true, exposed_demo: false },
        setUp: { needed: false, exposed_demo: false },
        exposedDemo: { needed: false, exposed_demo: true },
      },
      rejects: { network: httpErrors.network },
    },
    createFirstAdmin: {
      resolves: { ok: admin },
      rejects: {
        "400": new ClientError({ status: 400, code: "password_common", message: "common", path: "/auth/setup" }),
        "409": new ClientError({ status: 409, code: "setup_done", message: "done", path: "/auth/setup" }),
        "500": httpErrors.server,
      },
    },
  },
  appActions: ["leaveSetup"],
  observe: (c) => ({ problem: c.problem, password: c.request.password }),
  check: ({ after, before, newCalls, rig }) => {
    const told = rig.callsTo("session", "received");
    invariant(told.length === (after.matches("signedIn") ? 1 : 0), "the session is told once, only when the admin is made");
    invariant(rig.callsTo("leaveSetup").length === (after.matches("notNeeded") ? 1 : 0), "the login page is opened once, only when nothing is to set up");
    const creations = newCalls.filter((c) => c.kind === "actor" && c.name === "createFirstAdmin");
    const sent = before?.matches("editing") === true && after.matches("submitting");
    invariant(creations.length === (sent ? 1 : 0), "one creation per accepted submit");
    for (const c of creations) {
      invariant(
        JSON.stringify(c.payload) === JSON.stringify({ api, body: { name: "Ada", email: "ada@example.org", password: "correct horse battery" } }),
        "the trimmed form goes to the session's base URL without a token",
      );
    }
    invariant(after.matches("submitting") || after.context.request.password === "", "the password is held only while it is sent");
    invariant(!after.matches({ editing: "refused" }) || after.context.problem !== "", "a refused form says why");
  },
});
