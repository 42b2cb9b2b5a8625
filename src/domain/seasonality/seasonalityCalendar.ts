import type { DateRange } from "../report/dateRange";
import { dayInZone } from "../shell/timeZone";
import { dateOfDayNumber, dayNumber, mondayOf } from "../report/configuration";
import type { SeasonalityType } from "./seasonality";
import { seasonalityTexts } from "./seasonalityTexts";

/**
 * The seasonality calendar: the Monday-based weeks of a program's dates, which type tags
 * each (one at most), the types' weeks, and the rules of a new type's name. Pure: the
 * machine keeps what the server said and the tags under way, and shows them through these.
 *
 * A program's dates are calendar days in its UTC offset, so a week is the Monday to Sunday
 * of those days; "now" becomes a day only through the offset (`weekStartAt`).
 */

/** A week of the calendar, by its Monday. */
export interface CalendarWeek {
  /** The Monday, YYYY-MM-DD: the week's key on the wire. */
  readonly start: string;
  /** The Sunday after. */
  readonly end: string;
  /** Some of its days fall outside the dates (the range's first or last week). */
  readonly part: boolean;
}

/** Every week (Monday to Sunday) with at least one day in the range, in order. */
export const calendarWeeks = (range: DateRange): ReadonlyArray<CalendarWeek> => {
  const first = dayNumber(mondayOf(range.from));
  const from = dayNumber(range.from);
  const to = dayNumber(range.to);
  const weeks: CalendarWeek[] = [];
  for (let monday = first; monday <= to; monday += 7) {
    weeks.push({ start: dateOfDayNumber(monday), end: dateOfDayNumber(monday + 6), part: monday < from || monday + 6 > to });
  }
  return weeks;
};

const offsetPattern = /^([+-])(\d{2}):(\d{2})$/;

/** Minutes east of UTC of a "+HH:MM" / "-HH:MM" offset (0 for anything else). */
export const offsetMinutes = (utcOffset: string): number => {
  const m = offsetPattern.exec(utcOffset);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === "-" ? -minutes : minutes;
};

/** The Monday of the week an instant (epoch milliseconds) falls in, on the program's calendar (its time zone). */
export const weekStartAt = (epochMs: number, timeZone: string): string => mondayOf(dayInZone(epochMs, timeZone));

/** The week whose tag is shown, or null: each week at most one type. */
export const typeOfWeek = (types: ReadonlyArray<SeasonalityType>): ReadonlyMap<string, SeasonalityType> => {
  const byWeek = new Map<string, SeasonalityType>();
  for (const type of types) for (const week of type.weeks) byWeek.set(week, type);
  return byWeek;
};

/**
 * The types after tagging `week` with `typeId` (null: untagging it): the week leaves
 * whichever type had it and joins `typeId`'s weeks, in order. An unknown type only
 * untags the week.
 */
export const withWeekTag = (types: ReadonlyArray<SeasonalityType>, week: string, typeId: number | null): ReadonlyArray<SeasonalityType> =>
  types.map((type) => {
    const rest = type.weeks.filter((w) => w !== week);
    const weeks = type.id === typeId ? [...rest, week].sort() : rest;
    return weeks.length === type.weeks.length && weeks.every((w, i) => w === type.weeks[i]) ? type : { ...type, weeks };
  });

/** A type's weeks that overlap the range (a week from its Monday to the Sunday after). */
export const weeksInRange = (type: SeasonalityType, range: DateRange | null): ReadonlyArray<string> => {
  if (range === null) return [];
  const from = dayNumber(range.from);
  const to = dayNumber(range.to);
  return type.weeks.filter((week) => {
    const monday = dayNumber(week);
    return monday <= to && monday + 6 >= from;
  });
};

/** The longest name a type may have (the server's limit). */
export const typeNameLimit = 100;

export type TypeNameCheck = { readonly ok: true; readonly name: string } | { readonly ok: false; readonly problem: string };

/** Names compare trimmed and in any case, as the server compares them. */
const nameKey = (name: string): string => name.trim().toLowerCase();

/**
 * A new type's name as it is sent (trimmed), or the first rule it breaks: not blank, at
 * most 100 characters, no other type of the program named the same (trimmed, any case).
 */
export const checkTypeName = (draft: string, types: ReadonlyArray<SeasonalityType>): TypeNameCheck => {
  const name = draft.trim();
  if (name === "") return { ok: false, problem: seasonalityTexts.nameMissing };
  if (name.length > typeNameLimit) return { ok: false, problem: seasonalityTexts.nameTooLong(typeNameLimit) };
  const taken = types.find((type) => nameKey(type.name) === nameKey(name));
  if (taken) return { ok: false, problem: seasonalityTexts.nameTaken(taken.name) };
  return { ok: true, name };
};

/** What a failed call is known by (an HTTP error of the services layer, or anything thrown). */
interface FailureLike {
  readonly _tag?: unknown;
  readonly code?: unknown;
}

/**
 * Why a create failed, in the screen's words: the name taken (the server refuses a
 * duplicate name with `duplicate_name`, also when an earlier try of the same create did
 * reach it), the server out of reach, or that it failed.
 */
export const createRefusal = (error: unknown, name: string): string => {
  const e = (typeof error === "object" && error !== null ? error : {}) as FailureLike;
  if (e._tag === "ClientError" && e.code === "duplicate_name") return seasonalityTexts.nameTaken(name.trim());
  if (e._tag === "NetworkError") return `${seasonalityTexts.createFailed} ${seasonalityTexts.offline}`;
  return seasonalityTexts.createFailed;
};

/** Why a delete failed, in the screen's words. */
export const deleteRefusal = (error: unknown): string => {
  const e = (typeof error === "object" && error !== null ? error : {}) as FailureLike;
  return e._tag === "NetworkError" ? `${seasonalityTexts.deleteFailed} ${seasonalityTexts.offline}` : seasonalityTexts.deleteFailed;
};
