import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createIngestionProcessor } from "../../server/engine/ingestionProcessor";
import { silentLog } from "../../server/log";

/** The ingestion processor's timing: a burst is processed once, a steady stream at least every longest wait. */
describe("the ingestion processor", () => {
  const timing = { quietMs: 200, longestWaitMs: 2000 };
  let runs: number[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    runs = [];
  });
  afterEach(() => vi.useRealTimers());

  const processor = (fail = false) =>
    createIngestionProcessor({
      process: async (programId) => {
        runs.push(programId);
        if (fail) throw new Error("the warehouse is away");
      },
      log: silentLog,
      timing,
    });

  it("processes a burst once, after the writes pause", async () => {
    const p = processor();
    for (let i = 0; i < 5; i++) {
      p.accepted(1);
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(timing.quietMs);
    expect(runs).toEqual([1]);
    await vi.advanceTimersByTimeAsync(timing.longestWaitMs);
    expect(runs).toEqual([1]);
  });

  it("still processes a steady stream within the longest wait", async () => {
    const p = processor();
    for (let elapsed = 0; elapsed < timing.longestWaitMs; elapsed += 100) {
      p.accepted(1);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(runs).toEqual([1]);
  });

  it("keeps programs apart, and settled runs what is due at once", async () => {
    const p = processor();
    p.accepted(1);
    p.accepted(2);
    await p.settled(2);
    expect(runs).toEqual([2]);
    await vi.advanceTimersByTimeAsync(timing.quietMs);
    expect(runs).toEqual([2, 1]);
    await p.settled(3);
    expect(runs).toEqual([2, 1]);
  });

  it("tries again on the next write after a failed run", async () => {
    const p = processor(true);
    p.accepted(1);
    await expect(p.settled(1)).rejects.toThrow("away");
    p.accepted(1);
    await vi.advanceTimersByTimeAsync(timing.quietMs);
    expect(runs).toEqual([1, 1]);
  });
});
