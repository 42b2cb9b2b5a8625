import type { AnnotationQueries, AnnotationRecord } from "../annotationQueries";
import { holds, nextId } from "./records";
import { numberOf, textOf, type Row } from "../statements";
import type { ConnectionLine } from "./connectionLine";

const columns = "id, CAST(note_date AS VARCHAR) AS note_date, colour, text";

export const duckDbAnnotationQueries = (line: ConnectionLine): AnnotationQueries => ({
  inRange: (programId, range) =>
    line.exclusive(async (sql) =>
      (range === null
        ? await sql.rows(`SELECT ${columns} FROM annotations WHERE program_id = $1 ORDER BY note_date, id`, [programId])
        : await sql.rows(
            `SELECT ${columns} FROM annotations
             WHERE program_id = $1 AND note_date BETWEEN CAST($2 AS DATE) AND CAST($3 AS DATE)
             ORDER BY note_date, id`,
            [programId, range.from, range.to],
          )
      ).map(annotationFrom),
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

  remove: (programId, id) =>
    line.transaction(async (sql) => {
      if (!(await holds(sql, "annotations", programId, id))) return false;
      await sql.run("DELETE FROM annotations WHERE program_id = $1 AND id = $2", [programId, id]);
      return true;
    }),
});

const annotationFrom = (row: Row): AnnotationRecord => ({
  id: numberOf(row["id"]),
  date: textOf(row["note_date"]),
  colour: textOf(row["colour"]),
  text: textOf(row["text"]),
});
