import type { DiminishingSeries } from "../../../src/domain/analysis/analysis";
import type { DiminishingAnswer } from "../../../src/services/diminishingReturns/diminishingReturns";

/** The dates of the fixtures: twelve whole weeks, Monday 2025-11-03 to Sunday 2026-01-25. */
export const fixtureRange = { from: "2025-11-03", to: "2026-01-25" } as const;

/** `n` Mondays from 2025-11-03 on. */
const mondays = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => new Date(Date.UTC(2025, 10, 3 + 7 * i)).toISOString().slice(0, 10));

/** Weeks on revenue = 100 + 50·ln(spend) (spend 100, 200, …), every third tagged 'Black Friday'. */
export const weeksOn = (n: number): DiminishingSeries["data"] =>
  mondays(n).map((date, i) => ({
    conversion_date: date,
    total_cost: 100 * (i + 1),
    attributed_revenue: 100 + 50 * Math.log(100 * (i + 1)),
    seasonality: i % 3 === 0 ? "Black Friday" : null,
  }));

/** Level one: Email with 12 weeks (children Newsletter), Direct with 4. */
export const levelOne: DiminishingAnswer = {
  series: [
    { name: "Email", children: ["Newsletter"], data: weeksOn(12) },
    { name: "Direct", children: [], data: weeksOn(4) },
  ],
  types: [{ id: 1, name: "Black Friday", weeks: [] }],
};

export const emptyLevel: DiminishingAnswer = { series: [], types: [] };
