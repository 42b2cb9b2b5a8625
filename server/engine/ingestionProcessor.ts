import type { Log } from "../log";
import { createCoalescedRuns } from "./coalescedRuns";

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
 * leaves the marks for the next write or the next start (the shared shape of
 * coalescedRuns.ts).
 */
export interface IngestionProcessor {
  /** A collection write of the program committed with its marks. */
  accepted(programId: number): void;
  /** Resolves once every write told so far is processed (tests, benches, a stopping server). */
  settled(programId: number): Promise<void>;
}

export const createIngestionProcessor = (deps: {
  readonly process: (programId: number) => Promise<void>;
  readonly log: Log;
  readonly timing?: IngestionTiming;
}): IngestionProcessor => {
  const timing = deps.timing ?? ingestionTiming;
  const runs = createCoalescedRuns({
    run: deps.process,
    log: deps.log,
    failure: "the incremental processing of ingested data failed",
    quietMs: timing.quietMs,
    longestWaitMs: () => timing.longestWaitMs,
  });
  return { accepted: runs.due, settled: runs.settled };
};
