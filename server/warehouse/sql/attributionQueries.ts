import { Schema } from "effect";
import { AttributionModel, isDataDriven } from "../../../src/domain/settings/programSettings";
import { channelLevelSeparator, type AttributionQueries, type AttributionSettings, type ModelLevelNumber, type StoredModelWeights } from "../engineQueries";
import type { ClassificationPlan } from "../classificationPlan";
import { nullableNumberOf, nullableTextOf, numberOf, textOf, Placeholders, type SqlEngine, type Statements, type StatementLine } from "../statements";
import { taxonomyLevels } from "../../../src/domain/report/taxonomyLevels";
import { funnelRoles } from "../../../src/domain/report/metrics";
import { branchIndexSql, branchOutputsSql, extractedSql, extractsCostLinks, ruleColumns } from "./classificationSql";
import { noneWhenEmpty, salesSumNames, taxonomyDepths, taxonomyList, taxonomyPathOf } from "./factSql";
import { appendRawData } from "./ingestQueries";
import { journeyPathStatements } from "./journeyPathSql";
import { channelSql, extendedJourneysSql, fedVisitorsSql, newClicksSql, openJourneyPathsSql, openJourneysInsertSql } from "./openJourneySql";

/**
 * The attribution engine's rebuilds on DuckDB (the `attribution` family; raw data is
 * appended by ingestQueries.ts, reports read the facts in reportQueries.ts). Everything is set-based: one UPDATE classifies a program's
 * hits, one INSERT ... SELECT with window functions writes every journey's touches and
 * credits, and GROUP BYs write the daily facts. Values are always parameters; the only
 * text assembled is from fixed column lists and closed sets (levels, intervals, models).
 *
 * Dialect notes (what a ClickHouse implementation changes, all in this file and in
 * classificationSql.ts): date_trunc / generate_series / last_day, strpos / lower, the
 * UPDATE ... FROM of classification (ALTER TABLE ... UPDATE there) and DELETE.
 */

const dayMs = 86_400_000;
/** Time-decay half-life: 7 days. */
const halfLifeMs = 7 * dayMs;

/**
 * A data-driven model's credit: the touch's channel weight (model_weights, 0 when the channel has none) over the
 * sum of its order's touches' weights; linear when they sum to 0.
 */
const weightedCreditSql = `CASE WHEN sum(model_weight) OVER (PARTITION BY order_id) > 0
    THEN model_weight / sum(model_weight) OVER (PARTITION BY order_id) ELSE 1.0 / touch_count END`;

/** The attributed credit of a touch under each model (numbered rows: touch_index, touch_count, decay, model_weight). */
const attributedCreditSql: Readonly<Record<AttributionModel, string>> = {
  linear: "1.0 / touch_count",
  position_based: `CASE WHEN touch_count = 1 THEN 1.0 WHEN touch_count = 2 THEN 0.5
    WHEN touch_index = 1 OR touch_index = touch_count THEN 0.4 ELSE 0.2 / (touch_count - 2) END`,
  time_decay: "decay / sum(decay) OVER (PARTITION BY order_id)",
  markov: weightedCreditSql,
  shapley: weightedCreditSql,
};

/**
 * The weight of each touch's channel at the model's level under the program's data-driven model ($4), joined to
 * the numbered touches (model_weights keeps the channel in its taxonomy_1 column).
 */
const modelWeightJoinSql = (engine: SqlEngine, level: ModelLevelNumber): string => `LEFT JOIN (
         SELECT taxonomy_1 AS weighted_channel, weight AS channel_weight FROM model_weights
         WHERE program_id = $1 AND attribution_model = $4
       ) w ON w.weighted_channel = ${channelSql(engine, level, (c) => `numbered.${c}`)}`;

/**
 * Joins a path's channels: the unit separator, a control character no classification title or ingested
 * taxonomy is expected to hold (one that did would be read as two channels, neither of them its own, so its
 * touches would weigh 0).
 */
const pathSeparator = "\u001f";

const isModel = Schema.is(AttributionModel);

export const sqlAttributionQueries = (line: StatementLine): AttributionQueries => ({
  programIds: () =>
    line.exclusive(async (sql) =>
      (
        await sql.rows(
          `SELECT id FROM (SELECT id FROM programs UNION SELECT DISTINCT program_id FROM hits
             UNION SELECT DISTINCT program_id FROM orders) p
           ORDER BY id`,
        )
      ).map((r) => numberOf(r["id"])),
    ),

  unmaterialisedProgramIds: () =>
    line.exclusive(async (sql) =>
      (
        await sql.rows(
          `SELECT id FROM (SELECT id FROM programs UNION SELECT DISTINCT program_id FROM hits
             UNION SELECT DISTINCT program_id FROM orders) p
           WHERE id NOT IN (SELECT program_id FROM attribution_runs) ORDER BY id`,
        )
      ).map((r) => numberOf(r["id"])),
    ),

  classificationOf: (programId) =>
    line.exclusive(async (sql) => {
      const row = (await sql.rows("SELECT tree FROM classifications WHERE program_id = $1", [programId]))[0];
      return row ? textOf(row["tree"]) : null;
    }),

  settingsOf: (programId) =>
    line.exclusive(async (sql) => {
      const row = (
        await sql.rows(
          "SELECT attribution_model, lookback_days, model_level, markov_order FROM program_settings WHERE program_id = $1",
          [programId],
        )
      )[0];
      return row
        ? {
            model: textOf(row["attribution_model"]),
            lookbackDays: numberOf(row["lookback_days"]),
            modelLevel: numberOf(row["model_level"]),
            markovOrder: numberOf(row["markov_order"]),
          }
        : null;
    }),

  rebuild: (programId, work) =>
    line.transaction(async (sql) => {
      // The program's run is struck first: on ClickHouse, without transactions, a rebuild that fails part-way leaves
      // the program unmaterialised, and the next materialisation rebuilds it whole.
      const previous = (
        await sql.rows("SELECT attribution_model, lookback_days FROM attribution_runs WHERE program_id = $1", [programId])
      )[0];
      await sql.run("DELETE FROM attribution_runs WHERE program_id = $1", [programId]);
      if (work.classification) await classify(sql, programId, work.classification);
      if (work.openJourneys) await writeOpenJourneys(sql, programId);
      if (work.traffic) await writeTrafficFacts(sql, programId);
      if (work.modelWeights) await saveModelWeights(sql, programId, work.modelWeights, work.at);
      if (work.attribution) await attribute(sql, programId, work.attribution);
      if (work.costs) {
        await writeCostFacts(sql, programId);
        await sql.run("DELETE FROM cost_refreshes_due WHERE program_id = $1", [programId]);
      }
      await sql.run(
        "INSERT INTO attribution_runs (program_id, attribution_model, lookback_days, materialised_at) VALUES ($1, $2, $3, $4)",
        [
          programId,
          work.attribution?.model ?? nullableTextOf(previous?.["attribution_model"]),
          work.attribution?.lookbackDays ?? nullableNumberOf(previous?.["lookback_days"]),
          work.at,
        ],
      );
    }),

  append: (batch) => line.transaction((sql) => appendRawData(sql, batch)),

  touches: (programId) =>
    line.exclusive(async (sql) =>
      (
        await sql.rows(
          `SELECT order_id, touch_index, touch_count, hit_id, ${taxonomyList}, ts, first_credit, last_credit,
             attributed_credit, funnel_role, CAST(order_date AS VARCHAR) AS order_date, amount, status, customer_type, payment
           FROM touches WHERE program_id = $1 ORDER BY order_id, touch_index`,
          [programId],
        )
      ).map((r) => ({
        orderId: textOf(r["order_id"]),
        touchIndex: numberOf(r["touch_index"]),
        touchCount: numberOf(r["touch_count"]),
        hitId: nullableNumberOf(r["hit_id"]),
        taxonomy: taxonomyPathOf(r),
        ts: numberOf(r["ts"]),
        firstCredit: numberOf(r["first_credit"]),
        lastCredit: numberOf(r["last_credit"]),
        attributedCredit: numberOf(r["attributed_credit"]),
        funnelRole: textOf(r["funnel_role"]),
        orderDate: textOf(r["order_date"]),
        amount: numberOf(r["amount"]),
        status: textOf(r["status"]),
        customerType: textOf(r["customer_type"]),
        payment: textOf(r["payment"]),
      })),
    ),

  fittingPaths: (programId, windowDays, level) =>
    line.exclusive(async (sql) => {
      const newest = nullableNumberOf(
        (
          await sql.rows(
            // a click after which its visitor placed no order is an open journey's; any other is before an order
            `SELECT max(ts) AS newest FROM (
               SELECT ts FROM orders WHERE program_id = $1
               UNION ALL SELECT last_ts AS ts FROM open_journeys WHERE program_id = $1 AND last_ts IS NOT NULL
             ) t`,
            [programId],
          )
        )[0]?.["newest"],
      );
      // no order and no click (ClickHouse's max of no rows is 0)
      if (newest === null || newest <= 0) return [];
      const since = newest - windowDays * dayMs;
      // The converting journeys: the window's orders' paths at the level as the attribution numbered them
      // (journey_paths, one row per order), grouped, then named back from journey_touchpoints.
      const named = new Map(
        (
          await sql.rows(`SELECT touchpoint, ${taxonomyLevels.slice(0, level).join(", ")} FROM journey_touchpoints WHERE program_id = $1 AND level = $2`, [
            programId,
            level,
          ])
        ).map((r) => [numberOf(r["touchpoint"]), taxonomyLevels.slice(0, level).map((c) => textOf(r[c])).join(channelLevelSeparator)] as const),
      );
      const counted = new Map<string, { conversions: number; nulls: number }>();
      for (const r of await sql.rows(
        `SELECT path_${level} AS steps, count(*) AS conversions FROM journey_paths WHERE program_id = $1 AND ts >= $2 GROUP BY path_${level}`,
        [programId, since],
      )) {
        const steps = (r["steps"] as ReadonlyArray<unknown>).map((n) => named.get(numberOf(n)) ?? "");
        counted.set(steps.join(pathSeparator), { conversions: numberOf(r["conversions"]), nulls: 0 });
      }
      // The journeys that did not convert: each visitor's clicks of the window after its last order (open_journeys).
      for (const r of await sql.rows(openJourneyPathsSql(sql.engine, level), [programId, since])) {
        const path = textOf(r["path"]);
        counted.set(path, { conversions: counted.get(path)?.conversions ?? 0, nulls: numberOf(r["nulls"]) });
      }
      // in the order of the paths' text, as ChannelAttribution reads them (the fit's sums then add up in one order)
      return [...counted.keys()]
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
        .map((path) => ({ channels: path.split(pathSeparator), ...counted.get(path)! }));
    }),

  modelWeights: (programId) =>
    line.exclusive(async (sql) => {
      const rows = await sql.rows(
        "SELECT attribution_model, taxonomy_1, weight FROM model_weights WHERE program_id = $1 ORDER BY taxonomy_1",
        [programId],
      );
      const model = rows[0]?.["attribution_model"];
      return model === undefined || !isModel(model)
        ? null
        : { model, weights: rows.map((r) => ({ channel: textOf(r["taxonomy_1"]), weight: numberOf(r["weight"]) })) };
    }),

  classifiedHits: (programId) =>
    line.exclusive(async (sql) =>
      (
        await sql.rows(`SELECT hit_id, ${taxonomyList}, cost_link FROM hits WHERE program_id = $1 ORDER BY hit_id`, [programId])
      ).map((r) => ({ hitId: numberOf(r["hit_id"]), taxonomy: taxonomyPathOf(r), costLink: nullableTextOf(r["cost_link"]) })),
    ),
});



/**
 * Rewrites the program's journeys that did not convert (open_journeys, openJourneySql.ts) from its hits as classified
 * and its orders: all of them, or those of the visitors of the relation `visitors` (a query of visitor_id).
 */
export const writeOpenJourneys = async (sql: Statements, programId: number, visitors?: string): Promise<void> => {
  await sql.run(`DELETE FROM open_journeys WHERE program_id = $1${visitors === undefined ? "" : ` AND visitor_id IN (${visitors})`}`, [programId]);
  await sql.run(openJourneysInsertSql(sql.engine, "$1", visitors), [programId]);
};

const openJourneyColumns = "program_id, visitor_id, last_order_id, first_ts, last_ts, click_ts, path_1, path_2";

/** The temporary tables of an incremental run's journeys that did not convert (`updateOpenJourneys`). */
export interface OpenJourneyRunTables {
  /** newClicksSql's rows: the run's new clicks per visitor. */
  readonly newClicks: string;
  /** visitor_id: the visitors of the orders the run was given. */
  readonly fedVisitors: string;
  /** extendedJourneysSql's rows: the stored journeys the new clicks extend. */
  readonly extended: string;
}

/**
 * An incremental run's journeys that did not convert (docs/engine.md, "Journeys that did not convert"): a visitor
 * whose new clicks (`hits`, a relation of hit_id) all come after its stored journey's last click, and whose orders
 * the run was not given (`fed`, a query of order_id), has them appended to its row; the other visitors of new clicks
 * and the visitors of the orders fed have theirs rewritten from all their clicks. A steady stream of clicks from the
 * same visitors then costs what the new clicks cost, not their whole history each run. `table` creates a temporary
 * table from a query whose one parameter ($1) is the program.
 */
export const updateOpenJourneys = async (
  sql: Statements,
  programId: number,
  run: {
    readonly hits: string;
    readonly fed: string;
    readonly tables: OpenJourneyRunTables;
    readonly table: (name: string, select: string) => Promise<void>;
  },
): Promise<void> => {
  const { newClicks, fedVisitors, extended } = run.tables;
  await run.table(newClicks, newClicksSql(sql.engine, run.hits));
  await run.table(fedVisitors, fedVisitorsSql(run.fed));
  await run.table(extended, extendedJourneysSql(sql.engine, newClicks, fedVisitors));
  await sql.run(`DELETE FROM open_journeys WHERE program_id = $1 AND visitor_id IN (SELECT visitor_id FROM ${extended})`, [programId]);
  await sql.run(`INSERT INTO open_journeys (${openJourneyColumns}) SELECT ${openJourneyColumns} FROM ${extended}`);
  await writeOpenJourneys(
    sql,
    programId,
    `SELECT visitor_id FROM ${newClicks} WHERE visitor_id NOT IN (SELECT visitor_id FROM ${extended}) UNION SELECT visitor_id FROM ${fedVisitors}`,
  );
};

/** Replaces the program's model weights (docs/engine.md, "Data-driven models"). */
const saveModelWeights = async (sql: Statements, programId: number, fitted: StoredModelWeights, at: number): Promise<void> => {
  await sql.run("DELETE FROM model_weights WHERE program_id = $1", [programId]);
  for (const { channel, weight } of fitted.weights) {
    await sql.run(
      "INSERT INTO model_weights (program_id, attribution_model, taxonomy_1, weight, fitted_at) VALUES ($1, $2, $3, $4, $5)",
      [programId, fitted.model, channel, weight, at],
    );
  }
};

// ---------------------------------------------------------------------------------------
// Scope

/**
 * The part of a program an incremental run rewrites (duckdb/ingestionQueries.ts `process`),
 * as temporary tables of one column each; absent, a rebuild rewrites the whole program.
 */
export interface IncrementalRunTables {
  /** hit_id: the hits to classify. */
  readonly hits: string;
  /** day: the hit days whose traffic facts are rewritten. */
  readonly trafficDays: string;
  /** order_id: the orders whose touches are rewritten. */
  readonly orders: string;
  /** day: the conversion days whose sales and inclusion facts are rewritten. */
  readonly salesDays: string;
}

/** ` AND <alias><column> IN (SELECT <key> FROM <table>)`, or nothing without a scope. */
const within = (table: string | undefined, column: string, key: string, alias = ""): string =>
  table === undefined ? "" : ` AND ${alias}${column} IN (SELECT ${key} FROM ${table})`;

// ---------------------------------------------------------------------------------------
// Classification

/**
 * Re-classifies a program's hits. First the cost links an earlier classification
 * replaced are put back. Then each distinct combination of the fields the rules read is
 * classified once (the branch CASE runs over thousands of combinations, not millions of
 * hits) into a temporary table of titles and extract field codes; the cost links this
 * classification replaces are kept aside; and one UPDATE joins the hits to their
 * combination (NULL-safe) to write taxonomy_1..4 and cost_link.
 */
export const classify = async (sql: Statements, programId: number, plan: ClassificationPlan, scope?: IncrementalRunTables): Promise<void> => {
  if (sql.engine === "clickhouse") return classifyOnClickHouse(sql, programId, plan, scope);
  const only = (alias = ""): string => within(scope?.hits, "hit_id", "hit_id", alias);
  await sql.run(
    `UPDATE hits SET cost_link = kept.cost_link FROM hit_ingested_cost_links kept
     WHERE hits.program_id = $1 AND kept.program_id = $1 AND hits.hit_id = kept.hit_id${only("hits.")}`,
    [programId],
  );
  await sql.run(`DELETE FROM hit_ingested_cost_links WHERE program_id = $1${only()}`, [programId]);

  const keys = ruleColumns(plan);
  if (keys.length === 0) {
    await classifyAsNone(sql, programId, only());
    return;
  }

  const indexing = new Placeholders();
  const program = indexing.add(programId);
  await sql.run("DROP TABLE IF EXISTS classification_keys");
  await sql.run(
    `CREATE TEMP TABLE classification_keys AS
     SELECT ${keys.join(", ")}, ${branchIndexSql(plan, indexing)} AS branch
     FROM (SELECT DISTINCT ${keys.join(", ")} FROM hits WHERE program_id = ${program}${only()}) combinations`,
    indexing.values,
  );
  const naming = new Placeholders();
  const outputs = branchOutputsSql(plan, "branch", naming);
  await sql.run("DROP TABLE IF EXISTS classification_outputs");
  await sql.run(
    `CREATE TEMP TABLE classification_outputs AS
     SELECT ${keys.join(", ")}, ${Object.entries(outputs)
       .map(([column, expression]) => `${expression} AS ${column}`)
       .join(", ")}
     FROM classification_keys`,
    naming.values,
  );

  const matching = keys.map((k) => `hits.${k} IS NOT DISTINCT FROM o.${k}`).join(" AND ");
  const costLink = extractedSql(plan, "costlink", "o.costlink_field", "hits.cost_link", "hits.");
  if (extractsCostLinks(plan)) {
    await sql.run(
      `INSERT INTO hit_ingested_cost_links (program_id, hit_id, cost_link)
       SELECT hits.program_id, hits.hit_id, hits.cost_link
       FROM hits JOIN classification_outputs o ON ${matching}
       WHERE hits.program_id = $1${only("hits.")} AND o.costlink_field <> 0 AND (${costLink}) IS DISTINCT FROM hits.cost_link`,
      [programId],
    );
  }
  await sql.run(
    `UPDATE hits SET
       taxonomy_1 = o.taxonomy_1,
       taxonomy_2 = o.taxonomy_2,
       taxonomy_3 = ${extractedSql(plan, "tax3", "o.tax3_field", "'None'", "hits.")},
       taxonomy_4 = ${extractedSql(plan, "tax4", "o.tax4_field", "'None'", "hits.")},
       cost_link = ${costLink}
     FROM classification_outputs o
     WHERE hits.program_id = $1${only("hits.")} AND ${matching}`,
    [programId],
  );
  await sql.run("DROP TABLE classification_outputs");
  await sql.run("DROP TABLE classification_keys");
};

const classifyAsNone = (sql: Statements, programId: number, only: string): Promise<void> =>
  sql.run(
    `UPDATE hits SET taxonomy_1 = 'None', taxonomy_2 = 'None', taxonomy_3 = 'None', taxonomy_4 = 'None'
     WHERE program_id = $1${only}`,
    [programId],
  );

/**
 * `key` looked up in the rows (lookup_key, lookup_value) of `pairs`, or `otherwise`: ClickHouse's transform over the pairs
 * gathered once as a scalar subquery (its two mentions are one subquery, run once), so keys and values keep
 * their order and a NULL value keeps its place (groupArray of a bare column drops NULLs).
 */
const lookedUp = (key: string, pairs: string, otherwise: string): string => {
  const gathered = `(SELECT groupArray(tuple(lookup_key, lookup_value)) FROM (${pairs}))`;
  return `transform(${key}, arrayMap(pair -> pair.1, ${gathered}), arrayMap(pair -> pair.2, ${gathered}), ${otherwise})`;
};

/**
 * The same classification on ClickHouse, whose UPDATE takes neither FROM nor a correlated
 * subquery. Each distinct combination of the rule fields is still classified once, into a
 * scratch table of the program (`classification_keys_<program>`, a key text per combination
 * and its branch index: temporary tables do not outlive a statement there); the UPDATE then
 * looks each hit's combination up with `transform` over that table's two columns, read once
 * as scalar subqueries, and the titles and extract codes follow from the branch index as on
 * DuckDB. A combination's key is `toString(tuple(...))`, which tells NULL from 'NULL' and ''
 * (the NULL-safe match of the DuckDB join). The ingested cost links are put back by the same
 * lookup over hit_ingested_cost_links. A failure part-way leaves hits a later rebuild
 * classifies again: the statements read and write the same columns in the same order.
 */
const classifyOnClickHouse = async (sql: Statements, programId: number, plan: ClassificationPlan, scope?: IncrementalRunTables): Promise<void> => {
  const only = within(scope?.hits, "hit_id", "hit_id");
  const kept = `(SELECT hit_id FROM hit_ingested_cost_links WHERE program_id = $1${only})`;
  await sql.run(
    `UPDATE hits SET cost_link = ${lookedUp("hit_id", `SELECT hit_id AS lookup_key, cost_link AS lookup_value FROM hit_ingested_cost_links WHERE program_id = $1${only}`, "cost_link")}
     WHERE program_id = $1 AND hit_id IN ${kept}`,
    [programId],
  );
  await sql.run(`DELETE FROM hit_ingested_cost_links WHERE program_id = $1${only}`, [programId]);

  const keys = ruleColumns(plan);
  if (keys.length === 0) {
    await classifyAsNone(sql, programId, only);
    return;
  }
  // The program id is a number: the scratch table's name holds no text from a request.
  const combinations = `classification_keys_${Math.trunc(programId)}`;
  const key = `toString(tuple(${keys.join(", ")}))`;
  const indexing = new Placeholders();
  const program = indexing.add(programId);
  await sql.run(`DROP TABLE IF EXISTS ${combinations}`);
  await sql.run(
    `CREATE TABLE ${combinations} ENGINE = Memory AS
     SELECT ${key} AS combination, CAST(${branchIndexSql(plan, indexing, "clickhouse")} AS Int32) AS branch
     FROM (SELECT DISTINCT ${keys.join(", ")} FROM hits WHERE program_id = ${program}${only}) combinations`,
    indexing.values,
  );
  const naming = new Placeholders();
  naming.add(programId);
  const branch = lookedUp(key, `SELECT combination AS lookup_key, branch AS lookup_value FROM ${combinations}`, "CAST(0 AS Int32)");
  const outputs = branchOutputsSql(plan, `(${branch})`, naming);
  const costLink = extractedSql(plan, "costlink", outputs.costlink_field, "cost_link");
  if (extractsCostLinks(plan)) {
    await sql.run(
      `INSERT INTO hit_ingested_cost_links (program_id, hit_id, cost_link)
       SELECT program_id, hit_id, cost_link FROM hits
       WHERE program_id = $1${only} AND (${outputs.costlink_field}) <> 0 AND (${costLink}) IS DISTINCT FROM cost_link`,
      naming.values,
    );
  }
  await sql.run(
    `UPDATE hits SET
       taxonomy_1 = ${outputs.taxonomy_1},
       taxonomy_2 = ${outputs.taxonomy_2},
       taxonomy_3 = ${extractedSql(plan, "tax3", outputs.tax3_field, "'None'")},
       taxonomy_4 = ${extractedSql(plan, "tax4", outputs.tax4_field, "'None'")},
       cost_link = ${costLink}
     WHERE program_id = $1${only}`,
    naming.values,
  );
  await sql.run(`DROP TABLE ${combinations}`);
};

// ---------------------------------------------------------------------------------------
// Facts

/**
 * Rolls rows of full paths (`base`, with day, taxonomy_1..4, the `keep` columns and the
 * measures) up to every level with GROUPING SETS: level 4 keeps the path, level k < 4
 * the prefix (deeper levels ''), level 0 the total. Sorted by level and day, so DuckDB's
 * zone maps skip whole row groups on the level and range filters of reports (string
 * statistics keep only a short prefix, so sorting by taxonomy would not help them).
 */
const rolledUp = (base: string, keep: ReadonlyArray<string>, measures: ReadonlyArray<string>): string => {
  const sets = [0, ...taxonomyDepths]
    .map((level) => `(${["day", ...keep, ...taxonomyLevels.slice(0, level)].join(", ")})`)
    .join(", ");
  return `SELECT $1, day, 4 - (${taxonomyLevels.map((c) => `grouping(${c})`).join(" + ")}) AS level,
       ${taxonomyLevels.map((c) => `coalesce(${c}, '')`).join(", ")}${keep.map((k) => `, ${k}`).join("")},
       ${measures.map((m) => `sum(${m})`).join(", ")}
     FROM (${base}) base
     GROUP BY GROUPING SETS (${sets})
     ORDER BY level, day`;
};

export const writeTrafficFacts = async (sql: Statements, programId: number, scope?: IncrementalRunTables): Promise<void> => {
  await sql.run(`DELETE FROM traffic_facts WHERE program_id = $1${within(scope?.trafficDays, "day", "day")}`, [programId]);
  await sql.run(
    `INSERT INTO traffic_facts (program_id, day, level, ${taxonomyList}, clicks, impressions)
     ${rolledUp(
       `SELECT day, ${taxonomyList}, sum(clicks) AS clicks, sum(impressions) AS impressions
        FROM (
          SELECT hit_date AS day, ${taxonomyLevels.map((c) => noneWhenEmpty(c)).join(", ")},
            CASE WHEN event_type = 'click' THEN 1 ELSE 0 END AS clicks,
            CASE WHEN event_type = 'impression' THEN 1 ELSE 0 END AS impressions
          FROM hits WHERE program_id = $1${within(scope?.trafficDays, "hit_date", "day")}
        ) h
        GROUP BY day, ${taxonomyList}`,
       [],
       ["clicks", "impressions"],
     )}`,
    [programId],
  );
};

/**
 * Each order's visitors, one row (order_id, ts, visitor_id) per order and visitor: its own visitor and, when it names
 * a customer, every visitor tied to that customer, by an identify (visitor_identities) or by an order naming both
 * (docs/engine.md, "Journeys and credit"). The order's instant comes along, so that the clicks are joined to these
 * rows alone (on the visitor, then the window), not to the orders again. `program` is the program id's placeholder;
 * `only(alias)` narrows the orders.
 */
export const orderVisitorsSql = (program: string, only: (alias?: string) => string = () => ""): string =>
  `SELECT order_id, ts, visitor_id FROM orders WHERE program_id = ${program}${only()}
   UNION SELECT o.order_id AS order_id, o.ts AS ts, tied.visitor_id AS visitor_id FROM orders o
     JOIN (SELECT visitor_id, customer_id FROM visitor_identities WHERE program_id = ${program}
       UNION SELECT visitor_id, customer_id FROM orders WHERE program_id = ${program} AND customer_id IS NOT NULL) tied
     ON tied.customer_id = o.customer_id
   WHERE o.program_id = ${program} AND o.customer_id IS NOT NULL${only("o.")}`;

/**
 * The orders whose journeys an incremental run's changes reach: those a new click (`hits`, a relation of hit_id)
 * can join (a visitor of the order, within the lookback before it, `$2` ms), and the other orders of the customers
 * of the orders fed (`fed`, a relation of order_id), whose visitors they share. `$1` is the program.
 */
export const reachedOrdersSql = (hits: string, fed: string): string =>
  `SELECT DISTINCT v.order_id AS order_id FROM (${orderVisitorsSql("$1")}) v
     JOIN hits h ON h.program_id = $1 AND h.visitor_id = v.visitor_id AND h.event_type = 'click'
       AND v.ts >= h.ts AND v.ts <= h.ts + CAST($2 AS BIGINT)
   WHERE h.hit_id IN (SELECT hit_id FROM ${hits})
   UNION SELECT order_id FROM orders WHERE program_id = $1 AND customer_id IN (
     SELECT customer_id FROM orders WHERE program_id = $1 AND customer_id IS NOT NULL AND order_id IN (${fed}))`;

/**
 * Journeys and credits (docs/engine.md, "Journeys and credit") in one statement: each order
 * joined to the clicks of its visitors (orderVisitorsSql) in [order ts - lookback, order ts],
 * numbered oldest first (ties by hit id); an order with no such click keeps one touch to
 * 'Direct'. Then the journey paths (journeyPathSql.ts), the sales facts and the per-level
 * inclusion facts from the touches.
 */
export const attribute = async (sql: Statements, programId: number, settings: AttributionSettings, scope?: IncrementalRunTables): Promise<void> => {
  const orders = (alias = ""): string => within(scope?.orders, "order_id", "order_id", alias);
  const days = (column: string): string => within(scope?.salesDays, column, "day");
  const dataDriven = isDataDriven(settings.model);
  // The journey paths number touchpoints and rank orders across the whole program, so a scoped run rewrites them too.
  await sql.run(`DELETE FROM touches WHERE program_id = $1${orders()}`, [programId]);
  for (const table of ["journey_touchpoints", "journey_paths"]) await sql.run(`DELETE FROM ${table} WHERE program_id = $1`, [programId]);
  for (const table of ["sales_facts", "inclusion_facts"]) {
    await sql.run(`DELETE FROM ${table} WHERE program_id = $1${days("day")}`, [programId]);
  }
  await sql.run(
    `INSERT INTO touches (program_id, order_id, touch_index, touch_count, hit_id, ${taxonomyList}, ts,
       first_credit, last_credit, attributed_credit, funnel_role, order_date, amount, status, customer_type, payment)
     WITH order_clicks AS (
       SELECT v.order_id AS order_id, h.hit_id AS hit_id, h.ts AS ts, ${taxonomyLevels.map((c) => `h.${c} AS ${c}`).join(", ")}
       FROM (${orderVisitorsSql("$1", orders)}) v
       JOIN hits h ON h.program_id = $1 AND h.visitor_id = v.visitor_id AND h.event_type = 'click'
         AND h.ts <= v.ts AND h.ts >= v.ts - CAST($2 AS BIGINT)
     ),
     journeys AS (
       SELECT o.order_id, o.order_date, o.amount, o.status, o.customer_type, o.payment,
         c.hit_id, coalesce(c.ts, o.ts) AS touch_ts,
         CASE WHEN c.hit_id IS NULL THEN 'Direct' ELSE coalesce(nullif(c.taxonomy_1, ''), 'None') END AS taxonomy_1,
         ${taxonomyLevels.slice(1).map((c) => noneWhenEmpty(c, "c.")).join(", ")}
       FROM orders o
       LEFT JOIN order_clicks c ON c.order_id = o.order_id
       WHERE o.program_id = $1${orders("o.")}
     ),
     numbered AS (
       SELECT *,
         row_number() OVER (PARTITION BY order_id ORDER BY touch_ts, hit_id) AS touch_index,
         count(*) OVER (PARTITION BY order_id) AS touch_count,
         max(touch_ts) OVER (PARTITION BY order_id) AS last_ts
       FROM journeys
     ),
     weighted AS (
       SELECT numbered.*, pow(2.0, -CAST(last_ts - touch_ts AS DOUBLE) / $3) AS decay,
         ${dataDriven ? "coalesce(w.channel_weight, 0.0)" : "0.0"} AS model_weight
       FROM numbered${dataDriven ? `\n       ${modelWeightJoinSql(sql.engine, settings.modelLevel)}` : ""}
     )
     SELECT $1, order_id, touch_index, touch_count, hit_id, ${taxonomyList}, touch_ts,
       CASE WHEN touch_index = 1 THEN 1.0 ELSE 0.0 END,
       CASE WHEN touch_index = touch_count THEN 1.0 ELSE 0.0 END,
       ${attributedCreditSql[settings.model]},
       CASE WHEN touch_count = 1 THEN 'solo' WHEN touch_index = 1 THEN 'upper_funnel'
         WHEN touch_index = touch_count THEN 'lower_funnel' ELSE 'mid_funnel' END,
       order_date, amount, status, customer_type, payment
     FROM weighted
     ORDER BY order_date, order_id, touch_index`,
    [programId, settings.lookbackDays * dayMs, halfLifeMs, ...(dataDriven ? [settings.model] : [])],
  );
  for (const statement of journeyPathStatements("$1", sql.engine)) await sql.run(statement, [programId]);

  const roleSums = funnelRoles
    .map(
      (role) => `sum(CASE WHEN funnel_role = '${role}' THEN attributed_credit * amount ELSE 0 END) AS ${role}_revenue,
          sum(CASE WHEN funnel_role = '${role}' THEN attributed_credit ELSE 0 END) AS ${role}_credit`,
    )
    .join(",\n          ");
  const salesMeasures = [
    ...salesSumNames,
    ...funnelRoles.flatMap((role) => [`${role}_revenue`, `${role}_credit`]),
  ];
  await sql.run(
    `INSERT INTO sales_facts (program_id, day, level, ${taxonomyList}, status, customer_type, payment,
       ${salesMeasures.join(", ")})
     ${rolledUp(
       `SELECT order_date AS day, ${taxonomyList}, status, customer_type, payment,
          sum(first_credit) AS first_click_sales, sum(first_credit * amount) AS first_click_revenue,
          sum(last_credit) AS last_click_sales, sum(last_credit * amount) AS last_click_revenue,
          sum(attributed_credit) AS attributed_sales, sum(attributed_credit * amount) AS attributed_revenue,
          ${roleSums}
        FROM touches WHERE program_id = $1${days("order_date")}
        GROUP BY order_date, ${taxonomyList}, status, customer_type, payment`,
       ["status", "customer_type", "payment"],
       salesMeasures,
     )}`,
    [programId],
  );

  const prefixes = [0, ...taxonomyDepths]
    .map((level) => {
      const path = taxonomyLevels.map((column, i) => (i < level ? column : "''")).join(", ");
      return `SELECT order_id, order_date, ${level} AS level, ${path}, status, customer_type, payment
         FROM touches WHERE program_id = $1${days("order_date")}`;
    })
    .join("\n       UNION ALL ");
  await sql.run(
    `INSERT INTO inclusion_facts (program_id, day, level, ${taxonomyList}, status, customer_type, payment, orders)
     SELECT $1, order_date, level, t1, t2, t3, t4, status, customer_type, payment, count(DISTINCT order_id)
     FROM (${prefixes}) included (order_id, order_date, level, t1, t2, t3, t4, status, customer_type, payment)
     GROUP BY order_date, level, t1, t2, t3, t4, status, customer_type, payment
     ORDER BY level, order_date`,
    [programId],
  );
};

/**
 * Costs per day and path (docs/engine.md, "Cost"). A variable cost goes to the path of the hits
 * carrying its cost link: preferably hits under its own taxonomy_1, then any; the path
 * with most such hits (ties by path); with no such hit, to its taxonomy_1 with 'None'
 * below. Fixed costs: single on start_date; daily the whole cost every day start..end;
 * monthly cost / days-in-that-month on each day start..end; yearly cost / days-in-that-year.
 */
const lastCostDay = `CASE WHEN lower(frequency) IN ('daily', 'monthly', 'yearly') THEN coalesce(end_date, start_date) ELSE start_date END`;

/** One row per day a fixed cost covers, start_date..its last day (none when that is before the start). */
const fixedCostDaysSql: Readonly<Record<SqlEngine, string>> = {
  duckdb: `CAST(unnest(generate_series(start_date, ${lastCostDay}, INTERVAL 1 DAY)) AS DATE) AS day`,
  clickhouse: `arrayJoin(arrayMap(i -> addDays(start_date, i),
    range(toUInt32(greatest(dateDiff('day', start_date, ${lastCostDay}) + 1, 0))))) AS day`,
};
/** The days of `day`'s month, and of its year. */
const daysInMonthSql: Readonly<Record<SqlEngine, string>> = {
  duckdb: "day(last_day(day))",
  clickhouse: "toDayOfMonth(toLastDayOfMonth(day))",
};
const daysInYearSql: Readonly<Record<SqlEngine, string>> = {
  duckdb: "datediff('day', make_date(year(day), 1, 1), make_date(year(day) + 1, 1, 1))",
  clickhouse: "dateDiff('day', makeDate(toYear(day), 1, 1), makeDate(toYear(day) + 1, 1, 1))",
};

/** Rewrites a program's cost facts from its stored spend (a rebuild with `costs`, which also clears the program's due mark). */
export const writeCostFacts = async (sql: Statements, programId: number): Promise<void> => {
  await sql.run("DELETE FROM cost_facts WHERE program_id = $1", [programId]);
  await sql.run(
    `INSERT INTO cost_facts (program_id, day, level, ${taxonomyList}, variable_cost, fixed_cost)
     WITH carried AS (
       SELECT cost_link, ${taxonomyList}, count(*) AS hits
       FROM hits
       WHERE program_id = $1 AND cost_link IN (SELECT cost_link FROM variable_costs WHERE program_id = $1)
       GROUP BY cost_link, ${taxonomyList}
     ),
     ranked AS (
       SELECT v.id AS id, v.cost_date AS cost_date, v.cost AS cost, v.taxonomy_1 AS own_taxonomy_1,
         ${taxonomyLevels.map((c) => `c.${c} AS ${c}`).join(", ")},
         row_number() OVER (
           PARTITION BY v.id, v.cost_date, v.cost, v.cost_link, v.taxonomy_1
           ORDER BY CASE WHEN c.taxonomy_1 = v.taxonomy_1 THEN 0 ELSE 1 END, c.hits DESC,
             c.taxonomy_1, c.taxonomy_2, c.taxonomy_3, c.taxonomy_4
         ) AS choice
       FROM variable_costs v LEFT JOIN carried c ON c.cost_link = v.cost_link
       WHERE v.program_id = $1
     ),
     variable AS (
       SELECT cost_date AS day,
         coalesce(nullif(CASE WHEN taxonomy_1 IS NULL THEN own_taxonomy_1 ELSE taxonomy_1 END, ''), 'None') AS taxonomy_1,
         ${taxonomyLevels.slice(1).map((c) => noneWhenEmpty(c)).join(", ")},
         cost AS variable_cost, 0.0 AS fixed_cost
       FROM ranked WHERE choice = 1
     ),
     fixed_days AS (
       SELECT taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4, cost, lower(frequency) AS frequency,
         ${fixedCostDaysSql[sql.engine]}
       FROM fixed_costs WHERE program_id = $1
     ),
     fixed AS (
       SELECT day,
         ${taxonomyLevels.map((c) => noneWhenEmpty(c)).join(", ")},
         0.0 AS variable_cost,
         CASE frequency
           WHEN 'monthly' THEN cost / ${daysInMonthSql[sql.engine]}
           WHEN 'yearly' THEN cost / ${daysInYearSql[sql.engine]}
           ELSE cost
         END AS fixed_cost
       FROM fixed_days
     )
     ${rolledUp("SELECT * FROM variable UNION ALL SELECT * FROM fixed", [], ["variable_cost", "fixed_cost"])}`,
    [programId],
  );
};
