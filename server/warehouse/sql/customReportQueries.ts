import type { CustomReportQueries, CustomReportRecord, CustomReportValues } from "../customReportQueries";
import { nextId, removeAuthoredRecord } from "./records";
import { numberOf, textOf, type Row, type Statements, type StatementLine } from "../statements";
import { createOnce } from "./idempotencyKeys";

const columns = "id, name, level, rules, meta";

export const sqlCustomReportQueries = (line: StatementLine): CustomReportQueries => ({
  list: (programId) =>
    line.exclusive(async (sql) =>
      (await sql.rows(`SELECT ${columns} FROM custom_reports WHERE program_id = $1 ORDER BY id`, [programId])).map(reportFrom),
    ),

  find: (programId, id) =>
    line.exclusive(async (sql) => {
      const row = (await sql.rows(`SELECT ${columns} FROM custom_reports WHERE program_id = $1 AND id = $2`, [programId, id]))[0];
      return row ? reportFrom(row) : null;
    }),

  add: (programId, values, createdBy, at) => line.transaction((sql) => insertReport(sql, programId, values, createdBy, at)),

  addOnce: (programId, values, claim) =>
    line.transaction((sql) => createOnce(sql, programId, claim, () => insertReport(sql, programId, values, claim.userId, claim.at))),

  remove: (programId, id, actor) => line.transaction((sql) => removeAuthoredRecord(sql, "custom_reports", programId, id, actor)),

  countBy: (programId, userId) =>
    line.exclusive(async (sql) =>
      numberOf((await sql.rows("SELECT count(*) AS n FROM custom_reports WHERE program_id = $1 AND created_by = $2", [programId, userId]))[0]?.["n"]),
    ),

  dataSets: (programId) =>
    line.exclusive(async (sql) =>
      (
        await sql.rows("SELECT id, data_set_tag, field, operator, value FROM data_sets WHERE program_id = $1 ORDER BY id", [
          programId,
        ])
      ).map((row) => ({
        id: numberOf(row["id"]),
        data_set_tag: textOf(row["data_set_tag"]),
        field: textOf(row["field"]),
        operator: textOf(row["operator"]),
        value: textOf(row["value"]),
      })),
    ),
});

const insertReport = async (sql: Statements, programId: number, v: CustomReportValues, createdBy: number, at: number): Promise<number> => {
  const id = await nextId(sql, "custom_reports");
  await sql.run(
    "INSERT INTO custom_reports (id, program_id, name, level, rules, meta, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    [id, programId, v.name, v.level, v.rules, v.meta, createdBy, at],
  );
  return id;
};

const reportFrom = (row: Row): CustomReportRecord => ({
  id: numberOf(row["id"]),
  name: textOf(row["name"]),
  level: textOf(row["level"]),
  rules: textOf(row["rules"]),
  meta: textOf(row["meta"]),
});
