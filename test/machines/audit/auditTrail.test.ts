import { createActor, type EventObject } from "xstate";
import { describe, expect, it } from "vitest";
import { auditQueryShape } from "../../../src/domain/audit/auditQuery";
import type { AuditExport, AuditLine } from "../../../src/domain/audit/auditTrail";
import { withReportQuery } from "../../../src/domain/report/reportQuery";
import { ClientError } from "../../../src/services/http/httpErrors";
import type { Person } from "../../../src/domain/people/people";
import { auditTrailMachine, auditTrailSelectors as sel, type AuditCall, type AuditExportCall } from "../../../src/machines/audit/auditTrail.machine";
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

const setup = (search?: string) => {
  const toasts: EventObject[] = [];
  const sessionEvents: EventObject[] = [];
  const loadAudit = controlled<AuditScreenData, AuditCall>();
  const exportAudit = controlled<AuditExport, AuditExportCall>();
  let wentHome = 0;
  const actor = createActor(
    auditTrailMachine.provide({
      actors: { sessionScopeListener: quietSessionScopeListener, loadAudit: loadAudit.logic, exportAudit: exportAudit.logic },
      actions: { goHome: () => void wentHome++ },
    }),
    {
      input: {
        session: recordingSessionActor((event) => sessionEvents.push(event)),
        toasts: { send: (e: EventObject) => toasts.push(e) } as never,
        ...(search === undefined ? {} : { search }),
      },
    },
  ).start();
  return { actor, toasts, sessionEvents, loadAudit, exportAudit, wentHome: () => wentHome };
};

/** `count` lines, newest first (ids count … 1). */
const linesOf = (count: number): ReadonlyArray<AuditLine> => Array.from({ length: count }, (_, index) => ({ ...archived, id: count - index, object: String(count - index), at: archived.at - index * 60_000 }));

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
      { api: signedInApi, filter: { ...anyAudit, person: 2, kind: "program", program: "acme" }, page: 1 },
      { api: signedInApi, filter: { ...anyAudit, person: 2, kind: null, program: "acme" }, page: 1 },
    ]);
  });

  it("exports every line the filters keep, both pages of a 2-page trail, in the table's words", async () => {
    const t = setup();
    t.actor.send({ type: "audit.exportAsked" });
    const all = linesOf(55);
    await t.loadAudit.resolve(page(all.slice(0, 50), 1, 2));
    const dialog = sel.exportDialog(t.actor.getSnapshot());
    if (!dialog) throw new Error("no export dialog");
    expect(dialog.getSnapshot().value).toBe("closed");
    t.actor.send({ type: "audit.kindChosen", kind: "program" });
    await t.loadAudit.resolve(page(all.slice(0, 50), 1, 2));
    t.actor.send({ type: "audit.exportAsked" });
    expect(sel.isExporting(t.actor.getSnapshot())).toBe(true);
    expect(t.exportAudit.calls).toEqual([{ api: signedInApi, filter: { ...anyAudit, kind: "program" } }]);
    await t.exportAudit.resolve({ data: all, total: all.length });
    expect(sel.isReady(t.actor.getSnapshot())).toBe(true);
    expect(dialog.getSnapshot().value).not.toBe("closed");
    const rows = dialog.getSnapshot().context.rows;
    expect(rows).toHaveLength(55);
    expect(rows[0]).toEqual({
      when: "3 Nov 2026 09:30 UTC",
      who: "admin",
      kind: "Program",
      program: "acme",
      object: "55",
      action: "Archived",
      before: archived.before,
      after: archived.after,
    });
    expect(rows.at(-1)?.["object"]).toBe("1");
  });

  it("says a refused export in the server's words, and a failed one in its own, and opens no dialog", async () => {
    const t = setup();
    await t.loadAudit.resolve(page([archived]));
    const refusal = "More than 5,000 changes match these filters: choose a person, a program, a kind or fewer days to export them.";
    t.actor.send({ type: "audit.exportAsked" });
    await t.exportAudit.reject(new ClientError({ status: 422, code: "export_too_large", message: refusal, path: "/admin/audit/export" }));
    t.actor.send({ type: "audit.exportAsked" });
    await t.exportAudit.reject(httpErrors.server);
    expect(t.toasts).toEqual([
      { type: "toast.shown", text: refusal, kind: "error" },
      { type: "toast.shown", text: "The audit trail could not be exported. Try again.", kind: "error" },
    ]);
    expect(sel.isReady(t.actor.getSnapshot())).toBe(true);
    expect(sel.exportDialog(t.actor.getSnapshot())?.getSnapshot().value).toBe("closed");
  });

  it.each([
    ["every filter, the days and the page", "person=2&of_program=acme&kind=program&from=2026-11-01&to=2026-11-05&page=2",
      { person: 2, program: "acme", kind: "program", from: "2026-11-01", to: "2026-11-05" }, 2],
    ["reversed days: none", "from=2026-11-05&to=2026-11-01", anyAudit, 1],
    ["one end only: no days", "from=2026-11-05", anyAudit, 1],
    ["an unknown kind and a person that is no id: any", "kind=weather&person=x", anyAudit, 1],
    ["the session's program and dates: not the trail's", "program=acme&date_from=2026-11-01&date_to=2026-11-05", anyAudit, 1],
  ] as const)("reads its link once: %s", (_, search, filter, at) => {
    const t = setup(`?${search}`);
    expect(t.loadAudit.calls).toEqual([{ api: signedInApi, filter, page: at }]);
  });

  it("writes its filters, days and page back into its link, the session's parameters kept", async () => {
    const t = setup();
    await t.loadAudit.resolve(page([archived], 1, 3));
    t.actor.send({ type: "audit.programChosen", program: "acme" });
    await t.loadAudit.resolve(page([archived], 1, 3));
    t.actor.send({ type: "audit.pageChosen", page: 3 });
    expect(withReportQuery("program=acme&date_from=2026-11-01&date_to=2026-11-30", auditQueryShape, sel.choices(t.actor.getSnapshot()))).toBe(
      "program=acme&date_from=2026-11-01&date_to=2026-11-30&of_program=acme&page=3",
    );
  });

  it("takes its days from its own date range picker (not the session's), and All days clears them", async () => {
    const t = setup();
    await t.loadAudit.resolve(page([archived]));
    const picker = sel.daysPicker(t.actor.getSnapshot());
    if (!picker) throw new Error("no days picker");
    picker.send({ type: "picker.opened", range: null, timeZone: "UTC" });
    picker.send({ type: "picker.fromChanged", value: "2026-11-02" });
    picker.send({ type: "picker.toChanged", value: "2026-11-04" });
    picker.send({ type: "picker.applied" });
    expect(picker.getSnapshot().value).toBe("closed");
    await t.loadAudit.resolve(page([archived]));
    t.actor.send({ type: "audit.daysCleared" });
    await t.loadAudit.resolve(page([archived]));
    t.actor.send({ type: "audit.daysCleared" });
    expect(t.loadAudit.calls.slice(1).map((call) => call.filter)).toEqual([{ ...anyAudit, from: "2026-11-02", to: "2026-11-04" }, anyAudit]);
    expect(t.sessionEvents.filter((event) => event.type === "session.datesChanged")).toEqual([]);
  });
});
