import { holds, nextId, removeAuthoredRecord, rowsInRange, type RangedList } from "./records";
import { numberOf, textOf, type StatementLine } from "../statements";
import type { SeasonalityQueries } from "../seasonalityQueries";

/** Tagged weeks overlapping the range. */
const weekTags: RangedList = {
  select: "SELECT seasonality_type_id, CAST(week_start AS VARCHAR) AS week FROM seasonality_tags",
  overlaps: "week_start <= CAST($3 AS DATE) AND week_start + INTERVAL 6 DAY >= CAST($2 AS DATE)",
  orderBy: "week_start",
};

export const sqlSeasonalityQueries = (line: StatementLine): SeasonalityQueries => ({
  typesWithWeeks: (programId, range) =>
    line.exclusive(async (sql) => {
      const types = await sql.rows("SELECT id, name FROM seasonality_types WHERE program_id = $1 ORDER BY id", [programId]);
      const tags = await rowsInRange(sql, weekTags, programId, range);
      const weeksByType = new Map<number, string[]>();
      for (const tag of tags) {
        const typeId = numberOf(tag["seasonality_type_id"]);
        const weeks = weeksByType.get(typeId) ?? [];
        weeks.push(textOf(tag["week"]));
        weeksByType.set(typeId, weeks);
      }
      return types.map((row) => {
        const id = numberOf(row["id"]);
        return { id, name: textOf(row["name"]), weeks: weeksByType.get(id) ?? [] };
      });
    }),

  addType: (programId, name, createdBy) =>
    line.transaction(async (sql) => {
      const taken = await sql.rows(
        "SELECT count(*) AS n FROM seasonality_types WHERE program_id = $1 AND lower(trim(name)) = $2",
        [programId, name.trim().toLowerCase()],
      );
      if (numberOf(taken[0]?.["n"]) > 0) return "duplicate" as const;
      const id = await nextId(sql, "seasonality_types");
      await sql.run("INSERT INTO seasonality_types (id, program_id, name, created_by) VALUES ($1, $2, $3, $4)", [id, programId, name.trim(), createdBy]);
      return id;
    }),

  removeType: (programId, id, actor) =>
    line.transaction((sql) =>
      removeAuthoredRecord(sql, "seasonality_types", programId, id, actor, [{ table: "seasonality_tags", column: "seasonality_type_id" }]),
    ),

  tagWeek: (programId, week, typeId) =>
    line.transaction(async (sql) => {
      if (!(await holds(sql, "seasonality_types", programId, typeId))) return false;
      await sql.run("DELETE FROM seasonality_tags WHERE program_id = $1 AND week_start = CAST($2 AS DATE)", [programId, week]);
      await sql.run(
        "INSERT INTO seasonality_tags (program_id, week_start, seasonality_type_id) VALUES ($1, CAST($2 AS DATE), $3)",
        [programId, week, typeId],
      );
      return true;
    }),

  untagWeek: (programId, week) =>
    line.exclusive((sql) =>
      sql.run("DELETE FROM seasonality_tags WHERE program_id = $1 AND week_start = CAST($2 AS DATE)", [programId, week]),
    ),
});
