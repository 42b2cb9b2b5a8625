import type { FunnelSums, MetricSums } from "../../src/domain/report/metrics";
import type { JourneySearch, JourneySortBy, JourneyTouch } from "../../src/domain/journeys/journeys";
import type { JourneyPath } from "../../src/domain/journeys/journeySummary";
import type { OrderRule } from "../../src/domain/performance/performance";

/**
 * The analysis reports' query family (funnel, funnel trends, diminishing returns,
 * journeys, affiliates). The DuckDB implementation is sql/analysisQueries.ts.
 */

/** Rows grouped by taxonomy_1..level (and by day when asked), under a prefix, over a range, counting the order rules. */
export interface AnalysisFactQuery {
  readonly programId: number;
  readonly from: string;
  readonly to: string;
  readonly prefix: ReadonlyArray<string>;
  /** 1..4 (at least prefix.length). */
  readonly level: 1 | 2 | 3 | 4;
  readonly orders: ReadonlyArray<OrderRule>;
}

export interface FunnelFactRow {
  readonly taxonomy: ReadonlyArray<string>;
  /** The day (YYYY-MM-DD) when grouped by day. */
  readonly period: string | null;
  readonly sums: FunnelSums;
}

export interface WeeklyFactRow {
  readonly taxonomy: ReadonlyArray<string>;
  /** The Monday of the week. */
  readonly week: string;
  readonly totalCost: number;
  readonly attributedRevenue: number;
}

export interface JourneyQuery {
  readonly programId: number;
  readonly from: string;
  readonly to: string;
  readonly orders: ReadonlyArray<OrderRule>;
  readonly sortBy: JourneySortBy;
  readonly direction: "asc" | "desc";
  readonly offset: number;
  readonly limit: number;
  /** Already cleaned (cleanJourneySearch). */
  readonly search: JourneySearch;
  /** Only the orders whose journey at the path's level, consecutive identical touches merged, is this path. */
  readonly path?: JourneyPath | null;
}

/** The summary of the journeys a search keeps, at a level (2..4). */
export interface JourneySummaryQuery {
  readonly programId: number;
  readonly from: string;
  readonly to: string;
  readonly orders: ReadonlyArray<OrderRule>;
  /** Already cleaned (cleanJourneySearch). */
  readonly search: JourneySearch;
  readonly level: 2 | 3 | 4;
  /** How many of the most common paths to name. */
  readonly limit: number;
  /** A path whose orders to count besides, at the level. */
  readonly path: JourneyPath | null;
}

/** Orders and their summed amount. */
export interface JourneyCount {
  readonly orders: number;
  readonly revenue: number;
}

export interface JourneySummaryRecord {
  /** Every order of the range and order rules. */
  readonly all: JourneyCount;
  /** The orders the search keeps. */
  readonly filtered: JourneyCount;
  /** The most common paths of the kept orders at the level (consecutive identical touches merged): most orders first, then most revenue, then by their values. */
  readonly paths: ReadonlyArray<JourneyCount & { readonly steps: JourneyPath }>;
  /** The kept orders of `path`, when asked. */
  readonly chosen: JourneyCount | null;
}

export interface JourneyRecord {
  readonly orderId: string;
  /** The order's instant, epoch ms. */
  readonly ts: number;
  readonly amount: number;
  /** Oldest first. */
  readonly path: ReadonlyArray<JourneyTouch>;
}

export interface JourneyPage {
  /** Orders matching the range, order rules and filter (all pages). */
  readonly total: number;
  readonly rows: ReadonlyArray<JourneyRecord>;
}

export interface AffiliateFactRow {
  readonly publisherId: string;
  readonly taxonomy: readonly [string, string, string, string];
  readonly sums: MetricSums;
}

/** A touch of an order, for crediting it by every model (the model comparison). */
export interface ComparisonTouch {
  readonly orderId: string;
  /** The touch's instant, epoch ms. */
  readonly ts: number;
  /** Its taxonomy_1 and taxonomy_2. */
  readonly taxonomy: readonly [string, string];
  readonly amount: number;
}

export interface AnalysisQueries {
  /** Funnel sums per taxonomy group (and day when byDay); ordered by taxonomy ('None' last), then day. */
  funnel(query: AnalysisFactQuery, byDay: boolean): Promise<ReadonlyArray<FunnelFactRow>>;
  /** Total cost and attributed revenue per taxonomy group and week (Monday); only weeks with facts. */
  weekly(query: AnalysisFactQuery): Promise<ReadonlyArray<WeeklyFactRow>>;
  /** One page of journeys of orders converting in the range, filtered, sorted (ties by order id). */
  journeys(query: JourneyQuery): Promise<JourneyPage>;
  /** The orders a journey search keeps against every order of the range, and their most common paths at a level. */
  journeySummary(query: JourneySummaryQuery): Promise<JourneySummaryRecord>;
  /** Affiliate hits (publisher_id present) per publisher and full path over the range; valid orders. */
  affiliates(programId: number, from: string, to: string, orders: ReadonlyArray<OrderRule>): Promise<ReadonlyArray<AffiliateFactRow>>;
  /** The touches of the orders converting in the range (order rules), by order, each order's oldest first. */
  comparisonTouches(programId: number, from: string, to: string, orders: ReadonlyArray<OrderRule>): Promise<ReadonlyArray<ComparisonTouch>>;
}
