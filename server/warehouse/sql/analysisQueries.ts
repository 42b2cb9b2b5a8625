import { funnelRoles, type FunnelSums } from "../../../src/domain/report/metrics";
import { filterLevels, type JourneySearch, type JourneyTouch, type TouchpointFilter } from "../../../src/domain/journeys/journeys";
import type { JourneyPath } from "../../../src/domain/journeys/journeySummary";
import type { AnalysisFactQuery, AnalysisQueries, JourneyQuery } from "../analysisQueries";
import type { JS } from "@duckdb/node-api";
import { numberOf, textOf, Placeholders, type Row, type SqlEngine, type Statements, type ReadLine } from "../statements";
import { compensatedSum, noneLastOrder, noneWhenEmpty, orderRulesSql, prefixSql, salesSumNames, summedFigureOf, taxonomyList, taxonomyPathOf, taxonomyPrefixOf } from "./factSql";
import { taxonomyLevels } from "../../../src/domain/report/taxonomyLevels";

/**
 * The analysis reports' SQL. Values are always parameters; the only text
 * assembled comes from fixed column lists and closed sets (levels, roles, sort keys).
 * The statements are shared by DuckDB and ClickHouse; where the dialects differ (the week
 * of a day, the journey paths' list functions) `dialects` holds each engine's fragment.
 * Arrays count from 1 in both.
 */

/** A list condition or expression in one engine's dialect. */
interface Dialect {
  /** The Monday of a day's week, a DATE. */
  readonly week: (day: string) => string;
  /** The list holds the value. */
  readonly contains: (list: string, value: string) => string;
  /** The first `before` in `beforeList` comes earlier than the last `after` in `afterList` (FALSE when either is absent). */
  readonly comesBefore: (beforeList: string, before: string, afterList: string, after: string) => string;
  /** Some entry i of `beforeList` is `before` and entry i + 1 of `afterList` is `after`. */
  readonly followedBy: (beforeList: string, before: string, afterList: string, after: string) => string;
  /** The list without each entry equal to the one before it. */
  readonly merged: (list: string) => string;
}

const dialects: Readonly<Record<SqlEngine, Dialect>> = {
  duckdb: {
    week: (day) => `CAST(date_trunc('week', ${day}) AS DATE)`,
    contains: (list, value) => `list_contains(${list}, ${value})`,
    comesBefore: (beforeList, before, afterList, after) =>
      `coalesce(list_position(${beforeList}, ${before}) < touch_count + 1 - list_position(list_reverse(${afterList}), ${after}), FALSE)`,
    followedBy: (beforeList, before, afterList, after) =>
      `coalesce(list_bool_or(list_transform(${beforeList}, lambda x, i: x = ${before} AND ${afterList}[i + 1] = ${after})), FALSE)`,
    merged: (list) => `list_filter(${list}, lambda x, i: i = 1 OR x <> ${list}[i - 1])`,
  },
  // indexOf answers 0 where list_position answers NULL; an index past the end reads 0 (no prefix's number), not NULL.
  clickhouse: {
    week: (day) => `toMonday(${day})`,
    contains: (list, value) => `has(${list}, ${value})`,
    comesBefore: (beforeList, before, afterList, after) =>
      `(indexOf(${beforeList}, ${before}) > 0 AND has(${afterList}, ${after})
         AND indexOf(${beforeList}, ${before}) < touch_count + 1 - indexOf(arrayReverse(${afterList}), ${after}))`,
    followedBy: (beforeList, before, afterList, after) =>
      `arrayExists((x, i) -> x = ${before} AND ${afterList}[i + 1] = ${after}, ${beforeList}, arrayEnumerate(${beforeList}))`,
    merged: (list) => `arrayFilter((x, i) -> i = 1 OR x <> ${list}[i - 1], ${list}, arrayEnumerate(${list}))`,
  },
};

/** program, range, level and prefix of a facts table. */
const factWhere = (p: Placeholders, q: AnalysisFactQuery): string =>
  [
    `program_id = ${p.add(q.programId)}`,
    `day BETWEEN CAST(${p.add(q.from)} AS DATE) AND CAST(${p.add(q.to)} AS DATE)`,
    `level = ${p.add(q.level)}`,
    ...prefixSql(p, q.prefix),
  ].join(" AND ");

const roleMeasures = funnelRoles.flatMap((role) => [`${role}_revenue`, `${role}_credit`]);

/** The filter touchpoints a search names (first, last, anywhere, both sides of each comparison). */
const searchTouchpoints = (s: JourneySearch): ReadonlyArray<TouchpointFilter> => [
  ...(s.first ?? []),
  ...(s.last ?? []),
  ...(s.anywhere ?? []),
  ...(s.comparison ?? []).flatMap((c) => [c.before, c.after]),
];

/** A filter touchpoint's key among the numbered prefixes: its levels, top down. */
const touchpointKey = (levels: ReadonlyArray<string>): string => JSON.stringify(levels);

/**
 * The number of each filter touchpoint's prefix in journey_touchpoints (by touchpointKey),
 * and of each step of a chosen path (its values down to the path's level, 'None' included).
 * A prefix no touch of the program has is absent: no touch matches it.
 */
const touchpointNumbers = async (
  sql: Statements,
  programId: number,
  s: JourneySearch,
  steps: ReadonlyArray<ReadonlyArray<string>> = [],
): Promise<ReadonlyMap<string, number>> => {
  const wanted = new Map([...searchTouchpoints(s).map(filterLevels), ...steps].map((levels) => [touchpointKey(levels), levels]));
  if (wanted.size === 0) return new Map();
  const p = new Placeholders();
  const program = p.add(programId);
  const alternatives = [...wanted.values()].map(
    (levels) => `(level = ${levels.length} AND ${levels.map((v, i) => `${taxonomyLevels[i]} = ${p.add(v)}`).join(" AND ")})`,
  );
  const rows = await sql.rows(
    `SELECT ${taxonomyLevels.join(", ")}, level, touchpoint FROM journey_touchpoints
     WHERE program_id = ${program} AND (${alternatives.join(" OR ")})`,
    p.values,
  );
  return new Map(
    rows.map((r) => [touchpointKey(taxonomyLevels.slice(0, numberOf(r["level"])).map((c) => textOf(r[c]))), numberOf(r["touchpoint"])]),
  );
};

/**
 * journeyMatches (src/domain/journeys/journeys.ts) as conditions over one journey_paths row.
 * A filter touchpoint naming k levels matches touch i exactly when path_k[i] is its number
 * (0, which no prefix has, when no touch of the program has its prefix):
 * first: path_k[1]; last: path_k[touch_count]; anywhere: contains per filter joined by
 * and/or; before / after: the first touch matching `before` comes earlier than the last one
 * matching `after`; immediately: some touch i matches `before` and touch i + 1 `after`.
 */
const journeyConditions = (p: Placeholders, s: JourneySearch, numbers: ReadonlyMap<string, number>, dialect: Dialect): ReadonlyArray<string> => {
  const touchpoint = (f: TouchpointFilter) => {
    const levels = filterLevels(f);
    return { path: `path_${levels.length}`, number: `CAST(${p.add(numbers.get(touchpointKey(levels)) ?? 0)} AS INTEGER)` };
  };
  const at = (xs: ReadonlyArray<TouchpointFilter>, index: string) =>
    `(${xs.map((f) => touchpoint(f)).map((t) => `${t.path}[${index}] = ${t.number}`).join(" OR ")})`;
  const conditions: string[] = [];
  if (s.first) conditions.push(at(s.first, "1"));
  if (s.last) conditions.push(at(s.last, "touch_count"));
  if (s.anywhere) {
    const each = s.anywhere.map((f) => touchpoint(f)).map((t) => dialect.contains(t.path, t.number));
    conditions.push(`(${each.join(s.anywhere_connector === "and" ? " AND " : " OR ")})`);
  }
  for (const c of s.comparison ?? []) {
    const before = touchpoint(c.before);
    const after = touchpoint(c.after);
    // Immediately: both contains first (necessary, cheap) so the lambda runs only on the journeys that pass them.
    conditions.push(
      c.immediately
        ? `(${dialect.contains(before.path, before.number)} AND ${dialect.contains(after.path, after.number)}
             AND ${dialect.followedBy(before.path, before.number, after.path, after.number)})`
        : dialect.comesBefore(before.path, before.number, after.path, after.number),
    );
  }
  return conditions;
};

/**
 * A journey's path at a level with consecutive identical touches merged (the tags the
 * table shows): path_k without each entry equal to the one before it.
 */
const mergedPath = (level: number, dialect: Dialect): string => dialect.merged(`path_${level}`);

/**
 * The condition that a journey's merged path at the path's level is exactly the path: its
 * steps' prefix numbers in order (FALSE when a step names a prefix no touch has). The
 * first step and the length are checked first (cheap) so the list is built only for the
 * journeys that pass them.
 */
const exactPathCondition = (p: Placeholders, path: JourneyPath, numbers: ReadonlyMap<string, number>, dialect: Dialect): string => {
  const level = path[0]?.length ?? 2;
  const steps = path.map((step) => numbers.get(touchpointKey(step)));
  if (steps.some((n) => n === undefined)) return "FALSE";
  const list = steps.map((n) => `CAST(${p.add(n as number)} AS INTEGER)`);
  return `(path_${level}[1] = ${list[0]} AND touch_count >= ${p.add(path.length)} AND ${mergedPath(level, dialect)} = [${list.join(", ")}])`;
};

/** The base of every journeys question: program, conversion days and order rules. */
const rangeConditions = (p: Placeholders, q: { readonly programId: number; readonly from: string; readonly to: string; readonly orders: JourneyQuery["orders"] }): ReadonlyArray<string> => [
  `program_id = ${p.add(q.programId)}`,
  `order_date BETWEEN CAST(${p.add(q.from)} AS DATE) AND CAST(${p.add(q.to)} AS DATE)${orderRulesSql(p, q.orders)}`,
];

/** The journey_paths rows of a journeys query: program, conversion days, order rules, filter and chosen path. */
const matchedJourneys = (p: Placeholders, q: JourneyQuery, numbers: ReadonlyMap<string, number>, dialect: Dialect): string =>
  [
    ...rangeConditions(p, q),
    ...journeyConditions(p, q.search, numbers, dialect),
    ...(q.path ? [exactPathCondition(p, q.path, numbers, dialect)] : []),
  ].join("\n         AND ");

export const sqlAnalysisQueries = (line: ReadLine): AnalysisQueries => ({
  funnel: (q, byDay) =>
    line.exclusive(async (sql) => {
      const p = new Placeholders();
      const sum = compensatedSum[sql.engine];
      const keys = [...taxonomyLevels.slice(0, q.level), ...(byDay ? ["day"] : [])];
      const rows = await sql.rows(
        `SELECT ${taxonomyLevels.slice(0, q.level).join(", ")}${byDay ? ", CAST(day AS VARCHAR) AS period" : ""},
           ${roleMeasures.map((m) => `CAST(${sum(m)} AS DOUBLE) AS ${m}`).join(", ")}
         FROM sales_facts WHERE ${factWhere(p, q)}${orderRulesSql(p, q.orders)}
         GROUP BY ${keys.join(", ")}
         ORDER BY ${[noneLastOrder(q.level), ...(byDay ? ["day"] : [])].join(", ")}`,
        p.values,
      );
      return rows.map((r) => ({
        taxonomy: taxonomyPrefixOf(r, q.level),
        period: byDay ? textOf(r["period"]) : null,
        sums: Object.fromEntries(roleMeasures.map((m) => [m, summedFigureOf(r[m] ?? null)])) as unknown as FunnelSums,
      }));
    }),

  weekly: (q) =>
    line.exclusive(async (sql) => {
      const p = new Placeholders();
      const where = factWhere(p, q);
      const columns = taxonomyLevels.slice(0, q.level).join(", ");
      const week = dialects[sql.engine].week("day");
      const sum = compensatedSum[sql.engine];
      const rows = await sql.rows(
        `SELECT ${columns}, CAST(week AS VARCHAR) AS week,
           CAST(${sum("cost")} AS DOUBLE) AS total_cost, CAST(${sum("revenue")} AS DOUBLE) AS attributed_revenue
         FROM (
           SELECT ${columns}, ${week} AS week, variable_cost + fixed_cost AS cost, 0.0 AS revenue
           FROM cost_facts WHERE ${where}
           UNION ALL
           SELECT ${columns}, ${week} AS week, 0.0 AS cost, attributed_revenue AS revenue
           FROM sales_facts WHERE ${where}${orderRulesSql(p, q.orders)}
         ) facts
         GROUP BY ${columns}, week
         ORDER BY ${noneLastOrder(q.level)}, week`,
        p.values,
      );
      return rows.map((r) => ({
        taxonomy: taxonomyPrefixOf(r, q.level),
        week: textOf(r["week"]),
        totalCost: summedFigureOf(r["total_cost"] ?? null),
        attributedRevenue: summedFigureOf(r["attributed_revenue"] ?? null),
      }));
    }),

  journeys: (q) =>
    // Several statements: one snapshot for all of them.
    line.snapshot(async (sql) => {
      const numbers = await touchpointNumbers(sql, q.programId, q.search, q.path ?? []);
      const counting = new Placeholders();
      const counted = await sql.rows(`SELECT count(*) AS n FROM journey_paths WHERE ${matchedJourneys(counting, q, numbers, dialects[sql.engine])}`, counting.values);
      const total = numberOf(counted[0]?.["n"] ?? 0);
      if (total === 0 || q.offset >= total) return { total, rows: [] };

      const paging = new Placeholders();
      const where = matchedJourneys(paging, q, numbers, dialects[sql.engine]);
      const direction = q.direction === "asc" ? "ASC" : "DESC";
      // date_rank orders as (ts, order_id), length_rank as (touch_count, order_id): one integer to sort instead of two keys.
      const rank = q.sortBy === "journey_length" ? "length_rank" : "date_rank";
      const page = await sql.rows(
        `SELECT order_id, ts, amount, CAST(order_date AS VARCHAR) AS order_date FROM journey_paths
         WHERE ${where}
         ORDER BY ${rank} ${direction}
         LIMIT ${paging.add(q.limit)} OFFSET ${paging.add(q.offset)}`,
        paging.values,
      );
      if (page.length === 0) return { total, rows: [] };

      // The page's touches; its conversion days bound the touches read (they are stored by conversion day).
      const days = page.map((r) => textOf(r["order_date"])).sort();
      const touching = new Placeholders();
      const program = touching.add(q.programId);
      const firstDay = touching.add(days[0] ?? q.from);
      const lastDay = touching.add(days[days.length - 1] ?? q.to);
      const ids = page.map((r) => touching.add(textOf(r["order_id"])));
      const touches = await sql.rows(
        `SELECT order_id, ${taxonomyLevels.join(", ")} FROM touches
         WHERE program_id = ${program} AND order_date BETWEEN CAST(${firstDay} AS DATE) AND CAST(${lastDay} AS DATE)
           AND order_id IN (${ids.join(", ")})
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

  journeySummary: (q) =>
    // Several statements: one snapshot for all of them.
    line.snapshot(async (sql) => {
      const numbers = await touchpointNumbers(sql, q.programId, q.search, q.path ?? []);
      const count = (r: Row | undefined, n: string, revenue: string) => ({
        orders: numberOf(r?.[n] ?? 0),
        revenue: summedFigureOf(r?.[revenue] ?? 0),
      });

      // Every order of the range, and those the search keeps, in one pass.
      const totals = new Placeholders();
      const base = rangeConditions(totals, q).join(" AND ");
      const dialect = dialects[sql.engine];
      const sum = compensatedSum[sql.engine];
      const kept = journeyConditions(totals, q.search, numbers, dialect);
      const keptSql = kept.length === 0 ? "TRUE" : kept.join(" AND ");
      const [sums] = await sql.rows(
        `SELECT count(*) AS all_n, CAST(coalesce(${sum("amount")}, 0) AS DOUBLE) AS all_revenue,
           count(*) FILTER (WHERE ${keptSql}) AS n, CAST(coalesce(${sum("amount")} FILTER (WHERE ${keptSql}), 0) AS DOUBLE) AS revenue
         FROM journey_paths WHERE ${base}`,
        totals.values,
      );
      const filtered = count(sums, "n", "revenue");

      // The kept orders' most common merged paths at the level; ties: more revenue (to the millionth, past the engines' summing noise),
      // then the prefixes' numbers (their values' order).
      const grouping = new Placeholders();
      const where = [...rangeConditions(grouping, q), ...journeyConditions(grouping, q.search, numbers, dialect)].join(" AND ");
      const top =
        filtered.orders === 0
          ? []
          : await sql.rows(
              `SELECT steps, count(*) AS n, CAST(${sum("amount")} AS DOUBLE) AS revenue
               FROM (SELECT amount, ${mergedPath(q.level, dialect)} AS steps FROM journey_paths WHERE ${where}) merged
               GROUP BY steps
               ORDER BY n DESC, round(revenue, 6) DESC, steps
               LIMIT ${grouping.add(q.limit)}`,
              grouping.values,
            );

      let chosen: { orders: number; revenue: number } | null = null;
      if (q.path) {
        const choosing = new Placeholders();
        const condition = [...rangeConditions(choosing, q), ...journeyConditions(choosing, q.search, numbers, dialect), exactPathCondition(choosing, q.path, numbers, dialect)].join(" AND ");
        const [row] = await sql.rows(
          `SELECT count(*) AS n, CAST(coalesce(${sum("amount")}, 0) AS DOUBLE) AS revenue FROM journey_paths WHERE ${condition}`,
          choosing.values,
        );
        chosen = count(row, "n", "revenue");
      }

      // The values of every prefix the top paths name.
      const stepLists = top.map((r) => (r["steps"] as ReadonlyArray<JS>).map((n) => numberOf(n)));
      const wanted = [...new Set(stepLists.flat())];
      const names = new Map<number, ReadonlyArray<string>>();
      if (wanted.length > 0) {
        const naming = new Placeholders();
        const rows = await sql.rows(
          `SELECT touchpoint, level, ${taxonomyLevels.join(", ")} FROM journey_touchpoints
           WHERE program_id = ${naming.add(q.programId)} AND touchpoint IN (${wanted.map((n) => `CAST(${naming.add(n)} AS INTEGER)`).join(", ")})`,
          naming.values,
        );
        for (const r of rows) names.set(numberOf(r["touchpoint"]), taxonomyLevels.slice(0, numberOf(r["level"])).map((c) => textOf(r[c])));
      }
      return {
        all: count(sums, "all_n", "all_revenue"),
        filtered,
        paths: top.map((r, i) => ({ ...count(r, "n", "revenue"), steps: (stepLists[i] ?? []).map((n) => names.get(n) ?? []) })),
        chosen,
      };
    }),

  comparisonTouches: (programId, from, to, orders) =>
    line.exclusive(async (sql) => {
      const p = new Placeholders();
      const rows = await sql.rows(
        `SELECT order_id, ts, taxonomy_1, taxonomy_2, amount FROM touches
         WHERE program_id = ${p.add(programId)}
           AND order_date BETWEEN CAST(${p.add(from)} AS DATE) AND CAST(${p.add(to)} AS DATE)${orderRulesSql(p, orders)}
         ORDER BY order_id, touch_index`,
        p.values,
      );
      return rows.map((r) => ({
        orderId: textOf(r["order_id"]),
        ts: numberOf(r["ts"]),
        taxonomy: [textOf(r["taxonomy_1"]), textOf(r["taxonomy_2"])] as const,
        amount: numberOf(r["amount"]),
      }));
    }),

  affiliates: (programId, from, to, orders) =>
    line.exclusive(async (sql) => {
      const p = new Placeholders();
      const sum = compensatedSum[sql.engine];
      const program = p.add(programId);
      const fromDate = `CAST(${p.add(from)} AS DATE)`;
      const toDate = `CAST(${p.add(to)} AS DATE)`;
      const path = taxonomyList;
      const aPath = taxonomyLevels.map((c) => `a.${c} AS ${c}`).join(", ");
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
           SELECT v.cost AS cost, c.publisher_id AS publisher_id, ${taxonomyLevels.map((col) => `c.${col} AS ${col}`).join(", ")},
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
           SELECT a.publisher_id AS publisher_id, ${aPath}, ${select({
             first_click_sales: sum("t.first_credit"),
             first_click_revenue: sum("t.first_credit * t.amount"),
             last_click_sales: sum("t.last_credit"),
             last_click_revenue: sum("t.last_credit * t.amount"),
             attributed_sales: sum("t.attributed_credit"),
             attributed_revenue: sum("t.attributed_credit * t.amount"),
             // A DOUBLE as the other parts' measures (ClickHouse would unite UInt64 and Float64 as a Variant).
             sales_including: "CAST(count(DISTINCT t.order_id) AS DOUBLE)",
           })}
           FROM touches t JOIN aff a ON a.hit_id = t.hit_id
           WHERE t.program_id = ${program} AND t.order_date BETWEEN ${fromDate} AND ${toDate}${orderRulesSql(p, orders, "t.")}
           GROUP BY a.publisher_id, ${taxonomyLevels.map((c) => `a.${c}`).join(", ")}
         )
         SELECT publisher_id, ${path}, ${measures.map((m) => `CAST(${sum(m)} AS DOUBLE) AS ${m}`).join(", ")}
         FROM parts GROUP BY publisher_id, ${path}
         ORDER BY ${path}, publisher_id`,
        p.values,
      );
      return rows.map((r) => ({
        publisherId: textOf(r["publisher_id"]),
        taxonomy: taxonomyPathOf(r),
        sums: {
          variable_cost: summedFigureOf(r["variable_cost"] ?? null),
          fixed_cost: 0,
          clicks: summedFigureOf(r["clicks"] ?? null),
          impressions: summedFigureOf(r["impressions"] ?? null),
          first_click_sales: summedFigureOf(r["first_click_sales"] ?? null),
          first_click_revenue: summedFigureOf(r["first_click_revenue"] ?? null),
          last_click_sales: summedFigureOf(r["last_click_sales"] ?? null),
          last_click_revenue: summedFigureOf(r["last_click_revenue"] ?? null),
          attributed_sales: summedFigureOf(r["attributed_sales"] ?? null),
          attributed_revenue: summedFigureOf(r["attributed_revenue"] ?? null),
          sales_including: summedFigureOf(r["sales_including"] ?? null),
        },
      }));
    }),
});
