/**
 * The API budgets over 10 million hits (docs/engine.md, "Speed"), measured in-process:
 * the real app (createApp) over the cached 10-million-hit database, called through
 * `app.request()` (routing, session and membership checks, Schema encoding, JSON text;
 * no sockets), beside a plain DuckDB GROUP BY over the same raw hits.
 *
 * Why the two phases run one after the other: the warehouse opens its own DuckDBInstance
 * read-write and does not expose it, so a second connection "of the same instance" is not
 * reachable from here. A second instance on the same file in the same process is NOT
 * refused by DuckDB (its file lock is a POSIX lock, which does not conflict within one
 * process), but two independent buffer managers over one file, one of them writing
 * (sign-in writes a session, checkpoints rewrite blocks), is unsupported and may read torn
 * blocks. So: phase 1 opens the file READ_ONLY, finds the parameters (program, range,
 * t1/t2, search term) and times the raw GROUP BYs, then closes; phase 2 opens the
 * warehouse on the file and times the API. Same process, same file, same thread count,
 * each with its own warm-ups.
 */
import { writeFileSync } from "node:fs";
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from "@duckdb/node-api";
import type { Hono } from "hono";
import { createApp } from "../server/app";
import { createEngine } from "../server/engine/createEngine";
import { silentLog } from "../server/log";
import { MemoryOutbox } from "../server/outbox/outbox";
import { openDuckDbWarehouse } from "../server/warehouse/duckdb/duckdbWarehouse";
import { ensureBenchData, type BenchEngine, type BenchSize } from "./benchData";
import { openChdbWarehouse } from "../server/warehouse/clickhouse/clickhouseWarehouse";
import { isRunDirectly } from "./standalone";

export interface ApiRow {
  readonly measure: string;
  /** p50, or a note such as "not built". */
  readonly value: string;
  readonly p95: string;
  readonly baseline: string;
  readonly budget: string;
  readonly verdict: "within" | "OVER" | "info";
}

export interface ApiBenchOptions {
  readonly rebuildData: boolean;
  /** Port of the server that builds the data set (only when it is built). */
  readonly port: number;
  readonly warmups?: number;
  readonly runs?: number;
  /** Only the analysis reports' level-one calls (`node --import tsx bench/api.ts --reports`). */
  readonly reportsOnly?: boolean;
  /** Only the journeys calls over a year (`node --import tsx bench/api.ts --journeys`). */
  readonly journeysOnly?: boolean;
  /** The warehouse the app runs on (DuckDB by default; chdb: ClickHouse embedded, over the same rows). */
  readonly engine?: BenchEngine;
  /** The data set: about 10 million hits (default) or 100 million. */
  readonly size?: BenchSize;
}

const dayMs = 86_400_000;
const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * dayMs).toISOString().slice(0, 10);
const ms = (x: number): string => `${x.toFixed(1)} ms`;

/** Nearest-rank percentile of sorted samples. */
const percentile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

interface Timing {
  readonly p50: number;
  readonly p95: number;
}

/** `warmups` untimed runs, then `runs` timed ones, one after another. */
const timed = async (warmups: number, runs: number, work: () => Promise<void>): Promise<Timing> => {
  for (let i = 0; i < warmups; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
};

/** What the measured calls ask for, read from the data itself. */
interface Parameters {
  readonly programId: number;
  readonly programCode: string;
  readonly hits: number;
  readonly programHits: number;
  readonly lastDay: string;
  /** The level-three drill-down's parent. */
  readonly drill: { readonly t1: string; readonly t2: string };
  /**
   * The multi chart's parent path: a level-1 value with at least 5 level-2 children, or
   * (the demo tree has none) a level-1/level-2 pair with at least 5 level-3 children.
   */
  readonly chart: { readonly prefix: ReadonlyArray<string>; readonly series: number };
  /** Level-1 values in the last 90 days (the series of the level-1 multi chart). */
  readonly level1Series: number;
  readonly searchTerm: string;
  /**
   * The journeys filter: the commonest first touch's taxonomy_1 over the last 365 days, and
   * anywhere the commonest taxonomy_1 / taxonomy_2 pair under another taxonomy_1.
   */
  readonly journeyFilter: { readonly first: string; readonly anywhere: readonly [string, string] };
}

interface Case {
  readonly measure: (p: Parameters) => string;
  readonly path: (p: Parameters) => string;
  /** The raw GROUP BY beside it. */
  readonly baseline: { readonly sql: string | ((p: Parameters) => string); readonly parameters: (p: Parameters) => DuckDBValue[] };
  /** Budget of p95 in ms; null: reported only. */
  readonly budgetMs: number | null;
}

const last = (p: Parameters, days: number) => ({ from: addDays(p.lastDay, -(days - 1)), to: p.lastDay });
const range = (p: Parameters, days: number): string => {
  const r = last(p, days);
  return `date_from=${r.from}&date_to=${r.to}`;
};
const rawClicks = "FROM hits WHERE program_id = $1 AND hit_date BETWEEN $2 AND $3 AND event_type = 'click'";
const e = encodeURIComponent;
/** `taxonomy_1/{t1}/taxonomy_2[/{t2}/taxonomy_3]`: the multi chart one level under `prefix`. */
const chartPath = (prefix: ReadonlyArray<string>): string =>
  [...prefix.map((v, i) => `taxonomy_${i + 1}/${e(v)}`), `taxonomy_${prefix.length + 1}`].join("/");

/** The journeys filter as the call's journey_search. */
const journeySearch = (p: Parameters): string =>
  JSON.stringify({
    first: [{ taxonomy_one: p.journeyFilter.first }],
    anywhere: [{ taxonomy_one: p.journeyFilter.anywhere[0], taxonomy_two: p.journeyFilter.anywhere[1] }],
  });

/**
 * The journeys call over a year (the one report whose work grew with the range): unfiltered,
 * and with a first + anywhere filter, p95 budget 100 ms; the summary above the journeys table
 * over the same year in the same pair: unfiltered at level four (every order grouped), and
 * with that filter at level two, p95 budget 200 ms (`node --import tsx bench/api.ts
 * --journeys` runs these alone). Beside each, the same orders as one GROUP BY over the touches.
 */
const journeyCases: ReadonlyArray<Case> = [
  {
    measure: () => "journeys page 1 x 160, 365 days",
    path: (p) => `performance/touchpoints/journeys?${range(p, 365)}&page=1&per_page=160`,
    baseline: {
      sql: `SELECT count(DISTINCT order_id) FROM touches WHERE program_id = $1 AND order_date BETWEEN $2 AND $3 AND status = 'valid'`,
      parameters: (p) => [p.programId, last(p, 365).from, last(p, 365).to],
    },
    budgetMs: null,
  },
  {
    measure: () => "journeys, 365 days, first + anywhere filter, page of 160",
    path: (p) => `performance/touchpoints/journeys?${range(p, 365)}&page=1&per_page=160&journey_search=${e(journeySearch(p))}`,
    baseline: {
      sql: `SELECT count(*) FROM (
          SELECT order_id FROM touches WHERE program_id = $1 AND order_date BETWEEN $2 AND $3 AND status = 'valid'
          GROUP BY order_id HAVING bool_or(touch_index = 1 AND taxonomy_1 = $4) AND bool_or(taxonomy_1 = $5 AND taxonomy_2 = $6))`,
      parameters: (p) => [p.programId, last(p, 365).from, last(p, 365).to, p.journeyFilter.first, ...p.journeyFilter.anywhere],
    },
    budgetMs: 100,
  },
  {
    measure: () => "journeys summary, 365 days, first + anywhere filter, level 2",
    path: (p) => `performance/touchpoints/journeys/summary?${range(p, 365)}&level=2&journey_search=${e(journeySearch(p))}`,
    // The same orders' level-two paths as one GROUP BY over the touches (not merged), the 10 commonest.
    baseline: {
      sql: `SELECT path, count(*) AS n FROM (
          SELECT order_id, string_agg(taxonomy_1 || ' / ' || taxonomy_2, ' > ' ORDER BY touch_index) AS path
          FROM touches WHERE program_id = $1 AND order_date BETWEEN $2 AND $3 AND status = 'valid'
          GROUP BY order_id HAVING bool_or(touch_index = 1 AND taxonomy_1 = $4) AND bool_or(taxonomy_1 = $5 AND taxonomy_2 = $6))
        GROUP BY path ORDER BY n DESC LIMIT 10`,
      parameters: (p) => [p.programId, last(p, 365).from, last(p, 365).to, p.journeyFilter.first, ...p.journeyFilter.anywhere],
    },
    budgetMs: 200,
  },
  {
    measure: () => "journeys summary, 365 days, no filter, level 4",
    path: (p) => `performance/touchpoints/journeys/summary?${range(p, 365)}&level=4`,
    baseline: {
      sql: `SELECT path, count(*) AS n FROM (
          SELECT order_id, string_agg(taxonomy_1 || ' / ' || taxonomy_2 || ' / ' || taxonomy_3 || ' / ' || taxonomy_4, ' > ' ORDER BY touch_index) AS path
          FROM touches WHERE program_id = $1 AND order_date BETWEEN $2 AND $3 AND status = 'valid' GROUP BY order_id)
        GROUP BY path ORDER BY n DESC LIMIT 10`,
      parameters: (p) => [p.programId, last(p, 365).from, last(p, 365).to],
    },
    budgetMs: null,
  },
];

const performanceCases: ReadonlyArray<Case> = [
  {
    measure: () => "level-one table, 30 days",
    path: (p) => `performance/table/single/taxonomy_1?${range(p, 30)}`,
    baseline: {
      sql: `SELECT taxonomy_1, count(*) ${rawClicks} GROUP BY 1`,
      parameters: (p) => [p.programId, last(p, 30).from, last(p, 30).to],
    },
    budgetMs: 25,
  },
  {
    measure: () => "level-three drill-down, 30 days",
    path: (p) => `performance/table/single/taxonomy_1/${e(p.drill.t1)}/taxonomy_2/${e(p.drill.t2)}/taxonomy_3?${range(p, 30)}`,
    baseline: {
      sql: `SELECT taxonomy_3, count(*) ${rawClicks} AND taxonomy_1 = $4 AND taxonomy_2 = $5 GROUP BY 1`,
      parameters: (p) => [p.programId, last(p, 30).from, last(p, 30).to, p.drill.t1, p.drill.t2],
    },
    budgetMs: 25,
  },
  {
    measure: (p) => `${p.chart.series}-series multi chart (level ${p.chart.prefix.length + 1}), day, 90 days`,
    path: (p) => `performance/chart/multi/${chartPath(p.chart.prefix)}?${range(p, 90)}&interval=day`,
    baseline: {
      sql: (p) =>
        `SELECT taxonomy_${p.chart.prefix.length + 1}, hit_date, count(*) ${rawClicks} ` +
        `${p.chart.prefix.map((_, i) => `AND taxonomy_${i + 1} = $${i + 4}`).join(" ")} GROUP BY 1, 2`,
      parameters: (p) => [p.programId, last(p, 90).from, last(p, 90).to, ...p.chart.prefix],
    },
    budgetMs: 50,
  },
  {
    measure: (p) => `${p.level1Series}-series multi chart (level 1), day, 90 days`,
    path: (p) => `performance/chart/multi/taxonomy_1?${range(p, 90)}&interval=day`,
    baseline: {
      sql: `SELECT taxonomy_1, hit_date, count(*) ${rawClicks} GROUP BY 1, 2`,
      parameters: (p) => [p.programId, last(p, 90).from, last(p, 90).to],
    },
    budgetMs: null,
  },
  {
    measure: () => "search, 30 days",
    path: (p) => `performance/search?${range(p, 30)}&query=${e(p.searchTerm)}`,
    baseline: {
      sql: `SELECT taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4, count(*) ${rawClicks}
        AND (strpos(lower(taxonomy_1), $4) > 0 OR strpos(lower(taxonomy_2), $4) > 0
          OR strpos(lower(taxonomy_3), $4) > 0 OR strpos(lower(taxonomy_4), $4) > 0)
        GROUP BY 1, 2, 3, 4`,
      parameters: (p) => [p.programId, last(p, 30).from, last(p, 30).to, p.searchTerm.toLowerCase()],
    },
    budgetMs: null,
  },
  {
    measure: () => "journeys page 1 x 160, 30 days",
    path: (p) => `performance/touchpoints/journeys?${range(p, 30)}&page=1&per_page=160`,
    // The newest 160 valid orders and their clicks in a 30-day lookback, straight from the raw tables.
    baseline: {
      sql: `WITH page AS (
          SELECT order_id, visitor_id, ts FROM orders
          WHERE program_id = $1 AND order_date BETWEEN $2 AND $3 AND status = 'valid'
          ORDER BY ts DESC, order_id LIMIT 160)
        SELECT p.order_id, count(h.hit_id) FROM page p
        LEFT JOIN hits h ON h.program_id = $1 AND h.visitor_id = p.visitor_id AND h.event_type = 'click'
          AND h.ts BETWEEN p.ts - ${30 * dayMs} AND p.ts
        GROUP BY 1`,
      parameters: (p) => [p.programId, last(p, 30).from, last(p, 30).to],
    },
    budgetMs: null,
  },
  ...journeyCases,
];

/** The budget of each analysis report's level-one call over 90 days. */
const reportBudgetMs = 200;
const levelOneClicks90 = (group: string) => ({
  sql: `SELECT taxonomy_1, ${group}count(*) ${rawClicks} GROUP BY ALL`,
  parameters: (p: Parameters) => [p.programId, last(p, 90).from, last(p, 90).to],
});

/**
 * The level-one call of each analysis report over 90 days (the attribution comparison's
 * table, the channel breakdown's multi chart, diminishing returns, the funnel, funnel
 * trends, and the initiator rating, which makes the funnel's call), budget 200 ms each,
 * beside the raw GROUP BY of the level's clicks (by day or week where the call has periods).
 */
const reportCases: ReadonlyArray<Case> = [
  { measure: () => "attribution comparison level one, 90 days", path: (p) => `performance/table/single/taxonomy_1?${range(p, 90)}&interval=day`, baseline: levelOneClicks90(""), budgetMs: reportBudgetMs },
  { measure: () => "channel breakdown level one, day, 90 days", path: (p) => `performance/chart/multi/taxonomy_1?${range(p, 90)}&interval=day`, baseline: levelOneClicks90("hit_date, "), budgetMs: reportBudgetMs },
  {
    measure: () => "diminishing returns level one, weeks, 90 days",
    path: (p) => `performance/diminishing/multi/taxonomy_1?${range(p, 90)}`,
    baseline: levelOneClicks90("date_trunc('week', hit_date), "),
    budgetMs: reportBudgetMs,
  },
  { measure: () => "funnel level one, 90 days", path: (p) => `performance/funnel/single/taxonomy_1?${range(p, 90)}&interval=day`, baseline: levelOneClicks90(""), budgetMs: reportBudgetMs },
  { measure: () => "funnel trends level one, day, 90 days", path: (p) => `performance/funnel/multi/taxonomy_1?${range(p, 90)}&interval=day`, baseline: levelOneClicks90("hit_date, "), budgetMs: reportBudgetMs },
  { measure: () => "initiator rating level one (the funnel's call), 90 days", path: (p) => `performance/funnel/single/taxonomy_1?${range(p, 90)}&interval=day`, baseline: levelOneClicks90(""), budgetMs: reportBudgetMs },
];

const rowsOf = async (connection: DuckDBConnection, sql: string, parameters: DuckDBValue[] = []) =>
  (await connection.runAndReadAll(sql, parameters)).getRowObjectsJS();

const text = (v: unknown): string => (typeof v === "string" ? v : String(v));

/** Program, range and taxonomy values from the data (the demo user's biggest program). */
const discover = async (c: DuckDBConnection): Promise<Parameters> => {
  const hits = Number((await rowsOf(c, "SELECT count(*) AS n FROM hits"))[0]?.["n"] ?? 0);
  const program = (
    await rowsOf(
      c,
      `SELECT p.id, p.code, count(*) AS n, max(h.hit_date)::VARCHAR AS last_day
       FROM hits h JOIN programs p ON p.id = h.program_id
       JOIN program_members m ON m.program_id = p.id JOIN users u ON u.id = m.user_id AND u.username = 'demo'
       GROUP BY 1, 2 ORDER BY n DESC LIMIT 1`,
    )
  )[0];
  if (!program) throw new Error("the bench database has no hits in a program of the demo user");
  const programId = Number(program["id"]);
  const lastDay = text(program["last_day"]);
  const r30 = [programId, addDays(lastDay, -29), lastDay];
  const r90 = [programId, addDays(lastDay, -89), lastDay];
  const drill = (
    await rowsOf(
      c,
      `SELECT taxonomy_1, taxonomy_2, count(DISTINCT taxonomy_3) AS children, count(*) AS n ${rawClicks}
         AND taxonomy_1 <> 'None' AND taxonomy_2 <> 'None'
       GROUP BY 1, 2 HAVING children >= 2 ORDER BY n DESC LIMIT 1`,
      r30,
    )
  )[0];
  // The parent with at least 5 children closest to 5, biggest first: under a level-1 value if any, else under a level-2 path.
  const parentWithFive = async (level: 1 | 2) =>
    (
      await rowsOf(
        c,
        `SELECT ${level === 1 ? "taxonomy_1" : "taxonomy_1, taxonomy_2"}, count(DISTINCT taxonomy_${level + 1}) AS children,
           count(*) AS n ${rawClicks}
         GROUP BY ALL HAVING children >= 5 ORDER BY children ASC, n DESC LIMIT 1`,
        r90,
      )
    )[0];
  const chartRow = (await parentWithFive(1)) ?? (await parentWithFive(2));
  if (!drill || !chartRow) throw new Error("the bench data has no level-2 value with level-3 children, or no path with 5 children");
  const chart = {
    prefix: chartRow["taxonomy_2"] === undefined ? [text(chartRow["taxonomy_1"])] : [text(chartRow["taxonomy_1"]), text(chartRow["taxonomy_2"])],
    series: Number(chartRow["children"]),
  };
  const level1Series = Number((await rowsOf(c, `SELECT count(DISTINCT taxonomy_1) AS n ${rawClicks}`, r90))[0]?.["n"] ?? 0);
  // The word found in the most distinct taxonomy paths (at least 4 letters, not None).
  const paths = await rowsOf(c, `SELECT DISTINCT taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4 ${rawClicks}`, r30);
  const counts = new Map<string, number>();
  for (const path of paths) {
    const words = new Set(
      [path["taxonomy_1"], path["taxonomy_2"], path["taxonomy_3"], path["taxonomy_4"]]
        .flatMap((v) => text(v).toLowerCase().split(/[^\p{L}\p{N}]+/u))
        .filter((w) => w.length >= 4 && w !== "none"),
    );
    for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  const searchTerm = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "a";
  const r365 = [programId, addDays(lastDay, -364), lastDay];
  const touchesOfYear = "FROM touches WHERE program_id = $1 AND order_date BETWEEN $2 AND $3 AND status = 'valid'";
  const first = (await rowsOf(c, `SELECT taxonomy_1, count(*) AS n ${touchesOfYear} AND touch_index = 1 GROUP BY 1 ORDER BY n DESC, 1 LIMIT 1`, r365))[0];
  const anywhere = first
    ? (
        await rowsOf(
          c,
          `SELECT taxonomy_1, taxonomy_2, count(*) AS n ${touchesOfYear} AND taxonomy_1 <> $4 AND taxonomy_2 <> 'None'
           GROUP BY 1, 2 ORDER BY n DESC, 1, 2 LIMIT 1`,
          [...r365, text(first["taxonomy_1"])],
        )
      )[0]
    : undefined;
  if (!first || !anywhere) throw new Error("the bench data has no journeys in the last 365 days");
  return {
    programId,
    programCode: text(program["code"]),
    hits,
    programHits: Number(program["n"]),
    lastDay,
    drill: { t1: text(drill["taxonomy_1"]), t2: text(drill["taxonomy_2"]) },
    chart,
    level1Series,
    searchTerm,
    journeyFilter: { first: text(first["taxonomy_1"]), anywhere: [text(anywhere["taxonomy_1"]), text(anywhere["taxonomy_2"])] },
  };
};

/** The classification dry run's row: its measure, p95 budget and the raw GROUP BY beside it. */
const previewMeasure = "classification preview (dry run), 30 days";
const previewBudgetMs = 1000;
const previewBaseline = `SELECT taxonomy_1, taxonomy_2, count(*) FROM hits
  WHERE program_id = $1 AND hit_date BETWEEN $2 AND $3 GROUP BY 1, 2`;

/** The values the bench's editing session gives its new rule, one per preview (an edit of a value each time). */
const previewValues = ["google", "bing", "facebook", "goo", "yahoo"];

/**
 * Times POST admin/classification/preview as an admin: the program's saved tree with a new
 * first taxonomy that takes every hit whose source contains "google" (so hits move, the
 * samples fill and later Google rules are shadowed). Two rows: the first preview of an
 * editing session (after `afresh`, which makes the warehouse forget what previews keep, as
 * a write of the program's data does; info), and the next previews of the session, each
 * with the rule's value edited (the figure the budget is checked against: the editor sends
 * a preview on every change, so these are what a person editing waits for).
 */
export const benchClassificationPreview = async (
  app: Hono,
  programCode: string,
  warmups: number,
  runs: number,
  baseline: Timing | undefined,
  afresh: () => Promise<void>,
): Promise<ReadonlyArray<ApiRow>> => {
  const login = await app.request("/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "admin" }),
  });
  if (login.status !== 200) throw new Error(`admin sign-in answered ${login.status}: ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const path = `/api/programs/${e(programCode)}/admin/classification`;
  const loaded = await app.request(path, { headers: { Authorization: `Bearer ${token}` } });
  if (loaded.status !== 200) throw new Error(`${path} answered ${loaded.status}`);
  const { data } = (await loaded.json()) as { data: ReadonlyArray<unknown> };
  const first = {
    id: 990_001,
    title: "Bench Preview",
    joinType: "and",
    rules: [],
    extracts: [],
    execution_order: -1,
    children: [
      {
        id: 990_002,
        title: "Google",
        joinType: "or",
        rules: [{ id: 990_003, field: "source", matchType: "contains", expectedValue: "google" }],
        extracts: [],
        execution_order: 1,
      },
    ],
  };
  let edits = 0;
  const request = () => {
    const value = previewValues[edits++ % previewValues.length];
    const child = { ...first.children[0], rules: [{ id: 990_003, field: "source", matchType: "contains", expectedValue: value }] };
    return app.request(`${path}/preview`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ data: [{ ...first, children: [child] }, ...data] }),
    });
  };
  const answered = async () => {
    const res = await request();
    await res.text();
    if (res.status !== 200) throw new Error(`preview answered ${res.status}`);
  };
  const probe = await request();
  const budget = `p95 ≤ ${previewBudgetMs} ms`;
  const baselineText = baseline ? ms(baseline.p50) : "";
  const firstMeasure = `API ${previewMeasure}, first of an editing session`;
  const nextMeasure = `API ${previewMeasure}, next ones (a value edited)`;
  if (probe.status === 404) return [{ measure: `API ${previewMeasure}`, value: "not built", p95: "", baseline: baselineText, budget, verdict: "info" }];
  if (probe.status !== 200) throw new Error(`preview answered ${probe.status}: ${(await probe.text()).slice(0, 500)}`);
  await probe.text();
  const firstSamples: number[] = [];
  for (let i = 0; i < warmups + Math.min(runs, 10); i++) {
    await afresh();
    const started = performance.now();
    await answered();
    if (i >= warmups) firstSamples.push(performance.now() - started);
  }
  firstSamples.sort((a, b) => a - b);
  const next = await timed(warmups, runs, answered);
  return [
    {
      measure: firstMeasure,
      value: ms(percentile(firstSamples, 50)),
      p95: ms(percentile(firstSamples, 95)),
      baseline: baselineText,
      budget: "",
      verdict: "info",
    },
    {
      measure: nextMeasure,
      value: ms(next.p50),
      p95: ms(next.p95),
      baseline: baselineText,
      budget,
      verdict: next.p95 <= previewBudgetMs ? "within" : "OVER",
    },
  ];
};

/** The raw GROUP BY beside the dry run, timed in phase 1. */
const timePreviewBaseline = (connection: DuckDBConnection, p: Parameters, warmups: number, runs: number): Promise<Timing> =>
  timed(warmups, runs, async () => {
    await rowsOf(connection, previewBaseline, [p.programId, last(p, 30).from, last(p, 30).to]);
  });

/** The saved custom report's view: its measure, budget, the report the set-up saves, and the raw GROUP BY beside it. */
const customViewMeasure = "custom report view (taxonomy_2, two order rules), 90 days";
const customViewBudgetMs = 200;
const customViewReport = {
  name: "Bench returning customers",
  level: "taxonomy_2",
  rules: [
    { field: "status", operator: "!=", value: "cancelled" },
    { field: "customer_type", operator: "=", value: "returning" },
  ],
};
const customViewBaseline = {
  sql: `SELECT taxonomy_1, taxonomy_2, count(*) ${rawClicks} GROUP BY ALL`,
  parameters: (p: Parameters) => [p.programId, last(p, 90).from, last(p, 90).to],
};

/**
 * Times GET reports/{id}/view over 90 days as the demo user: the set-up saves a level-two
 * report with two order rules (POST reports), the runs ask for its table as the view does
 * on every change of dates or program, and the report is deleted afterwards, so the cached
 * data set does not gather bench reports.
 */
export const benchCustomReportView = async (
  app: Hono,
  headers: Readonly<Record<string, string>>,
  p: Parameters,
  warmups: number,
  runs: number,
  baseline: Timing | undefined,
): Promise<ApiRow> => {
  const reports = `/api/programs/${e(p.programCode)}/reports`;
  const measure = `API ${customViewMeasure}`;
  const budget = `p95 ≤ ${customViewBudgetMs} ms`;
  const baselineText = baseline ? ms(baseline.p50) : "";
  const saved = await app.request(reports, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(customViewReport) });
  if (saved.status === 404) return { measure, value: "not built", p95: "", baseline: baselineText, budget, verdict: "info" };
  if (saved.status !== 200) throw new Error(`POST ${reports} answered ${saved.status}: ${(await saved.text()).slice(0, 500)}`);
  const { data } = (await saved.json()) as { data: { id: number } };
  const url = `${reports}/${data.id}/view?${range(p, 90)}`;
  try {
    const timing = await timed(warmups, runs, async () => {
      const res = await app.request(url, { headers });
      await res.text();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    });
    return { measure, value: ms(timing.p50), p95: ms(timing.p95), baseline: baselineText, budget, verdict: timing.p95 <= customViewBudgetMs ? "within" : "OVER" };
  } finally {
    await app.request(`${reports}/${data.id}`, { method: "DELETE", headers });
  }
};

/**
 * Of two engines' rows for the same cases, the engine whose timed calls took less in all
 * (the sum of their p50s over the cases both answered); DuckDB when nothing compares.
 */
export const fasterEngine = (duckdb: ReadonlyArray<ApiRow>, chdb: ReadonlyArray<ApiRow>): BenchEngine => {
  const timings = (rows: ReadonlyArray<ApiRow>) =>
    new Map(rows.flatMap((r) => (/^[\d.]+ ms$/.test(r.value) ? [[r.measure.replace(/^API (\[[^\]]*\] )?/, ""), Number.parseFloat(r.value)] as const] : [])));
  const a = timings(duckdb);
  const b = timings(chdb);
  const shared = [...a.keys()].filter((k) => b.has(k));
  if (shared.length === 0) return "duckdb";
  const sum = (m: Map<string, number>) => shared.reduce((t, k) => t + (m.get(k) ?? 0), 0);
  return sum(b) < sum(a) ? "chdb" : "duckdb";
};

/** Measures the API cases and answers the rows of the runner's table. */
export const benchApi = async (options: ApiBenchOptions): Promise<ReadonlyArray<ApiRow>> => {
  const warmups = options.warmups ?? 3;
  const runs = options.runs ?? 30;
  const cases = options.reportsOnly ? reportCases : options.journeysOnly ? journeyCases : [...performanceCases, ...reportCases];
  const withPreview = !options.reportsOnly && !options.journeysOnly;
  // The saved custom report's view is an analysis report: measured in the full run and with --reports.
  const withCustomView = !options.journeysOnly;
  const engineName = options.engine ?? "duckdb";
  const dataSize = options.size ?? "bench";
  // Measures of the default run keep their names; the others say their engine and size.
  const tag = engineName === "duckdb" && dataSize === "bench" ? "" : `[${dataSize === "bench" ? "10M" : "100M"}, ${engineName === "duckdb" ? "DuckDB" : "ClickHouse chdb"}] `;
  // The DuckDB data set of the size: its parameters and raw GROUP BYs (the ClickHouse set holds the same rows).
  const duckData = await ensureBenchData({ rebuild: options.rebuildData, port: options.port, size: dataSize });
  const data = engineName === "duckdb" ? duckData : await ensureBenchData({ rebuild: options.rebuildData, port: options.port, engine: engineName, size: dataSize });
  const size = `${(data.bytes / 1024 ** 3).toFixed(2)} GiB`;
  const buildTime = data.buildMs === null ? "unknown" : `${(data.buildMs / 1000).toFixed(0)} s`;

  // Phase 1: read-only, the parameters and the raw GROUP BYs (beside DuckDB's API figures only).
  const instance = await DuckDBInstance.create(duckData.database, { access_mode: "READ_ONLY" });
  const connection = await instance.connect();
  let parameters: Parameters;
  const baselines = new Map<string, Timing>();
  try {
    parameters = await discover(connection);
    console.log(
      `\nAPI data set: ${data.database} (${size}), ${parameters.hits.toLocaleString("en")} hits` +
        ` (${data.built ? "built" : "cached; built"} in ${buildTime});` +
        ` program ${parameters.programCode} (${parameters.programHits.toLocaleString("en")} hits), last day ${parameters.lastDay}`,
    );
    console.log(
      `  drill-down ${parameters.drill.t1} / ${parameters.drill.t2}; chart under ${parameters.chart.prefix.join(" / ")} (${parameters.chart.series} series);` +
        ` search "${parameters.searchTerm}"; journeys first ${parameters.journeyFilter.first},` +
        ` anywhere ${parameters.journeyFilter.anywhere.join(" / ")}; ${warmups} warm-ups + ${runs} timed runs each, sequential`,
    );
    for (const c of engineName === "duckdb" ? cases : []) {
      const p = parameters;
      baselines.set(c.measure(p), await timed(warmups, runs, async () => {
        const sql = typeof c.baseline.sql === "string" ? c.baseline.sql : c.baseline.sql(p);
        await rowsOf(connection, sql, c.baseline.parameters(p));
      }));
    }
    if (withPreview && engineName === "duckdb") baselines.set(previewMeasure, await timePreviewBaseline(connection, parameters, warmups, runs));
    if (withCustomView && engineName === "duckdb") {
      const p = parameters;
      baselines.set(customViewMeasure, await timed(warmups, runs, async () => void (await rowsOf(connection, customViewBaseline.sql, customViewBaseline.parameters(p)))));
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }

  // Phase 2: the app over the same file.
  const warehouse =
    engineName === "duckdb"
      ? await openDuckDbWarehouse({ path: data.database, clock: Date.now })
      : await openChdbWarehouse({ path: data.database, clock: Date.now });
  const rows: ApiRow[] = [];
  try {
    const engine = createEngine({ warehouse, clock: Date.now, log: silentLog });
    await engine.materialiseMissing();
    const app = createApp({ warehouse, engine, outbox: new MemoryOutbox(), clock: Date.now, log: silentLog, staticDir: null });
    const login = await app.request("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "demo", password: "demo" }),
    });
    if (login.status !== 200) throw new Error(`demo sign-in answered ${login.status}: ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const headers = { Authorization: `Bearer ${token}` };

    for (const c of cases) {
      const url = `/api/programs/${e(parameters.programCode)}/${c.path(parameters)}`;
      const measure = `API ${tag}${c.measure(parameters)}`;
      const baseline = baselines.get(c.measure(parameters));
      const baselineText = baseline ? ms(baseline.p50) : "";
      const budget = c.budgetMs === null ? "" : `p95 ≤ ${c.budgetMs} ms`;
      const probe = await app.request(url, { headers });
      const probeText = await probe.text();
      if (probe.status === 404) {
        rows.push({ measure, value: "not built", p95: "", baseline: baselineText, budget, verdict: "info" });
        continue;
      }
      if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}: ${probeText.slice(0, 500)}`);
      const timing = await timed(warmups, runs, async () => {
        const res = await app.request(url, { headers });
        await res.text();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      });
      rows.push({
        measure,
        value: ms(timing.p50),
        p95: ms(timing.p95),
        baseline: baselineText,
        budget,
        verdict: c.budgetMs === null ? "info" : timing.p95 <= c.budgetMs ? "within" : "OVER",
      });
    }
    const tagged = (row: ApiRow): ApiRow => ({ ...row, measure: row.measure.replace(/^API /, `API ${tag}`) });
    if (withCustomView) rows.push(tagged(await benchCustomReportView(app, headers, parameters, warmups, runs, baselines.get(customViewMeasure))));
    if (withPreview) {
      // An empty append is a write of raw data: it makes the warehouse forget what previews keep.
      const afresh = () => warehouse.attribution.append({});
      rows.push(...(await benchClassificationPreview(app, parameters.programCode, warmups, runs, baselines.get(previewMeasure), afresh)).map(tagged));
    }
  } finally {
    await warehouse.close();
  }
  rows.push({
    measure: `API ${tag}data set: ${parameters.hits.toLocaleString("en")} hits, ${size}; build time (${dataSize === "bench" ? "DEMO_SCALE=bench" : "DEMO_SCALE ten times bench"}${data.built ? "" : ", cached"})`,
    value: buildTime,
    p95: "",
    baseline: "",
    budget: "",
    verdict: "info",
  });
  return rows;
};

/** The flag with which `npm run bench` asks a child process for its rows as JSON, in the file that follows it. */
export const rowsFileFlag = "--rows-file";

// Run alone: `node --import tsx bench/api.ts [--reports | --journeys] [--chdb] [--hundred]` (the cached data set; --rebuild-data builds it again).
// `npm run bench` runs it so too, one process per engine and size, with --rows-file <path>.
if (isRunDirectly(import.meta.filename)) {
  const rowsFile = process.argv[process.argv.indexOf(rowsFileFlag) + 1];
  benchApi({
    rebuildData: process.argv.includes("--rebuild-data"),
    port: Number(process.env.BENCH_PORT ?? 18_191),
    reportsOnly: process.argv.includes("--reports"),
    journeysOnly: process.argv.includes("--journeys"),
    engine: process.argv.includes("--chdb") ? "chdb" : "duckdb",
    size: process.argv.includes("--hundred") ? "hundred" : "bench",
  })
    .then((rows) => {
      if (process.argv.includes(rowsFileFlag) && rowsFile !== undefined) writeFileSync(rowsFile, JSON.stringify(rows));
      console.log("");
      for (const r of rows) console.log(`${r.measure.padEnd(72)} p50 ${r.value.padStart(10)}  p95 ${r.p95.padStart(10)}  baseline ${r.baseline.padStart(10)}  ${r.budget}  ${r.verdict}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
