import type { AttributionSettings, RebuildWork } from "../warehouse/engineQueries";
import type { ClassificationPlan } from "./classification";

/**
 * The materialised facts (migration 3; docs/engine.md, "Data model") and what each change
 * recomputes. Every report is a small GROUP BY over these tables:
 *
 * - traffic_facts (program, day, level, taxonomy prefix): clicks, impressions;
 * - sales_facts (program, conversion day, level, prefix, status, customer_type, payment):
 *   first/last/attributed sales (sums of credits) and revenue (credit x amount), and the
 *   attributed revenue and credit of each funnel role;
 * - inclusion_facts (program, conversion day, level, prefix, order attributes): distinct
 *   orders whose journey includes the prefix. Distinct counts do not add up across
 *   children, so they could only be kept per level; they do add up across days and
 *   attributes (an order has one conversion day and one set of attributes);
 * - cost_facts (program, day, level, prefix): variable and fixed cost booked that day;
 * - touches: one row per touch with its three credits and funnel role (the journeys).
 *
 * Every facts table holds each level: level 4 rows are full paths, level k rows the
 * roll-up of a k-level prefix (deeper levels ''), level 0 the program's total. A report
 * reads only its level's rows: a level-one table over a year reads (channels x days)
 * rows, whatever the number of hits. The SQL is in server/warehouse/sql/attributionQueries.ts.
 */

/** Saving the classification: classify, then everything that depends on taxonomy paths. */
export const reclassifyWork = (
  plan: ClassificationPlan | null,
  settings: AttributionSettings,
  at: number,
): RebuildWork => ({
  ...(plan ? { classification: plan } : {}),
  traffic: true,
  openJourneys: true,
  attribution: settings,
  costs: true,
  at,
});

/** A new attribution model or lookback window: journeys, credits, sales and inclusion facts. */
export const reattributeWork = (settings: AttributionSettings, at: number): RebuildWork => ({ attribution: settings, at });

/** A fixed or variable cost changed. */
export const costWork = (at: number): RebuildWork => ({ costs: true, at });
