/**
 * The event ids the collection log acknowledged lately, per program (docs/engine.md,
 * "Collection log", duplicates): what lets POST /collect answer a resent event as a
 * duplicate when it is acknowledged, as the direct path does, instead of accepting it and
 * dropping it when loaded. Bounded: each program keeps its `perProgram` latest ids (the
 * oldest forgotten first); an id resent after it was forgotten is logged again and the
 * loader's exactly-once store drops it (counted a duplicate in the health only).
 *
 * An id is `pending` from its claim until its record's fsync answers: a request that meets a
 * pending id waits for that answer (its own record would not be on disk sooner), and is a
 * duplicate only if the first was logged; if the first was refused the id is free again.
 * Hits and a page's custom events or identifies are kept apart, as the warehouse keeps them.
 */

/** Where an id lives in the warehouse: a hit's (`collected_events`) or a visitor event's (`visitor_events`). */
export type EventIdKind = "hit" | "visitor";

/** What a claim found for each id sent: new (now claimed), already acknowledged, or waiting for another request's fsync. */
export type IdClaim = { readonly state: "new" } | { readonly state: "duplicate" } | { readonly state: "pending"; readonly settled: Promise<void> };

export interface RecentEventIds {
  /** Claims an id for a request: `new` marks it pending (settle it with `kept` or `released`). */
  claim(programId: number, kind: EventIdKind, eventId: string): IdClaim;
  /** The claimed ids' record is on disk: they are duplicates from now on. */
  kept(programId: number, kind: EventIdKind, eventIds: ReadonlyArray<string>): void;
  /** The claimed ids' record was refused: they are free again. */
  released(programId: number, kind: EventIdKind, eventIds: ReadonlyArray<string>): void;
  /** Ids known to be stored or logged (a start's warm-up: the warehouse's recent ids, the log's tail), oldest first. */
  remember(programId: number, kind: EventIdKind, eventIds: Iterable<string>): void;
  /** How many ids a program keeps now (tests, the documentation's window). */
  size(programId: number): number;
}

/** Ids kept per program: at the budget's 3,000 single-event requests a second about 80 s, longer than the snippet's longest retry wait (60 s). */
export const recentIdsPerProgram = 250_000;

interface Waiter {
  readonly settled: Promise<void>;
  readonly settle: () => void;
}

export const createRecentEventIds = (perProgram: number = recentIdsPerProgram): RecentEventIds => {
  /** Per program, every id kept, by `kind:id`, in the order kept: a pending one holds its waiter, a kept one null. */
  const programs = new Map<number, Map<string, Waiter | null>>();
  const idsOf = (programId: number): Map<string, Waiter | null> => {
    let ids = programs.get(programId);
    if (ids === undefined) {
      ids = new Map();
      programs.set(programId, ids);
    }
    return ids;
  };
  const keyOf = (kind: EventIdKind, eventId: string): string => `${kind}:${eventId}`;
  /**
   * Per program, one iterator over its ids that `bound` goes on with: every id it has passed was forgotten, so the
   * next it gives is the oldest kept. A new iterator each time would step again over every slot forgotten since the
   * map's table was last rebuilt (V8 leaves them until it grows), hundreds of thousands a claim once the bound is
   * reached: a claim then cost about 60 us instead of 0.3.
   */
  const oldestFirst = new Map<Map<string, Waiter | null>, Iterator<string>>();
  /** Forgets the oldest ids past the bound (a pending one forgotten just loses its answer: the loader still keeps its id once). */
  const bound = (ids: Map<string, Waiter | null>): void => {
    if (ids.size <= perProgram) return;
    let keys = oldestFirst.get(ids) ?? ids.keys();
    while (ids.size > perProgram) {
      let oldest = keys.next();
      // An iterator that reached the end gives nothing more, even of ids added since.
      if (oldest.done) {
        keys = ids.keys();
        oldest = keys.next();
        if (oldest.done) break;
      }
      ids.get(oldest.value)?.settle();
      ids.delete(oldest.value);
    }
    oldestFirst.set(ids, keys);
  };

  return {
    claim: (programId, kind, eventId) => {
      const ids = idsOf(programId);
      const key = keyOf(kind, eventId);
      const found = ids.get(key);
      if (found === null) return { state: "duplicate" };
      if (found !== undefined) return { state: "pending", settled: found.settled };
      let settle = (): void => {};
      const settled = new Promise<void>((done) => (settle = done));
      ids.set(key, { settled, settle });
      bound(ids);
      return { state: "new" };
    },
    kept: (programId, kind, eventIds) => {
      const ids = idsOf(programId);
      for (const eventId of eventIds) {
        const key = keyOf(kind, eventId);
        const waiter = ids.get(key);
        if (waiter === undefined) continue;
        ids.set(key, null);
        waiter?.settle();
      }
    },
    released: (programId, kind, eventIds) => {
      const ids = idsOf(programId);
      for (const eventId of eventIds) {
        const key = keyOf(kind, eventId);
        const waiter = ids.get(key);
        if (waiter === undefined || waiter === null) continue;
        ids.delete(key);
        waiter.settle();
      }
    },
    remember: (programId, kind, eventIds) => {
      const ids = idsOf(programId);
      for (const eventId of eventIds) {
        const key = keyOf(kind, eventId);
        // Moved to the newest end: a remembered id is as recent as the latest.
        ids.get(key)?.settle();
        ids.delete(key);
        ids.set(key, null);
      }
      bound(ids);
    },
    size: (programId) => programs.get(programId)?.size ?? 0,
  };
};
