import type { Effect } from "effect";
import { AffiliatesResponse } from "../../domain/analysis/analysis";
import { decodeInSlices } from "../http/decodeInSlices";
import { request, type ApiCall } from "../http/http";
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
  request({
    segments: ["programs", scope.program, "performance", "affiliates"],
    query: { date_from: scope.range.from, date_to: scope.range.to },
    response: AffiliatesResponse,
    handles: ["Forbidden", ...silentReportFailures],
    decodeLarge: decodeInSlices,
  });
