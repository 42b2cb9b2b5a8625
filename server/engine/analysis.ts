import "temporal-polyfill/global";
import type {
  AffiliateRow,
  DiminishingSeries,
  FunnelRow,
  FunnelTrendPoint,
  FunnelTrendSeries,
} from "../../src/domain/analysis/analysis";
import { cleanJourneySearch, type JourneyRow, type JourneySearch, type JourneySortBy } from "../../src/domain/journeys/journeys";
import { averageOrderValue, journeySummaryPaths, sharePercent, type JourneyPath, type JourneySummaryResponse } from "../../src/domain/journeys/journeySummary";
import { funnelFromSums, metricsFromSums, type FunnelSums } from "../../src/domain/report/metrics";
import { periodStart, periodStarts, type Interval, type OrderRule, type TaxonomyPath } from "../../src/domain/performance/performance";
import type { AnalysisQueries, FunnelFactRow } from "../warehouse/analysisQueries";
import type { ReportQueries } from "../warehouse/engineQueries";
import type { SeasonalityQueries } from "../warehouse/seasonalityQueries";
import { tableRows, type ReportFactScope } from "./reports";
import { taxonomyLevels, type TaxonomyLevel } from "../../src/domain/report/taxonomyLevels";
import { isoInZone } from "../../src/domain/shell/timeZone";

/**
 * The analysis reports (docs/engine.md, "Analysis calls"): funnel, funnel
 * trends, diminishing returns, journeys and the affiliate report. The warehouse sums;
 * every ratio comes from src/domain/report/metrics.ts (funnelFromSums, metricsFromSums).
 */


const levelOf = (prefix: ReadonlyArray<string>): 1 | 2 | 3 | 4 => Math.max(1, Math.min(4, prefix.length + 1)) as 1 | 2 | 3 | 4;

const zeroFunnel: FunnelSums = {
  solo_revenue: 0,
  solo_credit: 0,
  upper_funnel_revenue: 0,
  upper_funnel_credit: 0,
  mid_funnel_revenue: 0,
  mid_funnel_credit: 0,
  lower_funnel_revenue: 0,
  lower_funnel_credit: 0,
};

const taxonomyFields = (taxonomy: ReadonlyArray<string>) =>
  Object.fromEntries(taxonomy.slice(0, 4).map((value, i) => [taxonomyLevels[i], value])) as Partial<Record<TaxonomyLevel, string>>;

const factQuery = (scope: ReportFactScope, prefix: ReadonlyArray<string>, level: 1 | 2 | 3 | 4) => ({
  programId: scope.programId,
  from: scope.from,
  to: scope.to,
  prefix,
  level,
  orders: scope.orders,
});

/**
 * funnel/single: the rows of the level under a prefix (prefix of 4: the one level-4 row),
 * each with the four roles' revenue, revenue percent and credit.
 */
export const funnelRows = async (
  analysis: AnalysisQueries,
  scope: ReportFactScope,
  prefix: ReadonlyArray<string>,
): Promise<ReadonlyArray<FunnelRow>> =>
  (await analysis.funnel(factQuery(scope, prefix, levelOf(prefix)), false)).map((r) => ({
    ...taxonomyFields(r.taxonomy),
    ...funnelFromSums(r.sums),
  }));

/** The distinct values of the next level under each value of the level (children of a series). */
const childrenByName = async (
  reports: ReportQueries,
  scope: ReportFactScope,
  prefix: ReadonlyArray<string>,
  level: 1 | 2 | 3 | 4,
): Promise<Map<string, ReadonlyArray<string>> | null> => {
  if (level >= 4) return null;
  const paths: ReadonlyArray<TaxonomyPath> = await reports.taxonomies(scope.programId, scope.from, scope.to, prefix, (level + 1) as 2 | 3 | 4);
  const key = taxonomyLevels[level - 1] as TaxonomyLevel;
  const childKey = taxonomyLevels[level as number] as TaxonomyLevel;
  const children = new Map<string, string[]>();
  for (const path of paths) {
    const list = children.get(path[key]) ?? [];
    if (!list.includes(path[childKey])) list.push(path[childKey]);
    children.set(path[key], list);
  }
  return children;
};

/** Groups rows by their value of `level`, keeping the order of first appearance. */
const groupByName = <R extends { readonly taxonomy: ReadonlyArray<string> }>(rows: ReadonlyArray<R>, level: number): Map<string, R[]> => {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const name = row.taxonomy[level - 1] ?? "";
    groups.set(name, [...(groups.get(name) ?? []), row]);
  }
  return groups;
};

/**
 * funnel/multi (funnel trends): one series per value of the level with a point for every
 * period of the range (periods without sales are zero rows). Values without sales in the
 * range have no series.
 */
export const funnelTrends = async (
  analysis: AnalysisQueries,
  reports: ReportQueries,
  scope: ReportFactScope,
  prefix: ReadonlyArray<string>,
  interval: Interval,
): Promise<ReadonlyArray<FunnelTrendSeries>> => {
  const level = levelOf(prefix);
  const rows = await analysis.funnel(factQuery(scope, prefix, level), true);
  const children = await childrenByName(reports, scope, prefix, level);
  const periods = periodStarts(scope.from, scope.to, interval);
  return [...groupByName(rows, level).entries()].map(([name, group]) => {
    const byPeriod = new Map<string, FunnelSums>();
    for (const row of group as ReadonlyArray<FunnelFactRow>) {
      const start = periodStart(row.period ?? scope.from, interval);
      const sofar = byPeriod.get(start) ?? zeroFunnel;
      byPeriod.set(
        start,
        Object.fromEntries(Object.entries(sofar).map(([k, v]) => [k, v + row.sums[k as keyof FunnelSums]])) as unknown as FunnelSums,
      );
    }
    const data: FunnelTrendPoint[] = periods.map((period) => ({
      conversion_date: period,
      ...funnelFromSums(byPeriod.get(period) ?? zeroFunnel),
    }));
    const kids = children?.get(name);
    return { name, ...(children === null ? {} : { children: kids ?? [] }), data };
  });
};

/**
 * diminishing/multi: per value of the level, its weeks (Monday) with gross spend, attributed
 * revenue and the week's seasonality type (null when untagged). Only weeks with cost or
 * sales facts appear (a scatter of spend against revenue has no point for an empty week);
 * the first and last weeks count only the days inside the range.
 */
export const diminishingSeries = async (
  analysis: AnalysisQueries,
  reports: ReportQueries,
  seasonality: SeasonalityQueries,
  scope: ReportFactScope,
  prefix: ReadonlyArray<string>,
): Promise<ReadonlyArray<DiminishingSeries>> => {
  const level = levelOf(prefix);
  const rows = await analysis.weekly(factQuery(scope, prefix, level));
  const children = await childrenByName(reports, scope, prefix, level);
  const types = await seasonality.typesWithWeeks(scope.programId, { from: scope.from, to: scope.to });
  const typeOfWeek = new Map<string, string>();
  for (const type of types) for (const week of type.weeks) typeOfWeek.set(week, type.name);
  return [...groupByName(rows, level).entries()].map(([name, group]) => ({
    name,
    ...(children === null ? {} : { children: children.get(name) ?? [] }),
    data: group.map((row) => ({
      conversion_date: row.week,
      total_cost: row.totalCost,
      attributed_revenue: row.attributedRevenue,
      seasonality: typeOfWeek.get(row.week) ?? null,
    })),
  }));
};

export interface JourneyPageRequest {
  readonly sortBy: JourneySortBy;
  readonly direction: "asc" | "desc";
  readonly page: number;
  readonly perPage: number;
  readonly search: JourneySearch | undefined;
  /** Only the orders of this path (consecutive identical touches merged at its level). */
  readonly path?: JourneyPath | undefined;
  /** The program's time zone (`programTimeZone`), which conversion dates are written in. */
  readonly timeZone: string;
}

/** touchpoints/journeys: one page of the orders converting in range that pass the filter, and their total. */
export const journeyPage = async (
  analysis: AnalysisQueries,
  scope: ReportFactScope,
  request: JourneyPageRequest,
): Promise<{ readonly data: ReadonlyArray<JourneyRow>; readonly total: number }> => {
  const result = await analysis.journeys({
    programId: scope.programId,
    from: scope.from,
    to: scope.to,
    orders: scope.orders,
    sortBy: request.sortBy,
    direction: request.direction,
    offset: (request.page - 1) * request.perPage,
    limit: request.perPage,
    search: cleanJourneySearch(request.search ?? {}),
    path: request.path ?? null,
  });
  return {
    total: result.total,
    data: result.rows.map((r) => ({
      order_id: r.orderId,
      conversion_date: isoInZone(r.ts, request.timeZone),
      order_amount: r.amount,
      journey_path: r.path,
    })),
  };
};

/**
 * touchpoints/journeys/summary: of the orders the search keeps, how many, their share of
 * every order in the range, their revenue and AOV against every order's, and the 10 most
 * common paths at the level (consecutive identical touches merged) with their share of the
 * kept orders and AOV, the rest as 'Other'; with `path`, that path's figures too. Shares
 * are percent; an AOV or share over nothing is 0.
 */
export const journeySummary = async (
  analysis: AnalysisQueries,
  scope: ReportFactScope,
  request: {
    readonly level: 2 | 3 | 4;
    readonly search: JourneySearch | undefined;
    readonly path: JourneyPath | undefined;
    /** How many paths to name before 'Other' (10). */
    readonly limit?: number;
  },
): Promise<JourneySummaryResponse> => {
  const record = await analysis.journeySummary({
    programId: scope.programId,
    from: scope.from,
    to: scope.to,
    orders: scope.orders,
    search: cleanJourneySearch(request.search ?? {}),
    level: request.level,
    limit: request.limit ?? journeySummaryPaths,
    path: request.path ?? null,
  });
  const kept = record.filtered.orders;
  const figures = (c: { readonly orders: number; readonly revenue: number }) => ({ orders: c.orders, revenue: c.revenue, aov: averageOrderValue(c.revenue, c.orders) });
  const share = (c: { readonly orders: number; readonly revenue: number }) => ({ ...figures(c), share: sharePercent(c.orders, kept) });
  const named = {
    orders: record.paths.reduce((n, p) => n + p.orders, 0),
    revenue: record.paths.reduce((n, p) => n + p.revenue, 0),
  };
  return {
    level: request.level,
    all: figures(record.all),
    filtered: { ...figures(record.filtered), share: sharePercent(kept, record.all.orders) },
    paths: record.paths.map((p) => ({ steps: p.steps, ...share(p) })),
    other: share({ orders: kept - named.orders, revenue: Math.max(0, record.filtered.revenue - named.revenue) }),
    chosen: request.path && record.chosen ? { steps: request.path, ...share(record.chosen) } : null,
  };
};

/**
 * The fixed spend in the scope's dates of the channels (taxonomy 1) the affiliate rows are in,
 * as the performance report counts it: set per path, not per publisher, it is in no affiliate
 * row (docs/engine.md, "Affiliates").
 */
export const unspreadFixedCost = async (reports: ReportQueries, scope: ReportFactScope, rows: ReadonlyArray<AffiliateRow>): Promise<number> => {
  const channels = new Set(rows.map((r) => r.taxonomy_1));
  if (channels.size === 0) return 0;
  const levelOne = await tableRows(reports, scope, []);
  const fee = levelOne.filter((r) => channels.has(r.taxonomy_1 ?? "")).reduce((sum, r) => sum + r.fixed_cost, 0);
  return Math.round(fee * 100) / 100;
};

/** The affiliate report: publisher id, full path and the 25 metrics. */
export const affiliateRows = async (
  analysis: AnalysisQueries,
  scope: ReportFactScope,
  orders: ReadonlyArray<OrderRule> = scope.orders,
): Promise<ReadonlyArray<AffiliateRow>> =>
  (await analysis.affiliates(scope.programId, scope.from, scope.to, orders)).map((r) => ({
    publisher_id: r.publisherId,
    taxonomy_1: r.taxonomy[0],
    taxonomy_2: r.taxonomy[1],
    taxonomy_3: r.taxonomy[2],
    taxonomy_4: r.taxonomy[3],
    ...metricsFromSums(r.sums),
  }));
