/**
 * The "todays" the date-sensitive tests are run under, besides the real one: days on which
 * a date computation that holds most of the year goes wrong. Each is an instant (the time
 * of day matters too: near midnight, the UTC day and a program's or a browser's local day
 * differ) and the time zone of the process or browser that runs the tests.
 *
 * In a vitest run, `TEST_NOW` (the day's instant) pins the clock (test/support/pinnedClock.ts)
 * and `TZ` sets the process's time zone; `npm test` runs the node suites' date-sensitive
 * files under every day below (scripts/pinned-days.ts). The browser suite runs on the day
 * `E2E_DAY` names: its servers' `CLOCK_START`, each page's clock and the browser's time zone
 * (test/e2e/environment.ts), all of it on the first of `browserPinnedDays`, its @dates tests
 * on the others.
 */
export interface PinnedDay {
  readonly name: string;
  /** The instant the clock reads when the run starts. */
  readonly now: string;
  /** The IANA time zone of the process or browser. */
  readonly timeZone: string;
  readonly why: string;
}

export const pinnedDays: ReadonlyArray<PinnedDay> = [
  { name: "saturday", now: "2026-11-28T10:00:00Z", timeZone: "UTC", why: "a Saturday: both ends of a range a few weeks back fall mid-week or on a weekend" },
  { name: "monday", now: "2027-03-01T00:30:00Z", timeZone: "UTC", why: "a Monday just after midnight, the first day of a month after a short February" },
  { name: "leap-day", now: "2028-02-29T12:00:00Z", timeZone: "UTC", why: "29 February: a year back and a year on have no such day" },
  { name: "new-years-eve", now: "2026-12-31T23:30:00Z", timeZone: "Europe/Berlin", why: "31 December, late: in Berlin it is already the new year" },
  { name: "eu-spring-forward", now: "2027-03-28T09:00:00Z", timeZone: "Europe/London", why: "Europe's summer time starts: a 23-hour day" },
  { name: "eu-fall-back", now: "2027-10-31T09:00:00Z", timeZone: "Europe/Berlin", why: "Europe's summer time ends: a 25-hour day" },
  { name: "us-spring-forward", now: "2027-03-14T15:00:00Z", timeZone: "America/New_York", why: "the US's daylight saving time starts" },
  { name: "us-fall-back", now: "2027-11-07T15:00:00Z", timeZone: "America/Los_Angeles", why: "the US's daylight saving time ends" },
];

/** The pinned days the browser suite runs on (each adds a run of its date-sensitive files). */
export const browserPinnedDays: ReadonlyArray<PinnedDay> = pinnedDays.filter((d) => d.name === "saturday" || d.name === "leap-day");

export const pinnedDayNamed = (name: string): PinnedDay | undefined => pinnedDays.find((d) => d.name === name);
