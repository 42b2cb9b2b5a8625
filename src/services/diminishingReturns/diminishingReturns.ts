import { Effect } from "effect";
import { DiminishingResponse } from "../../domain/analysis/analysis";
import { taxonomyLevels } from "../../domain/report/taxonomyLevels";
import { SeasonalityList } from "../../domain/seasonality/seasonality";
import { request, type ApiCall } from "../http/http";
import type { HttpError, HttpErrorTag } from "../http/httpErrors";
import { rangeQuery } from "../http/reportRequest";
import { type ReportRange } from "../performance/performance";

/** Which level of diminishing returns: the program, the dates and the taxonomy values chosen (0 to 3). */
export interface DiminishingScope {
  readonly program: string;
  readonly range: ReportRange;
  readonly path: ReadonlyArray<string>;
}

/**
 * Failures the report shows itself, with its own words and 'Try again' (the product lets
 * this report fail loudly); 401 and 403 stay app-wide.
 */
export const diminishingHandledFailures: ReadonlyArray<HttpErrorTag> = ["NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"];

/** diminishing/multi: taxonomy_1 under no value, then /taxonomy_1/{t1}/taxonomy_2 … /taxonomy_3/{t3}/taxonomy_4. */
export const diminishingSegments = (scope: DiminishingScope): Array<string> => {
  const values = scope.path.slice(0, 3);
  const pairs = values.flatMap((value, i) => [taxonomyLevels[i] ?? "taxonomy_3", value]);
  return ["programs", scope.program, "performance", "diminishing", "multi", ...pairs, taxonomyLevels[values.length] ?? "taxonomy_4"];
};

/** The series of a level (one per taxonomy value, its children and its weeks) and the seasonality types of the dates. */
export interface DiminishingAnswer {
  readonly series: DiminishingResponse["data"];
  readonly types: SeasonalityList["data"];
}

/** The weekly spend and revenue of each value of the level, and the seasonality types (the segments), both at once. */
export const loadDiminishing = (scope: DiminishingScope): Effect.Effect<DiminishingAnswer, HttpError, ApiCall> =>
  Effect.all(
    [
      request({ segments: diminishingSegments(scope), query: rangeQuery(scope.range), response: DiminishingResponse, handles: diminishingHandledFailures }),
      request({ segments: ["programs", scope.program, "seasonality"], query: rangeQuery(scope.range), response: SeasonalityList, handles: diminishingHandledFailures }),
    ],
    { concurrency: 2 },
  ).pipe(Effect.map(([answer, seasonality]) => ({ series: answer.data, types: seasonality.data })));
