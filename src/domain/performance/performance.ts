import { Schema } from "effect";
import { parseDate, parseRange, rangeLength } from "../report/dateRange";
import { temporal } from "../report/temporal";
import { metricNames } from "../report/metricNames";
import { listAnswer, listField } from "../report/listAnswer";
import { chartAnswer, fieldsNamed, levelTaxonomyFields, tableAnswer, taxonomyPathFields } from "../report/reportAnswers";

/**
 * The wire contract of the performance reports: the reference server encodes every answer
 * with these Schemas and the application decodes with the same ones. Query Schemas
 * decode the query string of a call (all values arrive as text).
 *
 * Dates use Temporal (src/domain/report/dateRange.ts): the app's entry and the server install it.
 */

// ---------------------------------------------------------------------------------------
// Responses

/** The 25 metrics of a row, each a number, in the standard order. */
export const metricFields = fieldsNamed(metricNames, Schema.Number);

/**
 * A row of a table (taxonomy_1..taxonomy_k of its level, 'None' where no rule filled
 * that level) or a point of a chart (conversion_date = the period start: the day, the
 * Monday of the week or the first of the month).
 */
export const PerformanceRow = Schema.Struct({
  ...levelTaxonomyFields,
  conversion_date: Schema.optional(Schema.String),
  ...metricFields,
});
export type PerformanceRow = typeof PerformanceRow.Type;

export { ColumnHeaders } from "../report/reportAnswers";

/** A table: its rows, their column headers and `total`, the number of rows. */
export const TableResponse = tableAnswer(PerformanceRow);
export type TableResponse = typeof TableResponse.Type;

/** A single series over time. */
export const ChartResponse = chartAnswer(PerformanceRow);
export type ChartResponse = typeof ChartResponse.Type;

/** A series per taxonomy value (multi charts, funnel trends, diminishing returns): the value, its next-level values, its points. */
export const taxonomySeries = <A, I>(point: Schema.Schema<A, I, never>, name: Schema.Schema<string, string, never> = Schema.String) =>
  Schema.Struct({
    name,
    children: Schema.optional(Schema.Array(Schema.String)),
    ...listField(point),
  });

/** One series of a multi chart. */
export const ChartSeries = taxonomySeries(PerformanceRow);
export type ChartSeries = typeof ChartSeries.Type;

export const MultiChartResponse = chartAnswer(ChartSeries);
export type MultiChartResponse = typeof MultiChartResponse.Type;

/** A full taxonomy path (the filter tree of search and journeys). */
export const TaxonomyPath = Schema.Struct(taxonomyPathFields);
export type TaxonomyPath = typeof TaxonomyPath.Type;

export const TaxonomiesResponse = listAnswer(TaxonomyPath);
export type TaxonomiesResponse = typeof TaxonomiesResponse.Type;

// ---------------------------------------------------------------------------------------
// Queries

/** The longest range a report accepts, in days (both ends included). */
export const maxRangeDays = 800;

/** A calendar date, YYYY-MM-DD. */
export const IsoDate = Schema.String.pipe(
  Schema.filter((s) => parseDate(s) !== null || "not a calendar date in the form YYYY-MM-DD"),
);

const rangeFields = { date_from: IsoDate, date_to: IsoDate };

/** date_from <= date_to and at most maxRangeDays days (both ends included). */
export const checkRange = (q: { readonly date_from: string; readonly date_to: string }): true | string => {
  const range = parseRange(q.date_from, q.date_to);
  if (!range) return "date_from must not be after date_to";
  if (rangeLength(range) > maxRangeDays) return `the range must not be longer than ${maxRangeDays} days`;
  return true;
};

/** date_from and date_to: calendar dates, from <= to, at most 800 days. */
export const RangeQuery = Schema.Struct(rangeFields).pipe(Schema.filter(checkRange));
export type RangeQuery = typeof RangeQuery.Type;

export const intervals = ["day", "week", "month"] as const;
export const Interval = Schema.Literal(...intervals);
export type Interval = typeof Interval.Type;

/** A chart's query: the range and the interval (day when absent). */
export const ChartQuery = Schema.Struct({
  ...rangeFields,
  interval: Schema.optionalWith(Interval, { default: () => "day" as const }),
}).pipe(Schema.filter(checkRange));
export type ChartQuery = typeof ChartQuery.Type;

/** The search table's query: the range and the text searched for in any taxonomy level. */
export const SearchQuery = Schema.Struct({
  ...rangeFields,
  query: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
}).pipe(Schema.filter(checkRange));
export type SearchQuery = typeof SearchQuery.Type;

/** The order fields a filter may test. */
export const orderFields = ["status", "customer_type", "payment"] as const;
export const OrderField = Schema.Literal(...orderFields);
export type OrderField = typeof OrderField.Type;

export const FilterOperator = Schema.Literal("=", "!=");
export type FilterOperator = typeof FilterOperator.Type;

/** One restriction of orders: the old-source meta filter, and the rule of a named data set. */
export const OrderRule = Schema.Struct({
  field: OrderField,
  operator: FilterOperator,
  value: Schema.String.pipe(Schema.maxLength(200)),
});
export type OrderRule = typeof OrderRule.Type;

/** The old-source meta call's query: `meta` is a JSON list holding one filter object. */
export const MetaQuery = Schema.Struct({
  ...rangeFields,
  meta: Schema.parseJson(Schema.Tuple(OrderRule)),
}).pipe(Schema.filter(checkRange));
export type MetaQuery = typeof MetaQuery.Type;

/** The built-in named filters and data sets; a program may register more data set tags. */
export const builtInNames = ["new", "returning", "valid", "cancelled"] as const;

/** A named filter or data set tag as it appears in a path. */
export const NamedFilterName = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(100));

/** The taxonomy value of a level that no rule fills (and never linked, never expanded). */
export const noneTaxonomy = "None";

// ---------------------------------------------------------------------------------------
// Periods of a chart

/** The start of the period holding a day: the day, the Monday of its week, or the 1st of its month. */
export const periodStart = (day: string, interval: Interval): string => {
  const date = temporal().PlainDate.from(day);
  switch (interval) {
    case "day":
      return date.toString();
    case "week":
      return date.subtract({ days: date.dayOfWeek - 1 }).toString();
    case "month":
      return date.with({ day: 1 }).toString();
  }
};

/** Every period start from the one holding `from` to the one holding `to`, in order. */
export const periodStarts = (from: string, to: string, interval: Interval): ReadonlyArray<string> => {
  const PlainDate = temporal().PlainDate;
  const last = PlainDate.from(periodStart(to, interval));
  const step = interval === "day" ? { days: 1 } : interval === "week" ? { weeks: 1 } : { months: 1 };
  const starts: string[] = [];
  for (let d = PlainDate.from(periodStart(from, interval)); PlainDate.compare(d, last) <= 0; d = d.add(step)) {
    starts.push(d.toString());
  }
  return starts;
};
