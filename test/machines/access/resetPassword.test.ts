import { SimulatedClock, createActor } from "xstate";
import { describe, expect, it, vi } from "vitest";
import type { Ok, PasswordReset } from "../../../src/domain/access/auth";
import { newPasswordError } from "../../../src/domain/access/passwordForm";
import { accessTexts } from "../../../src/domain/access/accessTexts";
import { resetPasswordMachine, resetPasswordSelectors as sel } from "../../../src/machines/access/resetPassword.machine";
import type { ApiContext } from "../../../src/services/http/http";
import { api, httpErrors, ok, sessionOf } from "../../model/fixtures";
import { controlled } from "../support";

const link = { session: sessionOf(), token: "tok-123", email: "alice@example.com" };
/** What the link check is called with: the session's base URL without its token, and the link. */
const linkCall = { api, token: "tok-123", email: "alice@example.com" };

const setup = (input = link) => {
  const clock = new SimulatedClock();
  const validateLink = controlled<Ok, typeof linkCall>();
  const resetPassword = controlled<Ok, { api: ApiContext; body: PasswordReset }>();
  const redirectToLogin = vi.fn();
  const actor = createActor(
    resetPasswordMachine.provide({ actors: { validateLink: validateLink.logic, resetPassword: resetPassword.logic }, actions: { redirectToLogin } }),
    { clock, input },
  ).start();
  return { actor, clock, validateLink, resetPassword, redirectToLogin };
};

const authorised = async () => {
  const s = setup();
  await s.validateLink.resolve(ok);
  return s;
};

describe("resetPassword machine", () => {
  it("validates the link with token and email first", async () => {
    const { actor, validateLink } = setup();
    expect(sel.isValidating(actor.getSnapshot())).toBe(true);
    expect(validateLink.calls).toEqual([linkCall]);
    await validateLink.resolve(ok);
    expect(actor.getSnapshot().value).toEqual({ authorised: "editing" });
    expect(sel.showsForm(actor.getSnapshot())).toBe(true);
  });

  it("a bad link warns and redirects to /login at 5000 ms, not before", async () => {
    const { actor, clock, validateLink, redirectToLogin } = setup();
    await validateLink.reject(httpErrors.unprocessable);
    expect(sel.isBadLink(actor.getSnapshot())).toBe(true);
    clock.increment(4999);
    expect(redirectToLogin).not.toHaveBeenCalled();
    clock.increment(1);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe("done");
  });

  it.each([
    ["no token", { ...link, token: "" }],
    ["no email", { ...link, email: "" }],
  ])("a link with %s is bad without asking the server", (_label, input) => {
    const { actor, clock, validateLink, redirectToLogin } = setup(input);
    expect(actor.getSnapshot().value).toBe("badLink");
    expect(validateLink.calls).toEqual([]);
    clock.increment(5000);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it("a mismatch shows the spec's message and sends nothing", async () => {
    const { actor, resetPassword } = await authorised();
    actor.send({ type: "reset.submitted", password: "n3w-secret", confirmPassword: "n3w-secreT" });
    expect(actor.getSnapshot().value).toEqual({ authorised: "mismatch" });
    expect(sel.hasMismatch(actor.getSnapshot())).toBe(true);
    expect(newPasswordError({ password: "n3w-secret", confirm_password: "n3w-secreT" })).toBe(accessTexts.reset.mismatch);
    expect(accessTexts.reset.mismatch).toBe("These passwords don't match. Please ensure both fields match.");
    expect(resetPassword.calls).toEqual([]);
    // still mismatched on a second wrong try, still nothing sent
    actor.send({ type: "reset.submitted", password: "long-enough", confirmPassword: "long-enouGH" });
    expect(sel.hasMismatch(actor.getSnapshot())).toBe(true);
    expect(resetPassword.calls).toEqual([]);
  });

  it.each([
    ["one character", "a", "a"],
    ["seven characters", "seven77", "seven77"],
    ["a short one that also differs", "a", "b"],
  ])("a new password of %s shows 'Use at least 8 characters' and sends nothing", async (_label, password, confirmPassword) => {
    const { actor, resetPassword } = await authorised();
    actor.send({ type: "reset.submitted", password, confirmPassword });
    expect(actor.getSnapshot().value).toEqual({ authorised: "tooShort" });
    expect(sel.isTooShort(actor.getSnapshot())).toBe(true);
    expect(sel.hasMismatch(actor.getSnapshot())).toBe(false);
    expect(newPasswordError({ password, confirm_password: confirmPassword })).toBe("Use at least 8 characters");
    expect(resetPassword.calls).toEqual([]);
  });

  it("from the length message, a mismatch shows its own message, and a good pair is sent", async () => {
    const { actor, resetPassword } = await authorised();
    actor.send({ type: "reset.submitted", password: "short", confirmPassword: "short" });
    actor.send({ type: "reset.submitted", password: "long-enough", confirmPassword: "long-enougH" });
    expect(sel.hasMismatch(actor.getSnapshot())).toBe(true);
    expect(sel.isTooShort(actor.getSnapshot())).toBe(false);
    actor.send({ type: "reset.submitted", password: "short", confirmPassword: "short" });
    expect(sel.isTooShort(actor.getSnapshot())).toBe(true);
    actor.send({ type: "reset.submitted", password: "eight888", confirmPassword: "eight888" });
    expect(sel.isSubmitting(actor.getSnapshot())).toBe(true);
    expect(resetPassword.calls).toHaveLength(1);
  });

  it("a match sends the spec's payload; success thanks and redirects at 3000 ms", async () => {
    const { actor, clock, resetPassword, redirectToLogin } = await authorised();
    actor.send({ type: "reset.submitted", password: "n3w-secret", confirmPassword: "n3w-secreT" });
    actor.send({ type: "reset.submitted", password: "n3w-secret", confirmPassword: "n3w-secret" });
    expect(sel.isSubmitting(actor.getSnapshot())).toBe(true);
    expect(resetPassword.calls).toEqual([
      { api, body: { password: "n3w-secret", confirm_password: "n3w-secret", email: "alice@example.com", token: "tok-123" } },
    ]);
    await resetPassword.resolve(ok);
    expect(sel.isThankYou(actor.getSnapshot())).toBe(true);
    clock.increment(2999);
    expect(redirectToLogin).not.toHaveBeenCalled();
    clock.increment(1);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it("a failed reset shows nothing: the form is back, no redirect ever", async () => {
    const { actor, clock, resetPassword, redirectToLogin } = await authorised();
    actor.send({ type: "reset.submitted", password: "n3w-secret", confirmPassword: "n3w-secret" });
    await resetPassword.reject(httpErrors.server);
    expect(actor.getSnapshot().value).toEqual({ authorised: "editing" });
    expect(sel.hasMismatch(actor.getSnapshot())).toBe(false);
    clock.increment(60_000);
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it("ignores submits while the link is being checked", () => {
    const { actor, resetPassword } = setup();
    actor.send({ type: "reset.submitted", password: "n3w-secret", confirmPassword: "n3w-secret" });
    expect(actor.getSnapshot().value).toBe("validating");
    expect(resetPassword.calls).toEqual([]);
  });
});
