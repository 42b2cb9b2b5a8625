import type { IngestionHealthQueries } from "../ingestionHealthQueries";
import { nullableNumberOf, numberOf, textOf, type StatementLine } from "../statements";

/**
 * Ingestion health on DuckDB (docs/engine.md, "Ingestion health"): the day's rows of
 * ingestion_tallies, the latest accepted arrivals (tallies keep each day's latest), and
 * the marks of ingestion_due with their time (a mark written before migration 10 has none
 * and is dated by its event's arrival in collected_events).
 */
export const sqlIngestionHealthQueries = (line: StatementLine): IngestionHealthQueries => ({
  health: (programId, day) =>
    line.exclusive(async (sql) => {
      const tallies = await sql.rows(
        `SELECT kind, outcome, rows, last_at FROM ingestion_tallies
         WHERE program_id = $1 AND day = CAST($2 AS DATE) ORDER BY kind, outcome`,
        [programId, day],
      );
      const lasts = await sql.rows(
        `SELECT kind, max(last_at) AS last_at FROM ingestion_tallies
         WHERE program_id = $1 AND outcome = 'accepted' AND rows > 0 GROUP BY kind`,
        [programId],
      );
      const pending = (
        await sql.rows(
          `SELECT count(*) AS n, min(coalesce(d.marked_at, c.received_at)) AS oldest
           FROM ingestion_due d
           LEFT JOIN collected_events c ON c.program_id = d.program_id AND c.hit_id = d.hit_id
           WHERE d.program_id = $1`,
          [programId],
        )
      )[0];
      const lastOf = (kind: string): number | null => {
        const row = lasts.find((r) => r["kind"] === kind);
        return row ? nullableNumberOf(row["last_at"]) : null;
      };
      return {
        tallies: tallies.map((row) => ({
          kind: textOf(row["kind"]),
          outcome: textOf(row["outcome"]),
          rows: numberOf(row["rows"]),
          lastAt: numberOf(row["last_at"]),
        })),
        lastEventAt: lastOf("event"),
        lastOrderAt: lastOf("order"),
        pending: numberOf(pending?.["n"] ?? 0),
        oldestPendingAt: nullableNumberOf(pending?.["oldest"]),
      };
    }),
});
