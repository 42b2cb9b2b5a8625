import { Effect, Schema } from "effect";
import { funnelHeaders } from "../../domain/analysis/analysis";
import { checkTrendSeries, type CheckedTrends } from "../../domain/funnelTrends/funnelTrends";
import { ColumnHeaders } from "../../domain/performance/performance";
import { taxonomyLevels } from "../../domain/report/taxonomyLevels";
import type { ApiCall } from "../http/http";
import { dayQuery, requestRows } from "../http/reportRequest";
import type { HttpError, HttpErrorTag } from "../http/httpErrors";
import type { ReportRange } from "../performance/performance";

/** Which level of funnel trends: the program, the dates and the taxonomy values chosen (0 to 3). */
export interface FunnelTrendsScope {
  readonly program: string;
  readonly range: ReportRange;
  readonly path: ReadonlyArray<string>;
}

/** Failures the report shows itself, with its own words and 'Try again'; 401 and 403 stay app-wide. */
export const funnelTrendsHandledFailures: ReadonlyArray<HttpErrorTag> = ["NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"];

/** funnel/multi: taxonomy_1 under no value, then /taxonomy_1/{t1}/taxonomy_2 … /taxonomy_3/{t3}/taxonomy_4. */
export const funnelTrendsSegments = (scope: FunnelTrendsScope): Array<string> => {
  const values = scope.path.slice(0, 3);
  const pairs = values.flatMap((value, i) => [taxonomyLevels[i] ?? "taxonomy_3", value]);
  return ["programs", scope.program, "performance", "funnel", "multi", ...pairs, taxonomyLevels[values.length] ?? "taxonomy_4"];
};

/**
 * The answer's envelope: its series are read one by one by `checkTrendSeries` (against the
 * analysis Schema of a funnel trend series), so that one malformed series is refused
 * with what is wrong and the others are still drawn.
 */
const FunnelTrendsEnvelope = Schema.Struct({
  data: Schema.Array(Schema.Unknown),
  column_headers: Schema.optionalWith(ColumnHeaders, { default: () => ({}) }),
});

/** The checked series of a level and the column headers (every funnel field labelled). */
export interface FunnelTrendsAnswer extends CheckedTrends {
  readonly headers: Readonly<Record<string, string>>;
}

/** The funnel trends of a level, day by day. */
export const loadFunnelTrends = (scope: FunnelTrendsScope): Effect.Effect<FunnelTrendsAnswer, HttpError, ApiCall> =>
  requestRows({ segments: funnelTrendsSegments(scope), query: dayQuery(scope.range), response: FunnelTrendsEnvelope, handles: funnelTrendsHandledFailures }).pipe(Effect.map((answer) => ({ ...checkTrendSeries(answer.data), headers: { ...funnelHeaders, ...answer.column_headers } })));
