/**
 * An instant written as ISO 8601 text with its offset: `2026-11-28T10:00:00Z`,
 * `2026-11-28T11:00:00.250+01:00` (seconds and a fraction optional, the offset required: a
 * time without one names no instant). Read strictly: a day the month does not have, an hour
 * of 24 or a minute of 60 is no instant (JavaScript's Date.parse would roll them over into
 * the next day or hour). A fraction finer than milliseconds is cut to them.
 */
const isoInstant = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** The instant of an ISO 8601 text with its offset in epoch milliseconds, or null when it is none. */
export const isoInstantMs = (text: string): number | null => {
  const match = isoInstant.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [1, 2, 3, 4, 5, 6, 9, 10].map((i) => Number(match[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) return null;
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  const fraction = Number((match[7] ?? "").padEnd(3, "0").slice(0, 3));
  const offsetMs = (match[8] === "-" ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  // Date.UTC reads years 0-99 as 1900-1999: the year is set apart.
  const at = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, fraction));
  at.setUTCFullYear(year);
  return at.getTime() - offsetMs;
};
