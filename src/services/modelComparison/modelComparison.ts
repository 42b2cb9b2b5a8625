import type { Effect } from "effect";
import { ModelComparisonResponse, type ComparisonLevel } from "../../domain/modelComparison/modelComparison";
import type { ApiCall } from "../http/http";
import type { HttpError } from "../http/httpErrors";
import { rangeQuery, requestRows } from "../http/reportRequest";
import { silentReportFailures, type ReportRange } from "../performance/performance";

/** The model comparison's call: `GET /programs/{program}/model-comparison/{level}` over the dates; a failure is the report's to show (401 and 403 stay app-wide). */
export interface ModelComparisonCall {
  readonly program: string;
  readonly range: ReportRange;
  readonly level: ComparisonLevel;
}

export const modelComparisonSegments = (call: ModelComparisonCall): Array<string> => ["programs", call.program, "model-comparison", call.level];

export const loadModelComparison = (call: ModelComparisonCall): Effect.Effect<ModelComparisonResponse, HttpError, ApiCall> =>
  requestRows({ segments: modelComparisonSegments(call), query: rangeQuery(call.range), response: ModelComparisonResponse, handles: silentReportFailures });
