import { describe, expect, it } from "vitest";
import {
  averageReturn,
  bandAt,
  bootstrapCurves,
  breakEvenSpend,
  currentSpend,
  drawnCurve,
  fitLogCurve,
  isExtrapolation,
  isWholeWeek,
  marginalReturn,
  predictRevenue,
  quantile,
  seededRandom,
  showsTrendline,
  type SpendWeek,
} from "../../../src/domain/diminishingReturns/responseCurve";

const e = Math.E;
const weeks = (pairs: ReadonlyArray<readonly [number, number]>): SpendWeek[] => pairs.map(([spend, revenue]) => ({ spend, revenue }));

/*
 * Hand computations (x = ln spend):
 *
 * "noisy": spends 1, e, e², e³ give x = 0, 1, 2, 3; revenue y = 1, 3, 2, 5.
 *   mean x = 1.5, mean y = 2.75
 *   Sxx = 2.25 + 0.25 + 0.25 + 2.25 = 5
 *   Sxy = (-1.5)(-1.75) + (-0.5)(0.25) + (0.5)(-0.75) + (1.5)(2.25) = 2.625 - 0.125 - 0.375 + 3.375 = 5.5
 *   b = Sxy / Sxx = 1.1;  a = 2.75 - 1.1 × 1.5 = 1.1
 *   SST = 3.0625 + 0.0625 + 0.5625 + 5.0625 = 8.75;  explained = b² × Sxx = 1.21 × 5 = 6.05
 *   R² = 6.05 / 8.75 = 0.691428571…
 *
 * "exact e": y = 2 + 3x for x = 0..3 → a = 2, b = 3, R² = 1.
 *
 * "tens": spends 10, 100, 1000 (x = ln10, 2 ln10, 3 ln10), revenue 100, 150, 200.
 *   Every step of x is ln10 and of y is 50, so b = 50 / ln10 = 21.714724…;
 *   a = 100 - b × ln10 = 100 - 50 = 50; R² = 1.
 *   At spend 100: predicted = 50 + b × 2 ln10 = 50 + 100 = 150;
 *   marginal = b / 100 = 0.21714724…; average = 150 / 100 = 1.5.
 *   The next unit of spend returns less than it costs above b / s = 1, s = b = 21.714724….
 *
 * "flat": revenue 7 every week → b = 0, a = 7, R² = 1 (nothing to explain), no break-even.
 */
describe("fitLogCurve", () => {
  const cases: ReadonlyArray<[string, SpendWeek[], { a: number; b: number; rSquared: number; weeks: number } | null]> = [
    ["noisy", weeks([[1, 1], [e, 3], [e * e, 2], [e * e * e, 5]]), { a: 1.1, b: 1.1, rSquared: 6.05 / 8.75, weeks: 4 }],
    ["exact e", weeks([[1, 2], [e, 5], [e * e, 8], [e * e * e, 11]]), { a: 2, b: 3, rSquared: 1, weeks: 4 }],
    ["tens", weeks([[10, 100], [100, 150], [1000, 200]]), { a: 50, b: 50 / Math.LN10, rSquared: 1, weeks: 3 }],
    ["flat", weeks([[10, 7], [20, 7], [40, 7]]), { a: 7, b: 0, rSquared: 1, weeks: 3 }],
    ["weeks without spend are left out (ln 0 is undefined)", weeks([[0, 999], [10, 100], [100, 150], [1000, 200]]), { a: 50, b: 50 / Math.LN10, rSquared: 1, weeks: 3 }],
    ["one week: no slope", weeks([[10, 100]]), null],
    ["one spend twice: no slope", weeks([[10, 100], [10, 200]]), null],
    ["no weeks", [], null],
  ];
  it.each(cases)("%s", (_name, input, expected) => {
    const fit = fitLogCurve(input);
    if (expected === null) {
      expect(fit).toBeNull();
      return;
    }
    expect(fit).not.toBeNull();
    expect(fit?.a).toBeCloseTo(expected.a, 9);
    expect(fit?.b).toBeCloseTo(expected.b, 9);
    expect(fit?.rSquared).toBeCloseTo(expected.rSquared, 9);
    expect(fit?.weeks).toBe(expected.weeks);
  });

  it("keeps the smallest and largest spend fitted", () => {
    expect(fitLogCurve(weeks([[0, 1], [30, 100], [10, 50], [20, 80]]))).toMatchObject({ minSpend: 10, maxSpend: 30 });
  });
});

describe("the curve at a spend (tens: a = 50, b = 50 / ln 10)", () => {
  const tens = { a: 50, b: 50 / Math.LN10 };
  const cases: ReadonlyArray<[string, number, number | null, number | null, number | null]> = [
    // spend, predicted, marginal (b / spend), average (predicted / spend)
    ["at 100", 100, 150, 50 / Math.LN10 / 100, 1.5],
    ["at 10", 10, 100, 50 / Math.LN10 / 10, 10],
    ["at 1: ln 1 = 0", 1, 50, 50 / Math.LN10, 50],
    ["at 0: no value", 0, null, null, null],
    ["a negative spend", -5, null, null, null],
  ];
  it.each(cases)("%s", (_name, spend, predicted, marginal, average) => {
    const check = (actual: number | null, expected: number | null) => (expected === null ? expect(actual).toBeNull() : expect(actual).toBeCloseTo(expected, 9));
    check(predictRevenue(tens, spend), predicted);
    check(marginalReturn(tens, spend), marginal);
    check(averageReturn(tens, spend), average);
  });

  it.each([
    ["rising revenue: b itself", tens, 50 / Math.LN10],
    ["flat revenue: never", { a: 7, b: 0 }, null],
    ["falling revenue: never", { a: 7, b: -2 }, null],
  ] as const)("break-even spend, %s", (_name, curve, expected) => {
    const spend = breakEvenSpend(curve);
    if (expected === null) expect(spend).toBeNull();
    else {
      expect(spend).toBeCloseTo(expected, 9);
      expect(marginalReturn(curve, spend as number)).toBeCloseTo(1, 9);
    }
  });
});

describe("showsTrendline", () => {
  const of = (n: number, zeroSpend = 0) => [...Array.from({ length: n }, (_, i) => ({ spend: i + 1, revenue: i })), ...Array.from({ length: zeroSpend }, () => ({ spend: 0, revenue: 5 }))];
  it.each([
    [9, 0, false],
    [10, 0, true],
    [40, 0, true],
    [9, 3, false],
    [0, 0, false],
  ])("%i weeks with spend and %i without: %s", (n, zero, expected) => {
    expect(showsTrendline(of(n, zero))).toBe(expected);
  });
});

describe("quantile (linear between the closest ranks, position q·(n − 1))", () => {
  it.each([
    [[1, 2, 3, 4], 0.5, 2.5], // position 1.5: halfway between 2 and 3
    [[30, 10, 20], 0.05, 11], // sorted 10, 20, 30; position 0.1: 10 + 0.1 × 10
    [[30, 10, 20], 0.95, 29], // position 1.9: 20 + 0.9 × 10
    [[5], 0.95, 5],
    [[1, 2], 0, 1],
    [[1, 2], 1, 2],
  ])("%j at %d is %d", (values, q, expected) => {
    expect(quantile(values, q)).toBeCloseTo(expected, 12);
  });
  it("has no value for no values", () => expect(quantile([], 0.5)).toBeNull());
});

describe("bootstrap band", () => {
  const noisy = weeks(Array.from({ length: 20 }, (_, i) => [10 * (i + 1), 100 * Math.log(10 * (i + 1)) + ((i * 37) % 11) * 10 - 50] as const));

  it("draws the same curves from the same seed and other curves from another", () => {
    expect(bootstrapCurves(noisy, { seed: 7, samples: 50 })).toEqual(bootstrapCurves(noisy, { seed: 7, samples: 50 }));
    expect(bootstrapCurves(noisy, { seed: 7, samples: 50 })).not.toEqual(bootstrapCurves(noisy, { seed: 8, samples: 50 }));
  });

  it("is the curve itself when every week lies on it (every resample fits the same curve)", () => {
    const exact = weeks([[1, 2], [e, 5], [e * e, 8], [e * e * e, 11], [e ** 4, 14]]);
    const band = bandAt(bootstrapCurves(exact, { samples: 100 }), e * e);
    expect(band?.low).toBeCloseTo(8, 9);
    expect(band?.high).toBeCloseTo(8, 9);
  });

  it("holds the fitted revenue between its ends, and widens away from the weeks' middle", () => {
    const fit = fitLogCurve(noisy);
    const curves = bootstrapCurves(noisy);
    const atMiddle = bandAt(curves, 100) as { low: number; high: number };
    const farOut = bandAt(curves, 5000) as { low: number; high: number };
    expect(atMiddle.low).toBeLessThanOrEqual(predictRevenue(fit!, 100)!);
    expect(atMiddle.high).toBeGreaterThanOrEqual(predictRevenue(fit!, 100)!);
    expect(farOut.high - farOut.low).toBeGreaterThan(atMiddle.high - atMiddle.low);
  });

  it("draws in [0, 1)", () => {
    const random = seededRandom(42);
    const draws = Array.from({ length: 1000 }, random);
    expect(draws.every((d) => d >= 0 && d < 1)).toBe(true);
    expect(new Set(draws).size).toBeGreaterThan(990);
  });

  it("has no curves with fewer than two weeks and no band at a spend of 0", () => {
    expect(bootstrapCurves(weeks([[10, 1]]))).toEqual([]);
    expect(bandAt([{ a: 1, b: 1 }], 0)).toBeNull();
  });
});

describe("drawn curve and extrapolation", () => {
  const fit = fitLogCurve(weeks([[10, 100], [100, 150], [1000, 200]]))!;
  const curves = bootstrapCurves(weeks([[10, 100], [100, 150], [1000, 200]]));
  it.each([
    ["no what-if", null, 0, null],
    ["inside the weeks", 500, 0, null],
    ["above the weeks", 4000, 21, [1000, 4000]],
    ["below the weeks", 2, 21, [2, 10]],
  ] as const)("%s", (_name, whatIf, extrapolatedPoints, ends) => {
    const drawn = drawnCurve(fit, curves, whatIf);
    expect(drawn.observed[0]?.spend).toBe(10);
    expect(drawn.observed.at(-1)?.spend).toBe(1000);
    expect(drawn.extrapolated).toHaveLength(extrapolatedPoints);
    if (ends) expect([drawn.extrapolated[0]?.spend, drawn.extrapolated.at(-1)?.spend]).toEqual(ends);
    // On an exact curve the band is the curve.
    for (const p of drawn.observed) expect(p.high - p.low).toBeCloseTo(0, 6);
  });
  it.each([
    [9.99, true],
    [10, false],
    [1000, false],
    [1000.01, true],
  ])("%d is an extrapolation: %s", (spend, expected) => expect(isExtrapolation(fit, spend)).toBe(expected));
});

describe("currentSpend", () => {
  type Dated = { date: string; spend: number; revenue: number };
  it.each<[string, ReadonlyArray<Dated>, number | null]>([
    ["the latest week with spend", [{ date: "2026-01-05", spend: 10, revenue: 1 }, { date: "2026-01-19", spend: 30, revenue: 1 }, { date: "2026-01-12", spend: 20, revenue: 1 }], 30],
    ["a latest week without spend is passed over", [{ date: "2026-01-05", spend: 10, revenue: 1 }, { date: "2026-01-12", spend: 0, revenue: 1 }], 10],
    ["no week with spend", [{ date: "2026-01-05", spend: 0, revenue: 1 }], null],
  ])("%s", (_name, input, expected) => expect(currentSpend(input)).toBe(expected));

  it.each<[string, { from: string; to: string }, number | null]>([
    // Weeks of 2026-01-05, -12, -19 (Mondays); the range ends on Wednesday 2026-01-21, so the week of the 19th is partial.
    ["the latest whole week inside the range", { from: "2026-01-05", to: "2026-01-21" }, 20],
    ["the range ends on the Sunday: the last week is whole", { from: "2026-01-05", to: "2026-01-25" }, 30],
    ["no whole week: the latest week with spend", { from: "2026-01-06", to: "2026-01-10" }, 30],
  ])("%s", (_name, range, expected) => {
    const weeks = [{ date: "2026-01-05", spend: 10, revenue: 1 }, { date: "2026-01-19", spend: 30, revenue: 1 }, { date: "2026-01-12", spend: 20, revenue: 1 }];
    expect(currentSpend(weeks, range)).toBe(expected);
  });
});

describe("isWholeWeek (a Monday's week, Monday to Sunday, inside the range)", () => {
  const range = { from: "2026-01-05", to: "2026-01-25" };
  it.each([
    ["the first Monday of the range", "2026-01-05", range, true],
    ["the week ending on the range's last day", "2026-01-19", range, true],
    ["a week starting before the range", "2025-12-29", range, false],
    ["a week ending after the range", "2026-01-19", { from: "2026-01-05", to: "2026-01-24" }, false],
    ["across a month's end", "2026-01-26", { from: "2026-01-26", to: "2026-02-01" }, true],
    ["no range: whole", "2026-01-19", null, true],
  ] as const)("%s", (_name, monday, r, expected) => expect(isWholeWeek(monday, r)).toBe(expected));
});
