import { Hono, type Context } from "hono";
import {
  AuditExport,
  AuditExportQuery,
  auditExportMaximum,
  auditExportTooLargeMessage,
  AuditPage,
  AuditQuery,
  auditPageSize,
  type AuditLine,
} from "../../src/domain/audit/auditTrail";
import { dayNumber } from "../../src/domain/report/configuration";
import { requireAdmin, requireSession } from "../http/access";
import { answer, refuse, refusals } from "../http/answers";
import type { SignedInEnv } from "../http/env";
import { readQuery } from "../http/requestReading";
import type { ServerContext } from "../serverContext";
import type { AuditRecord } from "../engine/stores";

const dayMs = 86_400_000;

const lineOf = (record: AuditRecord): AuditLine => ({
  id: record.id,
  at: record.at,
  user_id: record.userId,
  user_name: record.userName,
  kind: record.kind,
  program: record.programCode,
  object: record.object,
  action: record.action,
  before: record.before,
  after: record.after,
});

/** The trail's filters as the warehouse takes them (without the page), or the refusal, or null for a program no one has (no line). */
type FilterReading =
  | { readonly ok: true; readonly filter: AuditWhere | null }
  | { readonly ok: false; readonly response: Response };

interface AuditWhere {
  readonly userId?: number;
  readonly programId?: number;
  readonly kind?: AuditExportQuery["kind"];
  readonly from?: number;
  readonly until?: number;
}

/**
 * The audit trail, admins only (members are refused with 403 'You don't have access to admin
 * resources.'): GET /api/admin/audit?person=&program=&kind=&date_from=&date_to=&page= the lines
 * newest first, 50 a page, filtered by the person's id, a program's code, a kind and days (UTC,
 * both ends included); a page past the last answers the last. A program code that is no program's
 * answers an empty trail; date_to before date_from is a 400. GET /api/admin/audit/export with the
 * same filters answers every line they keep (the screen's Export Data), at most
 * `auditExportMaximum`: more is refused with 422 `export_too_large`.
 */
export const auditRoutes = (context: ServerContext, exportMaximum = auditExportMaximum) => {
  const routes = new Hono<SignedInEnv>();
  const { stores } = context;
  routes.use("*", requireSession(context), requireAdmin);

  const filterOf = async (c: Context, query: AuditExportQuery): Promise<FilterReading> => {
    const { person, program, kind, date_from, date_to } = query;
    if (date_from !== undefined && date_to !== undefined && date_to < date_from)
      return { ok: false, response: refuse(c, refusals.invalidQuery, "Invalid query: date_to must not be before date_from") };
    let programId: number | undefined;
    if (program !== undefined) {
      const found = (await stores.programs.everyProgram()).find((record) => record.code === program);
      if (!found) return { ok: true, filter: null };
      programId = found.id;
    }
    return {
      ok: true,
      filter: {
        ...(person === undefined ? {} : { userId: Number(person) }),
        ...(programId === undefined ? {} : { programId }),
        ...(kind === undefined ? {} : { kind }),
        ...(date_from === undefined ? {} : { from: dayNumber(date_from) * dayMs }),
        ...(date_to === undefined ? {} : { until: (dayNumber(date_to) + 1) * dayMs }),
      },
    };
  };

  routes.get("/", async (c) => {
    const query = readQuery(c, AuditQuery);
    if (!query.ok) return query.response;
    const reading = await filterOf(c, query.value);
    if (!reading.ok) return reading.response;
    const filter = reading.filter;
    if (filter === null) return answer(c, AuditPage, { data: [], page: 1, pages: 1, total: 0 });
    const asked = query.value.page === undefined ? 1 : Number(query.value.page);
    const first = await stores.audit.list({ ...filter, offset: (asked - 1) * auditPageSize, limit: auditPageSize });
    const pages = Math.max(1, Math.ceil(first.total / auditPageSize));
    // A page past the last answers the last.
    const shown = asked <= pages ? { page: asked, lines: first.lines } : { page: pages, lines: (await stores.audit.list({ ...filter, offset: (pages - 1) * auditPageSize, limit: auditPageSize })).lines };
    return answer(c, AuditPage, { data: shown.lines.map(lineOf), page: shown.page, pages, total: first.total });
  });

  routes.get("/export", async (c) => {
    const query = readQuery(c, AuditExportQuery);
    if (!query.ok) return query.response;
    const reading = await filterOf(c, query.value);
    if (!reading.ok) return reading.response;
    if (reading.filter === null) return answer(c, AuditExport, { data: [], total: 0 });
    // One read of one more than the export holds: the lines and how many match, in the same turn.
    const found = await stores.audit.list({ ...reading.filter, offset: 0, limit: exportMaximum + 1 });
    if (found.total > exportMaximum) return refuse(c, refusals.auditExportTooLarge, auditExportTooLargeMessage(exportMaximum));
    return answer(c, AuditExport, { data: found.lines.map(lineOf), total: found.total });
  });

  return routes;
};
