/**
 * A sliding-window counter per key: at most `limit` events in any `windowMs`. An event
 * at `t` counts while `now - t < windowMs`. Pure apart from its own memory; the caller
 * passes the time. Keys whose events have all left the window are forgotten.
 */
export class SlidingWindowLimit {
  private readonly events = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** The events of `key` still inside the window at `now`. */
  count(key: string, now: number): number {
    return this.recent(key, now).length;
  }

  /** True when `limit` events already sit in the window: the next one is refused. */
  isExhausted(key: string, now: number): boolean {
    return this.count(key, now) >= this.limit;
  }

  record(key: string, at: number): void {
    this.sweep(at);
    const events = this.recent(key, at);
    events.push(at);
    this.events.set(key, events);
  }

  /** Takes back one event recorded at `at` (an attempt that turned out not to count). */
  withdraw(key: string, at: number): void {
    const events = this.events.get(key);
    if (!events) return;
    const index = events.lastIndexOf(at);
    if (index >= 0) events.splice(index, 1);
    if (events.length === 0) this.events.delete(key);
  }

  /** Milliseconds until the next event would be accepted; 0 when it is accepted now. */
  retryAfterMs(key: string, now: number): number {
    const events = this.recent(key, now);
    if (events.length < this.limit) return 0;
    const freeing = events[events.length - this.limit];
    return freeing === undefined ? 0 : Math.max(0, freeing + this.windowMs - now);
  }

  private recent(key: string, now: number): number[] {
    const events = this.events.get(key);
    if (!events) return [];
    const inside = events.filter((t) => now - t < this.windowMs);
    if (inside.length === 0) this.events.delete(key);
    else if (inside.length !== events.length) this.events.set(key, inside);
    return inside;
  }

  /** Bounds memory: once many keys are held, drop those with nothing left in the window. */
  private sweep(now: number): void {
    if (this.events.size < 10_000) return;
    for (const key of [...this.events.keys()]) this.recent(key, now);
  }
}
