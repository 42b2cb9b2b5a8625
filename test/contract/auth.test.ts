import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginResponse, MeResponse, Ok } from "../../src/domain/access/auth";
import { recordingLog } from "../support/recordingLog";
import { decoded, expectRefusal, hour, minute, openContractApp, strangerToken, type ContractApp } from "./contractApp";

describe("POST /api/auth/login", () => {
  let t: ContractApp;
  beforeAll(async () => {
    t = await openContractApp();
  });
  afterAll(() => t.close());

  const login = (username: string, password: string) =>
    t.call("POST", "/api/auth/login", { json: { username, password } });

  it.each([
    ["demo", false, ["northwind", "bluepeak"]],
    ["admin", true, ["northwind", "bluepeak", "lumen"]],
    ["other", false, ["lumen"]],
  ])("signs %s in with a fresh 128-bit token, and the programs they may open (as /auth/me lists them)", async (username, isAdmin, codes) => {
    const body = decoded(await login(username, username), LoginResponse);
    expect(body.token).toMatch(/^[0-9a-f]{32}$/);
    expect(body.user).toEqual({ id: expect.any(Number), username, email: `${username}@example.com`, is_admin: isAdmin });
    expect(body.user).not.toHaveProperty("password_hash");
    expect(body.programs.map((p) => p.code)).toEqual(codes);
  });

  it("gives every sign-in its own token", async () => {
    const first = decoded(await login("demo", "demo"), LoginResponse);
    const second = decoded(await login("demo", "demo"), LoginResponse);
    expect(first.token).not.toBe(second.token);
  });

  it("ignores the case of the username", async () => {
    expect(decoded(await login("DEMO", "demo"), LoginResponse).user.username).toBe("demo");
  });

  it("refuses a wrong password and an unknown user with the same answer", async () => {
    const wrong = expectRefusal(await login("analyst1", "not-it"), 401, "invalid_credentials");
    const unknown = expectRefusal(await login("nobody-here", "whatever"), 401, "invalid_credentials");
    expect(unknown).toEqual(wrong);
  });

  it.each([
    ["a missing password", { username: "demo" }],
    ["a missing username", { password: "demo" }],
    ["an empty username", { username: "", password: "demo" }],
    ["a number for a username", { username: 7, password: "demo" }],
    ["an array", ["demo", "demo"]],
    ["null", null],
  ])("answers 400 invalid_body for %s", async (_, json) => {
    expectRefusal(await t.call("POST", "/api/auth/login", { json }), 400, "invalid_body");
  });

  it.each([
    ["broken JSON", "{\"username\": \"demo\""],
    ["an empty body", ""],
    ["form encoding", "username=demo&password=demo"],
  ])("answers 400 malformed_json for %s", async (_, body) => {
    expectRefusal(await t.call("POST", "/api/auth/login", { body, headers: { "Content-Type": "application/json" } }), 400, "malformed_json");
  });

  it.each([
    ["text/plain (what a cross-site form can send)", "text/plain"],
    ["text/plain with a charset", "text/plain;charset=UTF-8"],
    ["a form", "application/x-www-form-urlencoded"],
    ["no content type", null],
  ])("refuses a sign-in whose body is declared %s with 415, even with the right password", async (_, contentType) => {
    const body = JSON.stringify({ username: "demo", password: "demo" });
    const answer = await t.call("POST", "/api/auth/login", { body, headers: contentType === null ? {} : { "Content-Type": contentType } });
    if (contentType === null) expect(answer.status).toBe(415);
    else expectRefusal(answer, 415, "unsupported_media_type");
    expect(answer.text).not.toContain("token");
  });

  it("signs in with application/json and a charset", async () => {
    const body = JSON.stringify({ username: "demo", password: "demo" });
    const answer = await t.call("POST", "/api/auth/login", { body, headers: { "Content-Type": "application/json; charset=utf-8" } });
    expect(answer.status).toBe(200);
  });
});

describe("POST /api/auth/login throttling", () => {
  let t: ContractApp;
  beforeAll(async () => {
    t = await openContractApp();
  });
  afterAll(() => t.close());

  const login = (username: string, password: string) =>
    t.call("POST", "/api/auth/login", { json: { username, password } });

  it("refuses the 6th attempt after 5 failures in 5 minutes, even with the right password", async () => {
    for (let i = 0; i < 5; i++) {
      expectRefusal(await login("other", `wrong-${i}`), 401, "invalid_credentials");
      t.clock.advance(10_000);
    }
    const throttled = await login("other", "other");
    expectRefusal(throttled, 429, "too_many_attempts");
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another username is not affected.
    decoded(await login("demo", "demo"), LoginResponse);
  });

  it("lets the username in again once the failures are 5 minutes old", async () => {
    t.clock.advance(5 * minute);
    decoded(await login("other", "other"), LoginResponse);
  });

  it("counts only failures", async () => {
    for (let i = 0; i < 4; i++) expectRefusal(await login("analyst1", "wrong"), 401, "invalid_credentials");
    decoded(await login("analyst1", "analyst1"), LoginResponse);
    decoded(await login("analyst1", "analyst1"), LoginResponse);
    expectRefusal(await login("analyst1", "wrong"), 401, "invalid_credentials");
    expectRefusal(await login("analyst1", "analyst1"), 429, "too_many_attempts");
  });

  it("throttles unknown usernames too, case-insensitively", async () => {
    for (let i = 0; i < 5; i++) expectRefusal(await login("Ghost", "x"), 401, "invalid_credentials");
    expectRefusal(await login("ghost", "x"), 429, "too_many_attempts");
  });
});

describe("POST /api/auth/logout", () => {
  let t: ContractApp;
  beforeAll(async () => {
    t = await openContractApp();
  });
  afterAll(() => t.close());

  it("answers 401 without a token, with a malformed token and with an unknown token", async () => {
    expectRefusal(await t.call("POST", "/api/auth/logout"), 401, "unauthorized");
    expectRefusal(await t.call("POST", "/api/auth/logout", { token: "not a token" }), 401, "unauthorized");
    expectRefusal(await t.call("POST", "/api/auth/logout", { headers: { Authorization: "Basic ZGVtbzpkZW1v" } }), 401, "unauthorized");
    expectRefusal(await t.call("POST", "/api/auth/logout", { token: strangerToken }), 401, "unauthorized");
  });

  it.each(["demo", "other", "admin"])("ends the session of %s on the server, and only that one", async (username) => {
    const ending = await t.signIn(username);
    const staying = await t.signIn(username);
    expect(decoded(await t.call("POST", "/api/auth/logout", { token: ending }), Ok)).toEqual({ ok: true });
    expectRefusal(await t.call("GET", "/api/auth/me", { token: ending }), 401, "unauthorized");
    expectRefusal(await t.call("POST", "/api/auth/logout", { token: ending }), 401, "unauthorized");
    decoded(await t.call("GET", "/api/auth/me", { token: staying }), MeResponse);
  });
});

describe("GET /api/auth/me", () => {
  let t: ContractApp;
  beforeAll(async () => {
    t = await openContractApp();
  });
  afterAll(() => t.close());

  it("answers 401 to anonymous calls and unknown tokens", async () => {
    expectRefusal(await t.call("GET", "/api/auth/me"), 401, "unauthorized");
    expectRefusal(await t.call("GET", "/api/auth/me", { token: strangerToken }), 401, "unauthorized");
    expectRefusal(await t.call("GET", "/api/auth/me", { token: "' OR 1=1 --" }), 401, "unauthorized");
  });

  it.each([
    ["demo", false, ["northwind", "bluepeak"]],
    ["other", false, ["lumen"]],
    ["admin", true, ["northwind", "bluepeak", "lumen"]],
  ])("answers %s with their programs", async (username, isAdmin, codes) => {
    const token = await t.signIn(username);
    const me = decoded(await t.call("GET", "/api/auth/me", { token }), MeResponse);
    expect(me.user.username).toBe(username);
    expect(me.user.is_admin).toBe(isAdmin);
    expect(me.programs.map((p) => p.code)).toEqual(codes);
  });

  it("carries each program's currency, UTC offset and locale", async () => {
    const me = decoded(await t.call("GET", "/api/auth/me", { token: await t.signIn("admin") }), MeResponse);
    expect(me.programs.map((p) => [p.code, p.currency, p.utc_offset, p.locale])).toEqual([
      ["northwind", "GBP", "+00:00", "en-GB"],
      ["bluepeak", "USD", "-05:00", "en-US"],
      ["lumen", "EUR", "+01:00", "de-DE"],
    ]);
  });

  it("drops the sessions that have expired at the next sign-in, and only those", async () => {
    const { user } = decoded(await t.call("POST", "/api/auth/login", { json: { username: "demo", password: "demo" } }), LoginResponse);
    const now = t.clock.now;
    await t.warehouse.sessions.open({ tokenDigest: "purge-expired", userId: user.id, openedAt: now - 2 * hour, expiresAt: now - hour });
    await t.warehouse.sessions.open({ tokenDigest: "purge-live", userId: user.id, openedAt: now, expiresAt: now + hour });
    // Read as of before its expiry, the expired one is still stored.
    expect(await t.warehouse.sessions.findUser("purge-expired", now - 2 * hour)).toMatchObject({ id: user.id });
    await t.signIn("other");
    expect(await t.warehouse.sessions.findUser("purge-expired", now - 2 * hour)).toBeNull();
    expect(await t.warehouse.sessions.findUser("purge-live", now)).toMatchObject({ id: user.id });
  });

  it("ends a session 12 hours after sign-in", async () => {
    const token = await t.signIn("demo");
    t.clock.advance(12 * hour - 1);
    decoded(await t.call("GET", "/api/auth/me", { token }), MeResponse);
    t.clock.advance(1);
    expectRefusal(await t.call("GET", "/api/auth/me", { token }), 401, "unauthorized");
  });
});

describe("what sign-in and reset requests leave in the log", () => {
  const log = recordingLog();
  let t: ContractApp;
  beforeAll(async () => {
    t = await openContractApp({ log });
  });
  afterAll(() => t.close());

  it("never the name typed at a refused sign-in (sometimes a password typed in the wrong box), nor the address a throttled reset asked for", async () => {
    const typed = "Tr0ub4dor&3-in-the-wrong-box";
    expectRefusal(await t.call("POST", "/api/auth/login", { json: { username: typed, password: "wrong" } }), 401, "invalid_credentials");
    for (let i = 0; i < 7; i++) await t.call("POST", "/api/auth/password/request-reset", { json: { email: "someone.private@example.org" } });
    await t.background.settled();
    expect(log.messages()).toEqual(expect.arrayContaining(["login refused", "password reset request throttled"]));
    expect(log.text()).not.toMatch(/tr0ub4dor|someone\.private/i);
    expect(log.records.find((r) => r.message === "password reset request throttled")?.fields).toEqual({ emailDomain: "example.org" });
  });
});
