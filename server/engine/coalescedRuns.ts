import type { Log } from "../log";

/**
 * Coalesced background runs per program, the shape the cost refresh and the incremental
 * processing of ingested data share. A write commits its durable mark and then tells
 * `due`; the program's run starts once the writes pause (`quietMs` after the latest) or
 * have waited long enough (`longestWaitMs` after the first not yet run, given how long the
 * last run took), so a burst of writes is one run and a steady stream still runs. Runs of
 * one program follow one another. `settled` runs a due run at once (or waits for the one
 * under way), so a reader never sees less than the writes already answered. A failed run
 * is logged, leaves the program due, and rejects whoever waits on it; the durable mark lets
 * the next write, read or start try again.
 */
export interface CoalescedRuns {
  /** A write of the program committed with its durable mark. */
  due(programId: number): void;
  /** Resolves once every write told so far has been run over; rejects when that run failed. */
  settled(programId: number): Promise<void>;
}

export interface CoalescedRunsOptions {
  /** The program's run (it clears the durable mark in its own transaction). */
  readonly run: (programId: number) => Promise<void>;
  readonly log: Log;
  /** The log line of a failed run. */
  readonly failure: string;
  /** How long after the latest write a run starts. */
  readonly quietMs: number;
  /** How long after the first write not yet run a run starts at the latest, given the last run's length (ms). */
  readonly longestWaitMs: (lastRunMs: number) => number;
}

interface ProgramRuns {
  /** A write was told since the last run began. */
  due: boolean;
  /** Fires `quietMs` after the latest write. */
  quietDelay: ReturnType<typeof setTimeout> | null;
  /** Fires the longest wait after the first write not yet run. */
  longestWait: ReturnType<typeof setTimeout> | null;
  /** The run under way. */
  running: Promise<void> | null;
  /** How long the last run took (ms). */
  lastRunMs: number;
}

/** A timer never keeps a stopping process alive: the durable mark covers what it would have run. */
const unrefed = (timer: ReturnType<typeof setTimeout>): ReturnType<typeof setTimeout> => {
  if (typeof timer === "object" && "unref" in timer) timer.unref();
  return timer;
};

export const createCoalescedRuns = (options: CoalescedRunsOptions): CoalescedRuns => {
  const { run, log, failure } = options;
  const programs = new Map<number, ProgramRuns>();

  const stateOf = (programId: number): ProgramRuns => {
    const known = programs.get(programId);
    if (known) return known;
    const state: ProgramRuns = { due: false, quietDelay: null, longestWait: null, running: null, lastRunMs: 0 };
    programs.set(programId, state);
    return state;
  };

  const stopTimers = (state: ProgramRuns): void => {
    if (state.quietDelay) clearTimeout(state.quietDelay);
    if (state.longestWait) clearTimeout(state.longestWait);
    state.quietDelay = null;
    state.longestWait = null;
  };

  /** Runs the program now (after the run under way), if a write is still not run over. */
  const runNow = (programId: number): Promise<void> => {
    const state = stateOf(programId);
    stopTimers(state);
    const turn = (state.running ?? Promise.resolve()).catch(() => undefined).then(async () => {
      if (!state.due) return;
      state.due = false;
      const started = performance.now();
      try {
        await run(programId);
        state.lastRunMs = performance.now() - started;
      } catch (error) {
        state.due = true;
        log.error(failure, { programId, error });
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

  /** A timer's run: its failure is logged by runNow and tried again on the next occasion. */
  const runLater = (programId: number) => (): void => {
    runNow(programId).catch(() => undefined);
  };

  return {
    due: (programId) => {
      const state = stateOf(programId);
      state.due = true;
      if (state.quietDelay) clearTimeout(state.quietDelay);
      state.quietDelay = unrefed(setTimeout(runLater(programId), options.quietMs));
      state.longestWait ??= unrefed(setTimeout(runLater(programId), options.longestWaitMs(state.lastRunMs)));
    },
    settled: async (programId) => {
      const state = programs.get(programId);
      if (!state) return;
      if (state.due) return runNow(programId);
      if (state.running) return state.running;
    },
  };
};
