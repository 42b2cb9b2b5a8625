import type { Effect } from "effect";
import { MultiChartResponse, type Interval } from "../../domain/performance/performance";
import { taxonomyLevels } from "../../domain/report/taxonomyLevels";
import { decodeInSlices } from "../http/decodeInSlices";
import { request, type ApiCall } from "../http/http";
import type { HttpError } from "../http/httpErrors";
import { silentReportFailures, type ReportScope } from "../performance/performance";

/**
 * The channel breakdown's call: a series per taxonomy value of the level below the path
 * (`chart/multi/taxonomy_1`, then `taxonomy_1/{t1}/taxonomy_2` … `taxonomy_3/{t3}/taxonomy_4`,
 * values percent-encoded by `request`; under `named/{filter}` for a named filter) at an
 * interval, decoded with the multi chart's Schema. A failure is silent (the page stops
 * loading and shows no message); 401 and 403 stay app-wide.
 */
export const breakdownSegments = (scope: ReportScope): Array<string> => {
  const depth = Math.min(scope.path.length, 3);
  const named = scope.filter && scope.filter !== "default" ? ["named", scope.filter] : [];
  const values = scope.path.slice(0, depth).flatMap((value, i) => [taxonomyLevels[i] ?? "taxonomy_4", value]);
  return ["programs", scope.program, "performance", ...named, "chart", "multi", ...values, taxonomyLevels[depth] ?? "taxonomy_4"];
};

/** Series per slice when a large answer is decoded: each holds a point per period (90 a quarter by day), so few at a time keep each slice short. */
const seriesPerSlice = 4;

export const loadBreakdown = (scope: ReportScope, interval: Interval): Effect.Effect<MultiChartResponse, HttpError, ApiCall> =>
  request({
    segments: breakdownSegments(scope),
    query: { date_from: scope.range.from, date_to: scope.range.to, interval },
    response: MultiChartResponse,
    handles: silentReportFailures,
    decodeLarge: (schema) => decodeInSlices(schema, { elementsPerSlice: seriesPerSlice }),
  });
