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
const installed = Symbol.for("attribution.testClock");

const installClock = (shiftMs: number, onRead: () => void): void => {
  // Once a process: a setup file runs again before each test file of a shared process.
  if ((globalThis as Record<symbol, unknown>)[installed]) return;
  (globalThis as Record<symbol, unknown>)[installed] = true;
  const MachineDate = globalThis.Date;
  const now = (): number => {
    onRead();
    return MachineDate.now() + shiftMs;
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
    static [Symbol.hasInstance](value: unknown): boolean {
      return value instanceof MachineDate;
    }
  }
  // Called as a function, Date answers the current time as text.
  globalThis.Date = new Proxy(TestDate, { apply: () => new MachineDate(now()).toString() }) as DateConstructor;
};

export const installPinnedClock = (instant: string): void => {
  const at = Date.parse(instant);
  if (!Number.isFinite(at)) throw new Error(`TEST_NOW is not an instant: ${instant}`);
  installClock(at - Date.now(), () => undefined);
};

export const installClockWatch = (onRead: () => void): void => installClock(0, onRead);
