import { Schema } from "effect";
import { Frequency } from "../../../src/domain/spend/costs";
import type { CostQueries, FixedCostRecord, FixedCostValues, VariableCostRecord, VariableCostValues } from "../costQueries";
import { nextId, removeRecord, rowsInRange, type RangedList } from "./records";
import { numberOf, nullableTextOf, textOf, type Row, type Statements, type StatementLine } from "../statements";
import { createOnce, storedKeysOf } from "./idempotencyKeys";
import { audit, type AuditBy } from "../auditQueries";

const isFrequency = Schema.is(Frequency);

const fixedColumns = `id, taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4, cost,
  CAST(start_date AS VARCHAR) AS start_date, CAST(end_date AS VARCHAR) AS end_date, frequency, original_frequency,
  coalesce(version, 1) AS version`;

/** Configurations overlapping the range (a single one on its start date). */
const fixedList: RangedList = {
  select: `SELECT ${fixedColumns} FROM fixed_costs`,
  overlaps: "start_date <= CAST($3 AS DATE) AND coalesce(end_date, start_date) >= CAST($2 AS DATE)",
  orderBy: "id DESC",
};

const variableList: RangedList = {
  select: "SELECT id, taxonomy_1, cost, CAST(cost_date AS VARCHAR) AS cost_date, cost_link FROM variable_costs",
  overlaps: "cost_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)",
  orderBy: "id DESC",
};

/**
 * Each spend write marks the program's cost facts due in its own transaction (markCostsDue);
 * the engine's refresh rewrites them and clears the mark in one transaction, so after a crash
 * the marks name every program whose facts may lag its stored spend.
 */
export const sqlCostQueries = (line: StatementLine): CostQueries => ({
  fixedInRange: (programId, range) =>
    line.exclusive(async (sql) =>
      (await rowsInRange(sql, fixedList, programId, range)).map(fixedCostFrom),
    ),

  findFixed: (programId, id) =>
    line.exclusive(async (sql) => {
      const row = (await sql.rows(`SELECT ${fixedColumns} FROM fixed_costs WHERE program_id = $1 AND id = $2`, [programId, id]))[0];
      return row ? fixedCostFrom(row) : null;
    }),

  addFixed: (programId, values, at, by) => line.transaction((sql) => insertFixed(sql, programId, values, at, by)),

  addFixedOnce: (programId, values, claim, by) =>
    line.transaction((sql) => createOnce(sql, programId, claim, () => insertFixed(sql, programId, values, claim.at, by))),

  // The version is compared and bumped in the edit's transaction (a turn of the line on ClickHouse), so of two edits
  // from one version only the first is stored.
  updateFixed: (programId, id, v, basedOn, by) =>
    line.transaction(async (sql) => {
      const row = (await sql.rows("SELECT coalesce(version, 1) AS version FROM fixed_costs WHERE program_id = $1 AND id = $2", [programId, id]))[0];
      if (!row) return { outcome: "notFound" as const };
      const stored = numberOf(row["version"]);
      if (stored !== basedOn) return { outcome: "stale" as const, version: stored };
      const before = by ? await spendState(sql, "fixed_costs", programId, id) : null;
      await sql.run(
        `UPDATE fixed_costs SET taxonomy_1 = $3, taxonomy_2 = $4, taxonomy_3 = $5, taxonomy_4 = $6, cost = $7,
           start_date = CAST($8 AS DATE), end_date = CAST($9 AS DATE), frequency = $10, original_frequency = $11, version = $12
         WHERE program_id = $1 AND id = $2`,
        [programId, id, v.taxonomy_1, v.taxonomy_2, v.taxonomy_3, v.taxonomy_4, v.cost, v.start_date, v.end_date, v.frequency, v.original_frequency, stored + 1],
      );
      await markCostsDue(sql, programId);
      if (by) await auditSpend(sql, by, programId, id, "changed", before, await spendState(sql, "fixed_costs", programId, id));
      return { outcome: "updated" as const, version: stored + 1 };
    }),

  removeFixed: (programId, id, by) => line.transaction((sql) => removeSpend(sql, "fixed_costs", programId, id, by)),

  variableInRange: (programId, range) =>
    line.exclusive(async (sql) =>
      (await rowsInRange(sql, variableList, programId, range)).map(variableCostFrom),
    ),

  addVariable: (programId, values, by) => line.transaction((sql) => insertVariable(sql, programId, values, by)),

  addVariableOnce: (programId, values, claim, by) =>
    line.transaction((sql) => createOnce(sql, programId, claim, () => insertVariable(sql, programId, values, by))),

  removeVariable: (programId, id, by) => line.transaction((sql) => removeSpend(sql, "variable_costs", programId, id, by)),

  storedKeys: (programId, userId, route, keys, at) => line.exclusive((sql) => storedKeysOf(sql, { programId, userId, route }, keys, at)),

  programsWithCostsDue: () =>
    line.exclusive(async (sql) =>
      (await sql.rows("SELECT program_id FROM cost_refreshes_due ORDER BY program_id")).map((r) => numberOf(r["program_id"])),
    ),
});

/**
 * Marks the program's cost facts due for a refresh, in the caller's transaction. In a burst
 * the mark is there already for every write but the first, and looking costs a third of an
 * insert that finds it (ON CONFLICT), so the insert runs only when it is missing.
 */
export const markCostsDue = async (sql: Statements, programId: number): Promise<void> => {
  const marked = await sql.rows("SELECT program_id FROM cost_refreshes_due WHERE program_id = $1", [programId]);
  if (marked.length === 0) await sql.run("INSERT INTO cost_refreshes_due (program_id) VALUES ($1)", [programId]);
};

/**
 * Adds a configuration and marks the program's cost facts due, in the caller's transaction;
 * answers the new id (`nextId`).
 */
const insertFixed = (sql: Statements, programId: number, v: FixedCostValues, at: number, by?: AuditBy): Promise<number> =>
  insertSpend(sql, programId, by, "fixed_costs", {
    columns: "program_id, taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4, cost, start_date, end_date, frequency, original_frequency, created_at",
    values: "$1, $2, $3, $4, $5, $6, CAST($7 AS DATE), CAST($8 AS DATE), $9, $10, $11",
  }, [programId, v.taxonomy_1, v.taxonomy_2, v.taxonomy_3, v.taxonomy_4, v.cost, v.start_date, v.end_date, v.frequency, v.original_frequency, at]);

/** Adds a variable row and marks the program's cost facts due, in the caller's transaction; answers the new id (drawn as for a configuration). */
const insertVariable = (sql: Statements, programId: number, v: VariableCostValues, by?: AuditBy): Promise<number> =>
  insertSpend(sql, programId, by, "variable_costs", {
    columns: "program_id, taxonomy_1, cost, cost_date, cost_link",
    values: "$1, $2, $3, CAST($4 AS DATE), $5",
  }, [programId, v.taxonomy_1, v.cost, v.date, v.cost_link]);

/**
 * Inserts one spend row under the next id (`nextId`: never one given before, even after a
 * delete), marks the program's cost facts due and answers the id, in the caller's
 * transaction. The mark is written before the row: ClickHouse has no transactions, and a
 * mark with no new row only costs a refresh.
 */
const insertSpend = async (
  sql: Statements,
  programId: number,
  by: AuditBy | undefined,
  table: SpendTable,
  row: { readonly columns: string; readonly values: string },
  values: ReadonlyArray<string | number | null>,
): Promise<number> => {
  const id = await nextId(sql, table);
  await markCostsDue(sql, programId);
  await sql.run(`INSERT INTO ${table} (${row.columns}, id) VALUES (${row.values}, $${values.length + 1})`, [...values, id]);
  if (by) await auditSpend(sql, by, programId, id, "created", null, await spendState(sql, table, programId, id));
  return id;
};

type SpendTable = "fixed_costs" | "variable_costs";

/** What the audit trail keeps of a spend row: its fields as the lists show them, and which list. */
const spendState = async (sql: Statements, table: SpendTable, programId: number, id: number): Promise<Record<string, unknown> | null> => {
  const select = table === "fixed_costs" ? `SELECT ${fixedColumns} FROM fixed_costs` : variableList.select;
  const row = (await sql.rows(`${select} WHERE program_id = $1 AND id = $2`, [programId, id]))[0];
  if (!row) return null;
  return table === "fixed_costs" ? { spend: "fixed", ...fixedCostFrom(row) } : { spend: "variable", ...variableCostFrom(row) };
};

const auditSpend = (
  sql: Statements,
  by: AuditBy,
  programId: number,
  id: number,
  action: "created" | "changed" | "removed",
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) => audit(sql, { by, kind: "spend", programId, object: id, action, before, after });

/** Removes a spend record and, when there was one, marks the program's cost facts due. */
const removeSpend = async (sql: Statements, table: SpendTable, programId: number, id: number, by?: AuditBy): Promise<boolean> => {
  const before = by ? await spendState(sql, table, programId, id) : null;
  const removed = await removeRecord(sql, table, programId, id);
  if (removed) await markCostsDue(sql, programId);
  if (removed && by) await auditSpend(sql, by, programId, id, "removed", before, null);
  return removed;
};

const frequencyOf = (value: unknown): Frequency => (isFrequency(value) ? value : "daily");

const fixedCostFrom = (row: Row): FixedCostRecord => {
  const frequency = frequencyOf(row["frequency"]);
  return {
    id: numberOf(row["id"]),
    taxonomy_1: textOf(row["taxonomy_1"]),
    taxonomy_2: textOf(row["taxonomy_2"]),
    taxonomy_3: textOf(row["taxonomy_3"]),
    taxonomy_4: textOf(row["taxonomy_4"]),
    cost: numberOf(row["cost"]),
    start_date: textOf(row["start_date"]),
    end_date: frequency === "single" ? null : nullableTextOf(row["end_date"]),
    frequency,
    original_frequency: isFrequency(row["original_frequency"]) ? row["original_frequency"] : frequency,
    version: numberOf(row["version"]),
  };
};

const variableCostFrom = (row: Row): VariableCostRecord => ({
  id: numberOf(row["id"]),
  taxonomy_1: textOf(row["taxonomy_1"]),
  cost: numberOf(row["cost"]),
  date: textOf(row["cost_date"]),
  cost_link: textOf(row["cost_link"]),
});
