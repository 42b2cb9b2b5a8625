import { integerBetween, mulberry32 } from "../../server/seed/prng";

/**
 * The engine tests' seeded numbers (the demo data's mulberry32, server/seed/prng.ts): `next` in [0, 1),
 * `int` from `lo` to `hi` both included, `pick` one item of a list; the same seed gives the same data on every run.
 */
export const seededRandom = (seed: number) => {
  const next = mulberry32(seed);
  const int = (lo: number, hi: number): number => integerBetween(next, lo, hi);
  const pick = <T,>(items: ReadonlyArray<T>): T => items[int(0, items.length - 1)] as T;
  return { next, int, pick };
};
