import type { IngestedVisitorEvent } from "../ingestionQueries";
import { textOf, type Statements } from "../statements";
import { writeRows } from "./ingestQueries";

/**
 * Visitors identified as customers (docs/engine.md, "Journeys and credit"): each identify a page sends
 * (`tv('identify', customerId)`) ties its visitor id to the customer in `visitor_identities`, one row per
 * visitor and customer with the first and last identify's instants. An order naming that customer takes the
 * clicks of every such visitor into its journey (attributionQueries.ts `orderVisitorsSql`).
 */

/** A visitor id identified as a customer, with the first and last instants it was. */
export interface IdentityPair {
  readonly visitorId: string;
  readonly customerId: string;
  readonly firstSeen: number;
  readonly lastSeen: number;
}

/** The identifies among `events` as one pair per visitor and customer (first and last instants), in order of first sending. */
export const identityPairsOf = (events: ReadonlyArray<IngestedVisitorEvent>): ReadonlyArray<IdentityPair> => {
  const pairs = new Map<string, IdentityPair>();
  for (const event of events) {
    if (event.kind !== "identify" || event.customerId === null) continue;
    const key = JSON.stringify([event.visitorId, event.customerId]);
    const before = pairs.get(key);
    pairs.set(key, {
      visitorId: event.visitorId,
      customerId: event.customerId,
      firstSeen: Math.min(before?.firstSeen ?? event.ts, event.ts),
      lastSeen: Math.max(before?.lastSeen ?? event.ts, event.ts),
    });
  }
  return [...pairs.values()];
};

const placeholdersFrom = (first: number, count: number): string => Array.from({ length: count }, (_, i) => `$${first + i}`).join(", ");

/**
 * Keeps the identifies of newly stored visitor events, in the caller's transaction (ClickHouse: turn), on
 * either engine: a pair the program has is widened to the new instants; a new pair is written, and the
 * program's orders naming its customer are marked for the incremental processing, which re-attributes them
 * (their journeys gain the visitor's clicks). The marks go first: on ClickHouse, without rollback, a failure
 * after them leaves marks whose processing changes nothing.
 */
export const storeIdentities = async (sql: Statements, programId: number, stored: ReadonlyArray<IngestedVisitorEvent>, at: number): Promise<void> => {
  const pairs = identityPairsOf(stored);
  if (pairs.length === 0) return;
  const customers = [...new Set(pairs.map((p) => p.customerId))];
  const present = new Set(
    (
      await sql.rows(
        `SELECT visitor_id, customer_id FROM visitor_identities WHERE program_id = $1 AND customer_id IN (${placeholdersFrom(2, customers.length)})`,
        [programId, ...customers],
      )
    ).map((r) => JSON.stringify([textOf(r["visitor_id"]), textOf(r["customer_id"])])),
  );
  const known = pairs.filter((p) => present.has(JSON.stringify([p.visitorId, p.customerId])));
  const fresh = pairs.filter((p) => !present.has(JSON.stringify([p.visitorId, p.customerId])));
  const joined = [...new Set(fresh.map((p) => p.customerId))];
  if (joined.length > 0) {
    await sql.run(
      `INSERT INTO ingestion_due (program_id, hit_id, order_id, marked_at)
       SELECT program_id, NULL, order_id, $2 FROM orders WHERE program_id = $1 AND customer_id IN (${placeholdersFrom(3, joined.length)})`,
      [programId, at, ...joined],
    );
  }
  for (const pair of known) {
    await sql.run(
      `UPDATE visitor_identities SET first_seen = least(first_seen, $4), last_seen = greatest(last_seen, $5)
       WHERE program_id = $1 AND visitor_id = $2 AND customer_id = $3`,
      [programId, pair.visitorId, pair.customerId, pair.firstSeen, pair.lastSeen],
    );
  }
  await writeRows(
    sql,
    "visitor_identities",
    ["program_id", "visitor_id", "customer_id", "first_seen", "last_seen"],
    fresh.map((p) => [programId, p.visitorId, p.customerId, p.firstSeen, p.lastSeen]),
  );
};
