/** Calendar days as YYYY-MM-DD text, computed in UTC so no time zone of the machine leaks in. */

const dayMs = 86_400_000;

export const isDay = (text: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

/** Midnight UTC of a day, in epoch milliseconds. */
export const dayStartMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);

export const dayOfMs = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, days: number): string => dayOfMs(dayStartMs(day) + days * dayMs);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((dayStartMs(to) - dayStartMs(from)) / dayMs);

/** 1 = Monday .. 7 = Sunday. */
export const isoWeekday = (day: string): number => ((new Date(dayStartMs(day)).getUTCDay() + 6) % 7) + 1;

export const yearOf = (day: string): number => Number(day.slice(0, 4));

/** "MM-DD" of a day. */
export const monthDayOf = (day: string): string => day.slice(5);

export const firstOfMonth = (day: string): string => `${day.slice(0, 7)}-01`;

export const lastOfMonth = (day: string): string => {
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  return dayOfMs(Date.UTC(y, m, 0));
};

/** Black Friday: the day after the fourth Thursday of November. */
export const blackFriday = (year: number): string => {
  const first = `${year}-11-01`;
  const firstThursday = addDays(first, (4 - isoWeekday(first) + 7) % 7);
  return addDays(firstThursday, 22);
};

/** "+01:00" → 60, "-05:00" → -300. */
export const offsetMinutes = (offset: string): number => {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) throw new Error(`not a UTC offset: ${offset}`);
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
};
