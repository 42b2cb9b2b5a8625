import type { ClassificationQueries } from "../classificationQueries";
import { textOf } from "../statements";
import type { ConnectionLine } from "./connectionLine";

export const duckDbClassificationQueries = (line: ConnectionLine): ClassificationQueries => ({
  find: (programId) =>
    line.exclusive(async (sql) => {
      const row = (await sql.rows("SELECT tree FROM classifications WHERE program_id = $1", [programId]))[0];
      return row ? textOf(row["tree"]) : null;
    }),

  save: (programId, tree, at) =>
    line.transaction(async (sql) => {
      await sql.run("DELETE FROM classifications WHERE program_id = $1", [programId]);
      await sql.run("INSERT INTO classifications (program_id, tree, saved_at) VALUES ($1, $2, $3)", [programId, tree, at]);
    }),
});
