import type { AnnotationQueries, AnnotationRecord } from "../annotationQueries";
import { nextId, removeAuthoredRecord, rowsInRange, type RangedList } from "./records";
import { nullableNumberOf, numberOf, textOf, type Row, type StatementLine } from "../statements";

const notes: RangedList = {
  select: "SELECT id, CAST(note_date AS VARCHAR) AS note_date, colour, text, created_by FROM annotations",
  overlaps: "note_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)",
  orderBy: "note_date, id",
};

export const sqlAnnotationQueries = (line: StatementLine): AnnotationQueries => ({
  inRange: (programId, range) =>
    line.exclusive(async (sql) =>
      (await rowsInRange(sql, notes, programId, range)).map(annotationFrom),
    ),

  add: (programId, v, createdBy, at) =>
    line.transaction(async (sql) => {
      const id = await nextId(sql, "annotations");
      await sql.run(
        `INSERT INTO annotations (id, program_id, note_date, colour, text, created_by, created_at)
         VALUES ($1, $2, CAST($3 AS DATE), $4, $5, $6, $7)`,
        [id, programId, v.date, v.colour, v.text, createdBy, at],
      );
      return id;
    }),

  remove: (programId, id, actor) => line.transaction((sql) => removeAuthoredRecord(sql, "annotations", programId, id, actor)),
});

const annotationFrom = (row: Row): AnnotationRecord => ({
  id: numberOf(row["id"]),
  date: textOf(row["note_date"]),
  colour: textOf(row["colour"]),
  text: textOf(row["text"]),
  createdBy: nullableNumberOf(row["created_by"]),
});
