import { zeroPoint } from "../../../src/domain/funnelTrends/funnelTrends";
import { funnelHeaders } from "../../../src/domain/analysis/analysis";
import type { FunnelTrendsAnswer } from "../../../src/services/funnelTrends/funnelTrends";

/** A day with revenue in the solo and lower roles (60 / 40). */
export const day = (date: string, solo = 60, lower = 40) => ({
  ...zeroPoint(date),
  solo_revenue: solo,
  solo_revenue_percent: (100 * solo) / (solo + lower),
  lower_funnel_revenue: lower,
  lower_funnel_revenue_percent: (100 * lower) / (solo + lower),
});

/** Level one in January 2026: Email on three days (the rest missing), SEO refused. */
export const januaryTrends: FunnelTrendsAnswer = {
  series: [
    { name: "Email", children: ["Newsletter"], data: [day("2026-01-01"), day("2026-01-15", 10, 30), day("2026-01-31")] },
    { name: "Direct", children: [], data: [] },
  ],
  refused: [{ name: "SEO", problem: "data.0.solo_revenue: Expected number, actual \"x\"" }],
  headers: funnelHeaders,
};

export const noTrends: FunnelTrendsAnswer = { series: [], refused: [], headers: funnelHeaders };
