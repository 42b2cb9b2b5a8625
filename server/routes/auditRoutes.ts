import { Hono } from "hono";
import { AuditPage, AuditQuery, auditPageSize, type AuditLine } from "../../src/domain/audit/auditTrail";
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

/**
 * The audit trail, admins only (members are refused with 403 'You don't have access to admin
 * resources.'): GET /api/admin/audit?person=&program=&kind=&date_from=&date_to=&page= the lines
 * newest first, 50 a page, filtered by the person's id, a program's code, a kind and days (UTC,
 * both ends included); a page past the last answers the last. A program code that is no program's
 * answers an empty trail; date_to before date_from is a 400.
 */
export const auditRoutes = (context: ServerContext) => {
  const routes = new Hono<SignedInEnv>();
  const { stores } = context;
  routes.use("*", requireSession(context), requireAdmin);

  routes.get("/", async (c) => {
    const query = readQuery(c, AuditQuery);
    if (!query.ok) return query.response;
    const { person, program, kind, date_from, date_to, page } = query.value;
    if (date_from !== undefined && date_to !== undefined && date_to < date_from)
      return refuse(c, refusals.invalidQuery, "Invalid query: date_to must not be before date_from");
    let programId: number | undefined;
    if (program !== undefined) {
      const found = (await stores.programs.everyProgram()).find((record) => record.code === program);
      if (!found) return answer(c, AuditPage, { data: [], page: 1, pages: 1, total: 0 });
      programId = found.id;
    }
    const filter = {
      ...(person === undefined ? {} : { userId: Number(person) }),
      ...(programId === undefined ? {} : { programId }),
      ...(kind === undefined ? {} : { kind }),
      ...(date_from === undefined ? {} : { from: dayNumber(date_from) * dayMs }),
      ...(date_to === undefined ? {} : { until: (dayNumber(date_to) + 1) * dayMs }),
    };
    const asked = page === undefined ? 1 : Number(page);
    const first = await stores.audit.list({ ...filter, offset: (asked - 1) * auditPageSize, limit: auditPageSize });
    const pages = Math.max(1, Math.ceil(first.total / auditPageSize));
    // A page past the last answers the last.
    const shown = asked <= pages ? { page: asked, lines: first.lines } : { page: pages, lines: (await stores.audit.list({ ...filter, offset: (pages - 1) * auditPageSize, limit: auditPageSize })).lines };
    return answer(c, AuditPage, { data: shown.lines.map(lineOf), page: shown.page, pages, total: first.total });
  });

  return routes;
};
