import { Schema } from "effect";
import { funnelRoles, metricNames, type FunnelRole } from "../report/metrics";
import { JourneySearch, JourneySortBy } from "../journeys/journeys";
import { JourneyPath } from "../journeys/journeySummary";
import { checkRange, IsoDate, metricFields, taxonomySeries } from "../performance/performance";
import { listAnswer } from "../report/listAnswer";
import { chartAnswer, fieldsNamed, levelTaxonomyFields, tableAnswer, taxonomyPathFields } from "../report/reportAnswers";

/**
 * The wire contract of the analysis reports: funnel, funnel trends, diminishing returns, journeys and the affiliate report.
 * The reference server encodes with these Schemas and the application decodes with them.
 */

// ---------------------------------------------------------------------------------------
// Funnel

/** The 12 funnel fields, in the standard order: solo, upper, mid, lower x revenue, revenue_percent, credit. */
export const funnelFieldNames = funnelRoles.flatMap((role) => [
  `${role}_revenue`,
  `${role}_revenue_percent`,
  `${role}_credit`,
]) as ReadonlyArray<`${FunnelRole}_revenue` | `${FunnelRole}_revenue_percent` | `${FunnelRole}_credit`>;

/** The 12 funnel fields of a row, each a number. */
export const funnelFields = fieldsNamed(funnelFieldNames, Schema.Number);

const roleLabels: Record<FunnelRole, string> = {
  solo: "Solo",
  upper_funnel: "Upper Funnel",
  mid_funnel: "Mid Funnel",
  lower_funnel: "Lower Funnel",
};

/** `column_headers` of the funnel calls: the 12 funnel fields with their labels. */
export const funnelHeaders: Record<string, string> = Object.fromEntries(
  funnelRoles.flatMap((role) => [
    [`${role}_revenue`, `${roleLabels[role]} Revenue`],
    [`${role}_revenue_percent`, `${roleLabels[role]} Revenue %`],
    [`${role}_credit`, `${roleLabels[role]} Credit`],
  ]),
);

/** A funnel table row: taxonomy_1..taxonomy_k of its level and the 12 funnel fields. */
export const FunnelRow = Schema.Struct({
  ...levelTaxonomyFields,
  ...funnelFields,
});
export type FunnelRow = typeof FunnelRow.Type;

/** funnel/single: the rows of a level; `total` is the number of rows. */
export const FunnelResponse = tableAnswer(FunnelRow);
export type FunnelResponse = typeof FunnelResponse.Type;

/** A point of a funnel trend: the period start (a non-empty date) and the 12 funnel fields. */
export const FunnelTrendPoint = Schema.Struct({
  conversion_date: Schema.NonEmptyString,
  ...funnelFields,
});
export type FunnelTrendPoint = typeof FunnelTrendPoint.Type;

export const FunnelTrendSeries = taxonomySeries(FunnelTrendPoint, Schema.NonEmptyString);
export type FunnelTrendSeries = typeof FunnelTrendSeries.Type;

/** funnel/multi: one series per taxonomy value, every period of the range present. */
export const FunnelTrendsResponse = chartAnswer(FunnelTrendSeries);
export type FunnelTrendsResponse = typeof FunnelTrendsResponse.Type;

// ---------------------------------------------------------------------------------------
// Diminishing returns

/** One week of one taxonomy value: gross spend, attributed revenue and the week's seasonality type (null: untagged). */
export const DiminishingPoint = Schema.Struct({
  /** The Monday of the week (week commencing). */
  conversion_date: Schema.NonEmptyString,
  total_cost: Schema.Number,
  attributed_revenue: Schema.Number,
  seasonality: Schema.NullOr(Schema.String),
});
export type DiminishingPoint = typeof DiminishingPoint.Type;

export const DiminishingSeries = taxonomySeries(DiminishingPoint);
export type DiminishingSeries = typeof DiminishingSeries.Type;

export const DiminishingResponse = listAnswer(DiminishingSeries);
export type DiminishingResponse = typeof DiminishingResponse.Type;

// ---------------------------------------------------------------------------------------
// Journeys

export const SortDirection = Schema.Literal("asc", "desc");
export type SortDirection = typeof SortDirection.Type;

const wholeNumberText = (min: number, max: number) =>
  Schema.NumberFromString.pipe(Schema.int(), Schema.greaterThanOrEqualTo(min), Schema.lessThanOrEqualTo(max));

/** The largest journeys page. */
export const maxJourneysPerPage = 500;


/**
 * touchpoints/journeys: the range, sort (conversion_date desc by default), page (from 1),
 * per_page (1..500, 160 by default), journey_search (URL-encoded JSON of the filter) and path
 * (a chosen summary path, URL-encoded JSON).
 */
export const JourneysQuery = Schema.Struct({
  date_from: IsoDate,
  date_to: IsoDate,
  sort_by: Schema.optionalWith(JourneySortBy, { default: () => "conversion_date" as const }),
  sort_direction: Schema.optionalWith(SortDirection, { default: () => "desc" as const }),
  page: Schema.optionalWith(wholeNumberText(1, 1_000_000), { default: () => 1 }),
  per_page: Schema.optionalWith(wholeNumberText(1, maxJourneysPerPage), { default: () => 160 }),
  journey_search: Schema.optional(Schema.parseJson(JourneySearch)),
  /** Only the orders whose journey at the path's level, consecutive identical touches merged, is this path (URL-encoded JSON). */
  path: Schema.optional(Schema.parseJson(JourneyPath)),
}).pipe(Schema.filter(checkRange));
export type JourneysQuery = typeof JourneysQuery.Type;

// ---------------------------------------------------------------------------------------
// Affiliates

/** A row of the affiliate performance report: a publisher id, its taxonomy path and the 25 metrics. */
export const AffiliateRow = Schema.Struct({
  publisher_id: Schema.String,
  ...taxonomyPathFields,
  ...metricFields,
});
export type AffiliateRow = typeof AffiliateRow.Type;

/**
 * The affiliate report's answer: its rows, and `unspread_fixed_cost`, the fixed spend in the
 * dates of the channels (taxonomy 1) its rows are in (a network's monthly fee): fixed spend is
 * set per taxonomy path, not per publisher, so it is in no row, and the report shows it as
 * its own line.
 */
export const AffiliatesResponse = Schema.Struct({
  ...tableAnswer(AffiliateRow).fields,
  unspread_fixed_cost: Schema.Number,
});
export type AffiliatesResponse = typeof AffiliatesResponse.Type;

/** The affiliate report's metric columns (the 25 of a table). */
export const affiliateMetricNames = metricNames;
