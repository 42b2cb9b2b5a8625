import { describe, expect, it } from "vitest";
import { dayAfter, daysBefore, midWeekRangeBefore } from "../support/days";
import { pinnedDays } from "../support/pinnedDays";

const weekday = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

describe("the ranges the pinned-day tests build", () => {
  it.each([
    ["2028-02-29", "2028-03-01"],
    ["2027-02-28", "2027-03-01"],
    ["2026-12-31", "2027-01-01"],
  ])("the day after %s is %s", (day, next) => expect(dayAfter(day)).toBe(next));

  it("counts days back over a leap day", () => {
    expect(daysBefore(Date.UTC(2028, 2, 1, 12), 1)).toBe("2028-02-29");
    expect(daysBefore(Date.UTC(2028, 2, 1, 12), 366)).toBe("2027-03-01");
  });

  // Every weekday: the seven days from a Monday.
  const week = Array.from({ length: 7 }, (_, i) => Date.UTC(2026, 10, 23 + i, 10));
  it.each([...week, ...pinnedDays.map((d) => Date.parse(d.now))])("a mid-week range from the instant %d: Wednesday to Wednesday, 20 whole weeks between", (at) => {
    const range = midWeekRangeBefore(at, 20, 20);
    expect(weekday(range.from)).toBe(3);
    expect(weekday(range.to)).toBe(3);
    expect((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000).toBe(7 * 21);
    const latest = Date.parse(daysBefore(at, 20));
    expect(Date.parse(range.to)).toBeLessThanOrEqual(latest);
    expect(latest - Date.parse(range.to)).toBeLessThan(7 * 86_400_000);
  });
});
