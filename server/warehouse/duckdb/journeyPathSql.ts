import { taxonomyLevels } from "../../../src/domain/report/taxonomyLevels";
import { taxonomyDepths } from "./factSql";

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
 * Dialect note: INTEGER[] and list() are Array(Int32) and groupArray there.
 */
export const journeyPathStatements = (program: string | null): ReadonlyArray<string> => {
  const where = (alias: string) => (program === null ? "TRUE" : `${alias}program_id = ${program}`);
  const prefixes = taxonomyDepths
    .map(
      (level) =>
        `SELECT DISTINCT program_id, ${level} AS level, ${taxonomyLevels.map((c, i) => (i < level ? c : "''")).join(", ")}
         FROM touches WHERE ${where("")}`,
    )
    .join("\n       UNION ALL ");
  const joins = taxonomyDepths
    .map(
      (level) =>
        `JOIN journey_touchpoints p${level} ON p${level}.program_id = t.program_id AND p${level}.level = ${level}
           ${taxonomyLevels
             .slice(0, level)
             .map((c) => `AND p${level}.${c} = t.${c}`)
             .join(" ")}`,
    )
    .join("\n       ");
  return [
    `INSERT INTO journey_touchpoints (program_id, level, ${taxonomyLevels.join(", ")}, touchpoint)
     SELECT program_id, level, t1, t2, t3, t4,
       row_number() OVER (PARTITION BY program_id ORDER BY level, t1, t2, t3, t4)
     FROM (${prefixes}) prefixes (program_id, level, t1, t2, t3, t4)`,
    `INSERT INTO journey_paths (program_id, order_id, order_date, ts, amount, status, customer_type, payment, touch_count,
       date_rank, length_rank, ${taxonomyDepths.map((level) => `path_${level}`).join(", ")})
     SELECT t.program_id, t.order_id, t.order_date, o.ts, t.amount, t.status, t.customer_type, t.payment, t.touch_count,
       row_number() OVER (PARTITION BY t.program_id ORDER BY o.ts, t.order_id),
       row_number() OVER (PARTITION BY t.program_id ORDER BY t.touch_count, t.order_id),
       ${taxonomyDepths.map((level) => `list(p${level}.touchpoint ORDER BY t.touch_index)`).join(", ")}
     FROM touches t
       JOIN orders o ON o.program_id = t.program_id AND o.order_id = t.order_id
       ${joins}
     WHERE ${where("t.")}
     GROUP BY t.program_id, t.order_id, t.order_date, o.ts, t.amount, t.status, t.customer_type, t.payment, t.touch_count
     ORDER BY t.program_id, t.order_date, o.ts, t.order_id`,
  ];
};
