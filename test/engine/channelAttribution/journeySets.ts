import type { JourneyPath } from "../../../server/engine/dataDrivenModels";
import { integerBetween, mulberry32, type Random } from "../../../server/seed/prng";

/**
 * The journey sets the engine's models are checked on against ChannelAttribution (the published
 * R / Python package): each journey is one visitor's level-1 channels, oldest first, and whether it
 * converted, with the order's amount. `makeExpected.ts` ran the package on exactly these sets.
 */

export interface Journey {
  readonly channels: ReadonlyArray<string>;
  readonly converted: boolean;
  /** The order's amount (two decimals); 0 when it did not convert. */
  readonly amount: number;
}

export interface JourneySet {
  readonly name: string;
  readonly journeys: ReadonlyArray<Journey>;
}

const journey = (channels: string, amount: number | null): Journey => ({
  channels: channels.split(">").map((c) => c.trim()),
  converted: amount !== null,
  amount: amount ?? 0,
});

/** `count` copies of one journey. */
const times = (count: number, one: Journey): ReadonlyArray<Journey> => Array.from({ length: count }, () => one);

const channels = ["Paid Search", "Organic Search", "Email", "Social", "Display", "Affiliate", "Direct"] as const;
/** How often each channel is touched, and how much a touch of it lifts the chance to convert. */
const popularity = [0.25, 0.2, 0.15, 0.15, 0.1, 0.1, 0.05];
const lift = [0.12, 0.08, 0.15, 0.03, 0.02, 0.1, 0.2];

const pickChannel = (random: Random): number => {
  let u = random();
  for (let i = 0; i < popularity.length; i++) {
    u -= popularity[i]!;
    if (u < 0) return i;
  }
  return popularity.length - 1;
};

/** `count` journeys of 1..8 touches; the chance to convert grows with the channels touched. */
const randomJourneys = (seed: number, count: number): ReadonlyArray<Journey> => {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => {
    const touches = Array.from({ length: integerBetween(random, 1, 8) }, () => pickChannel(random));
    const chance = 1 - [...new Set(touches)].reduce((p, c) => p * (1 - lift[c]!), 1);
    const converted = random() < chance;
    return {
      channels: touches.map((c) => channels[c]!),
      converted,
      amount: converted ? integerBetween(random, 1_000, 25_000) / 100 : 0,
    };
  });
};

export const journeySets: ReadonlyArray<JourneySet> = [
  {
    name: "small",
    journeys: [journey("A > B", 10), journey("A", null), journey("B", 25.5), journey("A > C > B", 7.25), journey("C", null)],
  },
  {
    // every channel first as often as last, in mirrored journeys
    name: "ties",
    journeys: [journey("A > B", 20), journey("B > A", 20), journey("A > B > C", 30), journey("C > B > A", 30), journey("C", null), journey("A", null)],
  },
  {
    name: "loops",
    journeys: [
      ...times(3, journey("A > B > A", 12)),
      ...times(2, journey("B > A > B > C", 40)),
      ...times(4, journey("A > B", null)),
      ...times(2, journey("C > A > C", 8.8)),
      ...times(3, journey("B", null)),
    ],
  },
  {
    // D only in journeys that do not convert
    name: "non-converting channel",
    journeys: [...times(3, journey("A > D", null)), ...times(2, journey("A", 15)), ...times(2, journey("B", 9.99)), journey("D > B", null), journey("A > B", 50)],
  },
  {
    name: "one channel everywhere",
    journeys: [...times(3, journey("A", 11)), ...times(2, journey("A > A > A", null)), journey("A > A", 4.4)],
  },
  { name: "10k random", journeys: randomJourneys(28, 10_000) },
];

export const pathSeparator = " > ";

/** The journeys grouped by path, as ChannelAttribution reads them (path, conversions, nulls, value). */
export const pathsOf = (journeys: ReadonlyArray<Journey>): ReadonlyArray<JourneyPath & { readonly value: number }> => {
  // value in cents while summing, so a path's total is exact
  const byPath = new Map<string, { channels: ReadonlyArray<string>; conversions: number; nulls: number; value: number }>();
  for (const j of journeys) {
    const key = j.channels.join(pathSeparator);
    const entry = byPath.get(key) ?? { channels: j.channels, conversions: 0, nulls: 0, value: 0 };
    if (j.converted) {
      entry.conversions += 1;
      entry.value += Math.round(j.amount * 100);
    } else entry.nulls += 1;
    byPath.set(key, entry);
  }
  return [...byPath.values()].map((entry) => ({ ...entry, value: entry.value / 100 }));
};
