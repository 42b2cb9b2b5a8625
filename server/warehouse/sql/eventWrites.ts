import { visitorEventTypes, type VisitorEventType } from "../../../src/domain/ingestion/collection";
import type { IngestedHit, IngestedVisitorEvent, RecentEventId, StoredRows } from "../ingestionQueries";
import { numberOf, textOf, type Statements } from "../statements";

/** One sender's events waiting to be stored; concurrent senders' writes are stored together (a group). */
export interface EventWrite {
  readonly programId: number;
  readonly hits: ReadonlyArray<IngestedHit>;
  readonly at: number;
}

/** Events the group sent for one program (accepted plus resent are this many). */
export const sentFor = (group: ReadonlyArray<EventWrite>, programId: number): number =>
  group.reduce((sum, w) => sum + (w.programId === programId ? w.hits.length : 0), 0);

/** Each write's answer: the events it had stored (counted per write), the rest unchanged (resent). */
export const answersOf = (group: ReadonlyArray<EventWrite>, storedByWrite: ReadonlyArray<number>): ReadonlyArray<StoredRows> =>
  group.map((write, r): StoredRows => {
    const stored = storedByWrite[r] ?? 0;
    return { stored, unchanged: write.hits.length - stored };
  });

/** The first of each event id that is not kept already (in batch order): what a store of visitor events writes. */
export const freshVisitorEvents = (events: ReadonlyArray<IngestedVisitorEvent>, kept: ReadonlySet<string>): ReadonlyArray<IngestedVisitorEvent> => {
  const seen = new Set(kept);
  return events.filter((event) => !seen.has(event.eventId) && Boolean(seen.add(event.eventId)));
};

/** The columns of `visitor_events`, and a visitor event's values in their order. */
export const visitorEventColumns = ["program_id", "event_id", "visitor_id", "ts", "kind", "name", "props", "customer_id", "received_at"];
export const visitorEventValues = (programId: number, event: IngestedVisitorEvent, at: number): ReadonlyArray<string | number | null> => [
  programId,
  event.eventId,
  event.visitorId,
  event.ts,
  event.kind,
  event.name,
  event.props,
  event.customerId,
  at,
];

/** The tallies of a store of visitor events, per kind: accepted (written) and duplicate (resent) rows. */
export const visitorEventTallies = (
  events: ReadonlyArray<IngestedVisitorEvent>,
  fresh: ReadonlyArray<IngestedVisitorEvent>,
): ReadonlyArray<readonly [VisitorEventType, ReadonlyMap<string, number>]> =>
  visitorEventTypes.map((kind) => {
    const sent = events.filter((e) => e.kind === kind).length;
    const stored = fresh.filter((e) => e.kind === kind).length;
    return [kind, new Map([["accepted", stored], ["duplicate", sent - stored]])] as const;
  });

/**
 * The program's ($1) event ids kept since $2, hits' and visitor events', the `most` latest, oldest first (both
 * warehouses: `recentEventIds`).
 */
export const recentEventIds = async (sql: Statements, programId: number, since: number, most: number): Promise<ReadonlyArray<RecentEventId>> => {
  const rows = await sql.rows(
    `SELECT event_id, kind, received_at FROM (
       SELECT event_id, 'hit' AS kind, received_at FROM collected_events WHERE program_id = $1 AND received_at >= $2
       UNION ALL
       SELECT event_id, 'visitor' AS kind, received_at FROM visitor_events WHERE program_id = $1 AND received_at >= $2
     ) AS kept ORDER BY received_at DESC LIMIT ${Math.max(0, Math.floor(most))}`,
    [programId, since],
  );
  return rows
    .map((r) => ({ eventId: textOf(r["event_id"]), kind: textOf(r["kind"]) === "visitor" ? ("visitor" as const) : ("hit" as const), at: numberOf(r["received_at"]) }))
    .reverse()
    .map(({ eventId, kind }) => ({ eventId, kind }));
};
