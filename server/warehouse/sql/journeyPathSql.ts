import { taxonomyLevels } from "../../../src/domain/report/taxonomyLevels";
import { taxonomyDepths } from "./factSql";
import type { SqlEngine } from "../statements";

/**
 * The per-order journey paths the journeys call reads (docs/engine.md, "Journey paths"),
 * written from the touches whenever they are (every attribution rebuild, and once by the
 * migration that added them, for the touches already there):
 *
 * - journey_touchpoints: each distinct taxonomy prefix of a program's touches at each
 *   level 1..4 (taxonomy_1..level, deeper levels ''), numbered from 1 within the program;
 * - journey_paths: one row per order with its instant, amount, attributes, journey length,
 *   its place among the program's orders in each sort of the call (`date_rank`: by ts, then
 *   order id; `length_rank`: by journey length, then order id) and, per level k, `path_k`:
 *   the numbers of its touches' level-k prefixes, oldest first.
 *
 * A filter touchpoint naming k levels matches a touch exactly when the touch's level-k
 * prefix equals those k values, that is when `path_k[i]` is the number of that prefix, so
 * the filter is a few integer list operations per order instead of a pass over the touches.
 *
 * `program` is the placeholder of the one program a rebuild writes; null (the migration
 * that added the tables) writes every program's. The caller deletes the program's old rows.
 * `engine` picks the dialect of the list functions (INTEGER[] on DuckDB, Array(Int32) on ClickHouse).
 */
/**
 * An order's touches gathered as steps led by touch_index and sorted, and the level-k list of
 * them: DuckDB's struct list and lambda, ClickHouse's tuple array (CAST to Int32: the numbers
 * come from row_number) and arrayMap; both sort a step by its first field, the touch index.
 */
const stepsSql: Readonly<Record<SqlEngine, { readonly gathered: string; readonly level: (level: number) => string }>> = {
  duckdb: {
    gathered: `list_sort(list(struct_pack(i := t.touch_index, ${taxonomyDepths.map((level) => `p${level} := n.p${level}`).join(", ")})), 'ASC')`,
    level: (level) => `list_transform(steps, lambda step: step.p${level})`,
  },
  clickhouse: {
    gathered: `arraySort(groupArray(tuple(t.touch_index, ${taxonomyDepths.map((level) => `CAST(n.p${level} AS Int32)`).join(", ")})))`,
    level: (level) => `arrayMap(step -> step.${level + 1}, steps)`,
  },
};

export const journeyPathStatements = (program: string | null, engine: SqlEngine = "duckdb"): ReadonlyArray<string> => {
  const where = (alias: string) => (program === null ? "TRUE" : `${alias}program_id = ${program}`);
  const prefixes = taxonomyDepths
    .map(
      (level) =>
        `SELECT DISTINCT program_id, ${level} AS level, ${taxonomyLevels.map((c, i) => (i < level ? c : "''")).join(", ")}
         FROM touches WHERE ${where("")}`,
    )
    .join("\n       UNION ALL ");
  // Each full path of the program's touches with the numbers of its four prefixes (a few thousand rows at most).
  const numbered = `SELECT f.program_id AS program_id, ${taxonomyLevels.map((c) => `f.${c} AS ${c}`).join(", ")},
       ${taxonomyDepths
         .slice(0, -1)
         .map((level) => `p${level}.touchpoint AS p${level}`)
         .join(", ")}, f.touchpoint AS p${taxonomyLevels.length}
     FROM journey_touchpoints f
       ${taxonomyDepths
         .slice(0, -1)
         .map(
           (level) =>
             `JOIN journey_touchpoints p${level} ON p${level}.program_id = f.program_id AND p${level}.level = ${level} ${taxonomyLevels
               .slice(0, level)
               .map((c) => `AND p${level}.${c} = f.${c}`)
               .join(" ")}`,
         )
         .join("\n       ")}
     WHERE ${where("f.")} AND f.level = ${taxonomyLevels.length}`;
  // The order's own columns are the same on each of its touches (any_value). Its touches are gathered as structs
  // led by touch_index and sorted (one list sort instead of an ordered aggregate per level, several times faster),
  // then split into one list per level.
  const orderColumns = ["order_date", "amount", "status", "customer_type", "payment", "touch_count"];
  return [
    `INSERT INTO journey_touchpoints (program_id, level, ${taxonomyLevels.join(", ")}, touchpoint)
     SELECT program_id, level, t1, t2, t3, t4,
       row_number() OVER (PARTITION BY program_id ORDER BY level, t1, t2, t3, t4)
     FROM (${prefixes}) prefixes (program_id, level, t1, t2, t3, t4)`,
    `INSERT INTO journey_paths (program_id, order_id, order_date, ts, amount, status, customer_type, payment, touch_count,
       date_rank, length_rank, ${taxonomyDepths.map((level) => `path_${level}`).join(", ")})
     SELECT program_id, order_id, order_date, ts, amount, status, customer_type, payment, touch_count,
       row_number() OVER (PARTITION BY program_id ORDER BY ts, order_id),
       row_number() OVER (PARTITION BY program_id ORDER BY touch_count, order_id),
       ${taxonomyDepths.map((level) => stepsSql[engine].level(level)).join(", ")}
     FROM (
       SELECT t.program_id AS program_id, t.order_id AS order_id, any_value(o.ts) AS ts,
         ${orderColumns.map((c) => `any_value(t.${c}) AS ${c}`).join(", ")},
         ${stepsSql[engine].gathered} AS steps
       FROM touches t
         JOIN orders o ON o.program_id = t.program_id AND o.order_id = t.order_id
         JOIN (${numbered}) n ON n.program_id = t.program_id ${taxonomyLevels.map((c) => `AND n.${c} = t.${c}`).join(" ")}
       WHERE ${where("t.")}
       GROUP BY t.program_id, t.order_id
     ) paths
     ORDER BY program_id, order_date`,
  ];
};
