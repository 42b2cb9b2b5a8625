import type { Log } from "../log";

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

interface ProgramRefresh {
  /** A write was told since the last refresh began. */
  due: boolean;
  /** Fires `quietMs` after the latest write. */
  quietDelay: ReturnType<typeof setTimeout> | null;
  /** Fires `longestWaitMs` after the first write not yet counted. */
  longestWait: ReturnType<typeof setTimeout> | null;
  /** The refresh under way (refreshes of one program run one after another). */
  running: Promise<void> | null;
  /** How long the last refresh took (ms). */
  lastRefreshMs: number;
}

export const createCostRefresher = (deps: {
  /** Rewrites the program's cost facts from its stored spend and clears its due mark (the engine's `refreshCosts`). */
  readonly refresh: (programId: number) => Promise<void>;
  readonly log: Log;
  readonly timing?: CostRefreshTiming;
}): CostRefresher => {
  const { refresh, log } = deps;
  const timing = deps.timing ?? costRefreshTiming;
  const programs = new Map<number, ProgramRefresh>();

  const stateOf = (programId: number): ProgramRefresh => {
    const known = programs.get(programId);
    if (known) return known;
    const state: ProgramRefresh = { due: false, quietDelay: null, longestWait: null, running: null, lastRefreshMs: 0 };
    programs.set(programId, state);
    return state;
  };

  const stopTimers = (state: ProgramRefresh): void => {
    if (state.quietDelay) clearTimeout(state.quietDelay);
    if (state.longestWait) clearTimeout(state.longestWait);
    state.quietDelay = null;
    state.longestWait = null;
  };

  /** Runs the program's refresh now (after the one under way), if a write is still uncounted. */
  const refreshNow = (programId: number): Promise<void> => {
    const state = stateOf(programId);
    stopTimers(state);
    const turn = (state.running ?? Promise.resolve()).catch(() => undefined).then(async () => {
      if (!state.due) return;
      state.due = false;
      const started = performance.now();
      try {
        await refresh(programId);
        state.lastRefreshMs = performance.now() - started;
      } catch (error) {
        // The durable mark stays: the next write, report read or start tries again.
        state.due = true;
        log.error("the cost facts refresh failed", { programId, error });
        throw error;
      }
    });
    state.running = turn;
    void turn
      .finally(() => {
        if (state.running === turn) state.running = null;
      })
      .catch(() => undefined);
    return turn;
  };

  /** A timer's refresh: its failure is logged by refreshNow and retried on the next occasion. */
  const refreshLater = (programId: number) => (): void => {
    refreshNow(programId).catch(() => undefined);
  };

  const unrefed = (timer: ReturnType<typeof setTimeout>): ReturnType<typeof setTimeout> => {
    // A pending refresh never keeps a stopping process alive: the durable mark covers it.
    if (typeof timer === "object" && "unref" in timer) timer.unref();
    return timer;
  };

  return {
    spendChanged: (programId) => {
      const state = stateOf(programId);
      state.due = true;
      if (state.quietDelay) clearTimeout(state.quietDelay);
      state.quietDelay = unrefed(setTimeout(refreshLater(programId), timing.quietMs));
      state.longestWait ??= unrefed(setTimeout(refreshLater(programId), Math.max(timing.longestWaitMs, refreshShare * state.lastRefreshMs)));
    },
    settled: async (programId) => {
      const state = programs.get(programId);
      if (!state) return;
      if (state.due) return refreshNow(programId);
      if (state.running) return state.running;
    },
  };
};
