import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { temporal } from "../../src/domain/report/temporal";
import { installClockWatch, installPinnedClock } from "../support/pinnedClock";
import { pinnedDays } from "../support/pinnedDays";

describe("the test clock: pinned for the date-sensitive runs, watched to find them", () => {
  const key = Symbol.for("attribution.testClock");
  const slots = globalThis as Record<symbol, unknown>;
  let processDate: DateConstructor;
  let processClock: unknown;
  beforeEach(() => {
    processDate = globalThis.Date;
    processClock = slots[key];
    delete slots[key];
  });
  afterEach(() => {
    vi.useRealTimers();
    globalThis.Date = processDate;
    slots[key] = processClock;
  });

  it.each(pinnedDays.map((d) => [d.name, d.now] as const))("%s: Date.now, new Date() and Temporal.Now read %s and run on", (_, now) => {
    const before = new Date(0);
    installPinnedClock(now);
    const at = Date.parse(now);
    expect(Date.now() - at).toBeGreaterThanOrEqual(0);
    expect(Date.now() - at).toBeLessThan(60_000);
    expect(new Date().getTime() - at).toBeLessThan(60_000);
    expect(temporal().Now.instant().epochMilliseconds - at).toBeLessThan(60_000);
    // A date from a value is that value; parsing and UTC are the machine's.
    expect(new Date(0).toISOString()).toBe("1970-01-01T00:00:00.000Z");
    expect(Date.UTC(2020, 0, 1)).toBe(1_577_836_800_000);
    // Dates made before and after are dates alike.
    expect(before instanceof Date).toBe(true);
    expect(new Date() instanceof processDate).toBe(true);
    expect(typeof (Date as unknown as () => string)()).toBe("string");
  });

  it("fake timers started later begin at the pinned instant and give it back", () => {
    installPinnedClock("2028-02-29T12:00:00Z");
    vi.useFakeTimers();
    expect(new Date().toISOString().slice(0, 10)).toBe("2028-02-29");
    vi.advanceTimersByTime(86_400_000);
    expect(new Date().toISOString().slice(0, 10)).toBe("2028-03-01");
    vi.useRealTimers();
    expect(new Date().toISOString().slice(0, 10)).toBe("2028-02-29");
  });

  it("a watched clock keeps the time and tells each read; a date from a value is no read", () => {
    let reads = 0;
    const real = processDate.now();
    installClockWatch(() => void reads++);
    expect(new Date(Date.UTC(2027, 0, 1)).getUTCFullYear()).toBe(2027);
    expect(reads).toBe(0);
    expect(Math.abs(Date.now() - real)).toBeLessThan(60_000);
    void new Date();
    expect(reads).toBe(2);
  });

  it("a process that serves another pinned day's files is pinned again to that day; the same day again changes nothing", () => {
    installPinnedClock("2028-02-29T12:00:00Z");
    expect(new Date().toISOString().slice(0, 10)).toBe("2028-02-29");
    installPinnedClock("2026-12-31T23:30:00Z");
    expect(new Date().toISOString().slice(0, 16)).toBe("2026-12-31T23:30");
    const read = Date.now();
    installPinnedClock("2026-12-31T23:30:00Z");
    expect(Date.now()).toBeGreaterThanOrEqual(read);
  });

  it("refuses a value that is no instant", () => {
    expect(() => installPinnedClock("someday")).toThrow("TEST_NOW is not an instant: someday");
  });
});
