import type { JourneyRow, JourneyTouch } from "../../../src/domain/journeys/journeys";
import type { JourneySummaryResponse } from "../../../src/domain/journeys/journeySummary";
import { journeyTableRow } from "../../../src/domain/journeys/journeyTable";
import type { TaxonomyPath } from "../../../src/domain/performance/performance";
import type { BlocksOutput } from "../../../src/machines/journeys/journeysReport.machine";

/** Journeys and taxonomies for the journeys report's scenarios and model. */

export const touch = (a: string, b = "None", c = "None", d = "None"): JourneyTouch => ({ taxonomy_1: a, taxonomy_2: b, taxonomy_3: c, taxonomy_4: d });
export const email = touch("Email", "Newsletter", "Weekly", "Issue 1");
export const google = touch("Paid Search", "Google Ads", "Brand", "Exact");
export const seo = touch("SEO", "Organic");

export const taxonomies: ReadonlyArray<TaxonomyPath> = [email, google, seo];

/** The nth journey (from 0): a few touches, converting one hour apart, newest first. */
export const journeyRow = (n: number): JourneyRow => ({
  order_id: `order-${String(n).padStart(4, "0")}`,
  conversion_date: new Date(Date.UTC(2026, 0, 31, 23) - n * 3_600_000).toISOString().replace(".000Z", "+00:00"),
  order_amount: 10 + n,
  journey_path: n % 3 === 0 ? [email, email, google] : n % 3 === 1 ? [seo] : [google, seo, google],
});

/** Block `block` (from 0) of 160 rows out of `total` orders. */
export const blockOf = (block: number, total: number): BlocksOutput["blocks"][number] => ({
  block,
  rows: Array.from({ length: Math.max(0, Math.min(160, total - block * 160)) }, (_, i) => journeyTableRow(journeyRow(block * 160 + i))),
});

export const answerOf = (blocks: ReadonlyArray<number>, total: number): BlocksOutput => ({ total, blocks: blocks.map((b) => blockOf(b, total)) });

export const summaryOf = (level: 2 | 3 | 4 = 2): JourneySummaryResponse => ({
  level,
  all: { orders: 400, revenue: 8000, aov: 20 },
  filtered: { orders: 200, revenue: 5000, aov: 25, share: 50 },
  paths: [
    { steps: [["SEO", "Organic"]], orders: 120, revenue: 2400, aov: 20, share: 60 },
    { steps: [["Email", "Newsletter"], ["Paid Search", "Google Ads"]], orders: 50, revenue: 1500, aov: 30, share: 25 },
  ],
  other: { orders: 30, revenue: 1100, aov: 36.67, share: 15 },
  chosen: null,
});
