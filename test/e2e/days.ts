import { dayAfter, daysBefore, midWeekRangeBefore } from "../support/days";

/**
 * Days relative to the suite's pinned today (test/e2e/environment.ts; the test code's own
 * clock is pinned by fixtures.ts), as the demo data counts them: UTC calendar days.
 */
export { dayAfter };

/** The ISO day `n` days before today, inside the demo data's 400 days. */
export const daysAgo = (n: number): string => daysBefore(Date.now(), n);

/** `weeks` whole weeks and a part week at each end, the range ending on or before `endDaysAgo` days ago (support/days.ts). */
export const midWeekRange = (endDaysAgo: number, weeks: number): { readonly from: string; readonly to: string } =>
  midWeekRangeBefore(Date.now(), endDaysAgo, weeks);
