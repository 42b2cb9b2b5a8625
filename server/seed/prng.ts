/** A seeded source of numbers in [0, 1): the same seed gives the same sequence. */
export type Random = () => number;

/** mulberry32: a small, fast 32-bit PRNG; ample for demo data (not for secrets). */
export const mulberry32 = (seed: number): Random => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** A whole number from `min` to `max`, both included. */
export const integerBetween = (random: Random, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));

/** One item of a non-empty list. */
export const pick = <T>(random: Random, items: readonly [T, ...T[]]): T =>
  items[Math.floor(random() * items.length)] ?? items[0];
