/**
 * The test processes' clock. `installPinnedClock(instant)` pins it: `Date.now()`,
 * `new Date()` and everything built on them (Temporal.Now from the polyfill, fake timers
 * started without a `now`) read that instant when it is installed and go on at the
 * machine's pace from there. `installClockWatch(onRead)` leaves the time as it is and
 * calls `onRead` whenever something reads it, so a run can tell which test files depend on
 * the day. A Date made from a value is untouched, and dates made before either is installed
 * are still `instanceof Date`. Fake timers installed later (`vi.useFakeTimers`) take over as
 * usual and give this clock back when they are uninstalled.
 */
interface TestClock {
  /** What the clock adds to the machine's time. */
  shiftMs: number;
  /** The instant it was last pinned to (a pin to the same one again changes nothing). */
  pinnedTo: string | null;
  onRead: () => void;
  readonly machineNow: () => number;
}

const slot = Symbol.for("attribution.testClock");

/** Puts the test clock in place of `Date` once a process (a setup file runs again before each test file). */
const testClock = (): TestClock => {
  const slots = globalThis as Record<symbol, TestClock | undefined>;
  const existing = slots[slot];
  if (existing) return existing;
  const MachineDate = globalThis.Date;
  const clock: TestClock = { shiftMs: 0, pinnedTo: null, onRead: () => undefined, machineNow: () => MachineDate.now() };
  const now = (): number => {
    clock.onRead();
    return MachineDate.now() + clock.shiftMs;
  };
  // A subclass keeps parsing, UTC and every method; only "now" changes.
  class TestDate extends MachineDate {
    constructor(...args: ReadonlyArray<unknown>) {
      if (args.length === 0) super(now());
      else super(...(args as ConstructorParameters<DateConstructor>));
    }
    static override now(): number {
      return now();
    }
    static override [Symbol.hasInstance](value: unknown): boolean {
      return value instanceof MachineDate;
    }
  }
  // Called as a function, Date answers the current time as text.
  globalThis.Date = new Proxy(TestDate, { apply: () => new MachineDate(now()).toString() }) as DateConstructor;
  slots[slot] = clock;
  return clock;
};

/** Pins the clock to `instant` (again only when it names another one: a process may serve several pinned days' files). */
export const installPinnedClock = (instant: string): void => {
  const at = Date.parse(instant);
  if (!Number.isFinite(at)) throw new Error(`TEST_NOW is not an instant: ${instant}`);
  const clock = testClock();
  if (clock.pinnedTo === instant) return;
  clock.pinnedTo = instant;
  clock.shiftMs = at - clock.machineNow();
};

/** Calls `onRead` at every read of the clock, whose time stays the machine's. */
export const installClockWatch = (onRead: () => void): void => {
  testClock().onRead = onRead;
};

/**
 * Set by the clock-reader watch (test/setup.ts) for the test file running: whether the
 * product read the clock while `active`, and a way to count the file as a reader when it
 * reuses what another file made while the product read it.
 */
export interface ClockReadProbe {
  active: boolean;
  read: boolean;
  readonly markReader: () => void;
}
