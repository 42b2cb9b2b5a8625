import type { Effect } from "effect";
import { Ok } from "../../domain/access/auth";
import { CustomReportAnswer, CustomReportList, type CustomReportInput, type ReportLevel } from "../../domain/customReports/customReports";
import { encodedRules, type DraftRule } from "../../domain/customReports/reportDraft";
import { TableResponse } from "../../domain/performance/performance";
import { Created } from "../../domain/report/configuration";
import { request, type ApiCall } from "../http/http";
import { rangeQuery, requestRows } from "../http/reportRequest";
import type { HttpError, HttpErrorTag } from "../http/httpErrors";
import type { ReportRange } from "../performance/performance";

/**
 * The custom report calls (GET|POST programs/{program}/reports, GET|DELETE
 * …/reports/{id}, GET …/reports/{id}/view, GET …/reports/preview). Each screen says
 * what went wrong itself, so every failure but a 401 (which signs out app-wide) and a 403
 * (the app's Forbidden dialog) is the caller's to handle.
 */
const screenFailures: ReadonlyArray<HttpErrorTag> = ["NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"];

const reportsPath = (program: string): Array<string> => ["programs", program, "reports"];

/** The program's custom reports, by id. */
export const listCustomReports = (program: string): Effect.Effect<CustomReportList, HttpError, ApiCall> =>
  request({ segments: reportsPath(program), response: CustomReportList, handles: screenFailures });

/**
 * Saves a new report. `idempotencyKey` is sent as `Idempotency-Key`: the server answers a
 * repeat of the same key and body with the first answer and creates nothing, so a save
 * whose answer was lost may be sent again without making a second report.
 */
export const createCustomReport = (program: string, body: CustomReportInput, idempotencyKey: string): Effect.Effect<Created, HttpError, ApiCall> =>
  request({
    method: "POST",
    segments: reportsPath(program),
    body,
    headers: { "Idempotency-Key": idempotencyKey },
    response: Created,
    handles: screenFailures,
  });

/** One saved report: its name, level and rules (404 when the program has no such report). */
export const findCustomReport = (program: string, id: number): Effect.Effect<CustomReportAnswer, HttpError, ApiCall> =>
  request({ segments: [...reportsPath(program), id], response: CustomReportAnswer, handles: screenFailures });

/** Deletes a report (404 when it is no longer there). */
export const removeCustomReport = (program: string, id: number): Effect.Effect<Ok, HttpError, ApiCall> =>
  request({ method: "DELETE", segments: [...reportsPath(program), id], response: Ok, handles: screenFailures });

/** A saved report's table over the dates (404 when the program has no such report). */
export const viewCustomReport = (program: string, id: number, range: ReportRange): Effect.Effect<TableResponse, HttpError, ApiCall> =>
  requestRows({ segments: [...reportsPath(program), id, "view"], query: rangeQuery(range), response: TableResponse, handles: screenFailures });

/** What a preview shows: an unsaved report's level and rules. */
export interface PreviewDefinition {
  readonly level: ReportLevel;
  readonly rules: ReadonlyArray<DraftRule>;
}

/** An unsaved report's table over the dates (`rules` as JSON in the query). */
export const previewCustomReport = (program: string, definition: PreviewDefinition, range: ReportRange): Effect.Effect<TableResponse, HttpError, ApiCall> =>
  requestRows({
    segments: [...reportsPath(program), "preview"],
    query: { ...rangeQuery(range), level: definition.level, rules: encodedRules(definition.rules) },
    response: TableResponse,
    handles: screenFailures,
  });
