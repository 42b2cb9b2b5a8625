import { Schema } from "effect";
import { listAnswer } from "../report/listAnswer";
import { FilledText } from "../report/configuration";
import { checkRange, FilterOperator, IsoDate, OrderField, OrderRule } from "../performance/performance";
import { taxonomyLevels } from "../report/taxonomyLevels";

/**
 * Custom reports and the program's data sets. A custom report names a start level and the order rules it applies; the program
 * "has access" to a report when the report is registered for it.
 */

export const ReportLevel = Schema.Literal(...taxonomyLevels);
export type ReportLevel = typeof ReportLevel.Type;

/** The order fields a rule (and a data set) may test, with the values each can hold. */
export const orderFieldValues = {
  status: ["valid", "cancelled"],
  customer_type: ["new", "returning"],
  payment: ["cash", "credit"],
} as const;
export { OrderField };

/** A rule's operator: the order rules' (= or !=). */
export const RuleOperator = FilterOperator;
export type RuleOperator = FilterOperator;

/** One rule over orders: an order rule (`field operator value`, e.g. status != cancelled) whose value the field can hold. */
export const ReportRule = OrderRule.pipe(
  Schema.filter((rule) =>
    (orderFieldValues[rule.field] as ReadonlyArray<string>).includes(rule.value)
      ? undefined
      : { path: ["value"], message: `Expected one of ${orderFieldValues[rule.field].join(", ")} for ${rule.field}` },
  ),
);
export type ReportRule = typeof ReportRule.Type;

/** The most rules one report applies. */
export const mostReportRules = 20;

/** A data set reference inside report meta. */
export const DataSetReference = Schema.Struct({ id: Schema.Number });

/**
 * Report settings: the names of the two compared sides (default Valid and Cancelled),
 * the program data sets it reads (dataset_one, dataset_two) and the columns it hides
 * (excludedColumns, such as "first.cpa").
 */
export const ReportMeta = Schema.Struct({
  validName: Schema.optional(Schema.String.pipe(Schema.maxLength(100))),
  cancelledName: Schema.optional(Schema.String.pipe(Schema.maxLength(100))),
  dataset_one: Schema.optional(DataSetReference),
  dataset_two: Schema.optional(DataSetReference),
  excludedColumns: Schema.optional(Schema.Array(Schema.String.pipe(Schema.maxLength(100))).pipe(Schema.maxItems(100))),
});
export type ReportMeta = typeof ReportMeta.Type;

/** A registered report. The list's "Rules Applied" is `rules.length`. */
export const CustomReport = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  level: ReportLevel,
  rules: Schema.Array(ReportRule),
  meta: ReportMeta,
});
export type CustomReport = typeof CustomReport.Type;

export const CustomReportList = listAnswer(CustomReport);
export type CustomReportList = typeof CustomReportList.Type;

export const CustomReportAnswer = Schema.Struct({ data: CustomReport });
export type CustomReportAnswer = typeof CustomReportAnswer.Type;

/** A report's rules: at most 20, all of which an order must meet (AND). */
export const ReportRules = Schema.Array(ReportRule).pipe(Schema.maxItems(mostReportRules));

export const CustomReportInput = Schema.Struct({
  name: FilledText(200),
  level: ReportLevel,
  rules: ReportRules,
  meta: Schema.optional(ReportMeta),
});
export type CustomReportInput = typeof CustomReportInput.Type;

/** The message of the no-access screen, shown when the program may not open a custom report. */
export const noReportAccessMessage = "You don't have access to this report";

/**
 * A data set the program registers: orders where `field operator value` (the engine's
 * named data sets, docs/engine.md, attribution). A report's meta refers to them by id.
 */
export const DataSet = Schema.Struct({
  id: Schema.Number,
  data_set_tag: Schema.String,
  field: Schema.String,
  operator: Schema.String,
  value: Schema.String,
});
export type DataSet = typeof DataSet.Type;

export const DataSetList = listAnswer(DataSet);
export type DataSetList = typeof DataSetList.Type;

/**
 * The preview call's query: an unsaved report (name, level, `rules` as URL-encoded JSON,
 * empty when absent) over date_from..date_to (calendar dates, from <= to, at most 800 days).
 */
export const ReportPreviewQuery = Schema.Struct({
  date_from: IsoDate,
  date_to: IsoDate,
  name: Schema.optional(Schema.String.pipe(Schema.maxLength(200))),
  level: ReportLevel,
  rules: Schema.optionalWith(Schema.parseJson(ReportRules), { default: () => [] }),
}).pipe(Schema.filter(checkRange));
export type ReportPreviewQuery = typeof ReportPreviewQuery.Type;
