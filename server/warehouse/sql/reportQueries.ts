import { Either, Schema } from "effect";
import { sumNames, type MetricSums, type SumName } from "../../../src/domain/report/metrics";
import { OrderRule, type Interval, type TaxonomyPath } from "../../../src/domain/performance/performance";
import { taxonomyLevels } from "../../../src/domain/report/taxonomyLevels";
import type { FactQuery, FactRow, ReportQueries } from "../engineQueries";
import { textOf, Placeholders, type Row, type SqlEngine, type Statements, type ReadLine } from "../statements";
import { compensatedSum, noneLastOrder, orderRulesSql, prefixSql, salesSumNames, summedFigureOf, taxonomyPrefixOf } from "./factSql";

/**
 * Reports on DuckDB and ClickHouse (the `reports` family): small GROUP BYs over the daily facts the
 * attribution rebuild wrote. Values are always parameters.
 */

/** The period start of a fact's day, a DATE, in each engine's dialect: a closed set of expressions. */
const periodSql: Readonly<Record<SqlEngine, Readonly<Record<Interval, string>>>> = {
  duckdb: { day: "day", week: "CAST(date_trunc('week', day) AS DATE)", month: "CAST(date_trunc('month', day) AS DATE)" },
  // date_trunc answers a DateTime there.
  clickhouse: { day: "day", week: "toMonday(day)", month: "toStartOfMonth(day)" },
};

/** A taxonomy column contains the searched text, case aside (lower is ASCII-only on ClickHouse, lowerUTF8 is DuckDB's lower). */
const containsSql: Readonly<Record<SqlEngine, (column: string, text: string) => string>> = {
  duckdb: (column, text) => `strpos(lower(${column}), lower(${text})) > 0`,
  clickhouse: (column, text) => `position(lowerUTF8(${column}), lowerUTF8(${text})) > 0`,
};

const decodeRule = Schema.decodeUnknownEither(OrderRule);

export const sqlReportQueries = (line: ReadLine): ReportQueries => ({
  sums: (query) => line.exclusive((sql) => factSums(sql, query)),

  taxonomies: (programId, from, to, prefix, depth = 4) =>
    line.exclusive(async (sql) => {
      const p = new Placeholders();
      const where = `${factFilter(p, programId, from, to, prefix)} AND level = ${p.add(depth)}`;
      const columns = taxonomyLevels.slice(0, depth).join(", ");
      const rows = await sql.rows(
        `SELECT ${columns} FROM (
           SELECT DISTINCT ${columns} FROM traffic_facts WHERE ${where}
           UNION
           SELECT DISTINCT ${columns} FROM sales_facts WHERE ${where}
         ) paths
         ORDER BY ${noneLastOrder(depth)}`,
        p.values,
      );
      const text = (r: Row, level: number): string => (level <= depth ? textOf(r[`taxonomy_${level}`]) : "");
      return rows.map(
        (r): TaxonomyPath => ({ taxonomy_1: text(r, 1), taxonomy_2: text(r, 2), taxonomy_3: text(r, 3), taxonomy_4: text(r, 4) }),
      );
    }),

  dataSetRules: (programId, tag) =>
    line.exclusive(async (sql) =>
      (
        await sql.rows(
          "SELECT field, operator, value FROM data_sets WHERE program_id = $1 AND data_set_tag = $2 ORDER BY id",
          [programId, tag],
        )
      ).flatMap((r) => {
        const decoded = decodeRule({ field: r["field"], operator: r["operator"], value: r["value"] });
        return Either.isRight(decoded) ? [decoded.right] : [];
      }),
    ),
});

/** program, range and taxonomy prefix; placeholders from `p`. */
const factFilter = (p: Placeholders, programId: number, from: string, to: string, prefix: ReadonlyArray<string>): string =>
  [
    `program_id = ${p.add(programId)}`,
    `day BETWEEN CAST(${p.add(from)} AS DATE) AND CAST(${p.add(to)} AS DATE)`,
    ...prefixSql(p, prefix),
  ].join(" AND ");

type Source = "traffic_facts" | "sales_facts" | "inclusion_facts" | "cost_facts";

/** What each facts table contributes to the bases; the other bases are 0 there. */
const contributions: Readonly<Record<Source, Partial<Record<SumName, string>>>> = {
  traffic_facts: { clicks: "clicks", impressions: "impressions" },
  sales_facts: Object.fromEntries(salesSumNames.map((name) => [name, name])),
  inclusion_facts: { sales_including: "orders" },
  cost_facts: { variable_cost: "variable_cost", fixed_cost: "fixed_cost" },
};

/**
 * One GROUP BY over the union of the four facts tables, each restricted to the program,
 * the rows of the level shown, the range and the prefix (sales and inclusions also to
 * the order rules). Facts are written in level and day order, so DuckDB's zone maps skip
 * the row groups of other levels and days.
 */
const factSums = async (sql: Statements, q: FactQuery): Promise<ReadonlyArray<FactRow>> => {
  const p = new Placeholders();
  const level = Math.max(q.groupLevel, Math.min(q.prefix.length, 4));
  const keys = [...taxonomyLevels.slice(0, level), ...(q.period ? [`${periodSql[sql.engine][q.period]} AS period`] : [])];
  const keyNames = [...taxonomyLevels.slice(0, level), ...(q.period ? ["period"] : [])];
  const where = factFilter(p, q.programId, q.from, q.to, q.prefix);
  const atLevel = p.add(level);
  const orderRules = orderRulesSql(p, q.orders);

  const branch = (source: Source): string => {
    const measures = sumNames.map((name) => `${contributions[source][name] ?? "0"} AS ${name}`).join(", ");
    const orders = source === "sales_facts" || source === "inclusion_facts" ? orderRules : "";
    return `SELECT ${[...keys, measures].join(", ")} FROM ${source} WHERE ${where} AND level = ${atLevel}${orders}`;
  };

  const sum = compensatedSum[sql.engine];
  const sums = sumNames.map((name) => `CAST(${sum(name)} AS DOUBLE) AS ${name}`).join(", ");
  const union = (["traffic_facts", "sales_facts", "inclusion_facts", "cost_facts"] as const).map(branch).join("\nUNION ALL ");
  const searched = q.search;
  const search =
    searched && level > 0
      ? `WHERE ${taxonomyLevels
          .slice(0, level)
          .map((c) => containsSql[sql.engine](c, p.add(searched)))
          .join(" OR ")}`
      : "";
  const grouping = keyNames.length > 0 ? `GROUP BY ${keyNames.join(", ")}` : "";
  const ordering = [noneLastOrder(level), ...(q.period ? ["period"] : [])].filter((s) => s.length > 0).join(", ");

  const outputs = [...taxonomyLevels.slice(0, level), ...(q.period ? ["CAST(period AS VARCHAR) AS period"] : []), ...sumNames];
  const rows = await sql.rows(
    `SELECT ${outputs.join(", ")} FROM (
       SELECT ${[...keyNames, sums].join(", ")} FROM (${union}) facts ${grouping}
     ) grouped ${search}
     ${ordering ? `ORDER BY ${ordering}` : ""}`,
    p.values,
  );
  return rows
    .filter((r) => keyNames.length > 0 || sumNames.some((name) => r[name] !== null))
    .map((r) => ({
      taxonomy: taxonomyPrefixOf(r, level),
      period: q.period ? textOf(r["period"]) : null,
      sums: Object.fromEntries(sumNames.map((name) => [name, summedFigureOf(r[name] ?? null)])) as MetricSums,
    }));
};
