import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { LoginResponse, Ok } from "../../src/domain/access/auth";
import { decoded, expectRefusal, minute, openContractApp, strangerToken, type ContractApp } from "./contractApp";

const attacker = "203.0.113.7";
const neighbour = "198.51.100.2";

describe("throttles by client address", () => {
  let t: ContractApp;
  beforeEach(async () => {
    await t?.close();
    t = await openContractApp();
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, address = attacker, headers: Record<string, string> = {}) =>
    t.call("POST", "/api/auth/login", { json: { username, password }, address, headers });

  it("refuses the 31st failed sign-in from one address in 15 minutes, over 200 usernames, with Retry-After", async () => {
    for (let i = 0; i < 30; i++) expectRefusal(await login(`user${i}`, "Summer2025!"), 401, "invalid_credentials");
    for (let i = 30; i < 200; i += 17) {
      const refused = await login(`user${i}`, "Summer2025!");
      expectRefusal(refused, 429, "too_many_attempts");
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(15 * 60);
    }
    // The right password from that address waits too; another address is not affected.
    expectRefusal(await login("demo", "demo"), 429, "too_many_attempts");
    decoded(await login("demo", "demo", neighbour), LoginResponse);
    t.clock.advance(15 * minute);
    decoded(await login("demo", "demo"), LoginResponse);
  });

  it("does not count successful sign-ins", async () => {
    for (let i = 0; i < 60; i++) decoded(await login("demo", "demo"), LoginResponse);
    for (let i = 0; i < 29; i++) expectRefusal(await login(`user${i}`, "wrong"), 401, "invalid_credentials");
    decoded(await login("other", "other"), LoginResponse);
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", async () => {
    for (let i = 0; i < 30; i++) {
      expectRefusal(await login(`user${i}`, "x", attacker, { "X-Forwarded-For": `192.0.2.${i}` }), 401, "invalid_credentials");
    }
    expectRefusal(await login("user99", "x", attacker, { "X-Forwarded-For": "192.0.2.200" }), 429, "too_many_attempts");
  });

  it("counts an IPv4-mapped IPv6 peer as its IPv4 address, and an IPv6 peer by its /64", async () => {
    for (let i = 0; i < 15; i++) expectRefusal(await login(`user${i}`, "x", `::ffff:${attacker}`), 401, "invalid_credentials");
    for (let i = 15; i < 30; i++) expectRefusal(await login(`user${i}`, "x", attacker), 401, "invalid_credentials");
    expectRefusal(await login("user30", "x", `::ffff:${attacker}`), 429, "too_many_attempts");

    for (let i = 0; i < 30; i++) expectRefusal(await login(`user${i}`, "x", `2001:db8:1:2::${i.toString(16)}`), 401, "invalid_credentials");
    expectRefusal(await login("user31", "x", "2001:db8:1:2:ffff:1:2:3"), 429, "too_many_attempts");
    decoded(await login("demo", "demo", "2001:db8:1:3::1"), LoginResponse);
  });

  it("refuses the 31st reset request from one address with 429 and Retry-After; another address still gets Ok", async () => {
    const request = (email: string, address = attacker) =>
      t.call("POST", "/api/auth/password/request-reset", { json: { email }, address });
    for (let i = 0; i < 30; i++) decoded(await request(`someone${i}@example.com`), Ok);
    const refused = await request("demo@example.com");
    expectRefusal(refused, 429, "too_many_requests");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(t.outbox.sent).toHaveLength(0);
    decoded(await request("demo@example.com", neighbour), Ok);
    expect(t.outbox.sent.map((m) => m.to)).toEqual(["demo@example.com"]);
  });

  it("refuses the 61st reset-link check (validate or reset) from one address with 429", async () => {
    const body = { token: strangerToken, email: "demo@example.com" };
    for (let i = 0; i < 40; i++) {
      expectRefusal(await t.call("POST", "/api/auth/password/validate", { json: body, address: attacker }), 400, "invalid_reset_link");
    }
    const resetBody = { ...body, password: "p4ssword", confirm_password: "p4ssword" };
    for (let i = 0; i < 20; i++) {
      expectRefusal(await t.call("POST", "/api/auth/password/reset", { json: resetBody, address: attacker }), 400, "invalid_reset_link");
    }
    const refused = await t.call("POST", "/api/auth/password/validate", { json: body, address: attacker });
    expectRefusal(refused, 429, "too_many_requests");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expectRefusal(await t.call("POST", "/api/auth/password/reset", { json: resetBody, address: attacker }), 429, "too_many_requests");
    expectRefusal(await t.call("POST", "/api/auth/password/validate", { json: body, address: neighbour }), 400, "invalid_reset_link");
  });
});

describe("behind a trusted proxy", () => {
  let t: ContractApp;
  beforeEach(async () => {
    await t?.close();
    t = await openContractApp({ trustedProxies: new Set(["10.0.0.1"]) });
  });
  afterAll(() => t.close());

  const viaProxy = (username: string, forwardedFor: string) =>
    t.call("POST", "/api/auth/login", {
      json: { username, password: "x" },
      address: "10.0.0.1",
      headers: { "X-Forwarded-For": forwardedFor },
    });

  it("keys on the right-most X-Forwarded-For address that is not the proxy", async () => {
    for (let i = 0; i < 30; i++) expectRefusal(await viaProxy(`user${i}`, `192.0.2.${i}, ${attacker}`), 401, "invalid_credentials");
    expectRefusal(await viaProxy("user30", `192.0.2.99, ${attacker}`), 429, "too_many_attempts");
    // Another client behind the same proxy is not affected.
    expectRefusal(await viaProxy("user31", neighbour), 401, "invalid_credentials");
  });
});
