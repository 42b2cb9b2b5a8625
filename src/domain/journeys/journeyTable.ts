import { taxonomyLevels } from "../report/taxonomyLevels";
import { wallClockInZone } from "../shell/timeZone";
import { crunchJourney, uniqueTouches, type CrunchedTouch, type JourneyLevel, type JourneyRow, type JourneyTouch } from "./journeys";

/**
 * What the journeys table shows of a journey: its tags at the chosen level (consecutive
 * identical touches merged, with their count), its length, its unique touches, the
 * colour of each tag and the conversion's date in the program's offset.
 */

/** The taxonomy levels a person may show journeys at (Two, Three, Four). */
export const journeyLevels: ReadonlyArray<JourneyLevel> = [2, 3, 4];

/** The level journeys show at first. */
export const defaultJourneyLevel: JourneyLevel = 2;

/** The number of touches of a journey ('Journey Length'). */
export const journeyLength = (path: ReadonlyArray<JourneyTouch>): number => path.length;

/** A journey's crunched tags and unique counts at every level (name plus run count), worked out once per row. */
export type CrunchedJourney = {
  readonly crunched_two: ReadonlyArray<CrunchedTouch>;
  readonly crunched_three: ReadonlyArray<CrunchedTouch>;
  readonly crunched_four: ReadonlyArray<CrunchedTouch>;
  readonly unique_two: number;
  readonly unique_three: number;
  readonly unique_four: number;
};

/** A row of the journeys table: the order, its conversion, its journey and what is derived from it. */
export type JourneyTableRow = CrunchedJourney & {
  readonly order_id: string;
  readonly conversion_date: string;
  readonly order_amount: number;
  readonly journey_path: ReadonlyArray<JourneyTouch>;
  readonly journey_length: number;
};

/** A row's crunched tags at a level. */
export const crunchedAt = (row: CrunchedJourney, level: JourneyLevel): ReadonlyArray<CrunchedTouch> =>
  level === 2 ? row.crunched_two : level === 3 ? row.crunched_three : row.crunched_four;

/** A row's unique touches at a level. */
export const uniqueAt = (row: CrunchedJourney, level: JourneyLevel): number =>
  level === 2 ? row.unique_two : level === 3 ? row.unique_three : row.unique_four;

/** A journey row with its length, crunched tags and unique counts at every level. */
export const journeyTableRow = (row: JourneyRow): JourneyTableRow => ({
  order_id: row.order_id,
  conversion_date: row.conversion_date,
  order_amount: row.order_amount,
  journey_path: row.journey_path,
  journey_length: journeyLength(row.journey_path),
  crunched_two: crunchJourney(row.journey_path, 2),
  crunched_three: crunchJourney(row.journey_path, 3),
  crunched_four: crunchJourney(row.journey_path, 4),
  unique_two: uniqueTouches(row.journey_path, 2),
  unique_three: uniqueTouches(row.journey_path, 3),
  unique_four: uniqueTouches(row.journey_path, 4),
});

/** The tag colours, one per channel family; `other` for a channel of none of them. */
export type TagTone = "google" | "affiliate" | "email" | "bing" | "seo" | "direct" | "social" | "display" | "other";

/** The channel name prefixes and their colour, in the order they are tried. */
export const tagTonePrefixes: ReadonlyArray<readonly [string, TagTone]> = [
  ["Google Ad", "google"],
  ["Affiliate", "affiliate"],
  ["Email", "email"],
  ["Bing", "bing"],
  ["SEO", "seo"],
  ["Direct", "direct"],
  ["Referral", "direct"],
  ["Paid Social", "social"],
  ["Organic Social", "social"],
  ["Display", "display"],
];

/** The colour of one channel name: the first prefix it starts with. */
export const channelTone = (name: string): TagTone => tagTonePrefixes.find(([prefix]) => name.startsWith(prefix))?.[1] ?? "other";

/**
 * The colour of a tag: its values are tried from the top level down, and the first one
 * that starts with a known prefix decides ('Paid Search / Google Ads' is a Google Ad tag,
 * 'Email / Newsletter' an Email one).
 */
export const tagTone = (values: ReadonlyArray<string>): TagTone => values.map(channelTone).find((tone) => tone !== "other") ?? "other";

/** The values a tag's name is made of (the inverse of touchName's join). */
export const tagValues = (name: string): ReadonlyArray<string> => name.split(" / ");

/** A touch's values down to a level, 'None' left out, as its tag names them. */
export const touchValues = (t: JourneyTouch, level: JourneyLevel): ReadonlyArray<string> =>
  taxonomyLevels.slice(0, level).map((k) => t[k]).filter((v) => v !== "None");

/** A tag's tooltip: 'We saw N touch-points in succession'. */
export const successionText = (count: number): string => `We saw ${count} touch-points in succession`;

const monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/** 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, … 21st, 22nd, 23rd, … 31st. */
export const ordinalDay = (day: number): string => {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  const suffix = day % 10 === 1 ? "st" : day % 10 === 2 ? "nd" : day % 10 === 3 ? "rd" : "th";
  return `${day}${suffix}`;
};

/**
 * The Conversion column: an ISO 8601 instant (as the server sends it, with an offset)
 * shown in the program's time zone (`programTimeZone`) like 'January 1st 2020, 10:00'; the
 * raw text when it is not an instant.
 */
export const formatConversionDate = (iso: string, timeZone: string): string => {
  const epoch = Date.parse(iso);
  if (Number.isNaN(epoch) || !/^\d{4}-\d{2}-\d{2}T/.test(iso)) return iso;
  const local = wallClockInZone(epoch, timeZone);
  const hh = String(local.getUTCHours()).padStart(2, "0");
  const mm = String(local.getUTCMinutes()).padStart(2, "0");
  return `${monthNames[local.getUTCMonth()]} ${ordinalDay(local.getUTCDate())} ${local.getUTCFullYear()}, ${hh}:${mm}`;
};
