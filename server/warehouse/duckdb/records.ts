import { numberOf, type Statements } from "../statements";

/** The configuration tables whose rows carry an integer id drawn by the server. */
type RecordTable = "fixed_costs" | "variable_costs" | "annotations" | "seasonality_types" | "column_sets" | "custom_reports";

/**
 * The next id of a table: one more than the largest (so ids planted by the demo data
 * never collide). Run inside the caller's transaction; the connection line serialises
 * writers, so no two draw the same id. Portable SQL (no sequences).
 */
export const nextId = async (sql: Statements, table: RecordTable): Promise<number> =>
  numberOf((await sql.rows(`SELECT coalesce(max(id), 0) + 1 AS id FROM ${table}`))[0]?.["id"]);

/** Whether a program holds a row with that id in the table. */
export const holds = async (
  sql: Statements,
  table: Exclude<RecordTable, "column_sets">,
  programId: number,
  id: number,
): Promise<boolean> =>
  numberOf((await sql.rows(`SELECT count(*) AS n FROM ${table} WHERE program_id = $1 AND id = $2`, [programId, id]))[0]?.["n"]) > 0;
