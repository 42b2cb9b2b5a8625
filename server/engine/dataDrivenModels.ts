/**
 * Data-driven attribution models (docs/engine.md, "Data-driven models"): each channel's weight
 * learnt from journeys, converting and not. Pure and exact; the engine feeds them the journeys
 * of a program and splits each order's credit by the weights of its touches' channels.
 *
 * Input: journey paths, each a list of channels (oldest first) with how many journeys took that
 * path and converted (`conversions`) and how many did not (`nulls`), as ChannelAttribution's
 * `markov_model` reads them (path, total_conversions, total_null).
 */

import type { MarkovOrder } from "../../src/domain/settings/programSettings";

export interface JourneyPath {
  readonly channels: ReadonlyArray<string>;
  readonly conversions: number;
  readonly nulls: number;
}

export interface ChannelWeight {
  readonly channel: string;
  /** The model's raw measure: the removal effect (markov) or the Shapley value (shapley). */
  readonly effect: number;
  /** effect / sum of effects (0 for every channel when they sum to 0). */
  readonly weight: number;
  /** weight x the paths' conversions. */
  readonly conversions: number;
}

const countOf = (n: number): number => (Number.isFinite(n) && n > 0 ? n : 0);

/** The channels of the paths, in order of first appearance. */
const channelsOf = (paths: ReadonlyArray<JourneyPath>): ReadonlyArray<string> => {
  const seen = new Set<string>();
  for (const path of paths) for (const channel of path.channels) seen.add(channel);
  return [...seen];
};

const weightsOf = (
  channels: ReadonlyArray<string>,
  effects: ReadonlyArray<number>,
  totalConversions: number,
): ReadonlyArray<ChannelWeight> => {
  const sum = effects.reduce((a, b) => a + b, 0);
  return channels.map((channel, i) => {
    const effect = effects[i] ?? 0;
    const weight = sum > 0 ? effect / sum : 0;
    return { channel, effect, weight, conversions: weight * totalConversions };
  });
};

/** The inverse of a square matrix (Gauss-Jordan with partial pivoting). */
const inverse = (matrix: ReadonlyArray<ReadonlyArray<number>>): number[][] => {
  const n = matrix.length;
  const a = matrix.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) {
      if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    }
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const pivotRow = a[col]!;
    const p = pivotRow[col]!;
    for (let j = 0; j < 2 * n; j++) pivotRow[j] = pivotRow[j]! / p;
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const r = a[row]!;
      const factor = r[col]!;
      if (factor === 0) continue;
      for (let j = 0; j < 2 * n; j++) r[j] = r[j]! - factor * pivotRow[j]!;
    }
  }
  return a.map((row) => row.slice(n));
};

/** x with a x = b (Gaussian elimination with partial pivoting; `a` square and non-singular). */
const solve = (matrix: ReadonlyArray<ReadonlyArray<number>>, right: ReadonlyArray<number>): number[] => {
  const n = matrix.length;
  const a = matrix.map((row, i) => [...row, right[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) {
      if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    }
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    const pivotRow = a[col]!;
    const p = pivotRow[col]!;
    for (let row = col + 1; row < n; row++) {
      const r = a[row]!;
      const factor = r[col]! / p;
      if (factor === 0) continue;
      for (let j = col; j <= n; j++) r[j] = r[j]! - factor * pivotRow[j]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let row = n - 1; row >= 0; row--) {
    const r = a[row]!;
    let sum = r[n]!;
    for (let j = row + 1; j < n; j++) sum -= r[j]! * x[j]!;
    x[row] = sum / r[row]!;
  }
  return x;
};

export interface MarkovChain {
  /** The transient states: index 0 is (start), then the channels. */
  readonly states: ReadonlyArray<string>;
  /** transition[i][j]: probability of moving from state i to transient state j. */
  readonly transition: ReadonlyArray<ReadonlyArray<number>>;
  /** toConversion[i]: probability of moving from state i to (conversion). */
  readonly toConversion: ReadonlyArray<number>;
  /** toNull[i]: probability of moving from state i to (null). */
  readonly toNull: ReadonlyArray<number>;
}

export const startState = "(start)";

/**
 * The first-order chain of the paths: (start) -> channel touches -> (conversion) or (null), each
 * transition's probability its count over its state's outgoing count. Repeated consecutive touches
 * of one channel are one visit (as ChannelAttribution counts them); a self-loop would change
 * neither absorption probabilities nor which channels a walk visits.
 */
export const markovChainOf = (paths: ReadonlyArray<JourneyPath>): MarkovChain => {
  const channels = channelsOf(paths);
  const states = [startState, ...channels];
  const index = new Map(states.map((s, i) => [s, i] as const));
  const n = states.length;
  const counts = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const conversionCounts = new Array<number>(n).fill(0);
  const nullCounts = new Array<number>(n).fill(0);
  for (const path of paths) {
    const conversions = countOf(path.conversions);
    const nulls = countOf(path.nulls);
    const journeys = conversions + nulls;
    if (journeys === 0) continue;
    let from = 0;
    for (const channel of path.channels) {
      const to = index.get(channel) ?? 0;
      if (to === from) continue;
      counts[from]![to]! += journeys;
      from = to;
    }
    conversionCounts[from]! += conversions;
    nullCounts[from]! += nulls;
  }
  const outgoing = counts.map((row, i) => row.reduce((a, b) => a + b, 0) + conversionCounts[i]! + nullCounts[i]!);
  const share = (count: number, i: number): number => (outgoing[i]! > 0 ? count / outgoing[i]! : 0);
  return {
    states,
    transition: counts.map((row, i) => row.map((c) => share(c, i))),
    toConversion: conversionCounts.map(share),
    // a state no path leaves (only when no path has a count) goes to (null)
    toNull: nullCounts.map((c, i) => (outgoing[i]! > 0 ? share(c, i) : 1)),
  };
};

/**
 * Markov removal effects, exact: with Q the transient-to-transient transitions and r the steps to
 * (conversion), the fundamental matrix N = (I - Q)^-1 gives the conversion probability from every
 * state, x = N r, and P = x[start]. Removing channel k sends every move into k to (null), so the
 * walks that still convert are those that never visit k:
 *   P(-k) = P - P(visit k from start) * x[k],   P(visit k from start) = N[start][k] / N[k][k],
 * and the removal effect is RE(k) = (P - P(-k)) / P = N[start][k] / N[k][k] * x[k] / P, that is
 * the share of converting walks that visit k. Weights are the removal effects normalised to sum 1.
 */
export const markovWeights = (paths: ReadonlyArray<JourneyPath>, order: MarkovOrder = 1): ReadonlyArray<ChannelWeight> => {
  if (order > 1) return higherOrderMarkovWeights(paths, order);
  const chain = markovChainOf(paths);
  const n = chain.states.length;
  const fundamental = inverse(chain.transition.map((row, i) => row.map((q, j) => (i === j ? 1 : 0) - q)));
  const reach = fundamental.map((row) => row.reduce((sum, nij, j) => sum + nij * chain.toConversion[j]!, 0));
  const converting = reach[0]!;
  const effects = Array.from({ length: n - 1 }, (_, c) => {
    const k = c + 1;
    if (converting <= 0) return 0;
    const visit = fundamental[0]![k]! / fundamental[k]![k]!;
    return Math.min(1, Math.max(0, (visit * reach[k]!) / converting));
  });
  const total = paths.reduce((sum, p) => sum + countOf(p.conversions), 0);
  return weightsOf(chain.states.slice(1), effects, total);
};

/**
 * The states a path walks through in a chain of `order` (as ChannelAttribution builds them): its
 * windows of `order` consecutive touches, oldest first (the whole path when it is shorter), a
 * state repeated at once counted once.
 */
const windowsOf = (channels: ReadonlyArray<string>, order: number): ReadonlyArray<ReadonlyArray<string>> => {
  if (channels.length <= order) return channels.length === 0 ? [] : [channels];
  const windows: Array<ReadonlyArray<string>> = [];
  for (let i = 0; i + order <= channels.length; i++) {
    const window = channels.slice(i, i + order);
    const previous = windows[windows.length - 1];
    if (previous === undefined || previous.join("\u001f") !== window.join("\u001f")) windows.push(window);
  }
  return windows;
};

/**
 * Removal effects in a chain of order 2 or 3: the states are windows of touches, and removing a
 * channel sends every move into a state holding it to (null). P(-c), the conversion probability
 * from (start) with those states absorbing to (null), is solved exactly for each channel (one
 * linear solve of (I - Q) x = r per channel, Q the moves between the remaining transient states
 * and r their moves to (conversion)), and
 * RE(c) = (P - P(-c)) / P as in the first-order chain.
 */
const higherOrderMarkovWeights = (paths: ReadonlyArray<JourneyPath>, order: number): ReadonlyArray<ChannelWeight> => {
  const channels = channelsOf(paths);
  const states: Array<ReadonlyArray<string>> = [[]];
  const index = new Map<string, number>([["", 0]]);
  const stateOf = (window: ReadonlyArray<string>): number => {
    const key = window.join("\u001f");
    const known = index.get(key);
    if (known !== undefined) return known;
    states.push(window);
    index.set(key, states.length - 1);
    return states.length - 1;
  };
  const walks = paths
    .map((path) => ({ conversions: countOf(path.conversions), nulls: countOf(path.nulls), steps: windowsOf(path.channels, order).map(stateOf) }))
    .filter((walk) => walk.conversions + walk.nulls > 0);
  const n = states.length;
  const counts = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const conversionCounts = new Array<number>(n).fill(0);
  const nullCounts = new Array<number>(n).fill(0);
  for (const walk of walks) {
    let from = 0;
    for (const to of walk.steps) {
      counts[from]![to]! += walk.conversions + walk.nulls;
      from = to;
    }
    conversionCounts[from]! += walk.conversions;
    nullCounts[from]! += walk.nulls;
  }
  const outgoing = counts.map((row, i) => row.reduce((a, b) => a + b, 0) + conversionCounts[i]! + nullCounts[i]!);
  /** P(conversion) from (start) with the states `removed` absorbing to (null). */
  const converting = (removed: (state: number) => boolean): number => {
    const kept = (i: number): boolean => !removed(i) && outgoing[i]! > 0;
    const system = counts.map((row, i) => row.map((c, j) => (i === j ? 1 : 0) - (kept(i) ? c / outgoing[i]! : 0)));
    return solve(system, conversionCounts.map((c, i) => (kept(i) ? c / outgoing[i]! : 0)))[0]!;
  };
  const total = converting(() => false);
  const effects = channels.map((channel) => {
    if (total <= 0) return 0;
    const without = converting((state) => states[state]!.includes(channel));
    return Math.min(1, Math.max(0, (total - without) / total));
  });
  return weightsOf(channels, effects, walks.reduce((sum, w) => sum + w.conversions, 0));
};

/** Above this many channels the Shapley values come from the closed form instead of the coalitions. */
export const exactShapleyChannels = 15;

/**
 * Shapley values (Zhao et al. 2018, "Shapley value methods for attribution modeling in online
 * advertising"): a coalition S of channels is worth v(S) = sum of r(T) over T a subset of S,
 * r(T) the conversions of the journeys whose set of channels is exactly T. So v(all channels) is
 * every conversion and the values sum to it (efficiency); a channel only in non-converting
 * journeys adds nothing to any coalition and gets 0. Up to 15 channels the values are computed
 * from the definition over every coalition,
 *   phi(j) = sum over S not containing j of |S|! (n - |S| - 1)! / n! * (v(S + j) - v(S));
 * above that by the paper's closed form for this v, phi(j) = sum over T containing j of r(T) / |T|,
 * which is equal (the tests check both agree), so the fallback loses nothing.
 */
export const shapleyWeights = (paths: ReadonlyArray<JourneyPath>): ReadonlyArray<ChannelWeight> => {
  const channels = channelsOf(paths);
  const n = channels.length;
  const index = new Map(channels.map((c, i) => [c, i] as const));
  const keyOf = (members: ReadonlyArray<number>): string => members.join(",");
  const byKey = new Map<string, { readonly members: ReadonlyArray<number>; conversions: number }>();
  for (const path of paths) {
    const conversions = countOf(path.conversions);
    if (conversions === 0) continue;
    const members = [...new Set(path.channels.map((c) => index.get(c) ?? 0))].sort((a, b) => a - b);
    const key = keyOf(members);
    const entry = byKey.get(key) ?? { members, conversions: 0 };
    entry.conversions += conversions;
    byKey.set(key, entry);
  }
  const total = [...byKey.values()].reduce((sum, e) => sum + e.conversions, 0);
  const effects = new Array<number>(n).fill(0);
  if (n <= exactShapleyChannels) {
    // r(T) at T's bit mask, then v(S) = sum of r over S's subsets (the zeta transform)
    const size = 1 << n;
    const value = new Float64Array(size);
    for (const entry of byKey.values()) value[entry.members.reduce((m, i) => m | (1 << i), 0)] = entry.conversions;
    for (let i = 0; i < n; i++) {
      for (let mask = 0; mask < size; mask++) if (mask & (1 << i)) value[mask]! += value[mask ^ (1 << i)]!;
    }
    const factorial = [1];
    for (let i = 1; i <= n; i++) factorial.push(factorial[i - 1]! * i);
    const coefficient = Array.from({ length: n }, (_, s) => (factorial[s]! * factorial[n - s - 1]!) / factorial[n]!);
    const popcount = (mask: number): number => {
      let count = 0;
      for (let m = mask; m; m &= m - 1) count++;
      return count;
    };
    for (let mask = 0; mask < size; mask++) {
      const s = popcount(mask);
      for (let j = 0; j < n; j++) {
        if (mask & (1 << j)) continue;
        effects[j]! += coefficient[s]! * (value[mask | (1 << j)]! - value[mask]!);
      }
    }
  } else {
    for (const entry of byKey.values()) {
      for (const j of entry.members) effects[j]! += entry.conversions / entry.members.length;
    }
  }
  return weightsOf(channels, effects, total);
};
