import { funnelRoles, type FunnelSums } from "../../../src/domain/report/metrics";
import { filterLevels, type JourneySearch, type JourneyTouch, type TouchpointFilter } from "../../../src/domain/journeys/journeys";
import type { AnalysisFactQuery, AnalysisQueries, JourneyQuery } from "../analysisQueries";
import { numberOf, textOf, Placeholders } from "../statements";
import type { ConnectionLine } from "./connectionLine";
import { noneLastOrder, noneWhenEmpty, orderRulesSql, prefixSql, salesSumNames, taxonomyList, taxonomyPathOf, taxonomyPrefixOf } from "./factSql";
import { taxonomyLevels } from "../../../src/domain/report/taxonomyLevels";

/**
 * The analysis reports' SQL on DuckDB. Values are always parameters; the only text
 * assembled comes from fixed column lists and closed sets (levels, roles, sort keys).
 * Dialect notes for ClickHouse: date_trunc('week', ...) (toMonday there), bool_or
 * (max of a UInt8 there), lead() (leadInFrame / neighbor there), LIMIT ... OFFSET.
 */

/** program, range, level and prefix of a facts table. */
const factWhere = (p: Placeholders, q: AnalysisFactQuery): string =>
  [
    `program_id = ${p.add(q.programId)}`,
    `day BETWEEN CAST(${p.add(q.from)} AS DATE) AND CAST(${p.add(q.to)} AS DATE)`,
    `level = ${p.add(q.level)}`,
    ...prefixSql(p, q.prefix),
  ].join(" AND ");

const roleMeasures = funnelRoles.flatMap((role) => [`${role}_revenue`, `${role}_credit`]);

/** A filter touchpoint as a predicate over a touch's columns (`prefix` picks the next touch's columns). */
const touchPredicate = (p: Placeholders, f: TouchpointFilter, prefix = ""): string => {
  const levels = filterLevels(f);
  return levels.length === 0
    ? "TRUE"
    : `(${levels.map((v, i) => `${prefix}${taxonomyLevels[i]} = ${p.add(v)}`).join(" AND ")})`;
};

/** journeyMatches (src/domain/journeys/journeys.ts) as HAVING conditions over one order's touches. */
const journeyConditions = (p: Placeholders, s: JourneySearch): ReadonlyArray<string> => {
  const any = (xs: ReadonlyArray<TouchpointFilter>) => `(${xs.map((f) => touchPredicate(p, f)).join(" OR ")})`;
  const conditions: string[] = [];
  if (s.first) conditions.push(`coalesce(bool_or(touch_index = 1 AND ${any(s.first)}), FALSE)`);
  if (s.last) conditions.push(`coalesce(bool_or(touch_index = touch_count AND ${any(s.last)}), FALSE)`);
  if (s.anywhere) {
    const each = s.anywhere.map((f) => `coalesce(bool_or(${touchPredicate(p, f)}), FALSE)`);
    conditions.push(`(${each.join(s.anywhere_connector === "and" ? " AND " : " OR ")})`);
  }
  for (const c of s.comparison ?? []) {
    conditions.push(
      c.immediately
        ? `coalesce(bool_or(${touchPredicate(p, c.before)} AND next_index IS NOT NULL AND ${touchPredicate(p, c.after, "next_")}), FALSE)`
        : `coalesce(min(CASE WHEN ${touchPredicate(p, c.before)} THEN touch_index END)
             < max(CASE WHEN ${touchPredicate(p, c.after)} THEN touch_index END), FALSE)`,
    );
  }
  return conditions;
};

/** The orders of a journeys query that pass its filter, with their journey length. */
const matchedOrders = (p: Placeholders, q: JourneyQuery): string => {
  const conditions = journeyConditions(p, q.search);
  return `WITH numbered AS (
      SELECT order_id, touch_index, touch_count, ${taxonomyLevels.join(", ")},
        ${taxonomyLevels.map((c) => `lead(${c}) OVER w AS next_${c}`).join(", ")},
        lead(touch_index) OVER w AS next_index
      FROM touches
      WHERE program_id = ${p.add(q.programId)}
        AND order_date BETWEEN CAST(${p.add(q.from)} AS DATE) AND CAST(${p.add(q.to)} AS DATE)${orderRulesSql(p, q.orders)}
      WINDOW w AS (PARTITION BY order_id ORDER BY touch_index)
    ),
    matched AS (
      SELECT order_id, max(touch_count) AS journey_length FROM numbered GROUP BY order_id
      ${conditions.length > 0 ? `HAVING ${conditions.join("\n        AND ")}` : ""}
    )`;
};

export const duckDbAnalysisQueries = (line: ConnectionLine): AnalysisQueries => ({
  funnel: (q, byDay) =>
    line.exclusive(async (sql) => {
      const p = new Placeholders();
      const keys = [...taxonomyLevels.slice(0, q.level), ...(byDay ? ["day"] : [])];
      const rows = await sql.rows(
        `SELECT ${taxonomyLevels.slice(0, q.level).join(", ")}${byDay ? ", CAST(day AS VARCHAR) AS period" : ""},
           ${roleMeasures.map((m) => `CAST(sum(${m}) AS DOUBLE) AS ${m}`).join(", ")}
         FROM sales_facts WHERE ${factWhere(p, q)}${orderRulesSql(p, q.orders)}
         GROUP BY ${keys.join(", ")}
         ORDER BY ${[noneLastOrder(q.level), ...(byDay ? ["day"] : [])].join(", ")}`,
        p.values,
      );
      return rows.map((r) => ({
        taxonomy: taxonomyPrefixOf(r, q.level),
        period: byDay ? textOf(r["period"]) : null,
        sums: Object.fromEntries(roleMeasures.map((m) => [m, numberOf(r[m])])) as unknown as FunnelSums,
      }));
    }),

  weekly: (q) =>
    line.exclusive(async (sql) => {
      const p = new Placeholders();
      const where = factWhere(p, q);
      const columns = taxonomyLevels.slice(0, q.level).join(", ");
      const rows = await sql.rows(
        `SELECT ${columns}, CAST(week AS VARCHAR) AS week,
           CAST(sum(cost) AS DOUBLE) AS total_cost, CAST(sum(revenue) AS DOUBLE) AS attributed_revenue
         FROM (
           SELECT ${columns}, CAST(date_trunc('week', day) AS DATE) AS week, variable_cost + fixed_cost AS cost, 0.0 AS revenue
           FROM cost_facts WHERE ${where}
           UNION ALL
           SELECT ${columns}, CAST(date_trunc('week', day) AS DATE) AS week, 0.0 AS cost, attributed_revenue AS revenue
           FROM sales_facts WHERE ${where}${orderRulesSql(p, q.orders)}
         ) facts
         GROUP BY ${columns}, week
         ORDER BY ${noneLastOrder(q.level)}, week`,
        p.values,
      );
      return rows.map((r) => ({
        taxonomy: taxonomyPrefixOf(r, q.level),
        week: textOf(r["week"]),
        totalCost: numberOf(r["total_cost"]),
        attributedRevenue: numberOf(r["attributed_revenue"]),
      }));
    }),

  journeys: (q) =>
    line.exclusive(async (sql) => {
      const counting = new Placeholders();
      const counted = await sql.rows(`${matchedOrders(counting, q)} SELECT count(*) AS n FROM matched`, counting.values);
      const total = numberOf(counted[0]?.["n"] ?? 0);
      if (total === 0 || q.offset >= total) return { total, rows: [] };

      const paging = new Placeholders();
      const cte = matchedOrders(paging, q);
      const direction = q.direction === "asc" ? "ASC" : "DESC";
      const key = q.sortBy === "journey_length" ? "m.journey_length" : "o.ts";
      const page = await sql.rows(
        `${cte}
         SELECT m.order_id, o.ts, o.amount FROM matched m
         JOIN orders o ON o.program_id = ${paging.add(q.programId)} AND o.order_id = m.order_id
         ORDER BY ${key} ${direction}, m.order_id ${direction}
         LIMIT ${paging.add(q.limit)} OFFSET ${paging.add(q.offset)}`,
        paging.values,
      );
      if (page.length === 0) return { total, rows: [] };

      const touching = new Placeholders();
      const program = touching.add(q.programId);
      const ids = page.map((r) => touching.add(textOf(r["order_id"])));
      const touches = await sql.rows(
        `SELECT order_id, ${taxonomyLevels.join(", ")} FROM touches
         WHERE program_id = ${program} AND order_id IN (${ids.join(", ")})
         ORDER BY order_id, touch_index`,
        touching.values,
      );
      const paths = new Map<string, JourneyTouch[]>();
      for (const t of touches) {
        const id = textOf(t["order_id"]);
        const path = paths.get(id) ?? [];
        path.push({
          taxonomy_1: textOf(t["taxonomy_1"]),
          taxonomy_2: textOf(t["taxonomy_2"]),
          taxonomy_3: textOf(t["taxonomy_3"]),
          taxonomy_4: textOf(t["taxonomy_4"]),
        });
        paths.set(id, path);
      }
      return {
        total,
        rows: page.map((r) => {
          const orderId = textOf(r["order_id"]);
          return { orderId, ts: numberOf(r["ts"]), amount: numberOf(r["amount"]), path: paths.get(orderId) ?? [] };
        }),
      };
    }),

  affiliates: (programId, from, to, orders) =>
    line.exclusive(async (sql) => {
      const p = new Placeholders();
      const program = p.add(programId);
      const fromDate = `CAST(${p.add(from)} AS DATE)`;
      const toDate = `CAST(${p.add(to)} AS DATE)`;
      const path = taxonomyList;
      const aPath = taxonomyLevels.map((c) => `a.${c}`).join(", ");
      const measures = ["variable_cost", "clicks", "impressions", ...salesSumNames, "sales_including"];
      const select = (given: Record<string, string>) => measures.map((m) => `${given[m] ?? "0.0"} AS ${m}`).join(", ");
      const rows = await sql.rows(
        `WITH aff AS (
           SELECT hit_id, publisher_id, hit_date, event_type, cost_link,
             ${taxonomyLevels.map((c) => noneWhenEmpty(c)).join(", ")}
           FROM hits WHERE program_id = ${program} AND publisher_id IS NOT NULL AND publisher_id <> ''
         ),
         carried AS (
           SELECT cost_link, publisher_id, ${path}, count(*) AS hits FROM aff WHERE cost_link IS NOT NULL
           GROUP BY cost_link, publisher_id, ${path}
         ),
         ranked AS (
           SELECT v.cost, c.publisher_id, ${taxonomyLevels.map((col) => `c.${col}`).join(", ")},
             row_number() OVER (
               PARTITION BY v.id, v.cost_date, v.cost, v.cost_link, v.taxonomy_1
               ORDER BY c.hits DESC, c.publisher_id, ${taxonomyLevels.map((col) => `c.${col}`).join(", ")}
             ) AS choice
           FROM variable_costs v JOIN carried c ON c.cost_link = v.cost_link
           WHERE v.program_id = ${program} AND v.cost_date BETWEEN ${fromDate} AND ${toDate}
         ),
         parts AS (
           SELECT publisher_id, ${path}, ${select({
             clicks: "CASE WHEN event_type = 'click' THEN 1.0 ELSE 0.0 END",
             impressions: "CASE WHEN event_type = 'impression' THEN 1.0 ELSE 0.0 END",
           })}
           FROM aff WHERE hit_date BETWEEN ${fromDate} AND ${toDate}
           UNION ALL
           SELECT publisher_id, ${path}, ${select({ variable_cost: "cost" })} FROM ranked WHERE choice = 1
           UNION ALL
           SELECT a.publisher_id, ${aPath}, ${select({
             first_click_sales: "sum(t.first_credit)",
             first_click_revenue: "sum(t.first_credit * t.amount)",
             last_click_sales: "sum(t.last_credit)",
             last_click_revenue: "sum(t.last_credit * t.amount)",
             attributed_sales: "sum(t.attributed_credit)",
             attributed_revenue: "sum(t.attributed_credit * t.amount)",
             sales_including: "count(DISTINCT t.order_id)",
           })}
           FROM touches t JOIN aff a ON a.hit_id = t.hit_id
           WHERE t.program_id = ${program} AND t.order_date BETWEEN ${fromDate} AND ${toDate}${orderRulesSql(p, orders, "t.")}
           GROUP BY a.publisher_id, ${aPath}
         )
         SELECT publisher_id, ${path}, ${measures.map((m) => `CAST(sum(${m}) AS DOUBLE) AS ${m}`).join(", ")}
         FROM parts GROUP BY publisher_id, ${path}
         ORDER BY ${path}, publisher_id`,
        p.values,
      );
      return rows.map((r) => ({
        publisherId: textOf(r["publisher_id"]),
        taxonomy: taxonomyPathOf(r),
        sums: {
          variable_cost: numberOf(r["variable_cost"]),
          fixed_cost: 0,
          clicks: numberOf(r["clicks"]),
          impressions: numberOf(r["impressions"]),
          first_click_sales: numberOf(r["first_click_sales"]),
          first_click_revenue: numberOf(r["first_click_revenue"]),
          last_click_sales: numberOf(r["last_click_sales"]),
          last_click_revenue: numberOf(r["last_click_revenue"]),
          attributed_sales: numberOf(r["attributed_sales"]),
          attributed_revenue: numberOf(r["attributed_revenue"]),
          sales_including: numberOf(r["sales_including"]),
        },
      }));
    }),
});
