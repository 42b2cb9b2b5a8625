/** Calendar days (UTC, as ISO dates) relative to an instant: ranges the pinned-day tests build. */
const dayMs = 86_400_000;

export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The ISO day `n` days before the instant's. */
export const daysBefore = (ms: number, n: number): string => dayOf(ms - n * dayMs);

/** The ISO day after `day`. */
export const dayAfter = (day: string): string => dayOf(Date.parse(`${day}T00:00:00Z`) + dayMs);

/**
 * A range of `weeks` whole weeks and a part week at each end, whatever the instant's
 * weekday: from a Wednesday to a Wednesday, the later one on or before `endDaysAgo` days
 * before the instant. Monday-based weeks cut it into a part week (Wed–Sun), the whole weeks,
 * and a part week (Mon–Wed).
 */
export const midWeekRangeBefore = (ms: number, endDaysAgo: number, weeks: number): { readonly from: string; readonly to: string } => {
  const end = ms - endDaysAgo * dayMs;
  // getUTCDay: Sunday 0 … Saturday 6; Wednesday is 3.
  const back = (new Date(end).getUTCDay() - 3 + 7) % 7;
  const to = end - back * dayMs;
  return { from: dayOf(to - 7 * (weeks + 1) * dayMs), to: dayOf(to) };
};
