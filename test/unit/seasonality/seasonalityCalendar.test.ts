import { describe, expect, it } from "vitest";
import type { SeasonalityType } from "../../../src/domain/seasonality/seasonality";
import {
  calendarWeeks,
  checkTypeName,
  createRefusal,
  deleteRefusal,
  offsetMinutes,
  typeOfWeek,
  weekStartAt,
  weeksInRange,
  withWeekTag,
} from "../../../src/domain/seasonality/seasonalityCalendar";
import { seasonalityTexts } from "../../../src/domain/seasonality/seasonalityTexts";
import { ClientError, NetworkError, NotFound, ServerError } from "../../../src/services/http/httpErrors";

const at = (iso: string) => Date.parse(iso);

describe("calendarWeeks: the Monday-based weeks with a day in the range", () => {
  it.each([
    ["a range of whole weeks", { from: "2026-01-05", to: "2026-01-18" }, [["2026-01-05", "2026-01-11", false], ["2026-01-12", "2026-01-18", false]]],
    ["a range starting mid-week (Wednesday) and ending mid-week", { from: "2026-01-07", to: "2026-01-20" }, [["2026-01-05", "2026-01-11", true], ["2026-01-12", "2026-01-18", false], ["2026-01-19", "2026-01-25", true]]],
    ["one day (a Sunday)", { from: "2026-01-11", to: "2026-01-11" }, [["2026-01-05", "2026-01-11", true]]],
    ["one day (a Monday)", { from: "2026-01-12", to: "2026-01-12" }, [["2026-01-12", "2026-01-18", true]]],
    ["across the year's end: the week of 29 December 2025 holds 1 January 2026", { from: "2025-12-24", to: "2026-01-06" }, [["2025-12-22", "2025-12-28", true], ["2025-12-29", "2026-01-04", false], ["2026-01-05", "2026-01-11", true]]],
    ["across a leap day", { from: "2028-02-26", to: "2028-03-01" }, [["2028-02-21", "2028-02-27", true], ["2028-02-28", "2028-03-05", true]]],
  ])("%s", (_, range, expected) => {
    expect(calendarWeeks(range).map((w) => [w.start, w.end, w.part])).toEqual(expected);
  });

  it("a year of dates is 53 weeks when it starts mid-week", () => {
    const weeks = calendarWeeks({ from: "2026-01-01", to: "2026-12-31" });
    expect(weeks).toHaveLength(53);
    expect(weeks[0]?.start).toBe("2025-12-29");
    expect(weeks.at(-1)?.start).toBe("2026-12-28");
  });
});

describe("weekStartAt: the week of an instant on the program's calendar", () => {
  it.each([
    ["UTC, a Wednesday", "2026-01-07T12:00:00Z", "+00:00", "2026-01-05"],
    ["Sunday 23:30 UTC is Monday in +01:00: the next week", "2026-01-11T23:30:00Z", "+01:00", "2026-01-12"],
    ["Sunday 23:30 UTC is still Sunday in -05:00", "2026-01-11T23:30:00Z", "-05:00", "2026-01-05"],
    ["Monday 02:00 UTC is Sunday evening in -05:00: the week before", "2026-01-12T02:00:00Z", "-05:00", "2026-01-05"],
    ["Monday 02:00 UTC is Monday in +09:00", "2026-01-12T02:00:00Z", "+09:00", "2026-01-12"],
    ["Sunday 15:00 UTC is Monday in +09:30", "2026-01-11T15:00:00Z", "+09:30", "2026-01-12"],
    ["New Year's Eve 20:00 UTC is 1 January in +05:00, still the week of 29 December", "2025-12-31T20:00:00Z", "+05:00", "2025-12-29"],
    ["Sunday 4 January 2026 at 20:00 UTC is Monday 5 January in +05:00", "2026-01-04T20:00:00Z", "+05:00", "2026-01-05"],
    ["Europe/London in winter is UTC", "2026-01-11T23:30:00Z", "Europe/London", "2026-01-05"],
    ["Sunday 22:30 UTC in summer is Monday in Europe/Berlin (+02:00)", "2026-07-12T22:30:00Z", "Europe/Berlin", "2026-07-13"],
    ["Sunday 22:30 UTC in winter is still Sunday in Europe/Berlin (+01:00)", "2026-01-11T22:30:00Z", "Europe/Berlin", "2026-01-05"],
    ["a zone that is none counts as UTC", "2026-01-11T23:30:00Z", "Nowhere/Atlantis", "2026-01-05"],
  ])("%s", (_, instant, offset, monday) => {
    expect(weekStartAt(at(instant), offset)).toBe(monday);
  });

  it.each([
    ["+01:00", 60],
    ["-05:00", -300],
    ["+05:45", 345],
    ["-09:30", -570],
    ["+0100", 0],
    ["", 0],
  ])("offsetMinutes(%j) = %d", (offset, minutes) => {
    expect(offsetMinutes(offset)).toBe(minutes);
  });
});

const sale: SeasonalityType = { id: 1, name: "Sale", weeks: ["2026-01-05", "2026-01-19"] };
const quiet: SeasonalityType = { id: 2, name: "Quiet", weeks: ["2026-01-12"] };

describe("withWeekTag: one type per week", () => {
  it.each([
    ["tags an untagged week, in order", 1, "2026-01-26", null, [["2026-01-05", "2026-01-19", "2026-01-26"], ["2026-01-12"]]],
    ["tagging with another type replaces the tag", 2, "2026-01-05", null, [["2026-01-19"], ["2026-01-05", "2026-01-12"]]],
    ["tagging with the same type changes nothing", 1, "2026-01-05", "same", [["2026-01-05", "2026-01-19"], ["2026-01-12"]]],
    ["untagging drops the week", null, "2026-01-12", null, [["2026-01-05", "2026-01-19"], []]],
    ["an unknown type only untags", 9, "2026-01-12", null, [["2026-01-05", "2026-01-19"], []]],
  ] as const)("%s", (_, typeId, week, same, expected) => {
    const next = withWeekTag([sale, quiet], week, typeId);
    expect(next.map((t) => t.weeks)).toEqual(expected);
    if (same) expect(next[0]).toBe(sale);
    expect([...typeOfWeek(next).keys()].length).toBe(new Set(next.flatMap((t) => t.weeks)).size);
  });

  it("typeOfWeek names each week's type", () => {
    expect(Object.fromEntries([...typeOfWeek([sale, quiet])].map(([w, t]) => [w, t.name]))).toEqual({ "2026-01-05": "Sale", "2026-01-19": "Sale", "2026-01-12": "Quiet" });
  });
});

describe("weeksInRange: a type's weeks overlapping the dates", () => {
  it.each([
    ["all of them", { from: "2026-01-01", to: "2026-01-31" }, ["2026-01-05", "2026-01-19"]],
    ["a Sunday reaches back to its Monday", { from: "2026-01-25", to: "2026-01-31" }, ["2026-01-19"]],
    ["a range ending on a Monday holds that week", { from: "2026-01-13", to: "2026-01-19" }, ["2026-01-19"]],
    ["none", { from: "2026-02-01", to: "2026-02-28" }, []],
  ])("%s", (_, range, expected) => {
    expect(weeksInRange(sale, range)).toEqual(expected);
  });

  it("no dates: none", () => expect(weeksInRange(sale, null)).toEqual([]));
});

describe("checkTypeName", () => {
  it.each([
    ["a name, trimmed", "  Summer sale ", { ok: true, name: "Summer sale" }],
    ["blank", "   ", { ok: false, problem: seasonalityTexts.nameMissing }],
    ["over 100 characters", "x".repeat(101), { ok: false, problem: seasonalityTexts.nameTooLong(100) }],
    ["100 characters", "x".repeat(100), { ok: true, name: "x".repeat(100) }],
    ["taken in another case", " SALE ", { ok: false, problem: seasonalityTexts.nameTaken("Sale") }],
  ])("%s", (_, draft, expected) => {
    expect(checkTypeName(draft, [sale, quiet])).toEqual(expected);
  });
});

describe("refusals", () => {
  it.each([
    ["the server's duplicate name", new ClientError({ status: 400, code: "duplicate_name", message: "That name is already used.", path: "/x" }), seasonalityTexts.nameTaken("Sale")],
    ["another refusal", new ClientError({ status: 400, code: "invalid_body", message: "bad", path: "/x" }), seasonalityTexts.createFailed],
    ["no connection", new NetworkError({ message: "Failed to fetch", path: "/x" }), `${seasonalityTexts.createFailed} ${seasonalityTexts.offline}`],
    ["a server failure", new ServerError({ status: 500, message: "HTTP 500", path: "/x" }), seasonalityTexts.createFailed],
    ["anything thrown", "boom", seasonalityTexts.createFailed],
  ])("create: %s", (_, error, expected) => {
    expect(createRefusal(error, " Sale ")).toBe(expected);
  });

  it.each([
    ["no connection", new NetworkError({ message: "Failed to fetch", path: "/x" }), `${seasonalityTexts.deleteFailed} ${seasonalityTexts.offline}`],
    ["gone already", new NotFound({ status: 404, message: "HTTP 404", path: "/x" }), seasonalityTexts.deleteFailed],
  ])("delete: %s", (_, error, expected) => {
    expect(deleteRefusal(error)).toBe(expected);
  });
});
