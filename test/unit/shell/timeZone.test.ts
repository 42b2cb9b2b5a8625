import { describe, expect, it } from "vitest";
import { dayInZone, isoInZone, offsetMsAt, programTimeZone } from "../../../src/domain/shell/timeZone";
import { todayAt } from "../../../src/domain/report/dateRange";

const at = (iso: string): number => Date.parse(iso);

describe("dayInZone: the calendar day of an instant in a zone", () => {
  it.each([
    // Europe/Berlin: +01:00 in winter, +02:00 in summer.
    ["Berlin winter, before its midnight", "2026-01-15T22:59:59.999Z", "Europe/Berlin", "2026-01-15"],
    ["Berlin winter, 23:30 UTC is 00:30 the next day", "2026-01-15T23:30:00Z", "Europe/Berlin", "2026-01-16"],
    ["Berlin summer, 21:59 UTC is 23:59", "2026-07-15T21:59:00Z", "Europe/Berlin", "2026-07-15"],
    ["Berlin summer, 22:30 UTC is 00:30 the next day", "2026-07-15T22:30:00Z", "Europe/Berlin", "2026-07-16"],
    // The day the clocks go forward (29 March 2026, 23 hours: 28 March 23:00 UTC to 29 March 22:00 UTC).
    ["spring day starts at 23:00 UTC the day before", "2026-03-28T23:00:00Z", "Europe/Berlin", "2026-03-29"],
    ["spring day, last minute before it", "2026-03-28T22:59:59.999Z", "Europe/Berlin", "2026-03-28"],
    ["spring day ends at 22:00 UTC", "2026-03-29T21:59:59.999Z", "Europe/Berlin", "2026-03-29"],
    ["the day after the spring day starts at 22:00 UTC", "2026-03-29T22:00:00Z", "Europe/Berlin", "2026-03-30"],
    // The day the clocks go back (25 October 2026, 25 hours: 24 October 22:00 UTC to 25 October 23:00 UTC).
    ["autumn day starts at 22:00 UTC the day before", "2026-10-24T22:00:00Z", "Europe/Berlin", "2026-10-25"],
    ["autumn day, 22:59 UTC is still it", "2026-10-25T22:59:59.999Z", "Europe/Berlin", "2026-10-25"],
    ["the day after the autumn day starts at 23:00 UTC", "2026-10-25T23:00:00Z", "Europe/Berlin", "2026-10-26"],
    // A zone behind UTC, with its own DST.
    ["New York summer (-04:00), 03:30 UTC is the day before", "2026-07-16T03:30:00Z", "America/New_York", "2026-07-15"],
    ["New York summer, 04:00 UTC is its midnight", "2026-07-16T04:00:00Z", "America/New_York", "2026-07-16"],
    ["New York winter (-05:00), 04:59 UTC is the day before", "2026-01-16T04:59:59.999Z", "America/New_York", "2026-01-15"],
    ["New York winter, 05:00 UTC is its midnight", "2026-01-16T05:00:00Z", "America/New_York", "2026-01-16"],
    // A half-hour zone.
    ["Kolkata (+05:30), 18:29 UTC is 23:59", "2026-07-15T18:29:59.999Z", "Asia/Kolkata", "2026-07-15"],
    ["Kolkata, 18:30 UTC is its midnight", "2026-07-15T18:30:00Z", "Asia/Kolkata", "2026-07-16"],
    ["UTC", "2026-07-15T23:59:59.999Z", "UTC", "2026-07-15"],
    // A program made before programs had a zone: its fixed offset, all year.
    ["fixed +01:00 in summer, 22:30 UTC is 23:30", "2026-07-15T22:30:00Z", "+01:00", "2026-07-15"],
    ["fixed +01:00, 23:00 UTC is its midnight", "2026-07-15T23:00:00Z", "+01:00", "2026-07-16"],
    ["fixed -05:30", "2026-07-16T05:29:00Z", "-05:30", "2026-07-15"],
    ["an unknown zone is UTC", "2026-07-15T23:30:00Z", "Nowhere/Atlantis", "2026-07-15"],
  ])("%s", (_, instant, zone, day) => {
    expect(dayInZone(at(instant), zone)).toBe(day);
    expect(todayAt(at(instant), zone)).toBe(day);
  });

  /** The hours of a day in a zone: its quarters of an hour that fall in it, counted. */
  const hoursOf = (day: string, zone: string): number => {
    let quarters = 0;
    for (let t = at(`${day}T00:00:00Z`) - 86_400_000; t < at(`${day}T00:00:00Z`) + 2 * 86_400_000; t += 15 * 60_000) {
      if (dayInZone(t, zone) === day) quarters += 1;
    }
    return quarters / 4;
  };

  it.each([
    ["2026-03-29", "Europe/Berlin", 23],
    ["2026-10-25", "Europe/Berlin", 25],
    ["2026-07-15", "Europe/Berlin", 24],
    ["2026-03-08", "America/New_York", 23],
    ["2026-11-01", "America/New_York", 25],
    ["2026-03-29", "+01:00", 24],
    ["2026-03-29", "Asia/Kolkata", 24],
  ])("%s in %s has %i hours", (day, zone, hours) => {
    expect(hoursOf(day, zone)).toBe(hours);
  });
});

describe("isoInZone: an instant on the zone's wall clock with its offset then", () => {
  it.each([
    ["2026-03-29T00:59:59.000Z", "Europe/Berlin", "2026-03-29T01:59:59+01:00"],
    ["2026-03-29T01:00:00.000Z", "Europe/Berlin", "2026-03-29T03:00:00+02:00"],
    ["2026-10-25T00:30:00.000Z", "Europe/Berlin", "2026-10-25T02:30:00+02:00"],
    ["2026-10-25T01:30:00.000Z", "Europe/Berlin", "2026-10-25T02:30:00+01:00"],
    ["2026-07-15T22:30:00.000Z", "Asia/Kolkata", "2026-07-16T04:00:00+05:30"],
    ["2026-07-15T22:30:00.000Z", "America/New_York", "2026-07-15T18:30:00-04:00"],
    ["2026-07-15T22:30:00.000Z", "-05:00", "2026-07-15T17:30:00-05:00"],
  ])("%s in %s is %s", (instant, zone, iso) => {
    expect(isoInZone(at(instant), zone)).toBe(iso);
    expect(Date.parse(iso)).toBe(at(instant));
  });

  it("reads a quarter of an hour holding a change instant by instant, in any order", () => {
    // The zone's cached quarters must not give one instant the offset of another.
    const instants = ["2026-10-25T00:59:59.999Z", "2026-10-25T01:00:00Z", "2026-10-25T00:45:00Z", "2026-10-25T01:14:59Z"];
    expect(instants.map((i) => offsetMsAt("Europe/Berlin", at(i)) / 3_600_000)).toEqual([2, 1, 2, 1]);
  });
});

describe("programTimeZone: a program's zone", () => {
  it.each([
    ["its IANA zone", { time_zone: "Europe/Berlin", utc_offset: "+01:00" }, "Europe/Berlin"],
    ["an old program's offset", { time_zone: null, utc_offset: "-05:00" }, "-05:00"],
    ["an old program's offset when the zone is left out", { utc_offset: "+05:30" }, "+05:30"],
    ["the offset when the zone is not one the runtime knows", { time_zone: "Nowhere/Atlantis", utc_offset: "+02:00" }, "+02:00"],
    ["UTC when neither holds one", { time_zone: "", utc_offset: "GMT+1" }, "UTC"],
    ["UTC with no program", null, "UTC"],
  ])("%s", (_, program, zone) => {
    expect(programTimeZone(program)).toBe(zone);
  });
});
