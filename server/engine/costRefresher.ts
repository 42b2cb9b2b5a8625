import type { Log } from "../log";
import { createCoalescedRuns } from "./coalescedRuns";

/**
 * How long a program's cost refresh waits: `quietMs` after its latest spend write (a burst
 * of writes is followed by one refresh), but never more than `longestWaitMs` after the
 * first write it has not counted yet (a steady stream of writes still refreshes), or
 * `refreshShare` times the program's last refresh when that is longer: a refresh holds the
 * warehouse's one connection (0.2 s for the demo program, about 1 s on a busy machine), so a
 * steady stream of writes spends at most a twentieth of its time waiting for refreshes (a
 * 1,000-row batch import is such a stream: at 2 s it paid for eight rewrites of the whole
 * program's cost facts). Report reads that count cost settle a due refresh first, so the
 * longest wait bounds staleness only for the rest.
 */
export interface CostRefreshTiming {
  readonly quietMs: number;
  readonly longestWaitMs: number;
}

export const costRefreshTiming: CostRefreshTiming = { quietMs: 250, longestWaitMs: 5000 };

/** The longest wait is at least this many times the program's last refresh. */
export const refreshShare = 20;

/**
 * Coalesces the rewrites of each program's cost facts. A spend write marks its program's
 * cost facts due in its own transaction (the durable mark, warehouse/costQueries.ts) and then
 * tells `spendChanged`; the refresh runs once the writes pause (`quietMs`) or have waited
 * `longestWaitMs`, and rewrites the facts and clears the mark in one transaction. A report
 * read first asks `settled`, which runs a due refresh at once (or waits for the one under
 * way), so a report never counts less spend than the writes already answered.
 */
export interface CostRefresher {
  /** A spend write of the program committed (with its due mark). */
  spendChanged(programId: number): void;
  /** Resolves once the program's cost facts count every spend write told so far; rejects when that refresh failed. */
  settled(programId: number): Promise<void>;
}

export const createCostRefresher = (deps: {
  /** Rewrites the program's cost facts from its stored spend and clears its due mark (the engine's `refreshCosts`). */
  readonly refresh: (programId: number) => Promise<void>;
  readonly log: Log;
  readonly timing?: CostRefreshTiming;
}): CostRefresher => {
  const timing = deps.timing ?? costRefreshTiming;
  const runs = createCoalescedRuns({
    run: deps.refresh,
    log: deps.log,
    failure: "the cost facts refresh failed",
    quietMs: timing.quietMs,
    longestWaitMs: (lastRefreshMs) => Math.max(timing.longestWaitMs, refreshShare * lastRefreshMs),
  });
  return { spendChanged: runs.due, settled: runs.settled };
};
