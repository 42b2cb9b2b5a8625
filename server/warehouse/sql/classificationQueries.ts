import type { ClassificationQueries } from "../classificationQueries";
import { audit } from "../auditQueries";
import { numberOf, textOf, type StatementLine } from "../statements";
import { previewClassification, type PreviewMemo } from "./classificationPreviewQueries";

/**
 * The saved trees on `line`, one row per program (the newest version is read: a save on
 * ClickHouse, which has no transactions, writes the new row before it deletes the old one,
 * so a failure between the two leaves a row too many that the next save removes, never
 * none); the dry run on `previews`, a read connection of its own (a preview reads for a
 * second or more when nothing is remembered, and must not hold up writes and reports
 * meanwhile), keeping its draft-independent reads in `memo`.
 */
export const sqlClassificationQueries = (line: StatementLine, previews: StatementLine, memo: PreviewMemo): ClassificationQueries => ({
  find: (programId) =>
    line.exclusive(async (sql) => {
      const row = (
        await sql.rows(
          "SELECT tree, coalesce(version, 1) AS version FROM classifications WHERE program_id = $1 ORDER BY coalesce(version, 1) DESC LIMIT 1",
          [programId],
        )
      )[0];
      return row ? { tree: textOf(row["tree"]), version: numberOf(row["version"]) } : null;
    }),

  save: (programId, tree, at, basedOn, by) =>
    line.transaction(async (sql) => {
      const row = (
        await sql.rows("SELECT max(coalesce(version, 1)) AS version FROM classifications WHERE program_id = $1", [programId])
      )[0];
      const stored = row?.["version"] === null || row?.["version"] === undefined ? 0 : numberOf(row["version"]);
      if (basedOn !== undefined && basedOn !== stored) return { saved: false, version: stored };
      // The line's before is the tree this save replaces (read before it goes).
      const replaced =
        by && stored > 0
          ? (await sql.rows("SELECT tree FROM classifications WHERE program_id = $1 AND coalesce(version, 1) = $2 LIMIT 1", [programId, stored]))[0]
          : undefined;
      const insert = () =>
        sql.run("INSERT INTO classifications (program_id, tree, saved_at, version) VALUES ($1, $2, $3, $4)", [programId, tree, at, stored + 1]);
      if (sql.engine === "duckdb") {
        // One transaction; the program is the table's primary key, so the old row goes first.
        await sql.run("DELETE FROM classifications WHERE program_id = $1", [programId]);
        await insert();
      } else {
        await insert();
        await sql.run("DELETE FROM classifications WHERE program_id = $1 AND coalesce(version, 1) <> $2", [programId, stored + 1]);
      }
      if (by)
        await audit(sql, {
          by,
          kind: "classification",
          programId,
          object: programId,
          action: "saved",
          before: stored === 0 ? null : replaced ? treeState(stored, textOf(replaced["tree"])) : { version: stored },
          after: treeState(stored + 1, tree),
        });
      return { saved: true, version: stored + 1 };
    }),

  preview: (programId, plan, days, sampleLimit) =>
    previews.exclusive((sql) => previewClassification(sql, programId, plan, days, sampleLimit, memo)),
});

/** Characters of a tree an audit line keeps whole; a longer one is kept by its size. */
const treeKeptWhole = 3_000;

/** What the audit trail keeps of a saved tree: its version, and the tree itself while it is short. */
const treeState = (version: number, tree: string) => {
  if (tree.length > treeKeptWhole) return { version, characters: tree.length };
  try {
    return { version, tree: JSON.parse(tree) as unknown };
  } catch {
    return { version, characters: tree.length };
  }
};
