/**
 * The diminishing-returns response curve: weekly attributed revenue against weekly gross
 * spend, fitted as revenue = a + b·ln(spend) by ordinary least squares on ln(spend), with
 * its R², the marginal return b / spend, the average return revenue / spend, the weekly
 * spend where the marginal return falls to 1 (each further unit of spend returns less
 * than it costs), and a band from bootstrap resampling of the weeks (seeded, so the same
 * weeks always draw the same band). It describes how spend and revenue moved together in
 * the weeks shown: a correlation, not a causal model (docs/architecture.md).
 */

/** One week as the curve reads it. */
export interface SpendWeek {
  readonly spend: number;
  readonly revenue: number;
}

/** revenue = a + b·ln(spend). */
export interface LogCurve {
  readonly a: number;
  readonly b: number;
}

/** A fitted curve: its coefficients, R² and the number of weeks it was fitted on. */
export interface CurveFit extends LogCurve {
  readonly rSquared: number;
  readonly weeks: number;
  /** The smallest and largest weekly spend fitted: the curve is an extrapolation outside them. */
  readonly minSpend: number;
  readonly maxSpend: number;
}

/** The fewest points the trendline is drawn from. */
export const minTrendlinePoints = 10;

/** The weeks a log curve can be fitted on: a positive, finite spend (ln is undefined at 0) and a finite revenue. */
export const fittableWeeks = (weeks: ReadonlyArray<SpendWeek>): ReadonlyArray<SpendWeek> =>
  weeks.filter((w) => Number.isFinite(w.spend) && w.spend > 0 && Number.isFinite(w.revenue));

/** Least squares of revenue on ln(spend); null with fewer than two distinct spends (no slope to fit). */
const leastSquares = (weeks: ReadonlyArray<SpendWeek>): (LogCurve & { readonly sst: number; readonly sxx: number }) | null => {
  const n = weeks.length;
  if (n < 2) return null;
  let sumX = 0;
  let sumY = 0;
  for (const w of weeks) {
    sumX += Math.log(w.spend);
    sumY += w.revenue;
  }
  const meanX = sumX / n;
  const meanY = sumY / n;
  let sxx = 0;
  let sxy = 0;
  let sst = 0;
  for (const w of weeks) {
    const dx = Math.log(w.spend) - meanX;
    const dy = w.revenue - meanY;
    sxx += dx * dx;
    sxy += dx * dy;
    sst += dy * dy;
  }
  // Relative guard: spends that differ only by rounding noise have no slope either.
  if (sxx <= 1e-12 * Math.max(1, meanX * meanX)) return null;
  const b = sxy / sxx;
  return { a: meanY - b * meanX, b, sst, sxx };
};

/**
 * The curve fitted on the weeks with a positive spend; null with fewer than two distinct
 * spends. R² is the share of the revenue's variance the curve explains (b²·Sxx / SST);
 * 1 when every week has the same revenue (nothing left to explain).
 */
export const fitLogCurve = (weeks: ReadonlyArray<SpendWeek>): CurveFit | null => {
  const usable = fittableWeeks(weeks);
  const fit = leastSquares(usable);
  if (fit === null) return null;
  const spends = usable.map((w) => w.spend);
  const explained = fit.b * fit.b * fit.sxx;
  return {
    a: fit.a,
    b: fit.b,
    rSquared: fit.sst === 0 ? 1 : Math.min(1, explained / fit.sst),
    weeks: usable.length,
    minSpend: Math.min(...spends),
    maxSpend: Math.max(...spends),
  };
};

/** Whether the trendline may be drawn: at least `minTrendlinePoints` weeks to fit. */
export const showsTrendline = (weeks: ReadonlyArray<SpendWeek>): boolean => fittableWeeks(weeks).length >= minTrendlinePoints;

/** The revenue the curve predicts for a weekly spend (null for a spend that is not positive). */
export const predictRevenue = (curve: LogCurve, spend: number): number | null =>
  Number.isFinite(spend) && spend > 0 ? curve.a + curve.b * Math.log(spend) : null;

/** d revenue / d spend at a weekly spend: b / spend, what the next unit of spend returns. */
export const marginalReturn = (curve: LogCurve, spend: number): number | null => (Number.isFinite(spend) && spend > 0 ? curve.b / spend : null);

/** Revenue per unit of spend at a weekly spend on the curve: (a + b·ln spend) / spend. */
export const averageReturn = (curve: LogCurve, spend: number): number | null => {
  const revenue = predictRevenue(curve, spend);
  return revenue === null ? null : revenue / spend;
};

/**
 * The weekly spend above which the next unit of spend returns less than it costs: b / s = 1,
 * so s = b. Null when revenue does not rise with spend (b ≤ 0: no spend pays at the margin).
 */
export const breakEvenSpend = (curve: LogCurve): number | null => (curve.b > 0 ? curve.b : null);

/** Whether a weekly spend lies outside the spends the curve was fitted on. */
export const isExtrapolation = (fit: CurveFit, spend: number): boolean => spend < fit.minSpend || spend > fit.maxSpend;

/** The Sunday ending the week that starts on a Monday (YYYY-MM-DD). */
const weekEnd = (monday: string): string => new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);

/**
 * Whether the week starting on `monday` lies wholly inside the range: the first and last
 * weeks of a range count only the days inside it, so their spend and revenue are parts of
 * a week. Without a range every week counts as whole.
 */
export const isWholeWeek = (monday: string, range?: { readonly from: string; readonly to: string } | null): boolean =>
  !range || (monday >= range.from && weekEnd(monday) <= range.to);

/**
 * The weekly spend the page calls current: the latest week with a positive spend that lies
 * wholly inside the range; the latest week with spend when no week is whole.
 */
export const currentSpend = <W extends SpendWeek & { readonly date: string }>(
  weeks: ReadonlyArray<W>,
  range?: { readonly from: string; readonly to: string } | null,
): number | null => {
  const latest = (whole: boolean): W | null => {
    let found: W | null = null;
    for (const w of weeks) {
      if (!(w.spend > 0 && Number.isFinite(w.spend))) continue;
      if (whole && !isWholeWeek(w.date, range)) continue;
      if (found === null || w.date >= found.date) found = w;
    }
    return found;
  };
  return (latest(true) ?? latest(false))?.spend ?? null;
};

// ---------------------------------------------------------------------------------------
// Bootstrap band

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed, the same draws. */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export interface BootstrapOptions {
  /** How many resamples (default 200). */
  readonly samples?: number;
  readonly seed?: number;
}

export const defaultBootstrap = { samples: 200, seed: 20_240_101 } as const;

/**
 * Curves fitted on resamples of the weeks: each resample draws as many weeks as there are,
 * with replacement; a resample with fewer than two distinct spends has no curve and is
 * left out.
 */
export const bootstrapCurves = (weeks: ReadonlyArray<SpendWeek>, options: BootstrapOptions = {}): ReadonlyArray<LogCurve> => {
  const usable = fittableWeeks(weeks);
  const n = usable.length;
  if (n < 2) return [];
  const random = seededRandom(options.seed ?? defaultBootstrap.seed);
  const samples = options.samples ?? defaultBootstrap.samples;
  const curves: LogCurve[] = [];
  const drawn: SpendWeek[] = new Array<SpendWeek>(n);
  for (let s = 0; s < samples; s += 1) {
    for (let i = 0; i < n; i += 1) drawn[i] = usable[Math.floor(random() * n)] as SpendWeek;
    const fit = leastSquares(drawn);
    if (fit !== null) curves.push({ a: fit.a, b: fit.b });
  }
  return curves;
};

/**
 * The q-quantile (0..1) of values by linear interpolation between the closest ranks
 * (position q·(n − 1) in the sorted values); null for no values.
 */
export const quantile = (values: ReadonlyArray<number>, q: number): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const position = Math.min(Math.max(q, 0), 1) * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below] as number;
  const high = sorted[above] as number;
  return low + (high - low) * (position - below);
};

/** The band's coverage: the middle 90% of the resampled curves' predictions. */
export const bandCoverage = 0.9;

export interface Band {
  readonly low: number;
  readonly high: number;
}

/** The band at a weekly spend: the 5th and 95th percentiles of the resampled curves' predictions there. */
export const bandAt = (curves: ReadonlyArray<LogCurve>, spend: number, coverage: number = bandCoverage): Band | null => {
  if (!(Number.isFinite(spend) && spend > 0)) return null;
  const predictions = curves.map((c) => c.a + c.b * Math.log(spend));
  const tail = (1 - coverage) / 2;
  const low = quantile(predictions, tail);
  const high = quantile(predictions, 1 - tail);
  return low === null || high === null ? null : { low, high };
};

// ---------------------------------------------------------------------------------------
// The curve as drawn

/** A point of the drawn curve with its band. */
export interface CurvePoint {
  readonly spend: number;
  readonly revenue: number;
  readonly low: number;
  readonly high: number;
}

/** The curve to draw: inside the observed spends, and beyond them up to a what-if spend (extrapolation). */
export interface DrawnCurve {
  readonly observed: ReadonlyArray<CurvePoint>;
  /** Empty unless a what-if spend lies outside the observed spends. */
  readonly extrapolated: ReadonlyArray<CurvePoint>;
}

const pointAt = (fit: CurveFit, curves: ReadonlyArray<LogCurve>, spend: number): CurvePoint => {
  const revenue = fit.a + fit.b * Math.log(spend);
  const band = bandAt(curves, spend) ?? { low: revenue, high: revenue };
  return { spend, revenue, low: band.low, high: band.high };
};

/** `steps + 1` spends from `from` to `to`, evenly spaced. */
const spendsBetween = (from: number, to: number, steps: number): number[] =>
  Array.from({ length: steps + 1 }, (_, i) => from + ((to - from) * i) / steps);

/**
 * The curve sampled at `steps + 1` spends across the observed spends, and, when `whatIf`
 * lies outside them, a second run from the nearer observed end to it (drawn dashed).
 */
export const drawnCurve = (fit: CurveFit, curves: ReadonlyArray<LogCurve>, whatIf: number | null, steps = 40): DrawnCurve => {
  const observed = spendsBetween(fit.minSpend, fit.maxSpend, fit.minSpend === fit.maxSpend ? 0 : steps).map((s) => pointAt(fit, curves, s));
  if (whatIf === null || !(whatIf > 0) || !isExtrapolation(fit, whatIf)) return { observed, extrapolated: [] };
  const from = whatIf > fit.maxSpend ? fit.maxSpend : whatIf;
  const to = whatIf > fit.maxSpend ? whatIf : fit.minSpend;
  return { observed, extrapolated: spendsBetween(from, to, Math.max(2, Math.round(steps / 2))).map((s) => pointAt(fit, curves, s)) };
};

/** What the page shows of the weeks: the fitted curve and its resampled curves, only from `minTrendlinePoints` weeks. */
export interface CurveAnalysis {
  /** Null with too few weeks (the page shows the warning instead) or no slope to fit. */
  readonly fit: CurveFit | null;
  readonly curves: ReadonlyArray<LogCurve>;
}

export const analyseWeeks = (weeks: ReadonlyArray<SpendWeek>, options: BootstrapOptions = {}): CurveAnalysis => {
  if (!showsTrendline(weeks)) return { fit: null, curves: [] };
  const fit = fitLogCurve(weeks);
  return fit === null ? { fit: null, curves: [] } : { fit, curves: bootstrapCurves(weeks, options) };
};
