import { randomBytes } from "node:crypto";
import { NONE, type MatchType } from "../../../src/domain/classification/classification";
import { planRules, type ClassificationPlan } from "../classificationPlan";
import type { ClassificationPreviewRows, PreviewOutcome, PreviewSampleRow } from "../classificationQueries";
import { nullableTextOf, numberOf, textOf, Placeholders, type Row, type SqlEngine, type Statements } from "../statements";
import { branchCondition, branchIndexSql, branchOutputsSql, hitColumns, ruleSql } from "./classificationSql";

/**
 * The classification dry run on DuckDB (docs/engine.md, "Classification preview"): the
 * draft plan compiled by the same SQL as the classification that stores
 * (classificationSql.ts: branchIndexSql, branchOutputsSql, ruleSql, branchCondition),
 * run without writing anything. As in classification, the rules run once per distinct
 * combination of the columns they read, not once per hit:
 * 1. one scan of the window's hits groups them by that combination and their stored
 *    level-1/level-2 pair: the hits, the group's 20 newest ids, and the window's valid
 *    orders whose last click (touches) is one of them; the last clicks before the window
 *    (a few hundred) are grouped likewise through a join; orders without a click are read
 *    from touches apart;
 * 2. each distinct combination (a few hundred rows) gets its branch, the draft's pair, and
 *    a bit per rule and per branch;
 * 3. the figures are the groups joined to their combination (2 and 3 are one statement);
 *    the samples are the newest changed hits among the groups' newest ids, read by id.
 * A column that only presence tests read (exists, not exists, empty, not empty) enters the
 * combination as null, '' or 'x', which those tests answer exactly as for its value, so
 * long values (landing URLs, cost links) do not multiply the combinations.
 * Step 1 (and the window's bounds, the clickless orders and the samples read) does not
 * depend on the draft's values, only on the columns its rules read: it is done once per
 * program window, data generation and set of columns, and kept for the next previews
 * (`PreviewMemo`).
 *
 * On ClickHouse (docs/engine.md, "ClickHouse") the same statements run but for a few
 * fragments (`dialects`): a kept grouping is a MergeTree table named per process and
 * dropped as on DuckDB (a TEMP table does not outlive its statement there), the group's
 * newest ids come from groupArraySorted, and the reads are not wrapped in one snapshot
 * (ClickHouse has none; a write moves the program's data generation, so the next preview
 * reads afresh anyway).
 */

const groupsTable = "classification_preview_groups";

/** What differs between the engines in the dry run's statements. */
const dialects: Readonly<
  Record<
    SqlEngine,
    {
      /** Creates `table` holding the rows of `select`, for as long as the memo keeps it. */
      readonly createTable: (table: string, select: string) => string;
      /** The ids of the group's newest hits, up to the count in parameter `limit`, newest first. */
      readonly newestIds: (limit: string) => string;
      /** No newest ids (the last clicks before the window). */
      readonly noIds: string;
      /** The day before the UTC day of `ms` (epoch milliseconds), as 'YYYY-MM-DD'. */
      readonly dayBeforeUtc: (ms: string) => string;
      /** Whether `work` can run in one read transaction. */
      readonly snapshots: boolean;
    }
  >
> = {
  duckdb: {
    createTable: (table, select) => `CREATE TEMP TABLE ${table} AS ${select}`,
    newestIds: (limit) => `max_by(h.hit_id, h.ts, CAST(${limit} AS INTEGER))`,
    noIds: "NULL",
    dayBeforeUtc: (ms) => `CAST(CAST(epoch_ms(${ms}) AS DATE) - 1 AS VARCHAR)`,
    snapshots: true,
  },
  clickhouse: {
    createTable: (table, select) => `CREATE TABLE ${table} ENGINE = MergeTree ORDER BY tuple() AS ${select}`,
    // Newest first, the smaller id first on a tie.
    newestIds: (limit) => `arrayMap(n -> n.2, groupArraySorted(${limit})((-h.ts, h.hit_id)))`,
    noIds: "[]",
    dayBeforeUtc: (ms) => `toString(toDate(fromUnixTimestamp64Milli(${ms}, 'UTC')) - 1)`,
    snapshots: false,
  },
};

const presenceOnly: ReadonlyArray<MatchType> = ["exists", "not exists", "empty", "not empty"];

/** The hits column a rule reads ('event_type is' reads the event type whatever its field). */
const columnOf = (matchType: MatchType, field: keyof typeof hitColumns): string =>
  matchType === "event_type is" ? hitColumns.event_type : hitColumns[field];

/** Each column the plan's rules read, with the expression that keys it (the value, or its presence class). */
export const previewKeys = (plan: ClassificationPlan): ReadonlyArray<{ readonly column: string; readonly key: (table: string) => string }> => {
  const tests = new Map<string, MatchType[]>();
  for (const rule of planRules(plan)) {
    const column = columnOf(rule.matchType, rule.field);
    tests.set(column, [...(tests.get(column) ?? []), rule.matchType]);
  }
  return [...tests.entries()].map(([column, matchTypes]) => ({
    column,
    key: matchTypes.every((m) => presenceOnly.includes(m))
      ? (table: string) => `CASE WHEN ${table}${column} IS NULL THEN NULL WHEN ${table}${column} = '' THEN '' ELSE 'x' END`
      : (table: string) => `${table}${column}`,
  }));
};

const bits = (conditions: ReadonlyArray<string>): string =>
  conditions.length === 0 ? "''" : `concat(${conditions.map((c) => `CASE WHEN ${c} THEN '1' ELSE '0' END`).join(", ")})`;

/** The stored level of a hit or touch, 'None' where it is empty. */
const stored = (column: string): string => `coalesce(nullif(${column}, ''), '${NONE}')`;

const outcomeOf = (row: Row): PreviewOutcome => ({
  branch: numberOf(row["branch"]),
  ruleBits: textOf(row["rule_bits"]),
  branchBits: textOf(row["branch_bits"]),
});

const sampledFields = ["source", "medium", "campaign", "content", "term", "referrer", "landing_url", "publisher_id", "cost_link"] as const;

/** Ids from a DuckDB list or ClickHouse array value (DuckDB's BIGINTs come as bigint). */
const idsOf = (value: unknown): ReadonlyArray<number> => (Array.isArray(value) ? value.map((v) => Number(v)) : []);

/** The window's draft-independent reads, remembered between previews (see `PreviewMemo`). */
interface RememberedWindow {
  readonly programId: number;
  readonly generation: string;
  readonly window: { readonly from: string; readonly to: string } | null;
  readonly clickless: ReadonlyArray<Row>;
  /** Tables of the window's hits grouped, by the keys they are grouped by (the least recently used first). */
  readonly groups: Map<string, string>;
  /** Sampled hits read by id. */
  readonly samples: Map<number, Row>;
}

/** At most this many groupings are kept per program window, and this many program windows. */
export const rememberedGroupings = 8;
export const rememberedWindows = 8;

/**
 * What the dry run keeps between previews on its own connection (the editor sends one on
 * every change): per program, window length and sample limit, the window's bounds, the
 * orders without a click, the hits grouped by each set of rule columns asked for (a
 * table) and the sampled hits read. None of it depends on the draft's values,
 * only on which columns its rules read and how; a draft that reads the same columns is
 * classified over the kept groups (a few thousand rows) instead of the window's hits. It
 * is kept under the program's data generation (warehouse/dataGenerations.ts), so a write
 * to the program's hits, touches or classification makes the next preview read afresh, and
 * the next preview of any program drops the tables of every window whose generation moved.
 */
export const createPreviewMemo = (generationOf: (programId: number) => string) => ({
  generationOf,
  windows: new Map<string, RememberedWindow>(),
  tables: 0,
  /** Names this memo's tables apart from another server's on the same ClickHouse database. */
  tablePrefix: `${groupsTable}_${randomBytes(6).toString("hex")}`,
});
export type PreviewMemo = ReturnType<typeof createPreviewMemo>;

const dropGroups = async (sql: Statements, remembered: RememberedWindow): Promise<void> => {
  for (const table of remembered.groups.values()) await sql.run(`DROP TABLE IF EXISTS ${table}`);
};

/**
 * Drops every grouping `memo` keeps and forgets them: on ClickHouse they are tables of the
 * database, which outlive the server that made them unless it drops them when it closes.
 */
export const forgetPreviews = async (sql: Statements, memo: PreviewMemo): Promise<void> => {
  const windows = [...memo.windows.values()];
  memo.windows.clear();
  for (const remembered of windows) await dropGroups(sql, remembered);
};

/** The days of the window: `days` days ending on the program's latest hit day, null without hits. */
const readWindow = async (sql: Statements, programId: number, days: number) => {
  const window = (
    await sql.rows(
      `SELECT CAST(max(hit_date) - CAST($2 AS INTEGER) + 1 AS VARCHAR) AS first_day, CAST(max(hit_date) AS VARCHAR) AS last_day
       FROM hits WHERE program_id = $1`,
      [programId, days],
    )
  )[0];
  const to = nullableTextOf(window?.["last_day"]);
  return to === null ? null : { from: textOf(window?.["first_day"]), to };
};

const lastClicksOf = `FROM touches WHERE program_id = $1 AND order_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)
    AND status = 'valid' AND touch_index = touch_count`;

/** The window's valid orders without a click, by their stored pair. */
const readClickless = (sql: Statements, window3: ReadonlyArray<number | string>): Promise<ReadonlyArray<Row>> =>
  sql.rows(
    `SELECT ${stored("taxonomy_1")} AS taxonomy_1, ${stored("taxonomy_2")} AS taxonomy_2, count(*) AS orders
     ${lastClicksOf} AND hit_id IS NULL GROUP BY ALL`,
    [...window3],
  );

type PreviewKey = ReturnType<typeof previewKeys>[number];

/** Creates `table`: the window's hits (and the last clicks before it) grouped by `keys` and their stored pair. */
const groupHits = async (
  sql: Statements,
  table: string,
  keys: ReadonlyArray<PreviewKey>,
  window3: ReadonlyArray<number | string>,
  from: string,
  sampleLimit: number,
): Promise<void> => {
  const dialect = dialects[sql.engine];
  const keyed = (prefix: string) => keys.map((k) => `${k.key(prefix)} AS ${k.column}`).join(", ");
  const clicks = `SELECT hit_id, count(*) AS orders ${lastClicksOf} AND hit_id IS NOT NULL GROUP BY hit_id`;
  await sql.run(
    dialect.createTable(
      table,
      `SELECT ${keyed("h.")}, ${stored("h.taxonomy_1")} AS taxonomy_1, ${stored("h.taxonomy_2")} AS taxonomy_2,
         count(*) AS hits, coalesce(sum(c.orders), 0) AS orders, ${dialect.newestIds("$4")} AS newest
       FROM hits h LEFT JOIN (${clicks}) c ON c.hit_id = h.hit_id
       WHERE h.program_id = $1 AND h.hit_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)
       GROUP BY ALL`,
    ),
    [...window3, sampleLimit],
  );
  // Last clicks before the window. The bounds only narrow the scan (row groups outside them are skipped): the
  // smallest of their ids, and a day before the oldest one's UTC day (the program's calendar may lag UTC).
  const bounds = (
    await sql.rows(
      `SELECT min(hit_id) AS first_id, ${dialect.dayBeforeUtc("min(ts)")} AS first_day
       ${lastClicksOf} AND hit_id IS NOT NULL`,
      [...window3],
    )
  )[0];
  const firstDay = nullableTextOf(bounds?.["first_day"]);
  if (firstDay !== null && firstDay < from) {
    await sql.run(
      `INSERT INTO ${table}
       SELECT ${keyed("h.")}, ${stored("h.taxonomy_1")}, ${stored("h.taxonomy_2")}, 0, sum(c.orders), ${dialect.noIds}
       FROM (${clicks}) c JOIN hits h ON h.program_id = $1 AND h.hit_id = c.hit_id
       WHERE h.hit_date BETWEEN CAST($4 AS DATE) AND CAST($2 AS DATE) - 1 AND h.hit_id >= CAST($5 AS BIGINT)
       GROUP BY ALL`,
      [...window3, firstDay, numberOf(bounds?.["first_id"])],
    );
  }
};

/** `work` in one read transaction where the engine has them: its statements see one snapshot of committed data. */
const inOneSnapshot = async <T>(sql: Statements, work: () => Promise<T>): Promise<T> => {
  if (!dialects[sql.engine].snapshots) return work();
  await sql.run("BEGIN TRANSACTION");
  try {
    const result = await work();
    await sql.run("COMMIT");
    return result;
  } catch (error) {
    await sql.run("ROLLBACK").catch(() => undefined);
    throw error;
  }
};

/** The program window remembered under its current generation, read afresh (and older ones dropped) when there is none. */
const rememberedWindow = async (
  sql: Statements,
  memo: PreviewMemo,
  programId: number,
  days: number,
  sampleLimit: number,
): Promise<RememberedWindow> => {
  const name = `${programId}|${days}|${sampleLimit}`;
  const generation = memo.generationOf(programId);
  for (const [other, remembered] of [...memo.windows]) {
    if (remembered.generation === memo.generationOf(remembered.programId)) continue;
    memo.windows.delete(other);
    await dropGroups(sql, remembered);
  }
  const known = memo.windows.get(name);
  if (known) {
    memo.windows.delete(name);
    memo.windows.set(name, known);
    return known;
  }
  const fresh: RememberedWindow = await inOneSnapshot(sql, async () => {
    const window = await readWindow(sql, programId, days);
    const clickless = window === null ? [] : await readClickless(sql, [programId, window.from, window.to]);
    return { programId, generation, window, clickless, groups: new Map(), samples: new Map() };
  });
  memo.windows.set(name, fresh);
  for (const [oldest, stale] of memo.windows) {
    if (memo.windows.size <= rememberedWindows) break;
    memo.windows.delete(oldest);
    await dropGroups(sql, stale);
  }
  return fresh;
};

/** The remembered window's hits grouped by `keys`, grouped now when they are not yet. */
const rememberedGroups = async (
  sql: Statements,
  memo: PreviewMemo,
  remembered: RememberedWindow,
  keys: ReadonlyArray<PreviewKey>,
  window3: ReadonlyArray<number | string>,
  from: string,
  sampleLimit: number,
): Promise<string> => {
  const name = keys.map((k) => `${k.column}=${k.key("h.")}`).join(";");
  const known = remembered.groups.get(name);
  if (known) {
    remembered.groups.delete(name);
    remembered.groups.set(name, known);
    return known;
  }
  memo.tables += 1;
  const table = `${memo.tablePrefix}_${memo.tables}`;
  try {
    await inOneSnapshot(sql, () => groupHits(sql, table, keys, window3, from, sampleLimit));
  } catch (error) {
    // On ClickHouse a table made before the failure stays: it is not kept, so it goes.
    await sql.run(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
    throw error;
  }
  remembered.groups.set(name, table);
  for (const [oldest, stale] of remembered.groups) {
    if (remembered.groups.size <= rememberedGroupings) break;
    remembered.groups.delete(oldest);
    await sql.run(`DROP TABLE IF EXISTS ${stale}`);
  }
  return table;
};

/** The dry run of `plan`, the window's draft-independent reads taken from (or kept in) `memo`. */
export const previewClassification = async (
  sql: Statements,
  programId: number,
  plan: ClassificationPlan,
  days: number,
  sampleLimit: number,
  memo: PreviewMemo,
): Promise<ClassificationPreviewRows | null> => {
  const remembered = await rememberedWindow(sql, memo, programId, days, sampleLimit);
  const window = remembered.window;
  if (window === null) return null;
  const { from, to } = window;
  const window3 = [programId, from, to];

  // With no rule the key is a constant: every hit classifies to branch 0.
  const ruleKeys = previewKeys(plan);
  const keys = ruleKeys.length > 0 ? ruleKeys : [{ column: "no_rule", key: () => "0" }];
  const keyList = keys.map((k) => k.column).join(", ");
  const joined = (table: string) => keys.map((k) => `${table}.${k.column} IS NOT DISTINCT FROM k.${k.column}`).join(" AND ");

  const groups = await rememberedGroups(sql, memo, remembered, keys, window3, from, sampleLimit);
  const clickless = remembered.clickless;

  // Each distinct combination is classified once (a few hundred rows), then joined to its groups.
  const p = new Placeholders();
  const rules = planRules(plan);
  const outputs = branchOutputsSql(plan, "branch", p);
  const hitGroups = await sql.rows(
    `SELECT g.taxonomy_1 AS taxonomy_1, g.taxonomy_2 AS taxonomy_2, k.branch AS branch, k.rule_bits AS rule_bits,
       k.branch_bits AS branch_bits, k.after_1 AS after_1, k.after_2 AS after_2, g.hits AS hits, g.orders AS orders,
       g.newest AS newest
     FROM ${groups} g JOIN (
       SELECT ${keyList}, branch, ${outputs.taxonomy_1} AS after_1, ${outputs.taxonomy_2} AS after_2, rule_bits, branch_bits
       FROM (
         SELECT ${keyList}, ${branchIndexSql(plan, p, sql.engine)} AS branch,
           ${bits(rules.map((r) => ruleSql(r, p, sql.engine)))} AS rule_bits,
           ${bits(plan.branches.map((b) => branchCondition(b, p, sql.engine)))} AS branch_bits
         FROM (SELECT DISTINCT ${keyList} FROM ${groups}) combinations
       ) classified
     ) k ON ${joined("g")}`,
    p.values,
  );

  // Samples: the changed groups' newest ids, read by id (they cluster in the last days), then the newest per draft pair.
  const candidates = new Map<number, { readonly group: Row; readonly pair: string }>();
  for (const group of hitGroups) {
    const before = [textOf(group["taxonomy_1"]), textOf(group["taxonomy_2"])];
    const after = [textOf(group["after_1"]), textOf(group["after_2"])];
    if (before[0] === after[0] && before[1] === after[1]) continue;
    for (const id of idsOf(group["newest"])) candidates.set(id, { group, pair: JSON.stringify(after) });
  }
  const ids = [...candidates.keys()];
  const known = remembered.samples;
  const unread = ids.filter((id) => !known.has(id));
  const fresh =
    unread.length === 0
      ? []
      : await sql.rows(
          `SELECT hit_id, ts, CAST(hit_date AS VARCHAR) AS day, event_type, ${sampledFields.join(", ")}
           FROM hits
           WHERE program_id = $1 AND hit_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)
             AND hit_id >= CAST($4 AS BIGINT) AND hit_id IN (${unread.map((id) => String(Math.trunc(id))).join(", ")})`,
          [...window3, Math.min(...unread)],
        );
  for (const row of fresh) known.set(numberOf(row["hit_id"]), row);
  const read = ids.flatMap((id): Row[] => {
    const row = known.get(id);
    return row ? [row] : [];
  });
  const newestFirst = [...read].sort((a, b) => numberOf(b["ts"]) - numberOf(a["ts"]) || numberOf(a["hit_id"]) - numberOf(b["hit_id"]));
  const taken = new Map<string, number>();
  const samples: PreviewSampleRow[] = [];
  for (const row of newestFirst) {
    const candidate = candidates.get(numberOf(row["hit_id"]));
    if (!candidate || (taken.get(candidate.pair) ?? 0) >= sampleLimit) continue;
    taken.set(candidate.pair, (taken.get(candidate.pair) ?? 0) + 1);
    samples.push({
      hitId: numberOf(row["hit_id"]),
      date: textOf(row["day"]),
      fields: {
        ...(Object.fromEntries(sampledFields.map((f) => [f, nullableTextOf(row[f])])) as Record<(typeof sampledFields)[number], string | null>),
        event_type: textOf(row["event_type"]),
      },
      taxonomy1: textOf(candidate.group["taxonomy_1"]),
      taxonomy2: textOf(candidate.group["taxonomy_2"]),
      ...outcomeOf(candidate.group),
    });
  }

  return {
    from,
    to,
    hits: hitGroups.map((r) => ({
      taxonomy1: textOf(r["taxonomy_1"]),
      taxonomy2: textOf(r["taxonomy_2"]),
      ...outcomeOf(r),
      hits: numberOf(r["hits"]),
    })),
    orders: [
      ...hitGroups.map((r) => ({
        taxonomy1: textOf(r["taxonomy_1"]),
        taxonomy2: textOf(r["taxonomy_2"]),
        outcome: outcomeOf(r),
        orders: numberOf(r["orders"]),
      })),
      ...clickless.map((r) => ({
        taxonomy1: textOf(r["taxonomy_1"]),
        taxonomy2: textOf(r["taxonomy_2"]),
        outcome: null,
        orders: numberOf(r["orders"]),
      })),
    ].filter((group) => group.orders > 0),
    samples,
  };
};
