import { refusalReasons, type RefusalReason } from "../../src/domain/ingestion/collection";
import type { IngestedKind, IngestionHealth, RefusedToday } from "../../src/domain/ingestion/ingestionHealth";
import type { Program } from "../../src/domain/shell/program";
import { dayInZone, programTimeZone } from "../../src/domain/shell/timeZone";
import type { IngestionHealthRecord } from "../warehouse/ingestionHealthQueries";
import type { TalliedKind } from "../warehouse/ingestionQueries";

/**
 * The ingestion health answer (docs/engine.md, "Ingestion health") from the warehouse's
 * record at `now`: the day's accepted and duplicate rows per kind, refused rows per kind
 * and reason (most first), the latest arrivals, and the processing lag (the oldest
 * pending mark's age, 0 when nothing is pending).
 */
export const ingestionHealthOf = (record: IngestionHealthRecord, day: string, now: number): IngestionHealth["data"] => {
  const rowsOf = (kind: TalliedKind, outcome: string): number =>
    record.tallies.filter((t) => t.kind === kind && t.outcome === outcome).reduce((sum, t) => sum + t.rows, 0);
  const isReason = (outcome: string): outcome is RefusalReason => (refusalReasons as ReadonlyArray<string>).includes(outcome);
  const isKind = (kind: string): kind is IngestedKind => kind === "event" || kind === "order";
  const refused: RefusedToday[] = record.tallies
    .flatMap((t) => (isKind(t.kind) && isReason(t.outcome) && t.rows > 0 ? [{ kind: t.kind, reason: t.outcome, rows: t.rows }] : []))
    .sort((a, b) => b.rows - a.rows || a.kind.localeCompare(b.kind) || a.reason.localeCompare(b.reason));
  return {
    at: now,
    day,
    events: { accepted: rowsOf("event", "accepted"), duplicates: rowsOf("event", "duplicate") },
    orders: { accepted: rowsOf("order", "accepted"), duplicates: rowsOf("order", "duplicate") },
    custom_events: { accepted: rowsOf("track", "accepted"), duplicates: rowsOf("track", "duplicate") },
    identifies: { accepted: rowsOf("identify", "accepted"), duplicates: rowsOf("identify", "duplicate") },
    refused,
    last_event_at: record.lastEventAt,
    last_order_at: record.lastOrderAt,
    pending: record.pending,
    lag_ms: record.pending === 0 || record.oldestPendingAt === null ? 0 : Math.max(0, now - record.oldestPendingAt),
  };
};

/** Today in the program's time zone: the day the health's counts cover. */
export const healthDayOf = (program: Program, now: number): string => dayInZone(now, programTimeZone(program));
