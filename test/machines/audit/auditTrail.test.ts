import { createActor, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import type { AuditLine } from "../../../src/domain/audit/auditTrail";
import type { Person } from "../../../src/domain/people/people";
import { auditTrailMachine, auditTrailSelectors as sel, type AuditCall } from "../../../src/machines/audit/auditTrail.machine";
import { anyAudit, type AuditScreenData } from "../../../src/services/audit/auditTrail";
import { acmeAdminProgram, httpErrors, quietSessionScopeListener, recordingSessionActor, signedInApi } from "../../model/fixtures";
import { controlled } from "../support";

const admin: Person = { id: 2, name: "admin", email: "admin@example.com", role: "admin", programs: [], last_signed_in_at: 1 };
const archived: AuditLine = {
  id: 2,
  at: Date.UTC(2026, 10, 3, 9, 30),
  user_id: 2,
  user_name: "admin",
  kind: "program",
  program: "acme",
  object: "acme",
  action: "archived",
  before: '{"name":"Acme","archived":false}',
  after: '{"name":"Acme","archived":true}',
};
const created: AuditLine = { ...archived, id: 1, action: "created", before: null, after: '{"name":"Acme","archived":false}' };
const page = (lines: ReadonlyArray<AuditLine>, at = 1, pages = 1): AuditScreenData => ({
  trail: { data: lines, page: at, pages, total: lines.length },
  people: [admin],
  programs: [acmeAdminProgram],
});

const setup = () => {
  const toasts: EventObject[] = [];
  const loadAudit = controlled<AuditScreenData, AuditCall>();
  let wentHome = 0;
  const actor = createActor(
    auditTrailMachine.provide({
      actors: { sessionScopeListener: quietSessionScopeListener, loadAudit: loadAudit.logic },
      actions: { goHome: () => void wentHome++ },
    }),
    { input: { session: recordingSessionActor(() => undefined), toasts: { send: (e: EventObject) => toasts.push(e) } as never } },
  ).start();
  return { actor, toasts, loadAudit, wentHome: () => wentHome };
};

describe("auditTrail machine", () => {
  it("loads the first page of the whole trail with the session's API context; says a failure and retries", async () => {
    const t = setup();
    expect(sel.status(t.actor.getSnapshot())).toBe("loading");
    expect(t.loadAudit.calls).toEqual([{ api: signedInApi, filter: anyAudit, page: 1 }]);
    await t.loadAudit.reject(httpErrors.server);
    expect(sel.status(t.actor.getSnapshot())).toBe("failed");
    t.actor.send({ type: "audit.retried" });
    await t.loadAudit.resolve(page([archived, created]));
    expect(sel.status(t.actor.getSnapshot())).toBe("ready");
    expect(sel.lines(t.actor.getSnapshot())).toEqual([archived, created]);
    expect(sel.people(t.actor.getSnapshot())).toEqual([admin]);
  });

  it("says an empty trail", async () => {
    const t = setup();
    await t.loadAudit.resolve(page([]));
    expect(sel.status(t.actor.getSnapshot())).toBe("empty");
  });

  it("ends with the admin refusal on a 403", async () => {
    const t = setup();
    await t.loadAudit.reject(httpErrors.forbidden);
    expect(t.actor.getSnapshot().status).toBe("done");
    expect(t.toasts).toEqual([{ type: "toast.shown", text: "You don't have access to admin resources", kind: "error" }]);
    expect(t.wentHome()).toBe(1);
  });

  it("loads again for each filter, from the first page; a page within the trail loads that page", async () => {
    const t = setup();
    await t.loadAudit.resolve(page([archived], 1, 3));
    t.actor.send({ type: "audit.pageChosen", page: 2 });
    await t.loadAudit.resolve(page([created], 2, 3));
    t.actor.send({ type: "audit.pageChosen", page: 2 });
    t.actor.send({ type: "audit.pageChosen", page: 4 });
    t.actor.send({ type: "audit.kindChosen", kind: "program" });
    await t.loadAudit.resolve(page([archived]));
    t.actor.send({ type: "audit.programChosen", program: "acme" });
    await t.loadAudit.resolve(page([archived]));
    t.actor.send({ type: "audit.personChosen", person: 2 });
    await t.loadAudit.resolve(page([archived]));
    t.actor.send({ type: "audit.kindChosen", kind: null });
    expect(t.loadAudit.calls.slice(1)).toEqual([
      { api: signedInApi, filter: anyAudit, page: 2 },
      { api: signedInApi, filter: { ...anyAudit, kind: "program" }, page: 1 },
      { api: signedInApi, filter: { ...anyAudit, kind: "program", program: "acme" }, page: 1 },
      { api: signedInApi, filter: { person: 2, kind: "program", program: "acme" }, page: 1 },
      { api: signedInApi, filter: { person: 2, kind: null, program: "acme" }, page: 1 },
    ]);
  });

  it("opens its Export Data dialog with the page's lines, in the table's words", async () => {
    const t = setup();
    t.actor.send({ type: "audit.exportAsked" });
    await t.loadAudit.resolve(page([archived]));
    const dialog = sel.exportDialog(t.actor.getSnapshot());
    if (!dialog) throw new Error("no export dialog");
    expect(dialog.getSnapshot().value).toBe("closed");
    t.actor.send({ type: "audit.exportAsked" });
    expect(dialog.getSnapshot().value).not.toBe("closed");
    expect(dialog.getSnapshot().context.rows).toEqual([
      {
        when: "3 Nov 2026 09:30 UTC",
        who: "admin",
        kind: "Program",
        program: "acme",
        object: "acme",
        action: "Archived",
        before: archived.before,
        after: archived.after,
      },
    ]);
  });
});
