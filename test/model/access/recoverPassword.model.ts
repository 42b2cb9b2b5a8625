import { recoverPasswordMachine } from "../../../src/machines/access/recoverPassword.machine";
import { defineMachineModel, invariant } from "../harness";
import { api, httpErrors, ok, sessionOf } from "../fixtures";

/** Forgotten password: form, submitted, redirect to login after 4 seconds (5 after an error); a failure leaves the page unchanged. */
export const recoverPasswordModel = defineMachineModel({
  name: "recoverPassword",
  machine: recoverPasswordMachine,
  // Signed in or not, the recovery request goes to the session's base URL without a token.
  input: () => ({ session: sessionOf() }),
  events: {
    "recover.submitted": { valid: { email: " alice@example.com " }, invalid: { email: "not-an-email" }, empty: { email: "" } },
  },
  actorOutcomes: {
    requestReset: { resolves: { ok }, rejects: { server: httpErrors.server, network: httpErrors.network } },
  },
  delays: { confirmationRedirect: 4000, failureRedirect: 5000 },
  appActions: ["redirectToLogin", "logFailure"],
  check: ({ after, action, before, newCalls, rig }) => {
    // The redirect happens exactly once, on reaching the final state.
    invariant(rig.callsTo("redirectToLogin").length === (after.status === "done" ? 1 : 0), "redirectToLogin must run once, on redirect");
    // A request is made only when a valid email is submitted, with the trimmed email.
    const requests = newCalls.filter((c) => c.kind === "actor" && c.name === "requestReset");
    const submittedValid = action.kind === "event" && before?.matches("editing") === true && after.matches("submitting");
    invariant(requests.length === (submittedValid ? 1 : 0), `expected ${submittedValid ? 1 : 0} reset request(s), got ${requests.length}`);
    for (const r of requests) {
      invariant((r.payload as { email: string }).email === "alice@example.com", "the email is sent trimmed");
      invariant(JSON.stringify((r.payload as { api: unknown }).api) === JSON.stringify(api), "the request goes to the session's base URL without a token");
    }
    // A failure is logged, never shown.
    const logged = newCalls.filter((c) => c.name === "logFailure").length;
    invariant(logged === (action.kind === "actor" && action.outcome === "rejects" ? 1 : 0), "a failed request is logged once");
  },
});
