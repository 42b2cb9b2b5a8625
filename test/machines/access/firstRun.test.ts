import { SimulatedClock, createActor, type EventObject } from "xstate";
import { describe, expect, it, vi } from "vitest";
import type { LoginResponse } from "../../../src/domain/access/auth";
import type { FirstAdminRequest, SetupStatus } from "../../../src/domain/access/firstRun";
import { firstRunMachine, firstRunSelectors as sel } from "../../../src/machines/access/firstRun.machine";
import type { ApiContext } from "../../../src/services/http/http";
import { ClientError } from "../../../src/services/http/httpErrors";
import { api, httpErrors, recordingSessionActor } from "../../model/fixtures";
import { controlled } from "../support";

const admin: LoginResponse = { token: "tok-admin", user: { id: 1, username: "ada", email: "ada@example.org", is_admin: true }, programs: [] };
const form = { name: " Ada ", email: " ada@example.org ", password: "correct horse battery", confirmPassword: "correct horse battery" };
const sent: FirstAdminRequest = { name: "Ada", email: "ada@example.org", password: "correct horse battery" };

const start = () => {
  const received: EventObject[] = [];
  const session = recordingSessionActor((e) => received.push(e), { token: null });
  const status = controlled<SetupStatus, { api: ApiContext }>();
  const create = controlled<LoginResponse, { api: ApiContext; body: FirstAdminRequest }>();
  const leaveSetup = vi.fn();
  const actor = createActor(
    firstRunMachine.provide({ actors: { setupStatus: status.logic, createFirstAdmin: create.logic }, actions: { leaveSetup } }),
    { clock: new SimulatedClock(), input: { session } },
  ).start();
  return { actor, status, create, received, leaveSetup };
};

const opened = async () => {
  const t = start();
  await t.status.resolve({ needed: true, exposed_demo: false });
  return t;
};

describe("firstRun machine", () => {
  it("asks the server first, then shows the form when no account exists", async () => {
    const t = start();
    expect(sel.isChecking(t.actor.getSnapshot())).toBe(true);
    expect(t.status.calls).toEqual([{ api }]);
    await t.status.resolve({ needed: true, exposed_demo: false });
    expect(sel.showsForm(t.actor.getSnapshot())).toBe(true);
    expect(sel.problem(t.actor.getSnapshot())).toBeNull();
    expect(t.leaveSetup).not.toHaveBeenCalled();
  });

  it.each([
    [{ needed: false, exposed_demo: false }, false],
    [{ needed: false, exposed_demo: true }, true],
  ])("with an account (%o) it never offers the form and leaves for the login page; exposed demo: %s", async (answer, exposed) => {
    const t = start();
    await t.status.resolve(answer);
    expect(sel.isNotNeeded(t.actor.getSnapshot())).toBe(true);
    expect(sel.isExposedDemo(t.actor.getSnapshot())).toBe(exposed);
    expect(sel.showsForm(t.actor.getSnapshot())).toBe(false);
    expect(t.leaveSetup).toHaveBeenCalledTimes(1);
  });

  it("offers Try again when the check fails, and asks again", async () => {
    const t = start();
    await t.status.reject(httpErrors.network);
    expect(sel.hasCheckFailed(t.actor.getSnapshot())).toBe(true);
    t.actor.send({ type: "firstRun.retried" });
    expect(sel.isChecking(t.actor.getSnapshot())).toBe(true);
    expect(t.status.calls).toHaveLength(2);
  });

  it("sends the trimmed name and email, signs the new admin in and forgets the password", async () => {
    const t = await opened();
    t.actor.send({ type: "firstRun.submitted", form });
    expect(sel.isSubmitting(t.actor.getSnapshot())).toBe(true);
    expect(t.create.calls).toEqual([{ api, body: sent }]);
    await t.create.resolve(admin);
    expect(sel.isSignedIn(t.actor.getSnapshot())).toBe(true);
    expect(t.actor.getSnapshot().context.request.password).toBe("");
    expect(t.received).toEqual([{ type: "session.signedIn", token: "tok-admin", user: admin.user, programs: [] }]);
  });

  it.each([
    ["a blank name", { ...form, name: "  " }, "Enter your name"],
    ["an email without @", { ...form, email: "ada" }, "Enter a valid email address"],
    ["a password under 12 characters", { ...form, password: "elevenchars", confirmPassword: "elevenchars" }, "Use at least 12 characters"],
    ["a retyped password that differs", { ...form, confirmPassword: "correct horse batter" }, "These passwords don't match. Please ensure both fields match."],
  ])("keeps %s in the form with its words and sends nothing", async (_, bad, words) => {
    const t = await opened();
    t.actor.send({ type: "firstRun.submitted", form: bad });
    expect(sel.problem(t.actor.getSnapshot())).toBe(words);
    expect(t.create.calls).toEqual([]);
    t.actor.send({ type: "firstRun.submitted", form });
    expect(t.create.calls).toEqual([{ api, body: sent }]);
  });

  it("shows the server's words for a refused password and lets the person try another", async () => {
    const t = await opened();
    t.actor.send({ type: "firstRun.submitted", form });
    const words = "This password is one of the most common ones; choose another";
    await t.create.reject(new ClientError({ status: 400, code: "password_common", message: words, path: "/auth/setup" }));
    expect(sel.problem(t.actor.getSnapshot())).toBe(words);
    expect(t.actor.getSnapshot().context.request.password).toBe("");
    t.actor.send({ type: "firstRun.submitted", form: { ...form, password: "a better passphrase", confirmPassword: "a better passphrase" } });
    expect(t.create.calls).toHaveLength(2);
  });

  it("sends the person to sign in when someone else set the server up meanwhile (409)", async () => {
    const t = await opened();
    t.actor.send({ type: "firstRun.submitted", form });
    await t.create.reject(new ClientError({ status: 409, code: "setup_done", message: "already", path: "/auth/setup" }));
    expect(sel.isSetUpMeanwhile(t.actor.getSnapshot())).toBe(true);
    expect(sel.showsForm(t.actor.getSnapshot())).toBe(false);
    expect(t.received).toEqual([]);
  });

  it("keeps the form, without words of its own, when the server or network fails (the global dialog says so)", async () => {
    const t = await opened();
    t.actor.send({ type: "firstRun.submitted", form });
    await t.create.reject(httpErrors.server);
    expect(sel.showsForm(t.actor.getSnapshot())).toBe(true);
    expect(sel.problem(t.actor.getSnapshot())).toBeNull();
    expect(t.received).toEqual([]);
  });
});
