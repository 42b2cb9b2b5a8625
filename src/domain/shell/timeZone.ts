/**
 * Days in a program's time zone (docs/engine.md, "Data model"): the calendar day of an
 * instant, today, and the offset a zone has at an instant, daylight saving time included
 * (Europe/Berlin is +01:00 in winter and +02:00 in summer, so its DST change days have 23
 * and 25 hours). A zone is an IANA name ("Europe/Berlin", "UTC") or, for a program made
 * before programs had a time zone, its fixed UTC offset ("+01:00", "-05:30").
 *
 * The zone's offset is read with Intl once per zone and quarter of an hour and kept (a
 * quarter whose two ends have one offset has no change inside it; the changes of today's
 * zones fall on quarters' edges), so the day of an event costs a map lookup more than the
 * offset arithmetic.
 */

/** The part of a program that says its zone. */
export interface ZonedProgram {
  readonly time_zone?: string | null | undefined;
  readonly utc_offset: string;
}

const fixedOffset = /^([+-])(\d{2}):(\d{2})$/;

/** Minutes east of UTC of a fixed offset zone ("+05:30" → 330, "UTC" → 0), or null for an IANA zone. */
const fixedOffsetMinutes = (zone: string): number | null => {
  if (zone === "UTC") return 0;
  const match = fixedOffset.exec(zone);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
};

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** The zone's cached formatter of the wall clock, or null when the runtime does not know the zone. */
const formatterOf = (zone: string): Intl.DateTimeFormat | null => {
  const known = formatters.get(zone);
  if (known !== undefined) return known;
  let formatter: Intl.DateTimeFormat | null = null;
  try {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  } catch {
    formatter = null;
  }
  // Zones are a list of a few hundred; an unknown name is kept too, so bounded by what is sent.
  if (formatters.size >= 1_024) formatters.clear();
  formatters.set(zone, formatter);
  return formatter;
};

/** Whether a zone is an IANA zone this runtime knows or a fixed offset "±HH:MM". */
export const isKnownZone = (zone: string): boolean => fixedOffsetMinutes(zone) !== null || formatterOf(zone) !== null;

/** The offset in ms the formatter's zone has at an instant (offsets are whole seconds). */
const offsetByIntl = (formatter: Intl.DateTimeFormat, ms: number): number => {
  const at = Math.floor(ms / 1_000) * 1_000;
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(at)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts["year"] ?? 1970, (parts["month"] ?? 1) - 1, parts["day"] ?? 1, parts["hour"] ?? 0, parts["minute"] ?? 0, parts["second"] ?? 0);
  return wall - at;
};

const quarterMs = 15 * 60_000;
const quarters = new Map<string, Map<number, number>>();

/** The offset of a zone at an instant, in ms east of UTC (an unknown zone is UTC). */
export const offsetMsAt = (zone: string, ms: number): number => {
  const fixed = fixedOffsetMinutes(zone);
  if (fixed !== null) return fixed * 60_000;
  const formatter = formatterOf(zone);
  if (formatter === null || !Number.isFinite(ms)) return 0;
  const quarter = Math.floor(ms / quarterMs);
  let known = quarters.get(zone);
  const cached = known?.get(quarter);
  if (cached !== undefined) return cached;
  const start = quarter * quarterMs;
  const offset = offsetByIntl(formatter, start);
  // A quarter whose end has another offset holds a change (not on a quarter's edge): read each instant of it.
  if (offsetByIntl(formatter, start + quarterMs - 1) !== offset) return offsetByIntl(formatter, ms);
  if (known === undefined) {
    known = new Map();
    quarters.set(zone, known);
  }
  if (known.size >= 8_192) known.clear();
  known.set(quarter, offset);
  return offset;
};

/** The calendar day (YYYY-MM-DD) of an instant (epoch ms) in a zone. */
export const dayInZone = (ms: number, zone: string): string => new Date(ms + offsetMsAt(zone, ms)).toISOString().slice(0, 10);

/** The wall clock of an instant in a zone, as a Date whose UTC fields read it (for formatting). */
export const wallClockInZone = (ms: number, zone: string): Date => new Date(ms + offsetMsAt(zone, ms));

/** "+01:00", "-05:30" for an offset in minutes. */
export const offsetText = (minutes: number): string => {
  const whole = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(whole / 60)).padStart(2, "0")}:${String(whole % 60).padStart(2, "0")}`;
};

/** An instant as ISO 8601 on the zone's wall clock with the offset it has then (whole seconds): 2025-07-16T00:30:00+02:00. */
export const isoInZone = (ms: number, zone: string): string => {
  const offset = offsetMsAt(zone, ms);
  return `${new Date(ms + offset).toISOString().slice(0, 19)}${offsetText(Math.round(offset / 60_000))}`;
};

/**
 * A program's zone: its IANA `time_zone`, or for a program made before programs had one its
 * `utc_offset` ("+01:00") as a fixed zone; UTC when neither holds one (or there is no program).
 */
export const programTimeZone = (program: ZonedProgram | null | undefined): string => {
  if (!program) return "UTC";
  const zone = program.time_zone?.trim() ?? "";
  if (zone !== "" && isKnownZone(zone)) return zone;
  return fixedOffsetMinutes(program.utc_offset) !== null ? program.utc_offset : "UTC";
};
