import { resetPasswordMachine } from "../../../src/machines/access/resetPassword.machine";
import { defineMachineModel, invariant } from "../harness";
import { api, httpErrors, ok, sessionOf } from "../fixtures";

/**
 * Set-new-password: link check, bad-link redirect after 5 seconds, a password under 8
 * characters and a mismatch send nothing, success redirect after 3 seconds.
 */
export const resetPasswordModel = defineMachineModel({
  name: "resetPassword",
  machine: resetPasswordMachine,
  input: {
    link: () => ({ session: sessionOf(), token: "tok-123", email: "alice@example.com" }),
    noToken: () => ({ session: sessionOf(), token: "", email: "alice@example.com" }),
  },
  events: {
    "reset.submitted": {
      matching: { password: "n3w-secret", confirmPassword: "n3w-secret" },
      mismatched: { password: "n3w-secret", confirmPassword: "n3w-secreT" },
      tooShort: { password: "short", confirmPassword: "short" },
    },
  },
  actorOutcomes: {
    validateLink: { resolves: { ok }, rejects: { expired: httpErrors.unprocessable } },
    resetPassword: { resolves: { ok }, rejects: { server: httpErrors.server } },
  },
  delays: { badLinkRedirect: 5000, thankYouRedirect: 3000 },
  appActions: ["redirectToLogin"],
  check: ({ action, after, newCalls, rig }) => {
    invariant(rig.callsTo("redirectToLogin").length === (after.status === "done" ? 1 : 0), "redirectToLogin once, on redirect");
    const resets = newCalls.filter((c) => c.kind === "actor" && c.name === "resetPassword");
    invariant(resets.length === (after.matches({ authorised: "submitting" }) ? 1 : 0), "the reset is sent only when the passwords match and are long enough");
    for (const r of resets) {
      invariant(
        JSON.stringify((r.payload as { body: unknown }).body) ===
          JSON.stringify({ password: "n3w-secret", confirm_password: "n3w-secret", email: "alice@example.com", token: "tok-123" }),
        "the reset payload is the spec's",
      );
    }
    if (action.kind === "event" && action.label === "mismatched") invariant(after.matches({ authorised: "mismatch" }), "a mismatch shows the error");
    if (action.kind === "event" && action.label === "tooShort") {
      invariant(after.matches({ authorised: "tooShort" }), "a password under 8 characters shows 'Use at least 8 characters'");
    }
    const validations = rig.callsTo("validateLink", "actor");
    for (const c of [...validations, ...resets]) {
      invariant(JSON.stringify((c.payload as { api: unknown }).api) === JSON.stringify(api), "the link calls go to the session's base URL without a token");
    }
    invariant(validations.length <= 1, "the link is validated once");
  },
});
