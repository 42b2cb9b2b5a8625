import { Effect } from "effect";
import { FunnelResponse } from "../../domain/analysis/analysis";
import { withFunnelHeaders } from "../../domain/funnel/funnelReport";
import { taxonomyLevels } from "../../domain/report/taxonomyLevels";
import type { ApiCall } from "../http/http";
import { dayQuery, requestRows } from "../http/reportRequest";
import type { HttpError } from "../http/httpErrors";
import { silentReportFailures, type ReportRange } from "../performance/performance";

/** Which funnel rows: the program, the dates and the taxonomy values chosen (0 to 4). */
export interface FunnelScope {
  readonly program: string;
  readonly range: ReportRange;
  readonly path: ReadonlyArray<string>;
}

/**
 * The segments of funnel/single: taxonomy_1 under no value, then /taxonomy_1/{t1}/taxonomy_2
 * and deeper; with four values, the one level-four row (…/taxonomy_4/{t4}).
 */
export const funnelSegments = (scope: FunnelScope): Array<string> => {
  const values = scope.path.slice(0, 4);
  const pairs = values.flatMap((value, i) => [taxonomyLevels[i] ?? "taxonomy_4", value]);
  const listed = values.length < 4 ? [taxonomyLevels[values.length] ?? "taxonomy_4"] : [];
  return ["programs", scope.program, "performance", "funnel", "single", ...pairs, ...listed];
};

/**
 * The funnel rows of a level (interval day), decoded with the analysis Schemas; the
 * headers completed with every funnel field's label the answer lacks (the Credit ones
 * among them). A failed load is the report's own to handle (silent).
 */
export const loadFunnel = (scope: FunnelScope): Effect.Effect<FunnelResponse, HttpError, ApiCall> =>
  requestRows({ segments: funnelSegments(scope), query: dayQuery(scope.range), response: FunnelResponse, handles: silentReportFailures }).pipe(Effect.map((answer) => ({ ...answer, column_headers: withFunnelHeaders(answer.column_headers) })));
