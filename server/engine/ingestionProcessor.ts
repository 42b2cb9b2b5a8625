import type { Log } from "../log";

/**
 * How long a program's incremental processing waits after collection writes: `quietMs`
 * after the latest (a burst of batches is processed once), never more than
 * `longestWaitMs` after the first one not yet processed (a steady stream is still
 * processed every `longestWaitMs`), so accepted data reaches the reports within
 * `longestWaitMs` plus one run (docs/engine.md, "Ingestion": the budget is 10 s).
 */
export interface IngestionTiming {
  readonly quietMs: number;
  readonly longestWaitMs: number;
}

export const ingestionTiming: IngestionTiming = { quietMs: 1000, longestWaitMs: 3000 };

/**
 * Coalesces each program's incremental processing (the engine's `processIngested`). A
 * collection write marks what it changed in its own transaction (the durable marks of
 * `ingestion_due`) and then tells `accepted`; a run folds every mark into the facts and
 * clears them in one transaction. Runs of one program follow one another; a failed run
 * leaves the marks for the next write or the next start.
 */
export interface IngestionProcessor {
  /** A collection write of the program committed with its marks. */
  accepted(programId: number): void;
  /** Resolves once every write told so far is processed (tests, benches, a stopping server). */
  settled(programId: number): Promise<void>;
}

interface ProgramRuns {
  due: boolean;
  quietDelay: ReturnType<typeof setTimeout> | null;
  longestWait: ReturnType<typeof setTimeout> | null;
  running: Promise<void> | null;
}

export const createIngestionProcessor = (deps: {
  readonly process: (programId: number) => Promise<void>;
  readonly log: Log;
  readonly timing?: IngestionTiming;
}): IngestionProcessor => {
  const { process, log } = deps;
  const timing = deps.timing ?? ingestionTiming;
  const programs = new Map<number, ProgramRuns>();

  const stateOf = (programId: number): ProgramRuns => {
    const known = programs.get(programId);
    if (known) return known;
    const state: ProgramRuns = { due: false, quietDelay: null, longestWait: null, running: null };
    programs.set(programId, state);
    return state;
  };

  const stopTimers = (state: ProgramRuns): void => {
    if (state.quietDelay) clearTimeout(state.quietDelay);
    if (state.longestWait) clearTimeout(state.longestWait);
    state.quietDelay = null;
    state.longestWait = null;
  };

  const processNow = (programId: number): Promise<void> => {
    const state = stateOf(programId);
    stopTimers(state);
    const turn = (state.running ?? Promise.resolve()).catch(() => undefined).then(async () => {
      if (!state.due) return;
      state.due = false;
      try {
        await process(programId);
      } catch (error) {
        state.due = true;
        log.error("the incremental processing of ingested data failed", { programId, error });
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

  const processLater = (programId: number) => (): void => {
    processNow(programId).catch(() => undefined);
  };

  const unrefed = (timer: ReturnType<typeof setTimeout>): ReturnType<typeof setTimeout> => {
    if (typeof timer === "object" && "unref" in timer) timer.unref();
    return timer;
  };

  return {
    accepted: (programId) => {
      const state = stateOf(programId);
      state.due = true;
      if (state.quietDelay) clearTimeout(state.quietDelay);
      state.quietDelay = unrefed(setTimeout(processLater(programId), timing.quietMs));
      state.longestWait ??= unrefed(setTimeout(processLater(programId), timing.longestWaitMs));
    },
    settled: async (programId) => {
      const state = programs.get(programId);
      if (!state) return;
      if (state.due) return processNow(programId);
      if (state.running) return state.running;
    },
  };
};
