import type { ColumnSetQueries, ColumnSetRecord } from "../columnSetQueries";
import { nextId } from "./records";
import { numberOf, textOf, type Row, type Statements, type StatementLine } from "../statements";

const owns = async (sql: Statements, userId: number, id: number): Promise<boolean> =>
  numberOf((await sql.rows("SELECT count(*) AS n FROM column_sets WHERE user_id = $1 AND id = $2", [userId, id]))[0]?.["n"]) > 0;

export const sqlColumnSetQueries = (line: StatementLine): ColumnSetQueries => ({
  ofUser: (userId) =>
    line.exclusive(async (sql) => {
      const sets = (await sql.rows("SELECT id, name, columns FROM column_sets WHERE user_id = $1 ORDER BY id", [userId])).map(
        columnSetFrom,
      );
      const favourite = (await sql.rows("SELECT column_set_id FROM column_set_favourites WHERE user_id = $1", [userId]))[0];
      return { sets, favourite: favourite ? numberOf(favourite["column_set_id"]) : 0 };
    }),

  add: (userId, name, columns, at) =>
    line.transaction(async (sql) => {
      const taken = await sql.rows("SELECT count(*) AS n FROM column_sets WHERE user_id = $1 AND lower(trim(name)) = $2", [
        userId,
        name.trim().toLowerCase(),
      ]);
      if (numberOf(taken[0]?.["n"]) > 0) return "duplicate" as const;
      const id = await nextId(sql, "column_sets");
      await sql.run("INSERT INTO column_sets (id, user_id, name, columns, created_at) VALUES ($1, $2, $3, $4, $5)", [
        id,
        userId,
        name.trim(),
        JSON.stringify(columns),
        at,
      ]);
      return id;
    }),

  remove: (userId, id) =>
    line.transaction(async (sql) => {
      if (!(await owns(sql, userId, id))) return false;
      await sql.run("DELETE FROM column_sets WHERE user_id = $1 AND id = $2", [userId, id]);
      await sql.run("DELETE FROM column_set_favourites WHERE user_id = $1 AND column_set_id = $2", [userId, id]);
      return true;
    }),

  setFavourite: (userId, id) =>
    line.transaction(async (sql) => {
      if (id !== 0 && !(await owns(sql, userId, id))) return false;
      await sql.run("DELETE FROM column_set_favourites WHERE user_id = $1", [userId]);
      if (id !== 0) await sql.run("INSERT INTO column_set_favourites (user_id, column_set_id) VALUES ($1, $2)", [userId, id]);
      return true;
    }),
});

const columnsFrom = (text: string): ReadonlyArray<string> => {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((c): c is string => typeof c === "string") : [];
  } catch {
    return [];
  }
};

const columnSetFrom = (row: Row): ColumnSetRecord => ({
  id: numberOf(row["id"]),
  name: textOf(row["name"]),
  columns: columnsFrom(textOf(row["columns"])),
});
