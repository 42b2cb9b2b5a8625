import type { FunnelResponse, FunnelRow } from "../../../src/domain/analysis/analysis";
import { funnelHeaders } from "../../../src/domain/analysis/analysis";

/** A funnel row at `location` whose four roles' revenue are `revenue` (percents and credits derived from them). */
export const funnelRowAt = (location: ReadonlyArray<string>, revenue: readonly [number, number, number, number]): FunnelRow => {
  const all = revenue.reduce((a, b) => a + b, 0);
  const pct = (v: number) => (all === 0 ? 0 : (v / all) * 100);
  return {
    ...Object.fromEntries(location.map((name, i) => [`taxonomy_${i + 1}`, name])),
    solo_revenue: revenue[0],
    solo_revenue_percent: pct(revenue[0]),
    solo_credit: revenue[0] / 10,
    upper_funnel_revenue: revenue[1],
    upper_funnel_revenue_percent: pct(revenue[1]),
    upper_funnel_credit: revenue[1] / 10,
    mid_funnel_revenue: revenue[2],
    mid_funnel_revenue_percent: pct(revenue[2]),
    mid_funnel_credit: revenue[2] / 10,
    lower_funnel_revenue: revenue[3],
    lower_funnel_revenue_percent: pct(revenue[3]),
    lower_funnel_credit: revenue[3] / 10,
  };
};

export const funnelAnswer = (rows: ReadonlyArray<FunnelRow>): FunnelResponse => ({ data: rows, column_headers: funnelHeaders, total: rows.length });

/** Twelve channels at level one ('None' among them): two pages of 8. */
export const twelveChannels = funnelAnswer(
  ["Email", "SEO", "Affiliate", "Display", "Bing", "Direct", "None", "Referral", "Paid Social", "Organic Social", "Google Ad", "Video"].map((name, i) =>
    funnelRowAt([name], [i + 1, 2 * i, 30 - i, 5]),
  ),
);

/** Three channels at level one. */
export const threeChannels = funnelAnswer([funnelRowAt(["Email"], [10, 20, 30, 40]), funnelRowAt(["SEO"], [0, 50, 0, 50]), funnelRowAt(["None"], [1, 1, 1, 1])]);

export const noChannels = funnelAnswer([]);
