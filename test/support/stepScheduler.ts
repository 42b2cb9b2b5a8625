import type { Scheduler } from "../../server/outbox/mailQueue";

interface Timer {
  readonly ms: number;
  readonly run: () => void;
  cancelled: boolean;
}

/** A scheduler the test steps by hand: nothing runs until `runNext`, so no test waits on the clock. */
export class StepScheduler implements Scheduler {
  private readonly timers: Timer[] = [];

  after(ms: number, run: () => void): () => void {
    const timer: Timer = { ms, run, cancelled: false };
    this.timers.push(timer);
    return () => {
      timer.cancelled = true;
    };
  }

  /** The delays of the timers still waiting, oldest first. */
  get waiting(): number[] {
    return this.timers.filter((t) => !t.cancelled).map((t) => t.ms);
  }

  /** Runs the oldest waiting timer as if its delay had passed, and answers its delay. */
  runNext(): number {
    const next = this.timers.find((t) => !t.cancelled);
    if (!next) throw new Error("no timer is waiting");
    next.cancelled = true;
    next.run();
    return next.ms;
  }
}
