import type { Effect } from "effect";
import { AffiliatesResponse } from "../../domain/analysis/analysis";
import type { ApiCall } from "../http/http";
import { rangeQuery, requestRows } from "../http/reportRequest";
import type { HttpError } from "../http/httpErrors";
import { silentReportFailures, type ReportRange } from "../performance/performance";

/** Which affiliate rows: the program and the dates. */
export interface AffiliateScope {
  readonly program: string;
  readonly range: ReportRange;
}

/**
 * The affiliate performance rows of the program in the dates (admins only), decoded with
 * the analysis Schema. Every failure is the report's own: a 403 (no admin) ends the screen,
 * any other says the report could not be loaded.
 */
export const loadAffiliatePerformance = (scope: AffiliateScope): Effect.Effect<AffiliatesResponse, HttpError, ApiCall> =>
  requestRows({
    segments: ["programs", scope.program, "performance", "affiliates"],
    query: rangeQuery(scope.range),
    response: AffiliatesResponse,
    handles: ["Forbidden", ...silentReportFailures],
  });
