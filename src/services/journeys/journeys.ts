import { Effect } from "effect";
import { JourneysResponse, journeyRequestPageSize, type JourneyLevel, type JourneySearch, type JourneySortBy } from "../../domain/journeys/journeys";
import { JourneySummaryResponse, type JourneyPath } from "../../domain/journeys/journeySummary";
import type { TaxonomiesResponse } from "../../domain/performance/performance";
import type { SortDirection } from "../../domain/table/tableSort";
import { decodeInSlices } from "../http/decodeInSlices";
import { request, type ApiCall } from "../http/http";
import type { HttpError } from "../http/httpErrors";
import { silentReportFailures, taxonomies, type ReportRange } from "../performance/performance";

/** Which journeys: the program, the dates, the filter (already cleaned) and a chosen path. */
export interface JourneysScope {
  readonly program: string;
  readonly range: ReportRange;
  readonly filter: JourneySearch;
  readonly path: JourneyPath | null;
}

/** A request of the journeys table: its sort and which block of 160 rows (from 0). */
export interface JourneyBlockRequest {
  readonly sortBy: JourneySortBy;
  readonly direction: SortDirection;
  readonly block: number;
}

const isEmptyFilter = (filter: JourneySearch): boolean => Object.keys(filter).length === 0;

const filterQuery = (scope: JourneysScope) => ({
  date_from: scope.range.from,
  date_to: scope.range.to,
  journey_search: isEmptyFilter(scope.filter) ? undefined : JSON.stringify(scope.filter),
  path: scope.path === null ? undefined : JSON.stringify(scope.path),
});

/** The taxonomies the journey filter offers and is cleaned against (loaded before the journeys). */
export const journeyTaxonomies = (program: string, range: ReportRange): Effect.Effect<TaxonomiesResponse, HttpError, ApiCall> => taxonomies(program, range);

/** One block of 160 journeys (page block + 1 of the server's pages) and the total. A failed load only stops loading. */
export const journeyBlock = (scope: JourneysScope, block: JourneyBlockRequest): Effect.Effect<JourneysResponse, HttpError, ApiCall> =>
  request({
    segments: ["programs", scope.program, "performance", "touchpoints", "journeys"],
    query: {
      ...filterQuery(scope),
      sort_by: block.sortBy,
      sort_direction: block.direction,
      page: block.block + 1,
      per_page: journeyRequestPageSize,
    },
    response: JourneysResponse,
    handles: silentReportFailures,
    decodeLarge: decodeInSlices,
  });

/** The summary above the table at a level (the chosen path's figures too when there is one). */
export const journeySummary = (scope: JourneysScope, level: JourneyLevel): Effect.Effect<JourneySummaryResponse, HttpError, ApiCall> =>
  request({
    segments: ["programs", scope.program, "performance", "touchpoints", "journeys", "summary"],
    query: { ...filterQuery(scope), level },
    response: JourneySummaryResponse,
    handles: silentReportFailures,
  });

/** The blocks a page of the table needs, loaded together (one or two). */
export const journeyBlocks = (
  scope: JourneysScope,
  sort: { readonly sortBy: JourneySortBy; readonly direction: SortDirection },
  blocks: ReadonlyArray<number>,
): Effect.Effect<ReadonlyArray<{ readonly block: number; readonly answer: JourneysResponse }>, HttpError, ApiCall> =>
  Effect.all(
    blocks.map((block) => journeyBlock(scope, { ...sort, block }).pipe(Effect.map((answer) => ({ block, answer })))),
    { concurrency: 2 },
  );
