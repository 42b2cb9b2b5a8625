import { dayAfter, daysBefore, midWeekRangeBefore } from "../support/days";
import { e2eNow } from "./environment";

/**
 * Days relative to the suite's pinned today (`e2eNow`, test/e2e/environment.ts), as the
 * demo data counts them: UTC calendar days.
 */
export { dayAfter };

/** The ISO day `n` days before today, inside the demo data's 400 days. */
export const daysAgo = (n: number): string => daysBefore(e2eNow(), n);

/** `weeks` whole weeks and a part week at each end, the range ending on or before `endDaysAgo` days ago (support/days.ts). */
export const midWeekRange = (endDaysAgo: number, weeks: number): { readonly from: string; readonly to: string } =>
  midWeekRangeBefore(e2eNow(), endDaysAgo, weeks);
