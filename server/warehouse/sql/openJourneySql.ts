import type { ModelLevelNumber } from "../engineQueries";
import type { SqlEngine } from "../statements";

/**
 * The journeys that did not convert, kept per visitor for the fit of a data-driven model (docs/engine.md,
 * "Data-driven models", "Speed"): `open_journeys` holds one row per visitor of a program with a click after its
 * last order (all its clicks without one) or with an order:
 * - `last_order_id`: its newest order (null without one), so an order sent again under another visitor finds the
 *   visitor whose journey it closed;
 * - `first_ts`, `last_ts`: the instants of the first and last of those clicks (null when there are none);
 * - `click_ts`: the instants of those clicks, oldest first (ties by hit id; empty when there are none);
 * - `path_1`, `path_2`: their channels at level 1 and 2 in the same order, joined by the unit separator, as
 *   `fittingPaths` groups them (null when there are none).
 *
 * A fit then reads one row per visitor with a click in the window instead of grouping the window's clicks per
 * visitor; a visitor whose clicks begin before the window has its path cut to the clicks of the window by
 * `click_ts` (the clicks before it are a prefix of the path).
 * The rows are written whole with every rebuild that classifies the hits (a materialisation, a saved
 * classification; `RebuildWork.openJourneys`), and for the visitors an incremental run touches
 * (`touchedVisitorsSql`); migration 23 wrote them once for the data already there.
 */

/** A group's `value`s as one path text, ordered by `keys`: DuckDB's ordered string_agg, ClickHouse's sorted tuple array. */
export const orderedPathSql: Readonly<Record<SqlEngine, (keys: ReadonlyArray<string>, value: string) => string>> = {
  duckdb: (keys, value) => `string_agg(${value}, chr(31) ORDER BY ${keys.join(", ")})`,
  clickhouse: (keys, value) =>
    `arrayStringConcat(arrayMap(step -> step.${keys.length + 1}, arraySort(groupArray(tuple(${keys.join(", ")}, ${value})))), char(31))`,
};

/**
 * A hit's (or touch's) channel at a model's level (engineQueries.ts `channelLevelSeparator`): its taxonomy_1 at
 * level 1, its taxonomy_1 and taxonomy_2 joined by the record separator at level 2; `column(c)` names its level c.
 */
export const channelSql = (engine: SqlEngine, level: ModelLevelNumber, column: (c: "taxonomy_1" | "taxonomy_2") => string): string =>
  level === 1 ? column("taxonomy_1") : `concat(${column("taxonomy_1")}, ${engine === "duckdb" ? "chr(30)" : "char(30)"}, ${column("taxonomy_2")})`;

/** A click's channel at the level as the journeys that did not convert name it (an empty taxonomy is 'None'). */
export const clickChannelSql = (engine: SqlEngine, level: ModelLevelNumber, alias: string): string =>
  channelSql(engine, level, (c) => `coalesce(nullif(${alias}${c}, ''), 'None')`);

const argMaxSql: Readonly<Record<SqlEngine, string>> = { duckdb: "arg_max", clickhouse: "argMax" };

/** A group's instants `ts` as a list, ordered by instant then hit id. */
const orderedInstantsSql: Readonly<Record<SqlEngine, string>> = {
  duckdb: "list(h.ts ORDER BY h.ts, h.hit_id)",
  clickhouse: "arrayMap(step -> step.1, arraySort(groupArray(tuple(h.ts, h.hit_id))))",
};

/** No instants (a visitor with an order and no click after it). */
const noInstantsSql: Readonly<Record<SqlEngine, string>> = { duckdb: "CAST([] AS BIGINT[])", clickhouse: "CAST([] AS Array(Int64))" };

/**
 * A stored path cut to its clicks at or after $2: the path's steps after as many as `click_ts` has instants before
 * $2 (the instants are in the path's order, so those clicks are its first steps).
 */
const pathFromSql: Readonly<Record<SqlEngine, (path: string) => string>> = {
  duckdb: (path) =>
    `array_to_string(list_slice(string_split(${path}, chr(31)), len(list_filter(click_ts, lambda t: t < $2)) + 1, len(click_ts)), chr(31))`,
  clickhouse: (path) => `arrayStringConcat(arraySlice(splitByChar(char(31), ifNull(${path}, '')), arrayCount(t -> t < $2, click_ts) + 1), char(31))`,
};

/**
 * The INSERT of the open_journeys rows of one program (`program`, its placeholder), or of every program (null: the
 * migration), limited to the visitors of the relation `visitors` (a query of visitor_id) when given. The caller
 * deletes the rows it replaces.
 */
export const openJourneysInsertSql = (engine: SqlEngine, program: string | null, visitors?: string): string => {
  const where = (alias: string) =>
    [program === null ? "TRUE" : `${alias}program_id = ${program}`, ...(visitors === undefined ? [] : [`${alias}visitor_id IN (${visitors})`])].join(" AND ");
  const path = (level: ModelLevelNumber) => orderedPathSql[engine](["h.ts", "h.hit_id"], clickChannelSql(engine, level, "h."));
  return `INSERT INTO open_journeys (program_id, visitor_id, last_order_id, first_ts, last_ts, click_ts, path_1, path_2)
     WITH buyers AS (
       SELECT program_id, visitor_id, max(ts) AS last_order_ts, ${argMaxSql[engine]}(order_id, ts) AS last_order_id
       FROM orders WHERE ${where("")}
       GROUP BY program_id, visitor_id
     ),
     opened AS (
       SELECT h.program_id AS program_id, h.visitor_id AS visitor_id, min(h.ts) AS first_ts, max(h.ts) AS last_ts,
         ${orderedInstantsSql[engine]} AS click_ts, ${path(1)} AS path_1, ${path(2)} AS path_2
       FROM hits h
       LEFT JOIN buyers b ON b.program_id = h.program_id AND b.visitor_id = h.visitor_id
       WHERE ${where("h.")} AND h.event_type = 'click' AND h.ts > coalesce(b.last_order_ts, 0)
       GROUP BY h.program_id, h.visitor_id
     )
     SELECT coalesce(o.program_id, b.program_id), coalesce(o.visitor_id, b.visitor_id), b.last_order_id,
       o.first_ts, o.last_ts, coalesce(o.click_ts, ${noInstantsSql[engine]}), o.path_1, o.path_2
     FROM opened o
     FULL JOIN buyers b ON b.program_id = o.program_id AND b.visitor_id = o.visitor_id`;
};

/**
 * The visitors of the orders an incremental run was given (`fed`, a relation of order_id; $1 the program) as they are
 * stored now, and those whose newest order was one of them (an order sent again under another visitor, or at another
 * instant, leaves its old visitor's journey open again): their journeys that did not convert are written again.
 */
export const fedVisitorsSql = (fed: string): string =>
  `SELECT visitor_id FROM orders WHERE program_id = $1 AND order_id IN (${fed})
   UNION SELECT visitor_id FROM open_journeys WHERE program_id = $1 AND last_order_id IN (${fed})`;

/**
 * An incremental run's new clicks (`hits`, a relation of hit_id; $1 the program) per visitor, as an open journey
 * holds them: the first and last instants, the instants and the channels at levels 1 and 2 in order.
 */
export const newClicksSql = (engine: SqlEngine, hits: string): string => {
  const path = (level: ModelLevelNumber) => orderedPathSql[engine](["h.ts", "h.hit_id"], clickChannelSql(engine, level, "h."));
  return `SELECT h.visitor_id AS visitor_id, min(h.ts) AS first_ts, max(h.ts) AS last_ts, ${orderedInstantsSql[engine]} AS click_ts,
       ${path(1)} AS path_1, ${path(2)} AS path_2
     FROM hits h
     WHERE h.program_id = $1 AND h.event_type = 'click' AND h.hit_id IN (SELECT hit_id FROM ${hits})
     GROUP BY h.visitor_id`;
};

const listConcatSql: Readonly<Record<SqlEngine, string>> = { duckdb: "list_concat", clickhouse: "arrayConcat" };
const stepSeparatorSql: Readonly<Record<SqlEngine, string>> = { duckdb: "chr(31)", clickhouse: "char(31)" };

/**
 * The open journeys an incremental run extends ($1 the program): the stored rows with clicks of the visitors whose
 * new clicks (`newClicks`, rows of newClicksSql) all come after the last stored one, and whose orders the run was not
 * given (`fedVisitors`, a relation of visitor_id), with those clicks appended. Their clicks are all after the last
 * order (the stored ones are), so the row a rewrite from every click would give is the stored one with the new
 * clicks after it; the others are rewritten from their clicks.
 */
export const extendedJourneysSql = (engine: SqlEngine, newClicks: string, fedVisitors: string): string =>
  `SELECT j.program_id AS program_id, j.visitor_id AS visitor_id, j.last_order_id AS last_order_id, j.first_ts AS first_ts,
       n.last_ts AS last_ts, ${listConcatSql[engine]}(j.click_ts, n.click_ts) AS click_ts,
       concat(j.path_1, ${stepSeparatorSql[engine]}, n.path_1) AS path_1, concat(j.path_2, ${stepSeparatorSql[engine]}, n.path_2) AS path_2
     FROM open_journeys j
     JOIN ${newClicks} n ON n.visitor_id = j.visitor_id
     WHERE j.program_id = $1 AND j.last_ts IS NOT NULL AND n.first_ts > j.last_ts
       AND j.visitor_id NOT IN (SELECT visitor_id FROM ${fedVisitors})`;

/**
 * The journeys of the window ($2, its first instant) that did not convert, at the level, with their counts
 * ($1 the program): the stored paths of the visitors with a click in the window, cut to the window's clicks for
 * those whose clicks begin before it (every one of them is after the visitor's last order, which is before its
 * first open click).
 */
export const openJourneyPathsSql = (engine: SqlEngine, level: ModelLevelNumber): string =>
  `SELECT path, count(*) AS nulls FROM (
     SELECT CASE WHEN first_ts >= $2 THEN path_${level} ELSE ${pathFromSql[engine](`path_${level}`)} END AS path
     FROM open_journeys WHERE program_id = $1 AND last_ts >= $2
   ) journeys
   GROUP BY path`;
