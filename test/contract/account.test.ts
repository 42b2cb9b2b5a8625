import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { MeResponse, Ok } from "../../src/domain/access/auth";
import { ProfileAnswer } from "../../src/domain/account/accountProfile";
import { decoded, expectRefusal, openContractApp, strangerToken, type ContractApp } from "./contractApp";

describe("/api/account (the signed-in person's own account)", () => {
  let t: ContractApp;
  beforeEach(async () => {
    await t?.close();
    t = await openContractApp();
  });
  afterAll(() => t.close());

  const changePassword = (token: string, json: Record<string, unknown>, address?: string) =>
    t.call("POST", "/api/account/password", { token, json, ...(address === undefined ? {} : { address }) });
  const newPassword = { password: "a-new-password", confirm_password: "a-new-password" };
  const me = (token: string) => t.call("GET", "/api/auth/me", { token });

  it.each([
    ["PATCH", "/api/account/profile"],
    ["POST", "/api/account/password"],
    ["POST", "/api/account/sign-out-everywhere"],
  ])("answers %s %s 401 without a session and with an unknown one", async (method, path) => {
    expectRefusal(await t.call(method, path, { json: {} }), 401, "unauthorized");
    expectRefusal(await t.call(method, path, { token: strangerToken, json: {} }), 401, "unauthorized");
  });

  describe("POST /api/account/password", () => {
    it("changes the password and ends the other sessions, keeping this one when asked", async () => {
      const here = await t.signIn("demo");
      const elsewhere = await t.signIn("demo");
      decoded(await changePassword(here, { current_password: "demo", ...newPassword, keep_this_session: true }), Ok);
      decoded(await me(here), MeResponse);
      expectRefusal(await me(elsewhere), 401, "unauthorized");
      expectRefusal(await t.call("POST", "/api/auth/login", { json: { username: "demo", password: "demo" } }), 401, "invalid_credentials");
      await t.signIn("demo", "a-new-password");
    });

    it("ends this session too unless asked to keep it", async () => {
      const here = await t.signIn("demo");
      const elsewhere = await t.signIn("demo");
      decoded(await changePassword(here, { current_password: "demo", ...newPassword, keep_this_session: false }), Ok);
      expectRefusal(await me(here), 401, "unauthorized");
      expectRefusal(await me(elsewhere), 401, "unauthorized");
      await t.signIn("demo", "a-new-password");
    });

    it("leaves other people's sessions alone", async () => {
      const demo = await t.signIn("demo");
      const other = await t.signIn("other");
      decoded(await changePassword(demo, { current_password: "demo", ...newPassword, keep_this_session: false }), Ok);
      decoded(await me(other), MeResponse);
      await t.signIn("other");
    });

    it("refuses a wrong current password and changes nothing", async () => {
      const here = await t.signIn("demo");
      const elsewhere = await t.signIn("demo");
      expectRefusal(
        await changePassword(here, { current_password: "not-it", ...newPassword, keep_this_session: true }),
        400,
        "wrong_current_password",
      );
      decoded(await me(elsewhere), MeResponse);
      await t.signIn("demo");
    });

    it("answers a retry of a change that went through with Ok again", async () => {
      const here = await t.signIn("demo");
      const change = { current_password: "demo", ...newPassword, keep_this_session: true };
      decoded(await changePassword(here, change), Ok);
      const elsewhere = await t.signIn("demo", "a-new-password");
      decoded(await changePassword(here, change), Ok);
      expectRefusal(await me(elsewhere), 401, "unauthorized");
      await t.signIn("demo", "a-new-password");
    });

    it("refuses new passwords the reset refuses, before checking the current one", async () => {
      const here = await t.signIn("demo");
      expectRefusal(
        await changePassword(here, { current_password: "demo", password: "short", confirm_password: "short", keep_this_session: true }),
        400,
        "password_too_short",
      );
      expectRefusal(
        await changePassword(here, { current_password: "demo", password: "long-enough-1", confirm_password: "long-enough-2", keep_this_session: true }),
        400,
        "password_mismatch",
      );
      expectRefusal(await changePassword(here, { current_password: "demo", ...newPassword }), 400, "invalid_body");
    });

    it("counts wrong current passwords with the sign-in's failures: 429 after 5 in 5 minutes", async () => {
      const here = await t.signIn("demo");
      for (let i = 0; i < 5; i++)
        expectRefusal(await changePassword(here, { current_password: `guess-${i}`, ...newPassword, keep_this_session: true }), 400, "wrong_current_password");
      const throttled = await changePassword(here, { current_password: "demo", ...newPassword, keep_this_session: true });
      expectRefusal(throttled, 429, "too_many_attempts");
      expect(throttled.headers.get("Retry-After")).not.toBeNull();
      expectRefusal(await t.call("POST", "/api/auth/login", { json: { username: "demo", password: "demo" } }), 429, "too_many_attempts");
    });
  });

  describe("POST /api/account/sign-out-everywhere", () => {
    it("ends every session of the caller at once, this one included", async () => {
      const here = await t.signIn("demo");
      const elsewhere = await t.signIn("demo");
      const other = await t.signIn("other");
      decoded(await me(here), MeResponse);
      decoded(await t.call("POST", "/api/account/sign-out-everywhere", { token: here }), Ok);
      expectRefusal(await me(here), 401, "unauthorized");
      expectRefusal(await me(elsewhere), 401, "unauthorized");
      decoded(await me(other), MeResponse);
    });
  });

  describe("PATCH /api/account/profile", () => {
    const patch = (token: string, json: unknown) => t.call("PATCH", "/api/account/profile", { token, json });

    it("changes the caller's name and email, which the sessions answer at once", async () => {
      const here = await t.signIn("demo");
      decoded(await me(here), MeResponse);
      const { user } = decoded(await patch(here, { username: " Dana ", email: " dana@example.org " }), ProfileAnswer);
      expect(user).toMatchObject({ username: "dana", email: "dana@example.org" });
      expect(decoded(await me(here), MeResponse).user).toMatchObject({ username: "dana", email: "dana@example.org" });
      await t.signIn("dana", "demo");
    });

    it("answers a repeat of the same change the same", async () => {
      const here = await t.signIn("demo");
      const first = decoded(await patch(here, { username: "dana", email: "dana@example.org" }), ProfileAnswer);
      expect(decoded(await patch(here, { username: "dana", email: "dana@example.org" }), ProfileAnswer)).toEqual(first);
    });

    it("refuses an email or a name another account has, in any case, and changes nothing", async () => {
      const here = await t.signIn("demo");
      expectRefusal(await patch(here, { username: "demo", email: "Other@Example.com" }), 409, "email_taken");
      expectRefusal(await patch(here, { username: "OTHER", email: "demo@example.com" }), 409, "name_taken");
      expect(decoded(await me(here), MeResponse).user).toMatchObject({ username: "demo", email: "demo@example.com" });
    });

    it.each([
      ["an invalid email", { username: "demo", email: "not an email" }, "invalid_email"],
      ["a blank name", { username: "   ", email: "demo@example.com" }, "invalid_body"],
      ["no email", { username: "demo" }, "invalid_body"],
      ["a name over 200 characters", { username: "a".repeat(201), email: "demo@example.com" }, "invalid_body"],
    ])("answers 400 for %s", async (_, json, error) => {
      const here = await t.signIn("demo");
      expectRefusal(await patch(here, json), 400, error);
    });
  });
});
