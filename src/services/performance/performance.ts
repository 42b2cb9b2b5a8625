import type { Effect } from "effect";
import {
  ChartResponse,
  TableResponse,
  TaxonomiesResponse,
  type Interval,
} from "../../domain/performance/performance";
import type { NamedFilter } from "../../domain/shell/session";
import { request, requestText, type ApiCall } from "../http/http";
import type { HttpError, HttpErrorTag } from "../http/httpErrors";
import { rangeQuery, requestRows } from "../http/reportRequest";
import { taxonomyLevels } from "../../domain/report/taxonomyLevels";

/**
 * The performance report's calls. Every path is
 * scoped by the program; taxonomy values are path segments, percent-encoded by
 * `request`, so a value holding '/', '%' or '&' reaches the server intact.
 */

/** The dates of a report call. */
export interface ReportRange {
  readonly from: string;
  readonly to: string;
}

/** Which table or chart: the taxonomy values chosen so far (0 to 4 of them) and the named filter. */
export interface ReportScope {
  readonly program: string;
  readonly range: ReportRange;
  /** taxonomy_1 .. taxonomy_k values, in level order. */
  readonly path: ReadonlyArray<string>;
  /** 'default' uses the plain path; any other name the named variant (/named/{filter}). */
  readonly filter?: NamedFilter | string;
}

/** Failures a report screen handles itself (a load failure is silent; 401 and 403 stay app-wide). */
export const silentReportFailures: ReadonlyArray<HttpErrorTag> = ["NotFound", "ClientError", "ServerError", "NetworkError", "DecodeError"];


const base = (scope: ReportScope): Array<string> => {
  const segments = ["programs", scope.program, "performance"];
  if (scope.filter && scope.filter !== "default") segments.push("named", scope.filter);
  return segments;
};

/** taxonomy_1/{t1}/taxonomy_2/{t2}... for the values given. */
const valueSegments = (path: ReadonlyArray<string>): Array<string> =>
  path.slice(0, 4).flatMap((value, i) => [taxonomyLevels[i] ?? "taxonomy_4", value]);

/** The path segments of a table call: the values chosen, then the level listed. */
export const tableSegments = (scope: ReportScope): Array<string> => {
  const depth = Math.min(scope.path.length, 3);
  return [...base(scope), "table", "single", ...valueSegments(scope.path.slice(0, depth)), taxonomyLevels[depth] ?? "taxonomy_4"];
};

/** The path segments of a single chart call: the values chosen (none for the level-one chart). */
export const chartSegments = (scope: ReportScope): Array<string> => [...base(scope), "chart", "single", ...valueSegments(scope.path)];

/**
 * The path segments of the server CSV: the level-one table, then the tables under t1,
 * t1/t2 and t1/t2/t3.
 */
export const csvSegments = (program: string, path: ReadonlyArray<string>): Array<string> => {
  const segments = ["programs", program, "performance", "table", "csv", ...valueSegments(path.slice(0, 3))];
  if (path.length >= 3) segments.push("taxonomy_4");
  return segments;
};

/** The table of the level below `scope.path` (level one when the path is empty). */
export const loadTable = (scope: ReportScope): Effect.Effect<TableResponse, HttpError, ApiCall> =>
  requestRows({ segments: tableSegments(scope), query: rangeQuery(scope.range), response: TableResponse, handles: silentReportFailures });

/** The time series of `scope.path` (every channel when empty) at an interval. */
export const loadChart = (scope: ReportScope, interval: Interval): Effect.Effect<ChartResponse, HttpError, ApiCall> =>
  request({
    segments: chartSegments(scope),
    query: { ...rangeQuery(scope.range), interval },
    response: ChartResponse,
    handles: silentReportFailures,
  });

/** Rows whose taxonomy path holds the text at any level. */
export const search = (program: string, range: ReportRange, query: string): Effect.Effect<TableResponse, HttpError, ApiCall> =>
  requestRows({ segments: ["programs", program, "performance", "search"], query: { query, ...rangeQuery(range) }, response: TableResponse, handles: silentReportFailures });

/** Every taxonomy path with traffic, sales or cost in the range (the search filter tree). */
export const taxonomies = (program: string, range: ReportRange): Effect.Effect<TaxonomiesResponse, HttpError, ApiCall> =>
  request({
    segments: ["programs", program, "performance", "taxonomies"],
    query: rangeQuery(range),
    response: TaxonomiesResponse,
    handles: silentReportFailures,
  });

/** The server's CSV of a table (a failed download only stops the loading, with no message). */
export const tableCsv = (program: string, path: ReadonlyArray<string>, range: ReportRange): Effect.Effect<string, HttpError, ApiCall> =>
  requestText({ segments: csvSegments(program, path), query: rangeQuery(range), handles: silentReportFailures });
