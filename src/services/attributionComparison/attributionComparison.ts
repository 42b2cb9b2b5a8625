import type { Effect } from "effect";
import { TableResponse } from "../../domain/performance/performance";
import type { ApiCall } from "../http/http";
import { dayQuery, requestRows } from "../http/reportRequest";
import type { HttpError } from "../http/httpErrors";
import { silentReportFailures, tableSegments, type ReportScope } from "../performance/performance";

/**
 * The attribution comparison's one call: the table of the level below the taxonomy path
 * (`table/single/taxonomy_1`, then `taxonomy_1/{t1}/taxonomy_2` and deeper, values
 * percent-encoded), with the interval the product sends (day), decoded with the
 * performance table's Schema. A failure is the report's to show (not the global dialog's),
 * except 401 and 403, which stay app-wide.
 */
export const loadAttributionTable = (scope: ReportScope): Effect.Effect<TableResponse, HttpError, ApiCall> =>
  requestRows({ segments: tableSegments(scope), query: dayQuery(scope.range), response: TableResponse, handles: silentReportFailures });
