import { NONE } from "../../../src/domain/classification/classification";
import { planRules, type ClassificationPlan } from "../classificationPlan";
import type { ClassificationPreviewRows, PreviewOutcome } from "../classificationQueries";
import { nullableTextOf, numberOf, textOf, Placeholders, type Row, type Statements } from "../statements";
import { branchCondition, branchIndexSql, branchOutputsSql, ruleColumns, ruleSql } from "./classificationSql";

/**
 * The classification dry run on DuckDB (docs/engine.md, "Classification preview"): the
 * draft plan compiled by the same SQL as the classification that stores
 * (classificationSql.ts), run over the program's hits of the window without writing
 * them. As in classification, each distinct combination of the columns the rules read is
 * classified once, into a temporary table of its branch, the draft's level-1/level-2
 * titles and a bit per rule and per branch; the hits of the window are then grouped by
 * their stored pair and their combination's outcome, so every figure of the answer is a
 * sum over a few hundred rows. The window's orders are read through their last click's
 * hit; samples are the newest changed hits per draft pair.
 */

const keysTable = "classification_preview_keys";

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

export const previewClassification = async (
  sql: Statements,
  programId: number,
  plan: ClassificationPlan,
  days: number,
  sampleLimit: number,
): Promise<ClassificationPreviewRows | null> => {
  const window = (
    await sql.rows(
      `SELECT CAST(max(hit_date) - CAST($2 AS INTEGER) + 1 AS VARCHAR) AS first_day, CAST(max(hit_date) AS VARCHAR) AS last_day
       FROM hits WHERE program_id = $1`,
      [programId, days],
    )
  )[0];
  const to = nullableTextOf(window?.["last_day"]);
  if (to === null) return null;
  const from = textOf(window?.["first_day"]);

  // With no rule the key is any one column: every combination classifies to branch 0.
  const ruleKeys = ruleColumns(plan);
  const keys = ruleKeys.length > 0 ? ruleKeys : ["event_type"];
  const keyList = keys.join(", ");
  const joined = (table: string) => keys.map((k) => `${table}.${k} IS NOT DISTINCT FROM k.${k}`).join(" AND ");
  const inWindow = (table: string) => `${table}.program_id = $1 AND ${table}.hit_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)`;
  const lastClicks = `SELECT hit_id FROM touches
    WHERE program_id = $1 AND order_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE) AND status = 'valid'
      AND touch_index = touch_count AND hit_id IS NOT NULL`;

  const p = new Placeholders();
  for (const value of [programId, from, to]) p.add(value);
  const rules = planRules(plan);
  const outputs = branchOutputsSql(plan, "branch", p);
  await sql.run(`DROP TABLE IF EXISTS ${keysTable}`);
  await sql.run(
    `CREATE TEMP TABLE ${keysTable} AS
     SELECT ${keyList}, branch, ${outputs.taxonomy_1} AS after_1, ${outputs.taxonomy_2} AS after_2, rule_bits, branch_bits
     FROM (
       SELECT ${keyList}, ${branchIndexSql(plan, p)} AS branch,
         ${bits(rules.map((r) => ruleSql(r, p)))} AS rule_bits,
         ${bits(plan.branches.map((b) => branchCondition(b, p)))} AS branch_bits
       FROM (
         SELECT ${keyList} FROM hits h WHERE ${inWindow("h")}
         UNION
         SELECT ${keyList} FROM hits h WHERE h.program_id = $1 AND h.hit_id IN (${lastClicks})
       ) combinations
     ) classified`,
    p.values,
  );
  try {
    const window3 = [programId, from, to];
    const hits = await sql.rows(
      `SELECT ${stored("h.taxonomy_1")} AS taxonomy_1, ${stored("h.taxonomy_2")} AS taxonomy_2,
         k.branch, k.rule_bits, k.branch_bits, count(*) AS hits
       FROM hits h JOIN ${keysTable} k ON ${joined("h")}
       WHERE ${inWindow("h")}
       GROUP BY ALL`,
      window3,
    );
    const orders = await sql.rows(
      `SELECT ${stored("t.taxonomy_1")} AS taxonomy_1, ${stored("t.taxonomy_2")} AS taxonomy_2,
         k.branch, k.rule_bits, k.branch_bits, count(*) AS orders
       FROM touches t
       LEFT JOIN hits h ON h.program_id = $1 AND h.hit_id = t.hit_id
       LEFT JOIN ${keysTable} k ON h.hit_id IS NOT NULL AND ${joined("h")}
       WHERE t.program_id = $1 AND t.order_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE) AND t.status = 'valid'
         AND t.touch_index = t.touch_count
       GROUP BY ALL`,
      window3,
    );
    const samples = await sql.rows(
      `SELECT hit_id, CAST(hit_date AS VARCHAR) AS day, event_type, ${sampledFields.join(", ")}, taxonomy_1, taxonomy_2,
         branch, rule_bits, branch_bits
       FROM (
         SELECT h.hit_id, h.hit_date, h.ts, h.event_type, ${sampledFields.map((f) => `h.${f}`).join(", ")},
           ${stored("h.taxonomy_1")} AS taxonomy_1, ${stored("h.taxonomy_2")} AS taxonomy_2,
           k.branch, k.rule_bits, k.branch_bits, k.after_1, k.after_2
         FROM hits h JOIN ${keysTable} k ON ${joined("h")}
         WHERE ${inWindow("h")}
           AND (${stored("h.taxonomy_1")} <> k.after_1 OR ${stored("h.taxonomy_2")} <> k.after_2)
       ) changed
       QUALIFY row_number() OVER (PARTITION BY after_1, after_2 ORDER BY ts DESC, hit_id) <= CAST($4 AS INTEGER)
       ORDER BY after_1, after_2, ts DESC, hit_id`,
      [...window3, sampleLimit],
    );
    return {
      from,
      to,
      hits: hits.map((r) => ({
        taxonomy1: textOf(r["taxonomy_1"]),
        taxonomy2: textOf(r["taxonomy_2"]),
        ...outcomeOf(r),
        hits: numberOf(r["hits"]),
      })),
      orders: orders.map((r) => ({
        taxonomy1: textOf(r["taxonomy_1"]),
        taxonomy2: textOf(r["taxonomy_2"]),
        outcome: r["branch"] === null || r["branch"] === undefined ? null : outcomeOf(r),
        orders: numberOf(r["orders"]),
      })),
      samples: samples.map((r) => ({
        hitId: numberOf(r["hit_id"]),
        date: textOf(r["day"]),
        fields: {
          ...(Object.fromEntries(sampledFields.map((f) => [f, nullableTextOf(r[f])])) as Record<(typeof sampledFields)[number], string | null>),
          event_type: textOf(r["event_type"]),
        },
        taxonomy1: textOf(r["taxonomy_1"]),
        taxonomy2: textOf(r["taxonomy_2"]),
        ...outcomeOf(r),
      })),
    };
  } finally {
    await sql.run(`DROP TABLE IF EXISTS ${keysTable}`);
  }
};
