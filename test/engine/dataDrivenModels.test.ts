import { describe, expect, it } from "vitest";
import {
  exactShapleyChannels,
  markovChainOf,
  markovWeights,
  shapleyWeights,
  type ChannelWeight,
  type JourneyPath,
} from "../../server/engine/dataDrivenModels";
import { integerBetween, mulberry32, type Random } from "../../server/seed/prng";

const path = (channels: string, conversions: number, nulls: number): JourneyPath => ({
  channels: channels.split(">").map((c) => c.trim()),
  conversions,
  nulls,
});

const byChannel = (weights: ReadonlyArray<ChannelWeight>, field: "effect" | "weight" | "conversions") =>
  Object.fromEntries(weights.map((w) => [w.channel, w[field]]));

const expectClose = (actual: Record<string, number>, expected: Record<string, number>) => {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const [channel, value] of Object.entries(expected)) expect(actual[channel], channel).toBeCloseTo(value, 12);
};

/** Random path sets: up to `channels` channels, paths of 1..6 touches, some converting. */
const randomPaths = (random: Random, channels: number, count: number): JourneyPath[] =>
  Array.from({ length: count }, () => ({
    channels: Array.from({ length: integerBetween(random, 1, 6) }, () => `c${integerBetween(random, 1, channels)}`),
    conversions: random() < 0.4 ? integerBetween(random, 1, 3) : 0,
    nulls: integerBetween(random, 0, 4),
  }));

describe("markov removal effects, solved by hand", () => {
  // Each case's chain and its solution: x(s) is the probability of reaching (conversion) from s,
  // P = x(start), P(-k) the same with k sent to (null); RE(k) = (P - P(-k)) / P.
  const cases: ReadonlyArray<{
    readonly name: string;
    readonly paths: ReadonlyArray<JourneyPath>;
    readonly effects: Record<string, number>;
    readonly conversions: Record<string, number>;
  }> = [
    {
      // start -> A 2/3, B 1/3; A -> B 1/2, null 1/2; B -> conversion 1.
      // P = 2/3 * 1/2 + 1/3 = 2/3; P(-A) = 1/3, RE(A) = 1/2; P(-B) = 0, RE(B) = 1.
      // Weights 1/3, 2/3 of 2 conversions.
      name: "two channels",
      paths: [path("A > B", 1, 0), path("A", 0, 1), path("B", 1, 0)],
      effects: { A: 1 / 2, B: 1 },
      conversions: { A: 2 / 3, B: 4 / 3 },
    },
    {
      // A loop. start -> A 2/3, B 1/3; A -> B 2/3, conversion 1/3; B -> A 1/3, null 2/3.
      // x(A) = 1/3 + 2/3 x(B), x(B) = 1/3 x(A), so x(A) = 3/7, x(B) = 1/7 and P = 2/3 * 3/7 + 1/3 * 1/7 = 1/3.
      // Without A nothing converts: RE(A) = 1. Without B, x(A) = 1/3, P(-B) = 2/9, RE(B) = 1/3.
      name: "a loop between two channels",
      paths: [path("A > B > A", 1, 0), path("B", 0, 1), path("A > B", 0, 1)],
      effects: { A: 1, B: 1 / 3 },
      conversions: { A: 3 / 4, B: 1 / 4 },
    },
    {
      // start -> A 1/2, B 1/4, C 1/4; A -> B 1/2, null 1/2; B -> C 1; C -> conversion 2/3, null 1/3.
      // x(C) = x(B) = 2/3, x(A) = 1/3; P = 1/6 + 1/6 + 1/6 = 1/2.
      // P(-A) = 1/3, RE(A) = 1/3; P(-B) = 1/6, RE(B) = 2/3; P(-C) = 0, RE(C) = 1. Sum 2, 2 conversions.
      name: "three channels",
      paths: [path("A > B > C", 1, 0), path("B > C", 0, 1), path("C", 1, 0), path("A", 0, 1)],
      effects: { A: 1 / 3, B: 2 / 3, C: 1 },
      conversions: { A: 1 / 3, B: 2 / 3, C: 1 },
    },
    {
      // C only in journeys that do not convert: start -> A 3/4, B 1/4; A -> C 2/3, conversion 1/3;
      // C -> null; B -> conversion. P = 1/4 + 1/4; removing C changes nothing (RE 0), A and B 1/2 each.
      name: "a channel only in non-converting journeys",
      paths: [path("A > C", 0, 2), path("A", 1, 0), path("B", 1, 0)],
      effects: { A: 1 / 2, B: 1 / 2, C: 0 },
      conversions: { A: 1, B: 1, C: 0 },
    },
    {
      // Every journey is A (repeated touches are one visit): RE(A) = 1, weight 1.
      name: "one channel everywhere",
      paths: [path("A", 3, 1), path("A > A > A", 0, 2)],
      effects: { A: 1 },
      conversions: { A: 3 },
    },
    {
      // Nothing converts: every removal effect 0, every weight 0.
      name: "no conversions",
      paths: [path("A > B", 0, 2)],
      effects: { A: 0, B: 0 },
      conversions: { A: 0, B: 0 },
    },
  ];

  it.each(cases)("$name", ({ paths, effects, conversions }) => {
    const weights = markovWeights(paths);
    expectClose(byChannel(weights, "effect"), effects);
    expectClose(byChannel(weights, "conversions"), conversions);
  });

  it("order 2: a state is the last two touches", () => {
    // A > B converts, C > B does not. Order 1: start -> A, C 1/2 each; A, C -> B; B -> conversion 1/2, null 1/2;
    // P = 1/2, without A or C 1/4 (RE 1/2 each), without B 0 (RE 1): weights 1/4, 1/2, 1/4.
    // Order 2: start -> (A, B), (C, B) 1/2 each; (A, B) -> conversion, (C, B) -> null; P = 1/2. Without A the
    // state (A, B) goes: RE(A) = 1; without B both: RE(B) = 1; without C nothing changes: RE(C) = 0.
    const paths = [path("A > B", 1, 0), path("C > B", 0, 1)];
    expectClose(byChannel(markovWeights(paths, 1), "weight"), { A: 1 / 4, B: 1 / 2, C: 1 / 4 });
    expectClose(byChannel(markovWeights(paths, 2), "effect"), { A: 1, B: 1, C: 0 });
    expectClose(byChannel(markovWeights(paths, 2), "weight"), { A: 1 / 2, B: 1 / 2, C: 0 });
  });

  it.each([2, 3] as const)("order %i: a path shorter than the order is one state, and removal effects stay in [0, 1]", (order) => {
    // A alone converts, A > B does not: P = 1/2 from the states (A) and (A, B); without B, (A, B) goes to
    // (null) as it did: RE(B) = 0; without A nothing converts: RE(A) = 1.
    expectClose(byChannel(markovWeights([path("A", 1, 0), path("A > B", 0, 1)], order), "effect"), { A: 1, B: 0 });
  });

  it("counts repeated touches of one channel as one visit", () => {
    const chain = markovChainOf([path("A > A > B", 1, 0)]);
    expect(chain.transition[1]).toEqual([0, 0, 1]);
  });
});

/**
 * P(conversion) from (start) by value iteration, with `removed` sent to (null): the textbook
 * definition the fundamental-matrix shortcut must equal.
 */
const conversionProbability = (paths: ReadonlyArray<JourneyPath>, removed: number | null): number => {
  const chain = markovChainOf(paths);
  let x = chain.states.map(() => 0);
  for (let step = 0; step < 20_000; step++) {
    const next = chain.states.map((_, i) =>
      i === removed ? 0 : chain.toConversion[i]! + chain.transition[i]!.reduce((sum, q, j) => sum + q * x[j]!, 0),
    );
    const change = next.reduce((m, v, i) => Math.max(m, Math.abs(v - x[i]!)), 0);
    x = next;
    if (change < 1e-15) break;
  }
  return x[0]!;
};

describe("markov removal effects on random journeys", () => {
  it.each([1, 2, 3, 4, 5])("equal the definition, seed %i", (seed) => {
    const paths = randomPaths(mulberry32(seed), 5, 40);
    const weights = markovWeights(paths);
    const total = conversionProbability(paths, null);
    weights.forEach((w, c) => {
      const without = conversionProbability(paths, c + 1);
      expect(w.effect, w.channel).toBeCloseTo((total - without) / total, 9);
    });
    expect(weights.reduce((s, w) => s + w.weight, 0)).toBeCloseTo(1, 12);
  });
});

describe("shapley values", () => {
  it("two channels, by hand", () => {
    // r({A}) = 2, r({B}) = 1, r({A, B}) = 3: v(A) = 2, v(B) = 1, v(AB) = 6.
    // phi(A) = 1/2 (2 - 0) + 1/2 (6 - 1) = 3.5; phi(B) = 1/2 (1 - 0) + 1/2 (6 - 2) = 2.5.
    const weights = shapleyWeights([path("A", 2, 5), path("B", 1, 0), path("A > B > A", 3, 1)]);
    expectClose(byChannel(weights, "effect"), { A: 3.5, B: 2.5 });
    expectClose(byChannel(weights, "conversions"), { A: 3.5, B: 2.5 });
  });

  it("three channels, by hand, and a channel only in non-converting journeys", () => {
    // r(A) = 1, r(C) = 2, r(AB) = 2, r(ABC) = 3, the rest 0 (D never converts):
    // v(A) = 1, v(B) = 0, v(C) = 2, v(AB) = 3, v(AC) = 3, v(BC) = 2, v(ABC) = 8 (D adds nothing anywhere).
    // With D a null player, the values over A, B, C are those of the three-player game:
    // phi(A) = 1/3 * 1 + 1/6 * (3 - 0) + 1/6 * (3 - 2) + 1/3 * (8 - 2) = 3
    // phi(B) = 1/3 * 0 + 1/6 * (3 - 1) + 1/6 * (2 - 2) + 1/3 * (8 - 3) = 2
    // phi(C) = 1/3 * 2 + 1/6 * (3 - 1) + 1/6 * (2 - 0) + 1/3 * (8 - 3) = 3
    const weights = shapleyWeights([
      path("A", 1, 0),
      path("C", 2, 3),
      path("B > A", 2, 0),
      path("C > A > B", 3, 0),
      path("D > B", 0, 4),
      path("B", 0, 2),
    ]);
    expectClose(byChannel(weights, "effect"), { A: 3, B: 2, C: 3, D: 0 });
    expectClose(byChannel(weights, "weight"), { A: 3 / 8, B: 2 / 8, C: 3 / 8, D: 0 });
  });

  /** The paper's closed form for this game: each converting coalition's conversions split evenly. */
  const closedForm = (paths: ReadonlyArray<JourneyPath>): Record<string, number> => {
    const values: Record<string, number> = {};
    for (const p of paths) {
      const members = [...new Set(p.channels)];
      for (const c of p.channels) values[c] ??= 0;
      for (const c of members) values[c]! += p.conversions / members.length;
    }
    return values;
  };

  it.each([
    [1, 3],
    [2, 8],
    [3, 12],
    [4, exactShapleyChannels],
  ])("efficiency and the closed form over every coalition, seed %i, %i channels", (seed, channels) => {
    const paths = randomPaths(mulberry32(seed), channels, 200);
    const weights = shapleyWeights(paths);
    const conversions = paths.reduce((s, p) => s + p.conversions, 0);
    expect(weights.reduce((s, w) => s + w.effect, 0)).toBeCloseTo(conversions, 9);
    const expected = closedForm(paths);
    for (const w of weights) expect(w.effect, w.channel).toBeCloseTo(expected[w.channel]!, 9);
  });

  it("above 15 channels keeps efficiency", () => {
    const paths = randomPaths(mulberry32(9), 25, 300);
    const weights = shapleyWeights(paths);
    expect(weights.length).toBeGreaterThan(exactShapleyChannels);
    const conversions = paths.reduce((s, p) => s + p.conversions, 0);
    expect(weights.reduce((s, w) => s + w.effect, 0)).toBeCloseTo(conversions, 9);
    expect(weights.reduce((s, w) => s + w.weight, 0)).toBeCloseTo(1, 12);
  });
});
