import { createActor, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import type { AdminProgram, AdminProgramAnswer, AdminProgramList } from "../../../src/domain/programs/programAdmin";
import type { MeResponse } from "../../../src/domain/access/auth";
import type { ApiContext } from "../../../src/domain/shell/session";
import type { ProgramList } from "../../../src/domain/shell/program";
import {
  programAdminMachine,
  programAdminSelectors as sel,
  type ApiOnly,
  type ArchiveCall,
  type SaveCall,
} from "../../../src/machines/programs/programAdmin.machine";
import { sessionMachine, sessionSelectors } from "../../../src/machines/shell/session.machine";
import { ClientError } from "../../../src/services/http/httpErrors";
import { acme, acmeAdminProgram, alice, beta, httpErrors, profile, quietSessionScopeListener, recordingSessionActor, scopeOf, signedInApi } from "../../model/fixtures";
import { answering, controlled } from "../support";

const acmeAdmin: AdminProgram = acmeAdminProgram;
const list: AdminProgramList = { data: [acmeAdmin] };
const berlin: AdminProgram = { ...acmeAdmin, id: 2, code: "acme-eu", name: "Acme Europe", currency: "EUR", time_zone: "Europe/Berlin" };
const menu: ProgramList = { data: [acme, beta] };

const setup = (overrides: Partial<Parameters<typeof recordingSessionActor>[1]> = {}) => {
  const received: EventObject[] = [];
  const toasts: EventObject[] = [];
  const session = recordingSessionActor((event) => received.push(event), overrides);
  const loadPrograms = controlled<AdminProgramList, ApiOnly>();
  const saveProgram = controlled<AdminProgramAnswer, SaveCall>();
  const setArchived = controlled<AdminProgramAnswer, ArchiveCall>();
  const loadMenuPrograms = controlled<ProgramList, ApiOnly>();
  let wentHome = 0;
  const actor = createActor(
    programAdminMachine.provide({
      actors: { sessionScopeListener: quietSessionScopeListener, loadPrograms: loadPrograms.logic, saveProgram: saveProgram.logic, setArchived: setArchived.logic, loadMenuPrograms: loadMenuPrograms.logic },
      actions: { goHome: () => void wentHome++ },
    }),
    { input: { session, toasts: { send: (e: EventObject) => toasts.push(e) } as never } },
  ).start();
  return { actor, received, toasts, loadPrograms, saveProgram, setArchived, loadMenuPrograms, wentHome: () => wentHome };
};

const ready = async () => {
  const t = setup();
  await t.loadPrograms.resolve(list);
  return t;
};

describe("programAdmin machine", () => {
  it("loads every program with the session's API context, even when the session has no program yet", async () => {
    const t = setup({ programs: [], programCode: null, range: null });
    expect(sel.status(t.actor.getSnapshot())).toBe("loading");
    expect(t.loadPrograms.calls).toEqual([{ api: signedInApi }]);
    await t.loadPrograms.resolve({ data: [] });
    expect(sel.status(t.actor.getSnapshot())).toBe("empty");
  });

  it("says a failed load and loads again on 'Try again'", async () => {
    const t = setup();
    await t.loadPrograms.reject(httpErrors.server);
    expect(sel.status(t.actor.getSnapshot())).toBe("failed");
    t.actor.send({ type: "programs.retried" });
    await t.loadPrograms.resolve(list);
    expect(sel.programs(t.actor.getSnapshot())).toEqual([acmeAdmin]);
  });

  it("ends with the admin refusal on a 403", async () => {
    const t = setup();
    await t.loadPrograms.reject(httpErrors.forbidden);
    expect(t.actor.getSnapshot().status).toBe("done");
    expect(t.toasts).toEqual([{ type: "toast.shown", text: "You don't have access to admin resources", kind: "error" }]);
    expect(t.wentHome()).toBe(1);
  });

  it("checks the form with the API's rules before sending; then creates, lists and tells the session the new program list", async () => {
    const t = await ready();
    t.actor.send({ type: "programs.createAsked" });
    t.actor.send({ type: "programs.formSubmitted" });
    expect(sel.form(t.actor.getSnapshot())?.problems).toEqual({ name: "Enter the program's name", code: "Use 2 to 40 characters" });
    expect(t.saveProgram.calls).toEqual([]);
    for (const [field, value] of [["name", "Acme Europe"], ["code", "acme-eu"], ["time_zone", "Europe/Berlin"], ["lookback_days", "14"]] as const)
      t.actor.send({ type: "programs.fieldChanged", field, value });
    expect(sel.form(t.actor.getSnapshot())?.problems).toEqual({});
    t.actor.send({ type: "programs.formSubmitted" });
    expect(sel.isSaving(t.actor.getSnapshot())).toBe(true);
    expect(t.saveProgram.calls).toEqual([
      { api: signedInApi, code: null, body: { name: "Acme Europe", code: "acme-eu", currency: "EUR", time_zone: "Europe/Berlin", attribution_model: "linear", lookback_days: 14 } },
    ]);
    await t.saveProgram.resolve({ data: berlin });
    expect(sel.programs(t.actor.getSnapshot())).toEqual([acmeAdmin, berlin]);
    expect(sel.form(t.actor.getSnapshot())).toBeNull();
    expect(sel.notice(t.actor.getSnapshot())).toEqual({ tone: "success", text: "Acme Europe was created." });
    await t.loadMenuPrograms.resolve(menu);
    expect(t.received).toEqual([{ type: "session.programsChanged", programs: [acme, beta] }]);
    expect(sel.isIdle(t.actor.getSnapshot())).toBe(true);
  });

  it.each([
    ["a taken code (409)", new ClientError({ status: 409, code: "program_code_taken", message: "HTTP 409", path: "/admin/programs" }), { code: "Another program already has this code. Choose another one." }, null],
    ["a server failure", httpErrors.server, {}, "The program could not be saved. Try again."],
  ] as const)("keeps the form open on %s, saying why", async (_, error, problems, failure) => {
    const t = await ready();
    t.actor.send({ type: "programs.createAsked" });
    t.actor.send({ type: "programs.fieldChanged", field: "name", value: "Acme" });
    t.actor.send({ type: "programs.fieldChanged", field: "code", value: "acme" });
    t.actor.send({ type: "programs.formSubmitted" });
    await t.saveProgram.reject(error);
    const form = sel.form(t.actor.getSnapshot());
    expect(form?.problems).toEqual(problems);
    expect(form?.failure).toBe(failure);
    expect(form?.values.name).toBe("Acme");
    expect(t.received).toEqual([]);
  });

  it("edits a program with every editable field (never the code) and cancels without sending", async () => {
    const t = await ready();
    t.actor.send({ type: "programs.editAsked", code: "acme" });
    t.actor.send({ type: "programs.formCancelled" });
    expect(sel.form(t.actor.getSnapshot())).toBeNull();
    t.actor.send({ type: "programs.editAsked", code: "acme" });
    expect(sel.form(t.actor.getSnapshot())?.values).toMatchObject({ name: "Acme", code: "acme", lookback_days: "30" });
    t.actor.send({ type: "programs.fieldChanged", field: "currency", value: "CHF" });
    t.actor.send({ type: "programs.formSubmitted" });
    expect(t.saveProgram.calls).toEqual([
      { api: signedInApi, code: "acme", body: { name: "Acme", currency: "CHF", time_zone: "Europe/London", attribution_model: "linear", lookback_days: 30 } },
    ]);
    await t.saveProgram.resolve({ data: { ...acmeAdmin, currency: "CHF" } });
    expect(sel.programs(t.actor.getSnapshot())[0]?.currency).toBe("CHF");
    expect(sel.notice(t.actor.getSnapshot())?.text).toBe("Acme was saved.");
  });

  it("archives after the question, and unarchives only an archived program", async () => {
    const t = await ready();
    t.actor.send({ type: "programs.unarchiveAsked", code: "acme" });
    expect(sel.confirming(t.actor.getSnapshot())).toBeNull();
    t.actor.send({ type: "programs.archiveAsked", code: "acme" });
    expect(sel.confirming(t.actor.getSnapshot())).toEqual({ program: acmeAdmin, ask: "archive" });
    t.actor.send({ type: "programs.archiveCancelled" });
    expect(t.setArchived.calls).toEqual([]);
    t.actor.send({ type: "programs.archiveAsked", code: "acme" });
    t.actor.send({ type: "programs.archiveConfirmed" });
    expect(sel.isArchiving(t.actor.getSnapshot())).toBe(true);
    expect(t.setArchived.calls).toEqual([{ api: signedInApi, code: "acme", archive: true }]);
    await t.setArchived.resolve({ data: { ...acmeAdmin, archived: true } });
    expect(sel.notice(t.actor.getSnapshot())?.text).toBe("Acme was archived.");
    await t.loadMenuPrograms.resolve({ data: [beta] });
    expect(t.received).toEqual([{ type: "session.programsChanged", programs: [beta] }]);
    t.actor.send({ type: "programs.unarchiveAsked", code: "acme" });
    t.actor.send({ type: "programs.archiveConfirmed" });
    expect(t.setArchived.calls[1]).toEqual({ api: signedInApi, code: "acme", archive: false });
    await t.setArchived.reject(httpErrors.server);
    expect(sel.notice(t.actor.getSnapshot())).toEqual({ tone: "failure", text: "Acme could not be changed. Try again." });
  });

  it("loads afresh for another API context, and not for another program", async () => {
    const t = await ready();
    t.actor.send({ type: "session.scopeChanged", scope: scopeOf({ programCode: "beta" }) });
    expect(t.loadPrograms.calls).toHaveLength(1);
    t.actor.send({ type: "session.scopeChanged", scope: scopeOf({ token: "tok-2" }) });
    expect(sel.status(t.actor.getSnapshot())).toBe("loading");
    expect(t.loadPrograms.calls[1]).toEqual({ api: { baseUrl: "/api", token: "tok-2" } });
  });

  it("a program list told to the real session reaches its program switcher, and the first program gets dates", async () => {
    const loadProfile = answering<MeResponse, ApiContext | undefined>({ ...profile, programs: [] });
    const session = createActor(sessionMachine.provide({ actors: { loadProfile: loadProfile.logic } }), { input: {} }).start();
    session.send({ type: "session.signedIn", token: "tok-1", user: alice });
    await new Promise((r) => setTimeout(r, 0));
    expect(sessionSelectors.programCode(session.getSnapshot())).toBeNull();
    session.send({ type: "session.programsChanged", programs: [beta] });
    expect(sessionSelectors.programCode(session.getSnapshot())).toBe("beta");
    expect(session.getSnapshot().context.range).not.toBeNull();
    session.send({ type: "session.programsChanged", programs: [acme] });
    expect(sessionSelectors.programCode(session.getSnapshot())).toBe("acme");
  });
});
