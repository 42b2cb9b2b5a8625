import { afterEach, describe, expect, it } from "vitest";
import { LoginResponse, MeResponse } from "../../src/domain/access/auth";
import { SetupStatus } from "../../src/domain/access/firstRun";
import { AuditPage } from "../../src/domain/audit/auditTrail";
import { demoSignInsKept } from "../../server/seed/demoSignIns";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";

/** The production start's first run: GET and POST /api/auth/setup over an empty database (and the demo's). */
describe("/api/auth/setup", () => {
  let t: ContractApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });
  const open = async (options: Parameters<typeof openContractApp>[0] = { empty: true }): Promise<ContractApp> => {
    t = await openContractApp(options);
    return t;
  };
  const ada = { name: "Ada", email: "ada@example.org", password: "correct horse battery" };

  it("says setup is needed while the database has no account, and not once the first admin exists", async () => {
    const app = await open();
    expect(decoded(await app.call("GET", "/api/auth/setup"), SetupStatus)).toEqual({ needed: true, exposed_demo: false });
    decoded(await app.call("POST", "/api/auth/setup", { json: ada }), LoginResponse);
    expect(decoded(await app.call("GET", "/api/auth/setup"), SetupStatus)).toEqual({ needed: false, exposed_demo: false });
  });

  it("is never needed on the demo's database, and POST is refused there with 409 setup_done", async () => {
    const app = await open({});
    expect(decoded(await app.call("GET", "/api/auth/setup"), SetupStatus).needed).toBe(false);
    const refusal = expectRefusal(await app.call("POST", "/api/auth/setup", { json: ada }), 409, "setup_done");
    expect(refusal.message).toBe("This server already has an administrator. Sign in instead.");
  });

  it("tells the login page when the demo is reachable from other machines", async () => {
    const app = await open({ exposedDemo: true });
    expect(decoded(await app.call("GET", "/api/auth/setup"), SetupStatus)).toEqual({ needed: false, exposed_demo: true });
  });

  it("creates the first admin, signs them in, writes the admin's own audit line, and they sign in again with their name and password", async () => {
    const app = await open();
    const body = decoded(await app.call("POST", "/api/auth/setup", { json: { ...ada, name: " Ada ", email: " ada@example.org " } }), LoginResponse);
    expect(body.user).toEqual({ id: 1, username: "ada", email: "ada@example.org", is_admin: true });
    const me = decoded(await app.call("GET", "/api/auth/me", { token: body.token }), MeResponse);
    expect(me).toEqual({ user: body.user, programs: [] });
    expect(body.programs).toEqual(me.programs);
    const trail = decoded(await app.call("GET", "/api/admin/audit", { token: body.token }), AuditPage);
    expect(trail.data.map(({ id: _, after, ...line }) => ({ ...line, after: JSON.parse(after ?? "null") as unknown }))).toEqual([
      {
        at: app.clock.now,
        user_id: 1,
        user_name: "ada",
        kind: "person",
        program: null,
        object: "1",
        action: "created",
        before: null,
        after: { name: "ada", email: "ada@example.org", role: "admin", program_ids: [] },
      },
    ]);
    await app.signIn("Ada", ada.password);
  });

  it("makes exactly one admin from two calls at once; the other is refused with 409 setup_done", async () => {
    const app = await open();
    const answers = await Promise.all([
      app.call("POST", "/api/auth/setup", { json: ada }),
      app.call("POST", "/api/auth/setup", { json: { name: "Grace", email: "grace@example.org", password: "another long passphrase" } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409);
    if (refused) expectRefusal(refused, 409, "setup_done");
    const won = answers.find((a) => a.status === 200);
    const admin = won ? decoded(won, LoginResponse).user : null;
    expect(admin?.id).toBe(1);
    // Only the winner exists: the other name cannot sign in.
    const loser = admin?.username === "ada" ? { username: "grace", password: "another long passphrase" } : { username: "ada", password: ada.password };
    expectRefusal(await app.call("POST", "/api/auth/login", { json: loser }), 401, "invalid_credentials");
  });

  it.each([
    ["a password under 12 characters", { ...ada, password: "elevenchars" }, "password_too_short", "Use at least 12 characters"],
    ["a common password", { ...ada, password: "1qaz2wsx3edc" }, "password_common", "This password is one of the most common ones; choose another"],
    ["a common password said twice", { ...ada, password: "passwordpassword" }, "password_common", "This password is one of the most common ones; choose another"],
    ["a common password with digits after it", { ...ada, password: "Sunshine2024!!" }, "password_common", "This password is one of the most common ones; choose another"],
    ["a blank name", { ...ada, name: "  " }, "invalid_name", "Enter a name of 1 to 100 characters, without spaces at either end"],
    ["an email without @", { ...ada, email: "ada.example.org" }, "invalid_email", "Enter a valid email address"],
  ])("refuses %s with 400 and creates no account", async (_, json, error, message) => {
    const app = await open();
    expect(expectRefusal(await app.call("POST", "/api/auth/setup", { json }), 400, error).message).toBe(message);
    expect(decoded(await app.call("GET", "/api/auth/setup"), SetupStatus).needed).toBe(true);
  });

  it.each([
    ["a missing password", { name: "Ada", email: "ada@example.org" }],
    ["a name over 100 characters", { ...ada, name: "a".repeat(101) }],
    ["a number for an email", { ...ada, email: 7 }],
  ])("answers 400 invalid_body for %s", async (_, json) => {
    const app = await open();
    expectRefusal(await app.call("POST", "/api/auth/setup", { json }), 400, "invalid_body");
  });

  it("finds the demo's sign-ins in the demo's database (DEMO=off refuses to start on it), and none in a production one", async () => {
    expect(await demoSignInsKept((await open({})).warehouse.users)).toEqual(["demo", "admin", "other"]);
    await t?.close();
    const production = await open();
    decoded(await production.call("POST", "/api/auth/setup", { json: { ...ada, name: "admin", password: "admin's own long password" } }), LoginResponse);
    expect(await demoSignInsKept(production.warehouse.users)).toEqual([]);
  });
});
