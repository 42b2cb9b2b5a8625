import type { DateRange } from "../../../src/domain/report/dateRange";
import { mayChange, type Actor, type Removal } from "../../../src/domain/access/authorship";
import { nullableNumberOf, numberOf, type Row, type Statements } from "../statements";

/** The configuration tables whose rows carry an integer id drawn by the server. */
type RecordTable =
  | "fixed_costs"
  | "variable_costs"
  | "annotations"
  | "seasonality_types"
  | "column_sets"
  | "custom_reports"
  | "users"
  | "invitations";

/**
 * The next id of a table, never one given before: one more than the largest ever drawn
 * for it (`id_draws`, which only grows: a delete never gives an id back) or held by it (so
 * ids planted by the demo data or drawn before the ledger existed never collide). The id
 * is recorded as drawn before it is answered. Run inside the caller's transaction; the
 * connection line serialises writers, so no two draw the same id. Portable SQL (no
 * sequences, no upsert: ClickHouse has neither in a form both engines share).
 */
export const nextId = async (sql: Statements, table: RecordTable): Promise<number> => {
  const drawn = await sql.rows(
    `SELECT greatest(
       coalesce((SELECT max(id) FROM id_draws WHERE table_name = $1), 0),
       coalesce((SELECT max(id) FROM ${table}), 0)
     ) + 1 AS id`,
    [table],
  );
  const id = numberOf(drawn[0]?.["id"]);
  await sql.run("INSERT INTO id_draws (table_name, id) VALUES ($1, $2)", [table, id]);
  return id;
};

/** Whether a program holds a row with that id in the table. */
export const holds = async (
  sql: Statements,
  table: Exclude<RecordTable, "column_sets" | "users" | "invitations">,
  programId: number,
  id: number,
): Promise<boolean> =>
  numberOf((await sql.rows(`SELECT count(*) AS n FROM ${table} WHERE program_id = $1 AND id = $2`, [programId, id]))[0]?.["n"]) > 0;

/**
 * Deletes a program's row (and, first, the rows of `dependents` that point at it through
 * their `column`) in the caller's transaction; false when the program holds no such row.
 */
export const removeRecord = async (
  sql: Statements,
  table: Exclude<RecordTable, "column_sets" | "users" | "invitations">,
  programId: number,
  id: number,
  dependents: ReadonlyArray<{ readonly table: string; readonly column: string }> = [],
): Promise<boolean> => {
  if (!(await holds(sql, table, programId, id))) return false;
  for (const dependent of dependents) {
    await sql.run(`DELETE FROM ${dependent.table} WHERE program_id = $1 AND ${dependent.column} = $2`, [programId, id]);
  }
  await sql.run(`DELETE FROM ${table} WHERE program_id = $1 AND id = $2`, [programId, id]);
  return true;
};

/**
 * Deletes a program's shared object (and its `dependents`) when the actor is its author or
 * an admin, in the caller's transaction (src/domain/access/authorship.ts).
 */
export const removeAuthoredRecord = async (
  sql: Statements,
  table: "annotations" | "seasonality_types" | "custom_reports",
  programId: number,
  id: number,
  actor: Actor,
  dependents: ReadonlyArray<{ readonly table: string; readonly column: string }> = [],
): Promise<Removal> => {
  const row = (await sql.rows(`SELECT created_by FROM ${table} WHERE program_id = $1 AND id = $2`, [programId, id]))[0];
  if (!row) return "notFound";
  if (!mayChange(actor, nullableNumberOf(row["created_by"]))) return "notAuthor";
  await removeRecord(sql, table, programId, id, dependents);
  return "removed";
};

/** A program's rows of a list call: all of them, or those `overlaps` keeps when a range is given. */
export interface RangedList {
  /** `SELECT ... FROM table`. */
  readonly select: string;
  /** A condition over the range's first day ($2) and last day ($3). */
  readonly overlaps: string;
  readonly orderBy: string;
}

export const rowsInRange = (sql: Statements, list: RangedList, programId: number, range: DateRange | null): Promise<ReadonlyArray<Row>> =>
  range === null
    ? sql.rows(`${list.select} WHERE program_id = $1 ORDER BY ${list.orderBy}`, [programId])
    : sql.rows(`${list.select} WHERE program_id = $1 AND ${list.overlaps} ORDER BY ${list.orderBy}`, [programId, range.from, range.to]);
