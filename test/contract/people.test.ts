import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LoginResponse, MeResponse, Ok } from "../../src/domain/access/auth";
import { InvitationAnswer, InvitationPreview, PeopleAnswer, PersonAnswer } from "../../src/domain/people/people";
import { invitationSubject } from "../../server/routes/peopleRoutes";
import { decoded, expectRefusal, hour, openContractApp, type ContractApp } from "./contractApp";
import { signInAll, type Tokens } from "./accountSupport";

const people = "/api/admin/people";
const invitations = `${people}/invitations`;
const day = 24 * hour;
const goodPassword = "a long enough passphrase";

/** One app for the file: the calls below run in order over it (invite, accept, resend, revoke, change, remove). */
describe("people and access (/api/admin/people, /api/auth/invitation)", () => {
  let t: ContractApp;
  let tokens: Tokens;
  beforeAll(async () => {
    t = await openContractApp();
    tokens = await signInAll(t);
  });
  afterAll(() => t.close());

  const list = async () => decoded(await t.call("GET", people, { token: tokens.admin }), PeopleAnswer).data;
  const invite = async (json: unknown) => decoded(await t.call("POST", invitations, { token: tokens.admin, json }), InvitationAnswer).data;
  /** The token and email of the last invitation link mailed to `to`. */
  const linkTo = (to: string): { token: string; email: string } => {
    const message = t.outbox.lastTo(to);
    if (!message) throw new Error(`no invitation was sent to ${to}`);
    expect(message.subject).toBe(invitationSubject);
    const url = new URL(message.link);
    expect(url.pathname).toMatch(/^\/accept-invitation\/[0-9a-f]{32}$/);
    return { token: url.pathname.split("/").at(-1) ?? "", email: url.searchParams.get("email") ?? "" };
  };
  const validate = (link: { token: string; email: string }) => t.call("POST", "/api/auth/invitation/validate", { json: link });
  const accept = (link: { token: string; email: string }, fields: Partial<{ name: string; password: string; confirm_password: string }> = {}) =>
    t.call("POST", "/api/auth/invitation/accept", {
      json: { ...link, name: "Nora Newcomer", password: goodPassword, confirm_password: goodPassword, ...fields },
    });

  it.each([
    ["GET", people, undefined],
    ["POST", invitations, { email: "x@example.test", role: "member", programs: [] }],
    ["POST", `${invitations}/1/resend`, undefined],
    ["DELETE", `${invitations}/1`, undefined],
    ["PATCH", `${people}/3`, { role: "admin" }],
    ["DELETE", `${people}/3`, undefined],
  ])("%s %s: 401 without a session, 403 to a member", async (method, path, json) => {
    expectRefusal(await t.call(method, path, { json }), 401, "unauthorized");
    const refused = expectRefusal(await t.call(method, path, { token: tokens.demo, json }), 403, "forbidden");
    expect(refused.message).toBe("You don't have access to admin resources.");
  });

  it("lists the people with their roles and programs, and no invitation yet", async () => {
    const found = await list();
    // The demo's three sign-ins first (its analysts follow, never signed in).
    expect(found.people.slice(0, 3).map((p) => [p.name, p.email, p.role, p.programs])).toEqual([
      ["demo", "demo@example.com", "member", ["northwind", "bluepeak"]],
      ["admin", "admin@example.com", "admin", []],
      ["other", "other@example.com", "member", ["lumen"]],
    ]);
    // All three signed in when the suite began (a session opened records the sign-in).
    expect(found.people.slice(0, 3).map((p) => p.last_signed_in_at)).toEqual([t.clock.now, t.clock.now, t.clock.now]);
    expect(found.people[3]?.last_signed_in_at).toBeNull();
    expect(found.invitations).toEqual([]);
  });

  it.each([
    ["an email without @", { email: "nobody", role: "member", programs: [] }, "email", "invalid_body"],
    ["an email over 320 characters", { email: `${"x".repeat(320)}@example.test`, role: "member", programs: [] }, "email", "invalid_body"],
    ["an unknown role", { email: "x@example.test", role: "owner", programs: [] }, "role", "invalid_body"],
    ["an unknown program", { email: "x@example.test", role: "member", programs: ["nowhere"] }, "nowhere", "invalid_body"],
    ["no programs field", { email: "x@example.test", role: "member" }, "programs", "invalid_body"],
  ])("POST invitations refuses %s with 400 naming it, inviting nobody", async (_, json, named, error) => {
    const refused = expectRefusal(await t.call("POST", invitations, { token: tokens.admin, json }), 400, error);
    expect(refused.message).toContain(named);
    expect(t.outbox.sent).toEqual([]);
  });

  it("refuses to invite an email someone already has (409), in any case", async () => {
    expectRefusal(
      await t.call("POST", invitations, { token: tokens.admin, json: { email: "Demo@Example.com", role: "member", programs: [] } }),
      409,
      "person_exists",
    );
  });

  it("invites a member of one program; the same email again is the same invitation resent, its first link dead", async () => {
    const first = await invite({ email: " Nora@Example.test ", role: "member", programs: ["northwind", "bluepeak"] });
    expect(first).toMatchObject({ email: "nora@example.test", role: "member", programs: ["northwind", "bluepeak"], expires_at: t.clock.now + 7 * day });
    const firstLink = linkTo("nora@example.test");
    decoded(await validate(firstLink), InvitationPreview);
    // One token mechanism, two purposes: an invitation's link is no reset link.
    expectRefusal(await t.call("POST", "/api/auth/password/validate", { json: firstLink }), 400, "invalid_reset_link");

    t.clock.advance(hour);
    const again = await invite({ email: "nora@example.test", role: "member", programs: ["northwind"] });
    expect(again).toMatchObject({ id: first.id, programs: ["northwind"], expires_at: t.clock.now + 7 * day });
    expect((await list()).invitations.map((i) => i.email)).toEqual(["nora@example.test"]);
    expectRefusal(await validate(firstLink), 400, "invalid_invitation_link");
    expect(decoded(await validate(linkTo("nora@example.test")), InvitationPreview)).toEqual({ email: "nora@example.test", role: "member" });
  });

  let nora: { token: string; id: number };

  it("accepting by the link's rules: the first admin's password rules, matching passwords, a name; then signed in, seeing only the granted program", async () => {
    const link = linkTo("nora@example.test");
    expectRefusal(await accept(link, { password: "short", confirm_password: "short" }), 400, "password_too_short");
    expectRefusal(await accept(link, { confirm_password: "another long passphrase" }), 400, "password_mismatch");
    expectRefusal(await accept(link, { name: "   " }), 400, "invalid_name");
    expectRefusal(await accept(link, { name: "demo" }), 409, "account_taken");
    expectRefusal(await accept({ ...link, email: "someone@example.test" }), 400, "invalid_invitation_link");

    const accepted = decoded(await accept(link), LoginResponse);
    expect(accepted.user).toMatchObject({ username: "nora newcomer", email: "nora@example.test", is_admin: false });
    nora = { token: accepted.token, id: accepted.user.id };
    expectRefusal(await accept(link), 400, "invalid_invitation_link");

    const me = decoded(await t.call("GET", "/api/auth/me", { token: nora.token }), MeResponse);
    expect(me.programs.map((p) => p.code)).toEqual(["northwind"]);
    expect(accepted.programs).toEqual(me.programs);
    expect((await t.call("GET", "/api/programs/northwind/settings", { token: nora.token })).status).toBe(200);
    expectRefusal(await t.call("GET", "/api/programs/bluepeak/settings", { token: nora.token }), 403, "forbidden");
    expectRefusal(await t.call("GET", people, { token: nora.token }), 403, "forbidden");
    // Signing in with the name and password works too.
    expect(await t.signIn("Nora Newcomer", goodPassword)).toMatch(/^[0-9a-f]{32}$/);

    const found = await list();
    expect(found.invitations).toEqual([]);
    expect(found.people.find((p) => p.id === nora.id)).toEqual({
      id: nora.id,
      name: "nora newcomer",
      email: "nora@example.test",
      role: "member",
      programs: ["northwind"],
      last_signed_in_at: t.clock.now,
    });
  });

  it("resend: a new link, the old one dead; revoke: the link dead, a second revoke 404", async () => {
    const { id } = await invite({ email: "sam@example.test", role: "admin", programs: [] });
    const old = linkTo("sam@example.test");
    decoded(await t.call("POST", `${invitations}/${id}/resend`, { token: tokens.admin }), InvitationAnswer);
    const fresh = linkTo("sam@example.test");
    expect(fresh.token).not.toBe(old.token);
    expectRefusal(await validate(old), 400, "invalid_invitation_link");
    expect(decoded(await validate(fresh), InvitationPreview).role).toBe("admin");

    decoded(await t.call("DELETE", `${invitations}/${id}`, { token: tokens.admin }), Ok);
    expectRefusal(await validate(fresh), 400, "invalid_invitation_link");
    expectRefusal(await accept(fresh), 400, "invalid_invitation_link");
    expectRefusal(await t.call("DELETE", `${invitations}/${id}`, { token: tokens.admin }), 404, "invitation_not_found");
    expectRefusal(await t.call("POST", `${invitations}/${id}/resend`, { token: tokens.admin }), 404, "invitation_not_found");
    expect((await list()).invitations).toEqual([]);
  });

  it("PATCH changes a member's programs and role, with effect on their very next call", async () => {
    const moved = decoded(await t.call("PATCH", `${people}/${nora.id}`, { token: tokens.admin, json: { programs: ["bluepeak"] } }), PersonAnswer);
    expect(moved.data.programs).toEqual(["bluepeak"]);
    expectRefusal(await t.call("GET", "/api/programs/northwind/settings", { token: nora.token }), 403, "forbidden");
    expect((await t.call("GET", "/api/programs/bluepeak/settings", { token: nora.token })).status).toBe(200);

    const promoted = decoded(await t.call("PATCH", `${people}/${nora.id}`, { token: tokens.admin, json: { role: "admin" } }), PersonAnswer);
    expect(promoted.data).toMatchObject({ role: "admin", programs: [] });
    decoded(await t.call("GET", people, { token: nora.token }), PeopleAnswer);
  });

  it.each([
    ["PATCH", { role: "owner" }, 400, "invalid_body"],
    ["PATCH", {}, 400, "invalid_body"],
    ["PATCH", { programs: ["nowhere"] }, 400, "invalid_body"],
  ])("%s %j refused with %i", async (method, json, status, error) => {
    expectRefusal(await t.call(method, `${people}/${nora.id}`, { token: tokens.admin, json }), status, error);
  });

  it("an admin cannot make themself a member or remove themself; an unknown person is 404", async () => {
    const me = decoded(await t.call("GET", "/api/auth/me", { token: tokens.admin }), MeResponse).user;
    expectRefusal(await t.call("PATCH", `${people}/${me.id}`, { token: tokens.admin, json: { role: "member" } }), 409, "own_account");
    expectRefusal(await t.call("DELETE", `${people}/${me.id}`, { token: tokens.admin }), 409, "own_account");
    expectRefusal(await t.call("PATCH", `${people}/9999`, { token: tokens.admin, json: { role: "member" } }), 404, "person_not_found");
    expectRefusal(await t.call("DELETE", `${people}/x`, { token: tokens.admin }), 404, "person_not_found");
  });

  it("the last admin stays one: the store refuses to demote or remove them", async () => {
    const adminId = 2;
    // Nora is an admin now: one admin may demote the other, then the one left is the last.
    decoded(await t.call("PATCH", `${people}/${nora.id}`, { token: tokens.admin, json: { role: "member" } }), PersonAnswer);
    expect(await t.warehouse.people.change({ userId: nora.id, userName: "nora", at: t.clock.now }, adminId, { isAdmin: false })).toEqual({ kind: "lastAdmin" });
    expect(await t.warehouse.people.remove({ userId: nora.id, userName: "nora", at: t.clock.now }, adminId)).toEqual({ kind: "lastAdmin" });
  });

  it("removing a person ends their sessions at once: their next call is 401, and they cannot sign in", async () => {
    decoded(await t.call("DELETE", `${people}/${nora.id}`, { token: tokens.admin }), Ok);
    expectRefusal(await t.call("GET", "/api/auth/me", { token: nora.token }), 401, "unauthorized");
    const login = await t.call("POST", "/api/auth/login", { json: { username: "nora newcomer", password: goodPassword } });
    expectRefusal(login, 401, "invalid_credentials");
    expect((await list()).people.map((p) => p.id)).not.toContain(nora.id);
    expectRefusal(await t.call("DELETE", `${people}/${nora.id}`, { token: tokens.admin }), 404, "person_not_found");
  });

  it("an expired link is refused", async () => {
    await invite({ email: "late@example.test", role: "member", programs: [] });
    const link = linkTo("late@example.test");
    t.clock.advance(7 * day);
    expectRefusal(await validate(link), 400, "invalid_invitation_link");
    // The admin's session has expired too (12 hours): signed in again.
    tokens = await signInAll(t);
    expect((await list()).invitations.map((i) => [i.email, i.expires_at < t.clock.now + 1])).toEqual([["late@example.test", true]]);
  });
});
