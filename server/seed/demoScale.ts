/**
 * DEMO_SCALE: a non-negative number (1 is the default demo, about 145,000 hits), or
 * `bench` for the benchmark data set of about 10 million hits.
 */
export const benchScale = 69;

/** The scale a DEMO_SCALE value asks for; `fallback` when unset; null when it is neither a number nor `bench`. */
export const demoScaleFrom = (raw: string | undefined, fallback: number): number | null => {
  const text = (raw ?? "").trim().toLowerCase();
  if (text === "") return fallback;
  if (text === "bench") return benchScale;
  const scale = Number(text);
  return Number.isFinite(scale) && scale >= 0 ? scale : null;
};
