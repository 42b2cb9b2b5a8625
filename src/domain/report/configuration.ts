import { Schema } from "effect";

/**
 * Pieces shared by the account and configuration calls (spend, annotations,
 * seasonality, column sets, custom reports): calendar dates on the wire, the optional
 * date range of list calls and the answer of a create call.
 *
 * Calendar arithmetic here is plain integer maths on day numbers (days since
 * 1970-01-01), so the Schemas work on the server and in the browser without Temporal.
 */

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Earliest and latest year a configuration date may have. */
export const firstYear = 1970;
export const lastYear = 2199;

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const daysInMonth = (year: number, month: number): number =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

const partsOf = (text: string): readonly [number, number, number] | null => {
  const m = isoDatePattern.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < firstYear || year > lastYear || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return [year, month, day];
};

/** Whether `text` is a real calendar day written YYYY-MM-DD (years 1970 to 2199). */
export const isCalendarDate = (text: string): boolean => partsOf(text) !== null;

/** Days since 1970-01-01 of a YYYY-MM-DD date (H. Hinnant's days_from_civil). Throws on a non-date. */
export const dayNumber = (text: string): number => {
  const parts = partsOf(text);
  if (!parts) throw new RangeError(`not a calendar date: ${text}`);
  const [year, month, day] = parts;
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
};

/** The YYYY-MM-DD date of a day number (H. Hinnant's civil_from_days). */
export const dateOfDayNumber = (days: number): string => {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
};

/** Number of days from `from` to `to`, both included (1 when they are the same day). */
export const inclusiveDays = (from: string, to: string): number => dayNumber(to) - dayNumber(from) + 1;

/** Whether a date is a Monday (weeks start on Monday). 1970-01-01 was a Thursday. */
export const isMonday = (text: string): boolean => (((dayNumber(text) + 3) % 7) + 7) % 7 === 0;

/** The Monday of the week holding `text`. */
export const mondayOf = (text: string): string => {
  const n = dayNumber(text);
  return dateOfDayNumber(n - ((((n + 3) % 7) + 7) % 7));
};

/** A calendar day on the wire: YYYY-MM-DD, a real date, years 1970 to 2199. */
export const CalendarDate = Schema.String.pipe(
  Schema.filter((text) => isCalendarDate(text), {
    message: () => "Expected a calendar date written YYYY-MM-DD",
  }),
);
export type CalendarDate = typeof CalendarDate.Type;

/** `date_from` and `date_to` of a list call: both dates, from on or before to. */
export const DateRangeQuery = Schema.Struct({ date_from: CalendarDate, date_to: CalendarDate }).pipe(
  Schema.filter((range) =>
    range.date_from <= range.date_to
      ? undefined
      : { path: ["date_to"], message: "date_to must not be before date_from" },
  ),
);
export type DateRangeQuery = typeof DateRangeQuery.Type;

/** Text that is not blank (after trimming) and at most `max` characters long. */
export const FilledText = (max: number) =>
  Schema.String.pipe(
    Schema.filter((text) => (text.trim().length > 0 ? undefined : "Expected a non-blank text")),
    Schema.maxLength(max),
  );

/** The answer of a create call: the new record's id. */
export const Created = Schema.Struct({ data: Schema.Struct({ id: Schema.Number }) });
export type Created = typeof Created.Type;

/** A record id as the path carries it, whole and positive. */
export const RecordId = Schema.Number.pipe(Schema.int(), Schema.positive());
