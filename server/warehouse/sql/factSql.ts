import type { OrderRule } from "../../../src/domain/performance/performance";
import type { SumName } from "../../../src/domain/report/metrics";
import { taxonomyLevels } from "../../../src/domain/report/taxonomyLevels";
import { numberOf, textOf, type Placeholders, type Row, type SqlEngine } from "../statements";

/**
 * SQL pieces shared by the rebuilds, the reports and the analysis reports over hits,
 * touches and the daily facts tables: the taxonomy columns, a taxonomy prefix, the order
 * rules and the 'None'-last ordering. Column names come only from fixed lists.
 */

/** The taxonomy depths 1..4 (depth n keeps taxonomy_1..taxonomy_n). */
export const taxonomyDepths = taxonomyLevels.map((_, i) => i + 1);

/** taxonomy_1, ..., taxonomy_4 as a column list. */
export const taxonomyList = taxonomyLevels.join(", ");

/** The sales bases: each model's credit (sales) and credit x amount (revenue). */
export const salesSumNames = [
  "first_click_sales",
  "first_click_revenue",
  "last_click_sales",
  "last_click_revenue",
  "attributed_sales",
  "attributed_revenue",
] as const satisfies ReadonlyArray<SumName>;

/**
 * A compensated sum (fsum on DuckDB, sumKahan on ClickHouse): about the correctly rounded
 * total whatever order the rows come in, so both engines answer the same figure where a
 * plain sum's last digits follow the order the engine added the rows in.
 */
export const compensatedSum: Readonly<Record<SqlEngine, (value: string) => string>> = {
  duckdb: (value) => `fsum(${value})`,
  clickhouse: (value) => `sumKahan(${value})`,
};

/**
 * A summed figure as read, to 12 significant digits: the engines add rows in orders of
 * their own, so even compensated sums may part in the last binary digits; those are
 * noise, and a figure read at 12 digits is the same whichever engine (or thread) added it.
 */
export const summedFigureOf = (value: Row[string]): number => (value === null ? 0 : Number(numberOf(value).toPrecision(12)));

/** A taxonomy column with '' (a level no rule fills) read as 'None'; `from` qualifies the column read. */
export const noneWhenEmpty = (column: string, from = ""): string => `coalesce(nullif(${from}${column}, ''), 'None') AS ${column}`;

const orderFieldColumns = { status: "status", customer_type: "customer_type", payment: "payment" } as const;
const operators = { "=": "=", "!=": "<>" } as const;

/** ` AND <column> <operator> $n` for each order rule (`alias` qualifies the columns). */
export const orderRulesSql = (p: Placeholders, rules: ReadonlyArray<OrderRule>, alias = ""): string =>
  rules.map((rule) => ` AND ${alias}${orderFieldColumns[rule.field]} ${operators[rule.operator]} ${p.add(rule.value)}`).join("");

/** `taxonomy_n = $k` for each fixed value of a taxonomy prefix (levels 1..prefix.length). */
export const prefixSql = (p: Placeholders, prefix: ReadonlyArray<string>): ReadonlyArray<string> =>
  prefix.slice(0, taxonomyLevels.length).map((value, i) => `${taxonomyLevels[i]} = ${p.add(value)}`);

/** Orders by taxonomy_1..level, 'None' last at each level. */
export const noneLastOrder = (level: number): string =>
  taxonomyLevels
    .slice(0, level)
    .map((c) => `CASE WHEN ${c} = 'None' THEN 1 ELSE 0 END, ${c}`)
    .join(", ");

/** A row's taxonomy_1..level. */
export const taxonomyPrefixOf = (r: Row, level: number): ReadonlyArray<string> => taxonomyLevels.slice(0, level).map((c) => textOf(r[c]));

/** A row's whole taxonomy path. */
export const taxonomyPathOf = (r: Row): readonly [string, string, string, string] => [
  textOf(r["taxonomy_1"]),
  textOf(r["taxonomy_2"]),
  textOf(r["taxonomy_3"]),
  textOf(r["taxonomy_4"]),
];
