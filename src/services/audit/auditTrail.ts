import { Effect } from "effect";
import { AuditExport, AuditPage, type AuditKind } from "../../domain/audit/auditTrail";
import { PeopleAnswer, type Person } from "../../domain/people/people";
import type { AdminProgram } from "../../domain/programs/programAdmin";
import { request, type ApiCall } from "../http/http";
import type { HttpError, HttpErrorTag } from "../http/httpErrors";
import { listAdminPrograms } from "../programs/programAdmin";

/**
 * The Audit screen's call (admins only): GET admin/audit with its filters, beside the people and the
 * programs its filters offer. The screen says what went wrong itself (a 403 ends it with the admin
 * refusal), so every failure but a 401 (which signs out app-wide) is the caller's.
 */
const screenFailures: ReadonlyArray<HttpErrorTag> = ["Forbidden", "NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"];

/** The trail's filters as the screen holds them (null: any; the days, UTC and both included, both or neither). */
export interface AuditFilter {
  readonly person: number | null;
  readonly program: string | null;
  readonly kind: AuditKind | null;
  readonly from: string | null;
  readonly to: string | null;
}

export const anyAudit: AuditFilter = { person: null, program: null, kind: null, from: null, to: null };

const filterQuery = (filter: AuditFilter) => ({ person: filter.person, program: filter.program, kind: filter.kind, date_from: filter.from, date_to: filter.to });

/** What the screen shows: a page of the filtered trail, and the people and programs (archived ones too) to filter by. */
export interface AuditScreenData {
  readonly trail: AuditPage;
  readonly people: ReadonlyArray<Person>;
  readonly programs: ReadonlyArray<AdminProgram>;
}

export const loadAuditTrail = (filter: AuditFilter, page: number): Effect.Effect<AuditPage, HttpError, ApiCall> =>
  request({
    segments: ["admin", "audit"],
    query: { ...filterQuery(filter), page: page > 1 ? page : null },
    response: AuditPage,
    handles: screenFailures,
  });

export const loadAuditScreen = (filter: AuditFilter, page: number): Effect.Effect<AuditScreenData, HttpError, ApiCall> =>
  Effect.map(
    Effect.all(
      [loadAuditTrail(filter, page), request({ segments: ["admin", "people"], response: PeopleAnswer, handles: screenFailures }), listAdminPrograms()],
      { concurrency: 3 },
    ),
    ([trail, people, programs]) => ({ trail, people: people.data.people, programs: programs.data }),
  );

/** Every line the filters keep (GET admin/audit/export, for Export Data); more than the export holds is a 422 `ClientError` in the server's words. */
export const exportAuditTrail = (filter: AuditFilter): Effect.Effect<AuditExport, HttpError, ApiCall> =>
  request({ segments: ["admin", "audit", "export"], query: filterQuery(filter), response: AuditExport, handles: screenFailures });
