import { createActor, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import type { Ok } from "../../../src/domain/access/auth";
import type { PasswordChange, ProfileAnswer, ProfileChange } from "../../../src/domain/account/accountProfile";
import type { MeResponse } from "../../../src/domain/access/auth";
import { accountProfileMachine, accountProfileSelectors as sel } from "../../../src/machines/account/accountProfile.machine";
import { sessionMachine, sessionSelectors } from "../../../src/machines/shell/session.machine";
import type { ApiContext } from "../../../src/services/http/http";
import { ClientError } from "../../../src/services/http/httpErrors";
import { alice, httpErrors, ok, profile, quietSessionScopeListener, recordingSessionActor, signedInApi } from "../../model/fixtures";
import { controlled } from "../support";

const refusal = (status: number, code: string) => new ClientError({ status, code, message: `HTTP ${status}`, path: "/account" });

const setup = () => {
  const received: EventObject[] = [];
  const session = recordingSessionActor((event) => received.push(event));
  const changeProfile = controlled<ProfileAnswer, { api: ApiContext; body: ProfileChange }>();
  const changePassword = controlled<Ok, { api: ApiContext; body: PasswordChange }>();
  const signOutEverywhere = controlled<Ok, { api: ApiContext }>();
  const actor = createActor(
    accountProfileMachine.provide({
      actors: {
        sessionScopeListener: quietSessionScopeListener,
        changeProfile: changeProfile.logic,
        changePassword: changePassword.logic,
        signOutEverywhere: signOutEverywhere.logic,
      },
    }),
    { input: { session } },
  ).start();
  return { actor, received, changeProfile, changePassword, signOutEverywhere };
};

const password = (overrides: Partial<{ current: string; password: string; confirm: string; keepThisSession: boolean }> = {}) =>
  ({ type: "account.passwordSubmitted", current: "old-secret", password: "n3w-secret", confirm: "n3w-secret", keepThisSession: true, ...overrides }) as const;

describe("accountProfile machine", () => {
  it("opens with the session's name and email in the form", () => {
    const { actor } = setup();
    expect(sel.profileValues(actor.getSnapshot())).toEqual({ username: "alice", email: "alice@example.com" });
    expect(sel.profileNotice(actor.getSnapshot())).toBeNull();
  });

  it("saves a tidied name and email, keeps the answer and tells the session the new user", async () => {
    const { actor, received, changeProfile } = setup();
    actor.send({ type: "account.profileSubmitted", username: " Alicia ", email: " alicia@example.com " });
    expect(sel.isSavingProfile(actor.getSnapshot())).toBe(true);
    expect(sel.isBusy(actor.getSnapshot())).toBe(true);
    expect(changeProfile.calls).toEqual([{ api: signedInApi, body: { username: "alicia", email: "alicia@example.com" } }]);
    const user = { ...alice, username: "alicia", email: "alicia@example.com" };
    await changeProfile.resolve({ user });
    expect(sel.profileNotice(actor.getSnapshot())).toBe("saved");
    expect(sel.user(actor.getSnapshot())).toEqual(user);
    expect(sel.profileValues(actor.getSnapshot())).toEqual({ username: "alicia", email: "alicia@example.com" });
    expect(received).toEqual([{ type: "session.userChanged", user }]);
  });

  it.each([
    ["a blank name", { username: "  ", email: "alice@example.com" }, "nameMissing"],
    ["a name over 200 characters", { username: "a".repeat(201), email: "alice@example.com" }, "nameTooLong"],
    ["an invalid email", { username: "alice", email: "alice@" }, "invalidEmail"],
  ] as const)("says %s and sends nothing, keeping what was typed", (_, change, notice) => {
    const { actor, changeProfile } = setup();
    actor.send({ type: "account.profileSubmitted", ...change });
    expect(sel.profileNotice(actor.getSnapshot())).toBe(notice);
    expect(sel.profileValues(actor.getSnapshot())).toEqual(change);
    expect(changeProfile.calls).toEqual([]);
  });

  it.each([
    ["name_taken", refusal(409, "name_taken"), "nameTaken"],
    ["email_taken", refusal(409, "email_taken"), "emailTaken"],
    ["invalid_email", refusal(400, "invalid_email"), "invalidEmail"],
    ["a server failure", httpErrors.server, "failed"],
  ] as const)("says the refusal %s and tells the session nothing", async (_, error, notice) => {
    const { actor, received, changeProfile } = setup();
    actor.send({ type: "account.profileSubmitted", username: "alicia", email: "alicia@example.com" });
    await changeProfile.reject(error);
    expect(sel.profileNotice(actor.getSnapshot())).toBe(notice);
    expect(sel.user(actor.getSnapshot())).toEqual(alice);
    expect(received).toEqual([]);
  });

  it.each([
    ["no current password", password({ current: "" }), "currentMissing"],
    ["a new password under 8 characters", password({ password: "short", confirm: "short" }), "tooShort"],
    ["two different new passwords", password({ confirm: "n3w-secreT" }), "mismatch"],
  ] as const)("refuses %s before sending (the reset's rules)", (_, event, notice) => {
    const { actor, changePassword } = setup();
    actor.send(event);
    expect(sel.passwordNotice(actor.getSnapshot())).toBe(notice);
    expect(changePassword.calls).toEqual([]);
  });

  it("changes the password keeping this session: says so and the session goes on", async () => {
    const { actor, received, changePassword } = setup();
    actor.send(password());
    expect(changePassword.calls).toEqual([
      { api: signedInApi, body: { current_password: "old-secret", password: "n3w-secret", confirm_password: "n3w-secret", keep_this_session: true } },
    ]);
    expect(actor.getSnapshot().context.passwordChange).not.toBeNull();
    await changePassword.resolve(ok);
    expect(sel.passwordNotice(actor.getSnapshot())).toBe("changed");
    expect(actor.getSnapshot().context.passwordChange).toBeNull();
    expect(received).toEqual([]);
  });

  it("changes the password without keeping this session: the page ends and the session signs out", async () => {
    const { actor, received, changePassword } = setup();
    actor.send(password({ keepThisSession: false }));
    expect(changePassword.calls[0]?.body.keep_this_session).toBe(false);
    await changePassword.resolve(ok);
    expect(sel.isSignedOut(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().status).toBe("done");
    expect(actor.getSnapshot().context.passwordChange).toBeNull();
    expect(received).toEqual([{ type: "session.signOutRequested" }]);
  });

  it.each([
    ["a wrong current password", refusal(400, "wrong_current_password"), "wrongCurrent"],
    ["too many attempts", refusal(429, "too_many_attempts"), "throttled"],
    ["a network failure", httpErrors.network, "failed"],
  ] as const)("says %s and forgets the passwords", async (_, error, notice) => {
    const { actor, received, changePassword } = setup();
    actor.send(password());
    await changePassword.reject(error);
    expect(sel.passwordNotice(actor.getSnapshot())).toBe(notice);
    expect(actor.getSnapshot().context.passwordChange).toBeNull();
    expect(received).toEqual([]);
  });

  it("signs out everywhere: the page ends and the session signs out", async () => {
    const { actor, received, signOutEverywhere } = setup();
    actor.send({ type: "account.signOutEverywhereAsked" });
    expect(signOutEverywhere.calls).toEqual([{ api: signedInApi }]);
    await signOutEverywhere.resolve(ok);
    expect(actor.getSnapshot().status).toBe("done");
    expect(received).toEqual([{ type: "session.signOutRequested" }]);
  });

  it("says a failed sign out everywhere and lets it be asked again", async () => {
    const { actor, received, signOutEverywhere } = setup();
    actor.send({ type: "account.signOutEverywhereAsked" });
    await signOutEverywhere.reject(httpErrors.network);
    expect(sel.everywhereFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: "account.signOutEverywhereAsked" });
    expect(signOutEverywhere.calls).toHaveLength(2);
    expect(received).toEqual([]);
  });

  it("makes one call at a time: other submits wait while one is under way", () => {
    const { actor, changeProfile, changePassword, signOutEverywhere } = setup();
    actor.send({ type: "account.profileSubmitted", username: "alicia", email: "alicia@example.com" });
    actor.send(password());
    actor.send({ type: "account.signOutEverywhereAsked" });
    actor.send({ type: "account.profileSubmitted", username: "alicia", email: "alicia@example.com" });
    expect([changeProfile.calls.length, changePassword.calls.length, signOutEverywhere.calls.length]).toEqual([1, 0, 0]);
  });

  it("a saved name reaches the real session, so the header shows it", async () => {
    const loadProfile = controlled<MeResponse, ApiContext>();
    const session = createActor(sessionMachine.provide({ actors: { loadProfile: loadProfile.logic } }), { input: {} }).start();
    session.send({ type: "session.signedIn", token: "tok-1", user: alice });
    await loadProfile.resolve(profile);
    const changeProfile = controlled<ProfileAnswer, { api: ApiContext; body: ProfileChange }>();
    const actor = createActor(
      accountProfileMachine.provide({ actors: { sessionScopeListener: quietSessionScopeListener, changeProfile: changeProfile.logic } }),
      { input: { session } },
    ).start();
    actor.send({ type: "account.profileSubmitted", username: "alicia", email: "alice@example.com" });
    await changeProfile.resolve({ user: { ...alice, username: "alicia" } });
    expect(sessionSelectors.user(session.getSnapshot())?.username).toBe("alicia");
    expect(sessionSelectors.isReady(session.getSnapshot())).toBe(true);
    session.stop();
  });
});
