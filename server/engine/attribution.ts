import type { FunnelRole } from "../../src/domain/report/metrics";
import { attributionModels, isDataDriven, type AttributionModel } from "../../src/domain/settings/programSettings";
import type { AttributionSettings, StoredSettings } from "../warehouse/engineQueries";

/**
 * Journeys and credit (docs/engine.md, "Journeys and credit"). The warehouse computes them in
 * SQL for every order at once (warehouse/sql/attributionQueries.ts `attribute`); this module holds the
 * settings and the same rules for one journey in TypeScript, which tests compare with the
 * SQL.
 *
 * - A journey is the clicks of the order's visitors with order.ts - lookback <= click.ts <= order.ts,
 *   oldest first (ties by hit id), each once; lookback defaults to 30 days. The order's visitors:
 *   its own, and when it names a customer every visitor tied to that customer (identified as it,
 *   or the visitor of an order naming it), whenever the tie was made (`journeyClicks`).
 * - No click: one touch to taxonomy_1 'Direct', lower levels 'None', at the order's instant.
 * - first: 1 for touch 1; last: 1 for touch n.
 * - linear: 1/n. position_based: 40/20/40 (n = 1: 1; n = 2: 50/50; the middle 20 split
 *   evenly). time_decay: weights 2^(-(order_ts - touch_ts) / 7 days), normalised to 1
 *   (computed relative to the last touch, which changes nothing after normalising).
 *   markov, shapley: the touch's channel weight over the journey's sum of them (linear when 0).
 * - funnel role: n = 1 solo; else touch 1 upper_funnel, touch n lower_funnel, others mid_funnel.
 */

export const defaultLookbackDays = 30;
export const defaultModel: AttributionModel = "linear";
export const halfLifeDays = 7;
export const directTaxonomy = "Direct";

/**
 * The settings a program attributes with: its saved ones, read leniently ('Position
 * Based', 'time-decay' are understood), else linear over 30 days (a data-driven model at
 * level 1, order 1).
 */
export const attributionSettingsOf = (stored: StoredSettings | null): AttributionSettings => {
  const model = (stored?.model ?? "").trim().toLowerCase().replace(/[\s-]+/g, "_");
  const lookback = stored?.lookbackDays ?? defaultLookbackDays;
  const order = stored?.markovOrder;
  return {
    model: (attributionModels as ReadonlyArray<string>).includes(model) ? (model as AttributionModel) : defaultModel,
    lookbackDays: Number.isFinite(lookback) && lookback > 0 ? Math.floor(lookback) : defaultLookbackDays,
    // a data-driven model's level and Markov order; anything else stored reads as level 1, order 1
    modelLevel: stored?.modelLevel === 2 ? 2 : 1,
    markovOrder: order === 2 || order === 3 ? order : 1,
  };
};

export interface TouchCredit {
  readonly first: number;
  readonly last: number;
  readonly attributed: number;
  readonly role: FunnelRole;
}

/** The funnel role of touch i (1-based) of n. */
export const funnelRoleOf = (i: number, n: number): FunnelRole =>
  n === 1 ? "solo" : i === 1 ? "upper_funnel" : i === n ? "lower_funnel" : "mid_funnel";

/**
 * Credits of one journey's touches, given their times (oldest first) and, for a data-driven model, the weight
 * of each touch's channel (docs/engine.md, "Data-driven models": weight over the sum of the journey's weights,
 * linear when they sum to 0 or are not given).
 */
export const journeyCredits = (
  touchTimes: ReadonlyArray<number>,
  model: AttributionModel,
  touchWeights: ReadonlyArray<number> = [],
): ReadonlyArray<TouchCredit> => {
  const n = touchTimes.length;
  const lastTs = touchTimes[n - 1] ?? 0;
  const decay = touchTimes.map((ts) => 2 ** (-(lastTs - ts) / (halfLifeDays * 86_400_000)));
  const decayTotal = decay.reduce((a, b) => a + b, 0);
  const weightTotal = touchTimes.reduce((sum, _, index) => sum + (touchWeights[index] ?? 0), 0);
  return touchTimes.map((_, index) => {
    const i = index + 1;
    const attributed =
      model === "linear"
        ? 1 / n
        : isDataDriven(model)
          ? weightTotal > 0
            ? (touchWeights[index] ?? 0) / weightTotal
            : 1 / n
          : model === "position_based"
          ? n === 1
            ? 1
            : n === 2
              ? 0.5
              : i === 1 || i === n
                ? 0.4
                : 0.2 / (n - 2)
          : (decay[index] ?? 0) / decayTotal;
    return { first: i === 1 ? 1 : 0, last: i === n ? 1 : 0, attributed, role: funnelRoleOf(i, n) };
  });
};

/** A click as a journey reads it. */
export interface JourneyClick {
  readonly hitId: number;
  readonly visitorId: string;
  readonly ts: number;
}

/** A visitor tied to a customer: identified as it, or the visitor of an order naming it. */
export interface CustomerTie {
  readonly visitorId: string;
  readonly customerId: string;
}

/** The ties of identifies and of orders that name a customer. */
export const customerTiesOf = (
  identities: ReadonlyArray<CustomerTie>,
  orders: ReadonlyArray<{ readonly visitorId: string; readonly customerId?: string | null }>,
): ReadonlyArray<CustomerTie> => [
  ...identities,
  ...orders.flatMap((o) => (o.customerId ? [{ visitorId: o.visitorId, customerId: o.customerId }] : [])),
];

/**
 * One order's journey, before credit: of the program's `clicks`, those of the order's visitor and of
 * every visitor tied to its customer, within the lookback, oldest first (ties by hit id); a visitor
 * tied to two customers counts in both customers' journeys.
 */
export const journeyClicks = <C extends JourneyClick>(
  order: { readonly visitorId: string; readonly customerId?: string | null; readonly ts: number },
  clicks: ReadonlyArray<C>,
  ties: ReadonlyArray<CustomerTie>,
  lookbackDays: number,
): ReadonlyArray<C> => {
  const customer = order.customerId ?? null;
  const visitors = new Set([order.visitorId, ...ties.filter((t) => customer !== null && t.customerId === customer).map((t) => t.visitorId)]);
  return clicks
    .filter((c) => visitors.has(c.visitorId) && c.ts <= order.ts && c.ts >= order.ts - lookbackDays * 86_400_000)
    .sort((a, b) => a.ts - b.ts || a.hitId - b.hitId);
};
