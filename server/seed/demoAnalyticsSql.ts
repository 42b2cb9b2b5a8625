import type { DuckDBValue } from "@duckdb/node-api";
import type { DemoAnalyticsRows, TrafficPlan } from "./demoAnalyticsRows";
import { insertRows, nullableTextOf, numberOf, textOf, type Statements } from "../warehouse/statements";

/**
 * Loads the analytics half of the demo data (DemoDataQueries.load, inside its transaction).
 * Configuration rows are inserted as given; hits, orders and variable costs are generated
 * here, inside DuckDB, from the small traffic plan: INSERT ... SELECT over range() with a
 * hash-based pseudo-random number per (program, key), so ten million hits never pass
 * through JavaScript. The same plan gives the same rows (for one DuckDB version).
 *
 * The model, per program:
 * - visitors: each draws a day from the plan's day weights, a number of clicks (1-8,
 *   geometric) and a journey span (exponential, up to 60 days) placed around that day
 *   (clicks outside the period are dropped, so the first weeks are not short of returns);
 * - clicks: spread over the span; each draws its kind (a variant: the raw traffic fields)
 *   from the variants live that day, weighted by variant weight x stream trend x weekday
 *   x peak factor; its local hour from the hour weights; impressions precede paid social
 *   and display clicks;
 * - orders: a visitor converts with 1 - prod(1 - conversion of each click); the order
 *   follows the last click by minutes, hours or days (or, for `lateShare`, 31-75 days: no
 *   click in the lookback, so Direct); some order again later (returning); visitors
 *   without any hit order too (offline, Direct); amounts are log-normal; payment and
 *   cancellation (cancelled more often when paid cash) are drawn per order;
 * - variable costs: per day and cost link, the clicks carrying it x its cost per click x
 *   a daily +-15% noise, plus the plan's spend on cost links that no hit carries.
 * Nothing is dated at or after `endsAt`; dates are the program's local days.
 *
 * With `holdNewestDay`, the hits and orders from the start of each program's last local
 * day on are not written but answered (`NewestDay`), as the events and orders a site and
 * a shop would send, for the start to feed them through the validated ingest path
 * (docs/engine.md, "Ingestion"); every other row, the held rows' ids and the variable
 * costs are the same as without it.
 */
export const loadDemoAnalytics = async (
  sql: Statements,
  rows: DemoAnalyticsRows,
  options: { readonly holdNewestDay?: boolean } = {},
): Promise<NewestDay> => {
  await insertConfiguration(sql, rows);
  return generateTraffic(sql, rows.traffic, options.holdNewestDay ?? false);
};

/** An event as POST /collect takes it (`CollectedEvent`). */
export interface HeldEvent {
  readonly event_id: string;
  readonly type: "click" | "impression";
  readonly time: number;
  readonly visitor_id: string;
  readonly url: string | null;
  readonly referrer: string | null;
  readonly publisher_id: string | null;
  readonly cost_link: string | null;
}

/** An order as the order feed takes it, but its currency (`FedOrder`: the program's). */
export interface HeldOrder {
  readonly order_id: string;
  readonly time: number;
  readonly amount: number;
  readonly status: "valid" | "cancelled";
  readonly customer_type: string;
  readonly payment: string;
  readonly visitor_id: string;
}

/** The demo's newest day per program, held back from the bulk load: events in hit id order, orders in id order. */
export type NewestDay = ReadonlyArray<{
  readonly programId: number;
  readonly events: ReadonlyArray<HeldEvent>;
  readonly orders: ReadonlyArray<HeldOrder>;
}>;

/** The event id of a held hit: its hit id, which the ingest path gives it again (hits numbered after the program's last). */
export const heldEventId = (hitId: number): string => `demo-${hitId}`;

const insertConfiguration = async (sql: Statements, rows: DemoAnalyticsRows): Promise<void> => {
  await insertRows(
    sql,
    "program_settings",
    ["program_id", "attribution_model", "lookback_days"],
    rows.programSettings.map((r) => [r.programId, r.attributionModel, r.lookbackDays]),
  );
  await insertRows(
    sql,
    "classifications",
    ["program_id", "tree", "saved_at"],
    rows.classifications.map((r) => [r.programId, r.tree, r.savedAt]),
  );
  await insertRows(
    sql,
    "fixed_costs",
    ["id", "program_id", "taxonomy_1", "taxonomy_2", "taxonomy_3", "taxonomy_4", "cost", "start_date", "end_date", "frequency", "original_frequency", "created_at"],
    rows.fixedCosts.map((r) => [
      r.id,
      r.programId,
      r.taxonomy1,
      r.taxonomy2,
      r.taxonomy3,
      r.taxonomy4,
      r.cost,
      r.startDate,
      r.endDate,
      r.frequency,
      r.originalFrequency,
      r.createdAt,
    ]),
  );
  await insertRows(
    sql,
    "annotations",
    ["id", "program_id", "note_date", "colour", "text", "created_by", "created_at"],
    rows.annotations.map((r) => [r.id, r.programId, r.noteDate, r.colour, r.text, r.createdBy, r.createdAt]),
  );
  await insertRows(
    sql,
    "seasonality_types",
    ["id", "program_id", "name"],
    rows.seasonalityTypes.map((r) => [r.id, r.programId, r.name]),
  );
  await insertRows(
    sql,
    "seasonality_tags",
    ["program_id", "week_start", "seasonality_type_id"],
    rows.seasonalityTags.map((r) => [r.programId, r.weekStart, r.seasonalityTypeId]),
  );
  await insertRows(
    sql,
    "column_sets",
    ["id", "user_id", "name", "columns", "created_at"],
    rows.columnSets.map((r) => [r.id, r.userId, r.name, JSON.stringify(r.columns), r.createdAt]),
  );
  await insertRows(
    sql,
    "column_set_favourites",
    ["user_id", "column_set_id"],
    rows.columnSetFavourites.map((r) => [r.userId, r.columnSetId]),
  );
  await insertRows(
    sql,
    "data_sets",
    ["id", "program_id", "data_set_tag", "field", "operator", "value"],
    rows.dataSets.map((r) => [r.id, r.programId, r.tag, r.field, r.operator, r.value]),
  );
  await insertRows(
    sql,
    "custom_reports",
    ["id", "program_id", "name", "level", "rules", "meta", "created_at"],
    rows.customReports.map((r) => [r.id, r.programId, r.name, r.level, r.rules, r.meta, r.createdAt]),
  );
  await insertRows(
    sql,
    "connector_accounts",
    ["user_id", "platform", "account_id", "account_name", "active"],
    rows.connectorAccounts.map((r) => [r.userId, r.platform, r.accountId, r.accountName, r.active]),
  );
};

/** Buckets of the lookup tables that turn a uniform number into a weighted choice. */
const dayBuckets = 16_384;
const variantBuckets = 1_024;
/** Days per program in the variant lookup key (more than any plan has). */
const keyDays = 65_536;
const hourBuckets = 1_024;

/** Most clicks per visitor, and the geometric ratio of their count (mean about 2). */
const maxClicks = 8;
/** Most impressions logged before one click. */
const maxImpressions = 16;
const clickRatio = 0.5;

/** Disjoint key spaces of the pseudo-random numbers (visitor-level keys are n * 64 + salt). */
const clickKeys = 2 ** 40;
const impressionKeys = 2 ** 41;
const orderKeys = 2 ** 42;
const visitorIdKeys = 2 ** 43;
const costKeys = 2 ** 44;
const offlineOffset = 2 ** 30;

const temporaryTables = [
  "demo_program",
  "demo_day",
  "demo_peak",
  "demo_hour",
  "demo_stream",
  "demo_variant",
  "demo_window",
  "demo_cost_link",
  "demo_untracked",
  "demo_day_pick",
  "demo_variant_pick",
  "demo_hour_pick",
  "demo_visitor",
  "demo_click",
  "demo_event",
  "demo_order",
] as const;

/** A row of the newest day, held back: from the start of the program's last local day on (an order may fall on the next). */
const held = (ts: string) => `${ts} >= p.first_ms + CAST(p.days - 1 AS BIGINT) * 86400000`;

const generateTraffic = async (sql: Statements, plan: TrafficPlan, holdNewestDay: boolean): Promise<NewestDay> => {
  if (!Number.isSafeInteger(plan.seed)) throw new Error(`the demo seed must be a whole number, got ${plan.seed}`);
  // u(base, key): a uniform number in [0, 1) for a program (base) and a key; hash() mixes one
  // 64-bit value well, so the program's base and the key are combined before hashing.
  await sql.run("CREATE OR REPLACE TEMP MACRO demo_u(base, key) AS hash(xor(base, CAST(key AS UBIGINT))) / 18446744073709551616.0");
  // Few distinct texts per column: dictionary compression serves them, and skipping the
  // FSST analysis makes writing millions of hits markedly faster. Row order is irrelevant.
  await sql.run("SET disabled_compression_methods = 'fsst'");
  await sql.run("SET preserve_insertion_order = false");
  let newestDay: NewestDay = [];
  try {
    await createPlanTables(sql, plan);
    await createLookups(sql);
    await generateVisitorsAndClicks(sql);
    await insertHits(sql, holdNewestDay);
    await generateOrders(sql, holdNewestDay);
    await insertVariableCosts(sql);
    if (holdNewestDay) newestDay = await heldRows(sql, plan);
  } finally {
    // After a failure the transaction is aborted and refuses these; the load's own error is
    // the one to report (and a failed demo load ends the start-up anyway).
    await sql.run("RESET disabled_compression_methods").catch(() => undefined);
    await sql.run("RESET preserve_insertion_order").catch(() => undefined);
  }
  // Temporary tables live in this connection until dropped (a failed load rolls them back).
  await sql.run([...temporaryTables.map((table) => `DROP TABLE IF EXISTS ${table};`), "DROP MACRO IF EXISTS demo_u;"].join("\n"));
  return newestDay;
};

const createPlanTables = async (sql: Statements, plan: TrafficPlan): Promise<void> => {
  // The plan's period is repeated on every program row, so no statement needs a cross join.
  await sql.run(`CREATE TEMP TABLE demo_program (
    program_id INTEGER, order_prefix VARCHAR, offset_ms BIGINT, visitors BIGINT, base UBIGINT,
    first_date DATE, first_ms BIGINT, days INTEGER, ends_at BIGINT,
    conversion_factor DOUBLE, amount_mu DOUBLE, amount_sigma DOUBLE, minimum_amount DOUBLE,
    returning_share DOUBLE, repeat_share DOUBLE, late_share DOUBLE, offline_rate DOUBLE,
    credit_share DOUBLE, cancelled_cash DOUBLE, cancelled_credit DOUBLE)`);
  await insertRows(
    sql,
    "demo_program",
    [
      "program_id",
      "order_prefix",
      "offset_ms",
      "visitors",
      "first_date",
      "first_ms",
      "days",
      "ends_at",
      "conversion_factor",
      "amount_mu",
      "amount_sigma",
      "minimum_amount",
      "returning_share",
      "repeat_share",
      "late_share",
      "offline_rate",
      "credit_share",
      "cancelled_cash",
      "cancelled_credit",
    ],
    plan.programs.map((p) => [
      p.programId,
      p.orderPrefix,
      p.offsetMinutes * 60_000,
      p.visitors,
      plan.firstDay,
      Date.parse(`${plan.firstDay}T00:00:00Z`) - p.offsetMinutes * 60_000,
      plan.days,
      plan.endsAt,
      p.orders.conversionFactor,
      p.orders.amountMu,
      p.orders.amountSigma,
      p.orders.minimumAmount,
      p.orders.returningShare,
      p.orders.repeatShare,
      p.orders.lateShare,
      p.orders.offlineRate,
      p.orders.creditShare,
      p.orders.cancelledCash,
      p.orders.cancelledCredit,
    ]),
  );
  // One base per program, from the seed: hash() of one whole number.
  await sql.run("UPDATE demo_program SET base = hash(CAST($1 AS BIGINT) * 1000 + program_id)", [plan.seed]);

  await sql.run("CREATE TEMP TABLE demo_day (program_id INTEGER, day_no INTEGER, weight DOUBLE)");
  await insertRows(
    sql,
    "demo_day",
    ["program_id", "day_no", "weight"],
    plan.programs.flatMap((p) => p.dayWeights.map((weight, day): DuckDBValue[] => [p.programId, day, weight])),
  );
  await sql.run("CREATE TEMP TABLE demo_peak (day_no INTEGER)");
  await insertRows(sql, "demo_peak", ["day_no"], plan.peakDays.map((day) => [day]));
  await sql.run("CREATE TEMP TABLE demo_hour (hour INTEGER, weight DOUBLE)");
  await insertRows(sql, "demo_hour", ["hour", "weight"], plan.hourWeights.map((weight, hour) => [hour, weight]));

  await sql.run(`CREATE TEMP TABLE demo_stream (
    program_id INTEGER, stream_no INTEGER, trend DOUBLE, peak DOUBLE,
    wd1 DOUBLE, wd2 DOUBLE, wd3 DOUBLE, wd4 DOUBLE, wd5 DOUBLE, wd6 DOUBLE, wd7 DOUBLE)`);
  await insertRows(
    sql,
    "demo_stream",
    ["program_id", "stream_no", "trend", "peak", "wd1", "wd2", "wd3", "wd4", "wd5", "wd6", "wd7"],
    plan.programs.flatMap((p) => p.streams.map((s): DuckDBValue[] => [p.programId, s.streamNo, s.trend, s.peak, ...s.weekdays])),
  );

  await sql.run(`CREATE TEMP TABLE demo_variant (
    program_id INTEGER, variant_no INTEGER, stream_no INTEGER, weight DOUBLE, conversion DOUBLE, impressions DOUBLE,
    source VARCHAR, medium VARCHAR, campaign VARCHAR, content VARCHAR, term VARCHAR, referrer VARCHAR,
    landing_url VARCHAR, publisher_id VARCHAR, cost_link VARCHAR)`);
  await insertRows(
    sql,
    "demo_variant",
    ["program_id", "variant_no", "stream_no", "weight", "conversion", "impressions", "source", "medium", "campaign", "content", "term", "referrer", "landing_url", "publisher_id", "cost_link"],
    plan.programs.flatMap((p) =>
      p.variants.map((v): DuckDBValue[] => [
        p.programId,
        v.variantNo,
        v.streamNo,
        v.weight,
        v.conversion,
        v.impressionsPerClick,
        v.source,
        v.medium,
        v.campaign,
        v.content,
        v.term,
        v.referrer,
        v.landingUrl,
        v.publisherId,
        v.costLink,
      ]),
    ),
  );
  await sql.run("CREATE TEMP TABLE demo_window (program_id INTEGER, variant_no INTEGER, first_day INTEGER, last_day INTEGER)");
  await insertRows(
    sql,
    "demo_window",
    ["program_id", "variant_no", "first_day", "last_day"],
    plan.programs.flatMap((p) => p.variants.flatMap((v) => v.windows.map(([a, b]): DuckDBValue[] => [p.programId, v.variantNo, a, b]))),
  );
  await sql.run("CREATE TEMP TABLE demo_cost_link (program_id INTEGER, cost_link VARCHAR, taxonomy_1 VARCHAR, cost_per_click DOUBLE)");
  await insertRows(
    sql,
    "demo_cost_link",
    ["program_id", "cost_link", "taxonomy_1", "cost_per_click"],
    plan.programs.flatMap((p) => p.costLinks.map((c): DuckDBValue[] => [p.programId, c.costLink, c.taxonomy1, c.costPerClick])),
  );
  await sql.run(
    "CREATE TEMP TABLE demo_untracked (program_id INTEGER, cost_link VARCHAR, taxonomy_1 VARCHAR, first_day INTEGER, last_day INTEGER, daily_cost DOUBLE)",
  );
  await insertRows(
    sql,
    "demo_untracked",
    ["program_id", "cost_link", "taxonomy_1", "first_day", "last_day", "daily_cost"],
    plan.programs.flatMap((p) => p.untrackedSpend.map((s): DuckDBValue[] => [p.programId, s.costLink, s.taxonomy1, s.firstDay, s.lastDay, s.dailyCost])),
  );
};

/**
 * Weighted choices as equi-joins: each row's share of its group becomes a run of buckets
 * (cumulative weight x buckets, rounded; each run starts where the previous ended).
 */
const bucketRuns = (buckets: number, partition: string, order: string) => `
  lower_bucket AS (
    SELECT *, coalesce(lag(upper) OVER (PARTITION BY ${partition} ORDER BY ${order}), 0) AS lower
    FROM (
      SELECT *, CAST(round(buckets_so_far) AS BIGINT) AS upper
      FROM (
        SELECT *, ${buckets} * sum(w) OVER (PARTITION BY ${partition} ORDER BY ${order} ROWS UNBOUNDED PRECEDING)
                / sum(w) OVER (PARTITION BY ${partition}) AS buckets_so_far
        FROM weighted
      )
    )
  )`;

const createLookups = async (sql: Statements): Promise<void> => {
  await sql.run(`CREATE TEMP TABLE demo_day_pick AS
    WITH weighted AS (SELECT program_id, day_no, weight AS w FROM demo_day WHERE weight > 0),
    ${bucketRuns(dayBuckets, "program_id", "day_no")}
    SELECT day_no, program_id * ${dayBuckets} + unnest(range(lower, upper)) AS pick_key FROM lower_bucket`);

  await sql.run(`CREATE TEMP TABLE demo_hour_pick AS
    WITH weighted AS (SELECT 0 AS grp, hour, weight AS w FROM demo_hour WHERE weight > 0),
    ${bucketRuns(hourBuckets, "grp", "hour")}
    SELECT hour, unnest(range(lower, upper)) AS bucket FROM lower_bucket`);

  await sql.run(`CREATE TEMP TABLE demo_variant_pick AS
    WITH live AS (
      SELECT DISTINCT w.program_id, w.variant_no, d.day_no
      FROM demo_window w JOIN range((SELECT max(days) FROM demo_program)) d(day_no) ON d.day_no BETWEEN w.first_day AND w.last_day
    ),
    weighted AS (
      SELECT l.program_id, CAST(l.day_no AS INTEGER) AS day_no, l.variant_no,
        v.weight
        * (1 + s.trend * l.day_no / greatest(p.days - 1, 1))
        * list_value(s.wd1, s.wd2, s.wd3, s.wd4, s.wd5, s.wd6, s.wd7)[isodow(p.first_date + CAST(l.day_no AS INTEGER))]
        * CASE WHEN l.day_no IN (SELECT day_no FROM demo_peak) THEN s.peak ELSE 1 END AS w
      FROM live l
      JOIN demo_variant v ON v.program_id = l.program_id AND v.variant_no = l.variant_no
      JOIN demo_stream s ON s.program_id = v.program_id AND s.stream_no = v.stream_no
      JOIN demo_program p ON p.program_id = l.program_id
    ),
    ${bucketRuns(variantBuckets, "program_id, day_no", "variant_no")}
    SELECT variant_no, (program_id * ${keyDays} + day_no) * ${variantBuckets} + unnest(range(lower, upper)) AS pick_key
    FROM lower_bucket WHERE w > 0`);
};

const generateVisitorsAndClicks = async (sql: Statements): Promise<void> => {
  await sql.run(`CREATE TEMP TABLE demo_visitor AS
    WITH drawn AS (
      SELECT p.program_id, p.base, v.n AS visitor_no,
        CAST(floor(demo_u(p.base, v.n * 64 + 1) * ${dayBuckets}) AS BIGINT) AS day_bucket,
        least(${maxClicks}, 1 + CAST(floor(ln(greatest(demo_u(p.base, v.n * 64 + 2), 1e-12)) / ln(${clickRatio})) AS INTEGER)) AS clicks,
        demo_u(p.base, v.n * 64 + 3) AS span_draw,
        demo_u(p.base, v.n * 64 + 4) AS anchor_draw
      FROM demo_program p CROSS JOIN range((SELECT max(visitors) FROM demo_program)) v(n)
      WHERE v.n < p.visitors
    )
    SELECT program_id, base, visitor_no, anchor_day - CAST(floor(anchor_draw * span) AS INTEGER) AS first_day, clicks, span
    FROM (
      SELECT d.program_id, d.base, d.visitor_no, pick.day_no AS anchor_day, d.clicks, d.anchor_draw,
        CASE WHEN d.clicks = 1 THEN 0
             ELSE least(60, CAST(floor(-ln(greatest(d.span_draw, 1e-12)) * 3.5 * (d.clicks - 1)) AS INTEGER)) END AS span
      FROM drawn d JOIN demo_day_pick pick ON pick.pick_key = d.program_id * ${dayBuckets} + d.day_bucket
    )`);

  await sql.run(`CREATE TEMP TABLE demo_click AS
    WITH spread AS (
      SELECT v.program_id, v.base, v.visitor_no, CAST(c.i AS INTEGER) AS click_no,
        v.first_day + CASE WHEN v.clicks = 1 THEN 0
                           ELSE CAST(floor(v.span * pow(c.i / (v.clicks - 1), 1.3)) AS INTEGER) END AS day_no,
        ${clickKeys} + ((v.visitor_no * ${maxClicks} + c.i) * 64) AS key
      FROM demo_visitor v JOIN range(${maxClicks}) c(i) ON c.i < v.clicks
    ),
    placed AS (
      SELECT s.*,
        (s.program_id * ${keyDays} + s.day_no) * ${variantBuckets}
          + CAST(floor(demo_u(s.base, s.key + 1) * ${variantBuckets}) AS BIGINT) AS variant_key,
        CAST(floor(demo_u(s.base, s.key + 2) * ${hourBuckets}) AS BIGINT) AS hour_bucket,
        CAST(floor(demo_u(s.base, s.key + 3) * 3600000) AS BIGINT) AS within_hour
      FROM spread s JOIN demo_program p ON p.program_id = s.program_id
      WHERE s.day_no >= 0 AND s.day_no < p.days
    )
    SELECT pl.program_id, pl.base, pl.visitor_no, pl.click_no, pl.key, vp.variant_no,
      p.first_ms + CAST(pl.day_no AS BIGINT) * 86400000 + CAST(hp.hour AS BIGINT) * 3600000 + pl.within_hour AS ts
    FROM placed pl
    JOIN demo_program p ON p.program_id = pl.program_id
    JOIN demo_variant_pick vp ON vp.pick_key = pl.variant_key
    JOIN demo_hour_pick hp ON hp.bucket = pl.hour_bucket
    WHERE p.first_ms + CAST(pl.day_no AS BIGINT) * 86400000 + CAST(hp.hour AS BIGINT) * 3600000 + pl.within_hour < p.ends_at`);
};

const visitorId = (base: string, key: string) => `printf('%016x', hash(xor(${base}, CAST(${visitorIdKeys} + ${key} AS UBIGINT))))`;

const insertHits = async (sql: Statements, holdNewestDay: boolean): Promise<void> => {
  // Numbered on narrow rows (hit ids follow time within a program); the raw text fields
  // are joined on only when written.
  await sql.run(`CREATE TEMP TABLE demo_event AS
    WITH impressions AS (
      SELECT c.program_id, c.visitor_no, c.click_no, CAST(j.j + 1 AS INTEGER) AS impression_no, c.variant_no,
        c.ts - 60000 - CAST(floor(demo_u(c.base, ${impressionKeys} + (c.visitor_no * ${maxClicks} + c.click_no) * 16 + j.j) * 259200000) AS BIGINT) AS ts
      FROM demo_click c
      JOIN demo_variant v ON v.program_id = c.program_id AND v.variant_no = c.variant_no
      JOIN range(${maxImpressions}) j(j) ON j.j < floor(demo_u(c.base, c.key + 4) * (2 * v.impressions + 1))
      WHERE v.impressions > 0
    ),
    events AS (
      SELECT program_id, visitor_no, click_no, 0 AS impression_no, variant_no, ts FROM demo_click
      UNION ALL
      SELECT program_id, visitor_no, click_no, impression_no, variant_no, ts FROM impressions
    )
    SELECT e.*, row_number() OVER (ORDER BY e.program_id, e.ts, e.visitor_no, e.click_no, e.impression_no) AS hit_id
    FROM events e JOIN demo_program p ON p.program_id = e.program_id
    WHERE e.ts >= p.first_ms`);

  await sql.run(`INSERT INTO hits (program_id, hit_id, visitor_id, ts, hit_date, event_type, source, medium, campaign, content, term,
      referrer, landing_url, publisher_id, cost_link)
    SELECT e.program_id, e.hit_id,
      ${visitorId("p.base", "e.visitor_no")},
      e.ts,
      CAST(epoch_ms(e.ts + p.offset_ms) AS DATE),
      CASE WHEN e.impression_no = 0 THEN 'click' ELSE 'impression' END,
      v.source, v.medium, v.campaign, v.content, v.term, v.referrer, v.landing_url, v.publisher_id, v.cost_link
    FROM demo_event e
    JOIN demo_program p ON p.program_id = e.program_id
    JOIN demo_variant v ON v.program_id = e.program_id AND v.variant_no = e.variant_no
    ${holdNewestDay ? `WHERE NOT (${held("e.ts")})` : ""}`);
};

const generateOrders = async (sql: Statements, holdNewestDay: boolean): Promise<void> => {
  // order_key: 4n for a visitor's first order, 4n + 1 for the repeat, offlineOffset + m offline.
  await sql.run(`CREATE TEMP TABLE demo_order AS
    WITH converted AS (
      SELECT c.program_id, c.visitor_no, any_value(c.base) AS base, max(c.ts) AS last_ts,
        1 - exp(sum(ln(1 - least(0.95, v.conversion * p.conversion_factor)))) AS chance
      FROM demo_click c
      JOIN demo_variant v ON v.program_id = c.program_id AND v.variant_no = c.variant_no
      JOIN demo_program p ON p.program_id = c.program_id
      GROUP BY c.program_id, c.visitor_no
    ),
    first_orders AS (
      SELECT c.program_id, c.base, c.visitor_no, c.visitor_no * 4 AS order_key,
        c.last_ts + CASE
          WHEN demo_u(c.base, ${orderKeys} + c.visitor_no * 64 + 1) < p.late_share
            THEN CAST((31 + floor(demo_u(c.base, ${orderKeys} + c.visitor_no * 64 + 2) * 45)) * 86400000 AS BIGINT)
          WHEN demo_u(c.base, ${orderKeys} + c.visitor_no * 64 + 3) < 0.6
            THEN CAST(120000 + floor(demo_u(c.base, ${orderKeys} + c.visitor_no * 64 + 2) * 3480000) AS BIGINT)
          WHEN demo_u(c.base, ${orderKeys} + c.visitor_no * 64 + 3) < 0.9
            THEN CAST(3600000 + floor(demo_u(c.base, ${orderKeys} + c.visitor_no * 64 + 2) * 82800000) AS BIGINT)
          ELSE CAST(86400000 + floor(demo_u(c.base, ${orderKeys} + c.visitor_no * 64 + 2) * 259200000) AS BIGINT)
        END AS ts,
        CASE WHEN demo_u(c.base, ${orderKeys} + c.visitor_no * 64 + 4) < p.returning_share THEN 'returning' ELSE 'new' END AS customer_type,
        demo_u(c.base, ${orderKeys} + c.visitor_no * 64 + 5) < p.repeat_share AS orders_again
      FROM converted c JOIN demo_program p ON p.program_id = c.program_id
      WHERE demo_u(c.base, c.visitor_no * 64 + 10) < c.chance
    ),
    repeat_orders AS (
      SELECT program_id, base, visitor_no, order_key + 1 AS order_key,
        ts + CAST((7 + floor(demo_u(base, ${orderKeys} + visitor_no * 64 + 6) * 143)) * 86400000 AS BIGINT)
           + CAST(floor(demo_u(base, ${orderKeys} + visitor_no * 64 + 7) * 86400000) AS BIGINT) AS ts,
        'returning' AS customer_type
      FROM first_orders WHERE orders_again
    ),
    offline_orders AS (
      SELECT p.program_id, p.base, ${offlineOffset} + m.m AS visitor_no, ${offlineOffset} + m.m AS order_key,
        p.first_ms + CAST(pick.day_no AS BIGINT) * 86400000
          + CAST(hp.hour AS BIGINT) * 3600000 + CAST(floor(demo_u(p.base, ${orderKeys} + (${offlineOffset} + m.m) * 64 + 3) * 3600000) AS BIGINT) AS ts,
        CASE WHEN demo_u(p.base, ${orderKeys} + (${offlineOffset} + m.m) * 64 + 4) < 0.5 THEN 'returning' ELSE 'new' END AS customer_type
      FROM demo_program p
      JOIN (SELECT program_id, unnest(range(CAST(round(visitors * offline_rate) AS BIGINT))) AS m FROM demo_program) m
        ON m.program_id = p.program_id
      JOIN demo_day_pick pick ON pick.pick_key = p.program_id * ${dayBuckets}
        + CAST(floor(demo_u(p.base, ${orderKeys} + (${offlineOffset} + m.m) * 64 + 1) * ${dayBuckets}) AS BIGINT)
      JOIN demo_hour_pick hp ON hp.bucket = CAST(floor(demo_u(p.base, ${orderKeys} + (${offlineOffset} + m.m) * 64 + 2) * ${hourBuckets}) AS BIGINT)
    ),
    all_orders AS (
      SELECT program_id, base, visitor_no, order_key, ts, customer_type FROM first_orders
      UNION ALL SELECT program_id, base, visitor_no, order_key, ts, customer_type FROM repeat_orders
      UNION ALL SELECT program_id, base, visitor_no, order_key, ts, customer_type FROM offline_orders
    )
    SELECT o.*,
      demo_u(o.base, ${orderKeys} + o.order_key * 16 + 8) < p.credit_share AS credit,
      demo_u(o.base, ${orderKeys} + o.order_key * 16 + 9) AS cancel_draw,
      round(greatest(p.minimum_amount, exp(p.amount_mu + p.amount_sigma
        * sqrt(-2 * ln(greatest(demo_u(o.base, ${orderKeys} + o.order_key * 16 + 10), 1e-12)))
        * cos(2 * pi() * demo_u(o.base, ${orderKeys} + o.order_key * 16 + 11)))), 2) AS amount,
      -- Numbered here, before any is held back, so the order ids are the same either way.
      row_number() OVER (PARTITION BY o.program_id ORDER BY o.ts, o.order_key) AS order_no
    FROM all_orders o
    JOIN demo_program p ON p.program_id = o.program_id
    WHERE o.ts < p.ends_at`);

  await sql.run(`INSERT INTO orders (program_id, order_id, visitor_id, ts, order_date, amount, status, customer_type, payment)
    SELECT o.program_id,
      ${orderId},
      ${visitorId("o.base", "o.visitor_no")},
      o.ts,
      CAST(epoch_ms(o.ts + p.offset_ms) AS DATE),
      o.amount,
      ${orderStatus},
      o.customer_type,
      CASE WHEN o.credit THEN 'credit' ELSE 'cash' END
    FROM demo_order o JOIN demo_program p ON p.program_id = o.program_id
    ${holdNewestDay ? `WHERE NOT (${held("o.ts")})` : ""}
    ORDER BY o.program_id, o.ts, o.order_key`);
};

const orderId = "p.order_prefix || '-' || lpad(CAST(o.order_no AS VARCHAR), 7, '0')";
const orderStatus = "CASE WHEN o.cancel_draw < CASE WHEN o.credit THEN p.cancelled_credit ELSE p.cancelled_cash END THEN 'cancelled' ELSE 'valid' END";

/** The held newest day: the same fields the bulk load writes, as events and orders. */
const heldRows = async (sql: Statements, plan: TrafficPlan): Promise<NewestDay> => {
  const events = await sql.rows(`SELECT e.program_id, e.hit_id, ${visitorId("p.base", "e.visitor_no")} AS visitor_id, e.ts,
      CASE WHEN e.impression_no = 0 THEN 'click' ELSE 'impression' END AS event_type,
      v.landing_url, v.referrer, v.publisher_id, v.cost_link
    FROM demo_event e
    JOIN demo_program p ON p.program_id = e.program_id
    JOIN demo_variant v ON v.program_id = e.program_id AND v.variant_no = e.variant_no
    WHERE ${held("e.ts")}
    ORDER BY e.program_id, e.hit_id`);
  const orders = await sql.rows(`SELECT o.program_id, ${orderId} AS order_id, ${visitorId("o.base", "o.visitor_no")} AS visitor_id, o.ts, o.amount,
      ${orderStatus} AS status, o.customer_type, CASE WHEN o.credit THEN 'credit' ELSE 'cash' END AS payment
    FROM demo_order o JOIN demo_program p ON p.program_id = o.program_id
    WHERE ${held("o.ts")}
    ORDER BY o.program_id, o.order_no`);
  return plan.programs.map(({ programId }) => ({
    programId,
    events: events
      .filter((r) => numberOf(r["program_id"]) === programId)
      .map(
        (r): HeldEvent => ({
          event_id: heldEventId(numberOf(r["hit_id"])),
          type: textOf(r["event_type"]) === "click" ? "click" : "impression",
          time: numberOf(r["ts"]),
          visitor_id: textOf(r["visitor_id"]),
          url: nullableTextOf(r["landing_url"]),
          referrer: nullableTextOf(r["referrer"]),
          publisher_id: nullableTextOf(r["publisher_id"]),
          cost_link: nullableTextOf(r["cost_link"]),
        }),
      ),
    orders: orders
      .filter((r) => numberOf(r["program_id"]) === programId)
      .map(
        (r): HeldOrder => ({
          order_id: textOf(r["order_id"]),
          time: numberOf(r["ts"]),
          amount: numberOf(r["amount"]),
          status: textOf(r["status"]) === "cancelled" ? "cancelled" : "valid",
          customer_type: textOf(r["customer_type"]),
          payment: textOf(r["payment"]),
          visitor_id: textOf(r["visitor_id"]),
        }),
      ),
  }));
};

const insertVariableCosts = async (sql: Statements): Promise<void> => {
  await sql.run(`INSERT INTO variable_costs (id, program_id, taxonomy_1, cost, cost_date, cost_link)
    WITH tracked AS (
      SELECT e.program_id, CAST(epoch_ms(e.ts + p.offset_ms) AS DATE) AS cost_date, v.cost_link, count(*) AS clicks
      FROM demo_event e
      JOIN demo_program p ON p.program_id = e.program_id
      JOIN demo_variant v ON v.program_id = e.program_id AND v.variant_no = e.variant_no
      WHERE e.impression_no = 0 AND v.cost_link IS NOT NULL
      GROUP BY ALL
    ),
    spend AS (
      SELECT t.program_id, t.cost_date, t.cost_link, l.taxonomy_1,
        t.clicks * l.cost_per_click
          * (0.85 + 0.3 * demo_u(xor(p.base, hash(t.cost_link)), ${costKeys} + (t.cost_date - p.first_date))) AS cost
      FROM tracked t
      JOIN demo_cost_link l ON l.program_id = t.program_id AND l.cost_link = t.cost_link
      JOIN demo_program p ON p.program_id = t.program_id
      UNION ALL
      SELECT u.program_id, p.first_date + CAST(d.d AS INTEGER), u.cost_link, u.taxonomy_1,
        u.daily_cost * (0.8 + 0.4 * demo_u(xor(p.base, hash(u.cost_link)), ${costKeys} + d.d))
      FROM demo_untracked u
      JOIN demo_program p ON p.program_id = u.program_id
      JOIN range((SELECT max(days) FROM demo_program)) d(d) ON d.d BETWEEN u.first_day AND least(u.last_day, p.days - 1)
    )
    SELECT row_number() OVER (ORDER BY program_id, cost_date, cost_link) AS id,
      program_id, taxonomy_1, round(cost, 2), cost_date, cost_link
    FROM spend
    ORDER BY program_id, cost_date, cost_link`);
};
