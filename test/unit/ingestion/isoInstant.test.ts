import { describe, expect, it } from "vitest";
import { isoInstantMs } from "../../../src/domain/ingestion/isoInstant";

/** An order's `updated_at` (and CLOCK_START) as ISO 8601 text with its offset: read strictly, never rolled over. */
describe("isoInstantMs", () => {
  it.each([
    ["2026-11-28T10:00:00Z", Date.UTC(2026, 10, 28, 10)],
    ["2026-11-28T10:00Z", Date.UTC(2026, 10, 28, 10)],
    ["2026-11-28T11:00:00+01:00", Date.UTC(2026, 10, 28, 10)],
    ["2026-11-28T04:30:00-05:30", Date.UTC(2026, 10, 28, 10)],
    ["2026-11-28T10:00:00.250Z", Date.UTC(2026, 10, 28, 10, 0, 0, 250)],
    ["2026-11-28T10:00:00.5Z", Date.UTC(2026, 10, 28, 10, 0, 0, 500)],
    // Microseconds (Rails, PostgreSQL) are cut to milliseconds.
    ["2026-11-28T10:00:00.123999+00:00", Date.UTC(2026, 10, 28, 10, 0, 0, 123)],
    ["2024-02-29T23:59:59Z", Date.UTC(2024, 1, 29, 23, 59, 59)],
    ["2026-12-31T23:59:59-14:00", Date.UTC(2027, 0, 1, 13, 59, 59)],
  ])("%s is %d", (text, ms) => {
    expect(isoInstantMs(text)).toBe(ms);
  });

  it.each([
    ["no offset", "2026-11-28T10:00:00"],
    ["a day alone", "2026-11-28"],
    ["29 February of a common year", "2026-02-29T10:00:00Z"],
    ["30 February", "2024-02-30T10:00:00Z"],
    ["31 April", "2026-04-31T10:00:00Z"],
    ["month 13", "2026-13-01T10:00:00Z"],
    ["month 0", "2026-00-10T10:00:00Z"],
    ["day 0", "2026-01-00T10:00:00Z"],
    ["hour 24", "2026-11-28T24:00:00Z"],
    ["minute 60", "2026-11-28T10:60:00Z"],
    ["second 60", "2026-11-28T10:00:60Z"],
    ["an offset without its colon", "2026-11-28T10:00:00+0100"],
    ["an offset of minute 60", "2026-11-28T10:00:00+01:60"],
    ["a space for the T", "2026-11-28 10:00:00Z"],
    ["epoch milliseconds as text", "1764324000000"],
    ["words around it", "at 2026-11-28T10:00:00Z"],
    ["nothing", ""],
  ])("%s is no instant", (_, text) => {
    expect(isoInstantMs(text)).toBeNull();
  });
});
