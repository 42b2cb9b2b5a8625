import { describe, expect, it } from "vitest";
import { journeyCredits } from "../../server/engine/attribution";
import { markovChainOf, markovWeights } from "../../server/engine/dataDrivenModels";
import expected from "./channelAttribution/expected.json";
import { journeySets, pathsOf } from "./channelAttribution/journeySets";

/**
 * The engine's models against ChannelAttribution 2.1.7 (the published R / Python package), whose
 * answers on the same journey sets channelAttribution/makeExpected.ts wrote once to expected.json:
 * - first / last / linear credit per channel (conversions and revenue) equal to the cent;
 * - the Markov chain's transition probabilities equal (both count the same transitions);
 * - Markov removal effects and their shares, in chains of order 1, 2 and 3, within 1 percentage
 *   point: the package simulates
 *   walks on the chain, ours solves it exactly (dataDrivenModels.test.ts checks ours against
 *   chains solved by hand).
 */

const cents = (n: number): number => Math.round(n * 100);

const zip = (channels: ReadonlyArray<string>, values: ReadonlyArray<number>): Record<string, number> =>
  Object.fromEntries(channels.map((c, i) => [c, values[i] ?? 0]));

const sets = journeySets.map((set) => {
  const answer = expected.sets.find((s) => s.name === set.name);
  if (answer === undefined) throw new Error(`expected.json has no set ${set.name}`);
  return { ...set, answer };
});

describe("ChannelAttribution's answers were made from these journey sets", () => {
  it("has every set, with its number of journeys", () => {
    expect(expected.version).toBe("2.1.7");
    expect(expected.sets.map((s) => [s.name, s.journeys])).toEqual(journeySets.map((s) => [s.name, s.journeys.length]));
  });
});

describe.each(sets)("$name", ({ journeys, answer }) => {
  it("first, last and linear credit equal the package's to the cent", () => {
    const ours = { first: {} as Record<string, number>, last: {} as Record<string, number>, linear: {} as Record<string, number> };
    const revenue = { first: {} as Record<string, number>, last: {} as Record<string, number>, linear: {} as Record<string, number> };
    for (const journey of journeys) {
      for (const c of journey.channels) for (const book of [ours, revenue]) for (const m of ["first", "last", "linear"] as const) book[m][c] ??= 0;
      if (!journey.converted) continue;
      // the touches' times only matter to time decay; linear, first and last need their order
      journeyCredits(journey.channels.map((_, i) => i), "linear").forEach((credit, i) => {
        const channel = journey.channels[i]!;
        for (const [model, share] of [["first", credit.first], ["last", credit.last], ["linear", credit.attributed]] as const) {
          ours[model][channel]! += share;
          revenue[model][channel]! += share * journey.amount;
        }
      });
    }
    const h = answer.heuristic;
    const inCents = (values: Record<string, number>) => Object.fromEntries(Object.entries(values).map(([c, v]) => [c, cents(v)]));
    expect(inCents(ours.first)).toEqual(inCents(zip(h.channels, h.first_touch_conversions)));
    expect(inCents(ours.last)).toEqual(inCents(zip(h.channels, h.last_touch_conversions)));
    expect(inCents(ours.linear)).toEqual(inCents(zip(h.channels, h.linear_touch_conversions)));
    expect(inCents(revenue.first)).toEqual(inCents(zip(h.channels, h.first_touch_value)));
    expect(inCents(revenue.last)).toEqual(inCents(zip(h.channels, h.last_touch_value)));
    expect(inCents(revenue.linear)).toEqual(inCents(zip(h.channels, h.linear_touch_value)));
  });

  it("the Markov chain's transition probabilities equal the package's", () => {
    const chain = markovChainOf(pathsOf(journeys));
    const m = answer.markov;
    // the package names a channel in its transition matrix by its place in m.channels, from 1
    const stateOf = (code: string): string => (code.startsWith("(") ? code : m.channels[Number(code) - 1]!);
    const ours = new Map<string, number>();
    chain.states.forEach((from, i) => {
      chain.states.forEach((to, j) => {
        if ((chain.transition[i]![j] ?? 0) > 0) ours.set(`${from} -> ${to}`, chain.transition[i]![j]!);
      });
      if (chain.toConversion[i]! > 0) ours.set(`${from} -> (conversion)`, chain.toConversion[i]!);
      if (i > 0 && chain.toNull[i]! > 0) ours.set(`${from} -> (null)`, chain.toNull[i]!);
    });
    const theirs = new Map(
      m.transition_matrix.channel_from.map((from, k) => [
        `${stateOf(from)} -> ${stateOf(m.transition_matrix.channel_to[k]!)}`,
        m.transition_matrix.transition_probability[k]!,
      ]),
    );
    expect([...ours.keys()].sort()).toEqual([...theirs.keys()].sort());
    for (const [transition, p] of theirs) expect(ours.get(transition), transition).toBeCloseTo(p, 12);
  });

  it.each([
    [1, answer.markov],
    [2, answer.markov_order_2],
    [3, answer.markov_order_3],
  ] as const)("Markov removal effects and credit shares of order %i are within 1 percentage point of the package's", (order, m) => {
    const ours = markovWeights(pathsOf(journeys), order);
    const theirTotal = m.total_conversions.reduce((a, b) => a + b, 0);
    const theirs = zip(m.channels, m.removal_effects);
    const theirShares = zip(
      m.channels,
      m.total_conversions.map((c) => c / theirTotal),
    );
    expect(ours.map((w) => w.channel).sort()).toEqual([...m.channels].sort());
    for (const w of ours) {
      expect(Math.abs(w.effect - theirs[w.channel]!), `${w.channel} removal effect`).toBeLessThanOrEqual(0.01);
      expect(Math.abs(w.weight - theirShares[w.channel]!), `${w.channel} share`).toBeLessThanOrEqual(0.01);
    }
    // both book every conversion
    expect(ours.reduce((s, w) => s + w.conversions, 0)).toBeCloseTo(theirTotal, 6);
  });
});
