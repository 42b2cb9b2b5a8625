import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LoginResponse, MeResponse, Ok } from "../../src/domain/access/auth";
import { decoded, expectRefusal, hour, linkParts, minute, openContractApp, strangerToken, type ContractApp } from "./contractApp";

/** The password calls against the contract app `app()` returns (a getter: some suites open a fresh app per test). */
const resetCalls = (app: () => ContractApp) => ({
  requestLink: async (email: string) => {
    decoded(await app().call("POST", "/api/auth/password/request-reset", { json: { email } }), Ok);
    return linkParts(app(), email);
  },
  validate: (json: unknown) => app().call("POST", "/api/auth/password/validate", { json }),
  reset: (json: unknown) => app().call("POST", "/api/auth/password/reset", { json }),
  login: (username: string, password: string) => app().call("POST", "/api/auth/login", { json: { username, password } }),
});

describe("POST /api/auth/password/request-reset", () => {
  let t: ContractApp;
  beforeEach(async () => {
    await t?.close();
    t = await openContractApp();
  });
  afterAll(() => t.close());

  const request = (email: string) => t.call("POST", "/api/auth/password/request-reset", { json: { email } });

  it("answers Ok and writes a single reset link to the outbox for a known email", async () => {
    decoded(await request("demo@example.com"), Ok);
    expect(t.outbox.sent).toHaveLength(1);
    const [message] = t.outbox.sent;
    expect(message?.to).toBe("demo@example.com");
    expect(message?.subject).toBe("Reset your password");
    expect(message?.at).toBe(new Date(t.clock.now).toISOString());
    expect(message?.link).toMatch(/^http:\/\/app\.test\/reset-password\/[0-9a-f]{32}\?email=demo%40example\.com$/);
  });

  it("matches the email in any case", async () => {
    decoded(await request("  Other@Example.COM "), Ok);
    expect(t.outbox.sent.map((m) => m.to)).toEqual(["other@example.com"]);
  });

  it("answers an unknown email exactly as a known one, and sends nothing", async () => {
    const known = await request("admin@example.com");
    const unknown = await request("nobody@example.com");
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    expect([...unknown.headers.entries()]).toEqual([...known.headers.entries()]);
    expect(t.outbox.sent.map((m) => m.to)).toEqual(["admin@example.com"]);
  });

  it("draws a new token each time", async () => {
    decoded(await request("demo@example.com"), Ok);
    decoded(await request("demo@example.com"), Ok);
    const [first, second] = t.outbox.sent;
    expect(first?.link).not.toBe(second?.link);
  });

  it("still answers Ok but sends nothing after 5 requests for one email in 15 minutes", async () => {
    for (let i = 0; i < 6; i++) decoded(await request("demo@example.com"), Ok);
    expect(t.outbox.sent).toHaveLength(5);
    t.clock.advance(15 * minute);
    decoded(await request("demo@example.com"), Ok);
    expect(t.outbox.sent).toHaveLength(6);
  });

  it.each([
    ["no email", {}],
    ["a too short email", { email: "a" }],
    ["a number", { email: 12345 }],
  ])("answers 400 invalid_body for %s", async (_, json) => {
    expectRefusal(await t.call("POST", "/api/auth/password/request-reset", { json }), 400, "invalid_body");
  });

  it("answers 400 malformed_json for a body that is not JSON", async () => {
    expectRefusal(await t.call("POST", "/api/auth/password/request-reset", { body: "email=demo@example.com" }), 400, "malformed_json");
  });
});

describe("POST /api/auth/password/validate", () => {
  let t: ContractApp;
  beforeAll(async () => {
    t = await openContractApp();
  });
  afterAll(() => t.close());

  const { requestLink, validate } = resetCalls(() => t);

  it("accepts a fresh link with its email, in any case, as often as asked", async () => {
    const { token, email } = await requestLink("demo@example.com");
    decoded(await validate({ token, email }), Ok);
    decoded(await validate({ token, email: "DEMO@example.com" }), Ok);
  });

  it("refuses the link with another user's email", async () => {
    const { token } = await requestLink("demo@example.com");
    expectRefusal(await validate({ token, email: "other@example.com" }), 400, "invalid_reset_link");
  });

  it.each([
    ["an unknown token", strangerToken],
    ["a token of the wrong shape", "not-a-token"],
    ["an upper-case copy of a token", "ABCDEF0123456789ABCDEF0123456789"],
  ])("refuses %s", async (_, token) => {
    expectRefusal(await validate({ token, email: "demo@example.com" }), 400, "invalid_reset_link");
  });

  it("refuses a link once it is an hour old", async () => {
    const { token, email } = await requestLink("other@example.com");
    t.clock.advance(hour - 1);
    decoded(await validate({ token, email }), Ok);
    t.clock.advance(1);
    expectRefusal(await validate({ token, email }), 400, "invalid_reset_link");
  });

  it.each([
    ["no token", { email: "demo@example.com" }],
    ["no email", { token: strangerToken }],
    ["an empty token", { token: "", email: "demo@example.com" }],
  ])("answers 400 invalid_body for %s", async (_, json) => {
    expectRefusal(await validate(json), 400, "invalid_body");
  });

  it("answers 400 malformed_json for a body that is not JSON", async () => {
    expectRefusal(await t.call("POST", "/api/auth/password/validate", { body: "{token:" }), 400, "malformed_json");
  });
});

describe("POST /api/auth/password/reset", () => {
  let t: ContractApp;
  beforeAll(async () => {
    t = await openContractApp();
  });
  afterAll(() => t.close());

  const { requestLink, reset, login } = resetCalls(() => t);

  it("refuses mismatched passwords and leaves the link usable", async () => {
    const { token, email } = await requestLink("analyst1@example.com");
    expectRefusal(await reset({ password: "one", confirm_password: "two", email, token }), 400, "password_mismatch");
    decoded(await t.call("POST", "/api/auth/password/validate", { json: { token, email } }), Ok);
  });

  it("sets the new password, uses the link up and ends the user's sessions", async () => {
    const session = await t.signIn("demo");
    // Used once first, so the server has the session in its access memo when the reset ends it.
    decoded(await t.call("GET", "/api/auth/me", { token: session }), MeResponse);
    const { token, email } = await requestLink("demo@example.com");
    decoded(await reset({ password: "new secret", confirm_password: "new secret", email, token }), Ok);

    expectRefusal(await t.call("GET", "/api/auth/me", { token: session }), 401, "unauthorized");
    expectRefusal(await login("demo", "demo"), 401, "invalid_credentials");
    decoded(await login("demo", "new secret"), LoginResponse);

    // Used: it does not work any more.
    expectRefusal(await reset({ password: "again-and-again", confirm_password: "again-and-again", email, token }), 400, "invalid_reset_link");
    expectRefusal(await t.call("POST", "/api/auth/password/validate", { json: { token, email } }), 400, "invalid_reset_link");
  });

  it("leaves other users' sessions alone", async () => {
    const adminSession = await t.signIn("admin");
    const { token, email } = await requestLink("other@example.com");
    decoded(await reset({ password: "p4ssword", confirm_password: "p4ssword", email, token }), Ok);
    decoded(await t.call("GET", "/api/auth/me", { token: adminSession }), MeResponse);
  });

  it("refuses an expired link (over an hour old)", async () => {
    const { token, email } = await requestLink("analyst2@example.com");
    t.clock.advance(hour + 1);
    expectRefusal(await reset({ password: "p4ssword", confirm_password: "p4ssword", email, token }), 400, "invalid_reset_link");
    decoded(await login("analyst2", "analyst2"), LoginResponse);
  });

  it("refuses a link with the wrong email or an unknown token", async () => {
    const { token } = await requestLink("admin@example.com");
    expectRefusal(await reset({ password: "p4ssword", confirm_password: "p4ssword", email: "demo@example.com", token }), 400, "invalid_reset_link");
    expectRefusal(
      await reset({ password: "p4ssword", confirm_password: "p4ssword", email: "admin@example.com", token: strangerToken }),
      400,
      "invalid_reset_link",
    );
    decoded(await login("admin", "admin"), LoginResponse);
  });

  it.each([
    ["no password", { confirm_password: "p", email: "demo@example.com", token: strangerToken }],
    ["no confirm_password", { password: "p", email: "demo@example.com", token: strangerToken }],
    ["no email", { password: "p", confirm_password: "p", token: strangerToken }],
    ["no token", { password: "p", confirm_password: "p", email: "demo@example.com" }],
    ["an empty password", { password: "", confirm_password: "", email: "demo@example.com", token: strangerToken }],
  ])("answers 400 invalid_body for %s", async (_, json) => {
    expectRefusal(await reset(json), 400, "invalid_body");
  });

  it("answers 400 malformed_json for a body that is not JSON", async () => {
    expectRefusal(await t.call("POST", "/api/auth/password/reset", { body: "]" }), 400, "malformed_json");
  });
});

describe("reset links and new passwords", () => {
  let t: ContractApp;
  beforeEach(async () => {
    await t?.close();
    t = await openContractApp();
  });
  afterAll(() => t.close());

  const { requestLink, reset, login } = resetCalls(() => t);

  it("a newer request voids the older link: only the last mail works", async () => {
    const earlier = await requestLink("demo@example.com");
    decoded(await t.call("POST", "/api/auth/password/validate", { json: earlier }), Ok);
    const later = await requestLink("demo@example.com");
    expect(later.token).not.toBe(earlier.token);
    expectRefusal(await t.call("POST", "/api/auth/password/validate", { json: earlier }), 400, "invalid_reset_link");
    expectRefusal(
      await reset({ password: "p4ssword", confirm_password: "p4ssword", ...earlier }),
      400,
      "invalid_reset_link",
    );
    decoded(await t.call("POST", "/api/auth/password/validate", { json: later }), Ok);
    decoded(await reset({ password: "p4ssword", confirm_password: "p4ssword", ...later }), Ok);
    decoded(await login("demo", "p4ssword"), LoginResponse);
  });

  it.each([
    ["one character", "p"],
    ["seven characters", "seven77"],
    ["seven accented letters", "ééééééé"],
  ])("refuses a new password of %s with 400 password_too_short and leaves the link usable", async (_, password) => {
    const { token, email } = await requestLink("other@example.com");
    const refusal = expectRefusal(await reset({ password, confirm_password: password, email, token }), 400, "password_too_short");
    expect(refusal.message).toBe("The new password must have at least 8 characters.");
    decoded(await t.call("POST", "/api/auth/password/validate", { json: { token, email } }), Ok);
    decoded(await login("other", "other"), LoginResponse);
  });

  it("accepts a new password of exactly 8 characters", async () => {
    const { token, email } = await requestLink("admin@example.com");
    decoded(await reset({ password: "eight888", confirm_password: "eight888", email, token }), Ok);
    decoded(await login("admin", "eight888"), LoginResponse);
  });

});
