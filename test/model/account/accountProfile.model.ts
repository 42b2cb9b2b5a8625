import { ClientError } from "../../../src/services/http/httpErrors";
import type { ProfileAnswer } from "../../../src/domain/account/accountProfile";
import { accountProfileMachine } from "../../../src/machines/account/accountProfile.machine";
import { defineMachineModel, invariant } from "../harness";
import { alice, httpErrors, ok, quietSessionScopeListener, recordingSessionActor, signedInApi } from "../fixtures";

const refusal = (status: number, code: string) => new ClientError({ status, code, message: `HTTP ${status}`, path: "/account" });
const renamed: ProfileAnswer = { user: { ...alice, username: "alicia", email: "alicia@example.com" } };

/**
 * The account page: name and email (problems found before sending, the server's refusals,
 * the session told the new user once per save), the password change (the reset's rules
 * before sending; this session kept or ended) and sign out everywhere (the session ended).
 */
export const accountProfileModel = defineMachineModel({
  name: "accountProfile",
  machine: accountProfileMachine,
  input: (rig) => ({ session: recordingSessionActor((event) => rig.record("received", "session", event)) }),
  events: {
    "account.profileSubmitted": {
      valid: { username: " Alicia ", email: " alicia@example.com " },
      blankName: { username: "  ", email: "alicia@example.com" },
      badEmail: { username: "alicia", email: "not an email" },
    },
    "account.passwordSubmitted": {
      keep: { current: "old-secret", password: "n3w-secret", confirm: "n3w-secret", keepThisSession: true },
      signOut: { current: "old-secret", password: "n3w-secret", confirm: "n3w-secret", keepThisSession: false },
      noCurrent: { current: "", password: "n3w-secret", confirm: "n3w-secret", keepThisSession: true },
      tooShort: { current: "old-secret", password: "short", confirm: "short", keepThisSession: true },
      mismatch: { current: "old-secret", password: "n3w-secret", confirm: "n3w-secreT", keepThisSession: true },
    },
    "account.signOutEverywhereAsked": [{}],
  },
  actorOutcomes: {
    changeProfile: {
      resolves: { renamed },
      rejects: { nameTaken: refusal(409, "name_taken"), emailTaken: refusal(409, "email_taken"), invalidEmail: refusal(400, "invalid_email"), server: httpErrors.server },
    },
    changePassword: {
      resolves: { ok },
      rejects: { wrong: refusal(400, "wrong_current_password"), throttled: refusal(429, "too_many_attempts"), server: httpErrors.server },
    },
    signOutEverywhere: { resolves: { ok }, rejects: { network: httpErrors.network } },
  },
  provide: () => ({ actors: { sessionScopeListener: quietSessionScopeListener } }),
  observe: (c) => ({ user: c.user?.username ?? null, notice: c.notice }),
  strategies: { simple: { observe: null } },
  check: ({ after, before, newCalls }) => {
    const told = newCalls.filter((c) => c.kind === "received" && c.name === "session").map((c) => JSON.stringify(c.payload));
    const userTold = told.filter((t) => t === JSON.stringify({ type: "session.userChanged", user: renamed.user }));
    const endsTold = told.filter((t) => t === JSON.stringify({ type: "session.signOutRequested" }));
    invariant(userTold.length + endsTold.length === told.length, `unexpected events to the session: ${told.join(", ")}`);
    invariant(endsTold.length === (after.matches("signedOut") && before?.matches("signedOut") !== true ? 1 : 0), "the session is told to end once, on signing out");
    if (after.matches("signedOut")) invariant(after.status === "done", "signed out is the end");
    const justSaved = before?.matches("savingProfile") === true && after.context.notice?.status === "saved";
    invariant(userTold.length === (justSaved ? 1 : 0), "the session hears the new user once per save, only then");
    if (justSaved) invariant(after.context.user?.username === "alicia", "a save keeps the answered user");
    const sent = newCalls.filter((x) => x.kind === "actor").length;
    invariant(sent === (before?.matches("editing") === true && !after.matches("editing") ? 1 : 0), "a call is made only on leaving editing (problems send nothing)");
    for (const call of newCalls.filter((x) => x.kind === "actor")) {
      const payload = call.payload as { api: unknown; body?: unknown };
      invariant(JSON.stringify(payload.api) === JSON.stringify(signedInApi), "every call uses the session's API context");
      if (call.name === "changeProfile")
        invariant(JSON.stringify(payload.body) === JSON.stringify({ username: "alicia", email: "alicia@example.com" }), "a profile is sent tidied, and only a valid one");
      if (call.name === "changePassword") {
        const body = payload.body as { current_password: string; password: string; confirm_password: string };
        invariant(body.current_password === "old-secret" && body.password === "n3w-secret" && body.confirm_password === "n3w-secret", "only a change the reset's rules accept is sent");
      }
    }
    if (!after.matches("changingPassword")) invariant(after.context.passwordChange === null, "passwords are held only while they are sent");
  },
});
