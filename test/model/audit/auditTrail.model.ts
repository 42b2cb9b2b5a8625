import { auditKinds, type AuditLine } from "../../../src/domain/audit/auditTrail";
import { auditTrailMachine, auditTrailSelectors as sel, type AuditCall, type AuditExportCall } from "../../../src/machines/audit/auditTrail.machine";
import { acmeAdminProgram, httpErrors, quietSessionScopeListener, recordingSessionActor } from "../fixtures";
import { defineMachineModel, invariant } from "../harness";
import { scopeChanges } from "../reports/reportModels";

const line: AuditLine = {
  id: 1,
  at: 1,
  user_id: 2,
  user_name: "admin",
  kind: "program",
  program: "acme",
  object: "acme",
  action: "created",
  before: null,
  after: '{"name":"Acme"}',
};
const screen = (pages: number) => ({
  trail: { data: [line], page: 1, pages, total: pages },
  people: [{ id: 2, name: "admin", email: "admin@example.com", role: "admin" as const, programs: [], last_signed_in_at: null }],
  programs: [acmeAdminProgram],
});

/**
 * The Audit screen: loading (with the API context alone), failed with 'Try again', refused on a
 * 403, ready, exporting (every line the filters keep). Invariants: a load asks for a page from 1 to
 * the trail's last (1 after a filter changed), with a known kind or none, and days in order or none;
 * an export asks with the filters the screen shows, and only with lines shown.
 */
export const auditTrailModel = defineMachineModel({
  name: "auditTrail",
  machine: auditTrailMachine,
  input: (rig) => ({ session: recordingSessionActor((event) => rig.record("received", "session", event)) }),
  events: {
    "session.scopeChanged": scopeChanges,
    "audit.retried": [{}],
    "audit.personChosen": { admin: { person: 2 }, anyone: { person: null } },
    "audit.programChosen": { acme: { program: "acme" }, any: { program: null } },
    "audit.kindChosen": { program: { kind: "program" }, any: { kind: null } },
    "audit.daysChosen": { week: { from: "2026-11-02", to: "2026-11-08" }, reversed: { from: "2026-11-08", to: "2026-11-02" } },
    "audit.daysCleared": [{}],
    "audit.pageChosen": { second: { page: 2 }, past: { page: 9 }, first: { page: 1 } },
    "audit.exportAsked": [{}],
  },
  actorOutcomes: {
    loadAudit: {
      resolves: { one: screen(1), three: screen(3), none: { ...screen(1), trail: { data: [], page: 1, pages: 1, total: 0 } } },
      rejects: { server: httpErrors.server, forbidden: httpErrors.forbidden },
    },
    exportAudit: {
      resolves: { all: { data: [line, { ...line, id: 2 }], total: 2 } },
      rejects: { tooMany: httpErrors.unprocessable, forbidden: httpErrors.forbidden },
    },
  },
  provide: () => ({ actors: { sessionScopeListener: quietSessionScopeListener } }),
  observe: (c) => ({ filter: `${c.filter.person}:${c.filter.program}:${c.filter.kind}:${c.filter.from}:${c.filter.to}`, page: c.page, pages: c.pages, lines: c.lines.length }),
  strategies: {
    shortest: { maxPaths: 40, transitions: false },
    simple: { observe: (c) => ({ page: c.page, pages: c.pages, lines: c.lines.length }), maxPaths: 30 },
  },
  limit: 20_000,
  check: ({ before, newCalls }) => {
    for (const call of newCalls.filter((c) => c.kind === "actor" && c.name === "loadAudit")) {
      const asked = call.payload as AuditCall;
      invariant(asked.page >= 1 && (before === undefined || asked.page <= Math.max(1, sel.pages(before))), "a load asks for a page of the trail");
      invariant(asked.filter.kind === null || auditKinds.includes(asked.filter.kind), "a load asks for a known kind");
      invariant((asked.filter.from === null) === (asked.filter.to === null), "a load asks for both days or neither");
      invariant(asked.filter.from === null || asked.filter.to === null || asked.filter.from <= asked.filter.to, "a load asks for days in order");
    }
    for (const call of newCalls.filter((c) => c.kind === "actor" && c.name === "exportAudit")) {
      const asked = call.payload as AuditExportCall;
      invariant(before !== undefined && sel.lines(before).length > 0, "an export is asked only with lines shown");
      invariant(before !== undefined && JSON.stringify(asked.filter) === JSON.stringify(sel.filter(before)), "an export asks with the filters shown");
    }
  },
});
