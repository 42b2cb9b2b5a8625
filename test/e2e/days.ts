/**
 * Days relative to the suite's pinned today (test/e2e/environment.ts; the test code's own
 * clock is pinned by fixtures.ts), as the demo data counts them: UTC calendar days.
 */
const dayMs = 86_400_000;

/** The ISO day `n` days before today, inside the demo data's 400 days. */
export const daysAgo = (n: number): string => new Date(Date.now() - n * dayMs).toISOString().slice(0, 10);

/** The ISO day after `day`. */
export const dayAfter = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + dayMs).toISOString().slice(0, 10);

/**
 * A range of `weeks` whole weeks and a part week at each end, whatever today's weekday:
 * from a Wednesday to a Wednesday, the later one on or before `endDaysAgo` days before
 * today. Monday-based weeks cut it into a part week (Wed–Sun), the whole weeks, and a part
 * week (Mon–Wed).
 */
export const midWeekRange = (endDaysAgo: number, weeks: number): { readonly from: string; readonly to: string } => {
  const end = Date.now() - endDaysAgo * dayMs;
  // getUTCDay: Sunday 0 … Saturday 6; Wednesday is 3.
  const back = (new Date(end).getUTCDay() - 3 + 7) % 7;
  const to = end - back * dayMs;
  const from = to - 7 * (weeks + 1) * dayMs;
  return { from: new Date(from).toISOString().slice(0, 10), to: new Date(to).toISOString().slice(0, 10) };
};
