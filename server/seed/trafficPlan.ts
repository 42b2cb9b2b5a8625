import type {
  CostLinkPrice,
  TrafficPlan,
  TrafficProgram,
  TrafficStream,
  TrafficVariant,
  UntrackedSpend,
} from "./demoAnalyticsRows";
import { addDays, blackFriday, dayStartMs, daysBetween, isoWeekday, monthDayOf, offsetMinutes, yearOf } from "./calendar";
import type { Random } from "./prng";
import type { CampaignSpec, Flight, ProgramCatalogue } from "./trafficCatalogue";

/** Days of demo traffic before the day the database is created. */
export const demoDays = 400;

/** Clicking visitors of all programs at scale 1 (about 145,000 hits with impressions). */
export const visitorsAtScaleOne = 52_000;

/** Relative traffic per local hour: quiet nights, a lunch bump, the evening peak. */
const hourWeights = [1.4, 0.8, 0.5, 0.35, 0.35, 0.55, 1.1, 2, 3, 3.6, 4, 4.2, 4.8, 4.6, 4.3, 4.2, 4.4, 4.8, 5.4, 6.2, 6.8, 6.4, 4.8, 2.8];

export interface Period {
  /** The day the database is created; traffic ends the day before. */
  readonly today: string;
  readonly firstDay: string;
  readonly days: number;
}

export const periodBefore = (today: string): Period => ({ today, firstDay: addDays(today, -demoDays), days: demoDays });

const dayOf = (period: Period, index: number): string => addDays(period.firstDay, index);

/** Whether "MM-DD" `md` lies in the yearly window from..to (which may wrap the new year). */
const inYearlyWindow = (md: string, from: string, to: string): boolean => (from <= to ? md >= from && md <= to : md >= from || md <= to);

/** The peak season: three days before Black Friday to 20 December. */
const isPeak = (day: string): boolean => {
  const friday = blackFriday(yearOf(day));
  return daysBetween(addDays(friday, -3), day) >= 0 && monthDayOf(day) <= "12-20" && monthDayOf(day) >= "11-01";
};

/** Yearly shape of a program's traffic: mild winter high, Black Friday, December, the post-Christmas dip, January sales, its summer sale. */
const seasonality = (catalogue: ProgramCatalogue, day: string): number => {
  const start = Date.UTC(yearOf(day), 0, 1);
  const dayOfYear = Math.round((dayStartMs(day) - start) / 86_400_000);
  let factor = 1 + 0.1 * Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365.25);
  const fromFriday = daysBetween(blackFriday(yearOf(day)), day);
  const md = monthDayOf(day);
  if (fromFriday >= -3 && fromFriday <= 3) factor *= 1.75;
  else if (fromFriday > 3 && md <= "12-20" && md >= "11-01") factor *= 1.35;
  else if (md >= "12-21" && md <= "12-23") factor *= 1.1;
  else if (md >= "12-24" && md <= "12-26") factor *= 0.55;
  else if (md >= "12-27" || md <= "01-10") factor *= 1.22;
  if (inYearlyWindow(md, catalogue.summer.from, catalogue.summer.to)) factor *= catalogue.summer.factor;
  return factor;
};

/** Day ranges (indexes, both ends included) of a flight inside the period. */
const windowsOf = (period: Period, flights: ReadonlyArray<Flight> | undefined): Array<readonly [number, number]> => {
  const last = period.days - 1;
  if (!flights || flights.length === 0) return [[0, last]];
  const windows: Array<readonly [number, number]> = [];
  for (const flight of flights) {
    if ("fromShare" in flight) {
      windows.push([Math.round(flight.fromShare * last), Math.round(flight.toShare * last)]);
      continue;
    }
    for (let year = yearOf(period.firstDay) - 1; year <= yearOf(dayOf(period, last)); year++) {
      const start = daysBetween(period.firstDay, `${year}-${flight.from}`);
      const endYear = flight.to >= flight.from ? year : year + 1;
      const end = daysBetween(period.firstDay, `${endYear}-${flight.to}`);
      const [a, b] = [Math.max(0, start), Math.min(last, end)];
      if (a <= b) windows.push([a, b]);
    }
  }
  return windows.sort((x, y) => x[0] - y[0]);
};

const liveDays = (windows: ReadonlyArray<readonly [number, number]>): number => windows.reduce((n, [a, b]) => n + b - a + 1, 0);

const utm = (parameters: ReadonlyArray<readonly [string, string | null]>): string =>
  parameters
    .filter((p): p is readonly [string, string] => p[1] !== null)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join("&");

/** Spend on cost links that no hit carries (campaign types without click tracking). */
const untrackedSpendOf = (programId: number, scale: number): UntrackedSpend[] => {
  const spend: Record<number, UntrackedSpend[]> = {
    1: [
      { costLink: "gads-pmax-1901", taxonomy1: "Paid Search", firstDay: 300, lastDay: 399, dailyCost: 14 },
      { costLink: "meta-leadgen-1902", taxonomy1: "Paid Social", firstDay: 120, lastDay: 160, dailyCost: 9 },
    ],
    2: [{ costLink: "gads-pmax-2901", taxonomy1: "Paid Search", firstDay: 200, lastDay: 399, dailyCost: 22 }],
    3: [{ costLink: "meta-leadgen-3901", taxonomy1: "Paid Social", firstDay: 250, lastDay: 330, dailyCost: 6 }],
  };
  return (spend[programId] ?? []).map((s) => ({ ...s, dailyCost: Math.round(s.dailyCost * scale * 100) / 100 }));
};

/** The traffic plan of one program: day weights, stream factors, variants, prices, order profile. */
export const trafficProgramOf = (
  catalogue: ProgramCatalogue,
  utcOffset: string,
  period: Period,
  scale: number,
  random: Random,
): TrafficProgram => {
  const last = period.days - 1;
  const outageDay = Math.round(catalogue.outageShare * last);
  const dayWeights = Array.from({ length: period.days }, (_, i) => {
    const day = dayOf(period, i);
    const weekday = catalogue.weekdays[isoWeekday(day) - 1] ?? 1;
    const trend = 1 + (catalogue.growth * i) / last;
    const noise = 0.9 + 0.2 * random();
    const outage = i === outageDay ? 0.3 : 1;
    return Math.round(weekday * seasonality(catalogue, day) * trend * noise * outage * 10_000) / 10_000;
  });

  const streams: TrafficStream[] = [];
  const variants: TrafficVariant[] = [];
  const costLinks: CostLinkPrice[] = [];
  let streamNo = 0;
  for (const channel of catalogue.channels) {
    for (const stream of channel.streams) {
      streamNo++;
      streams.push({
        streamNo,
        trend: stream.trend ?? 0,
        weekdays: stream.weekdays ?? [1, 1, 1, 1, 1, 1, 1],
        peak: stream.peak ?? 1,
      });
      const flighted = stream.campaigns.map((campaign) => ({ campaign, windows: windowsOf(period, campaign.flights) }));
      const typicalWeight = flighted.reduce((sum, f) => sum + (f.campaign.weight * liveDays(f.windows)) / period.days, 0);
      flighted.forEach(({ campaign, windows }, c) => {
        if (windows.length === 0) return;
        const costLink = stream.costLinkPrefix ? `${stream.costLinkPrefix}-${catalogue.programId}${String(streamNo).padStart(2, "0")}${String(c + 1).padStart(3, "0")}` : null;
        if (costLink) {
          costLinks.push({ costLink, taxonomy1: channel.title, costPerClick: campaign.costPerClick ?? stream.costPerClick ?? 0.5 });
        }
        const contents = campaign.contents ?? [{ name: null }];
        const contentWeight = contents.reduce((sum, content) => sum + (content.weight ?? 1), 0);
        for (const content of contents) {
          const terms: ReadonlyArray<string | null> = content.terms && content.terms.length > 0 ? content.terms : [null];
          for (const term of terms) {
            variants.push(
              variantOf(catalogue, stream, campaign, {
                variantNo: variants.length + 1,
                streamNo,
                weight: (stream.share * campaign.weight * (content.weight ?? 1)) / (typicalWeight * contentWeight * terms.length),
                content: content.name,
                term,
                referrer: content.referrer ?? campaign.referrer ?? stream.referrer,
                publisherId: content.publisherId ?? null,
                path: content.path ?? campaign.path,
                costLink,
                windows,
              }),
            );
          }
        }
      });
    }
  }

  return {
    programId: catalogue.programId,
    orderPrefix: catalogue.orderPrefix,
    offsetMinutes: offsetMinutes(utcOffset),
    visitors: Math.round(scale * visitorsAtScaleOne * catalogue.visitorShare),
    dayWeights,
    streams,
    variants,
    costLinks,
    untrackedSpend: untrackedSpendOf(catalogue.programId, scale),
    orders: catalogue.orders,
  };
};

interface VariantParts {
  readonly variantNo: number;
  readonly streamNo: number;
  readonly weight: number;
  readonly content: string | null;
  readonly term: string | null;
  readonly referrer: string | null;
  readonly publisherId: string | null;
  readonly path: string;
  readonly costLink: string | null;
  readonly windows: ReadonlyArray<readonly [number, number]>;
}

const variantOf = (
  catalogue: ProgramCatalogue,
  stream: ProgramCatalogue["channels"][number]["streams"][number],
  campaign: CampaignSpec,
  parts: VariantParts,
): TrafficVariant => {
  const source = campaign.source ?? stream.source;
  const query = stream.tagged
    ? utm([
        ["utm_source", source],
        ["utm_medium", stream.medium],
        ["utm_campaign", campaign.name],
        ["utm_content", parts.content],
        ["utm_term", parts.term],
      ])
    : "";
  return {
    variantNo: parts.variantNo,
    streamNo: parts.streamNo,
    weight: Math.round(parts.weight * 1e6) / 1e6,
    conversion: campaign.conversion ?? stream.conversion,
    impressionsPerClick: stream.impressionsPerClick ?? 0,
    source,
    medium: stream.medium,
    campaign: campaign.name,
    content: parts.content,
    term: parts.term,
    referrer: parts.referrer,
    landingUrl: `https://${catalogue.domain}${parts.path}${query === "" ? "" : `?${query}`}`,
    publisherId: parts.publisherId,
    costLink: parts.costLink,
    windows: parts.windows,
  };
};

/** The whole plan: every program over the same local days, ending before `today` (00:00 UTC). */
export const trafficPlanOf = (
  seed: number,
  period: Period,
  programs: ReadonlyArray<TrafficProgram>,
): TrafficPlan => ({
  seed,
  firstDay: period.firstDay,
  days: period.days,
  endsAt: dayStartMs(period.today),
  peakDays: Array.from({ length: period.days }, (_, i) => i).filter((i) => isPeak(dayOf(period, i))),
  hourWeights,
  programs,
});
