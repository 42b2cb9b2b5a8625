import type { Classification } from "../../src/domain/classification/classification";
import type { JourneyPath } from "../../server/engine/dataDrivenModels";
import type { HitRow, OrderRow } from "../../server/warehouse/engineQueries";

/**
 * A program of its own whose six visitors' journeys tell the data-driven models apart (docs/engine.md,
 * "Data-driven models"): level-1 channels A and B, classified by the hits' source (`source-A`, `source-B`).
 * By hand: markov: start -> A 4/6, B 2/6; A -> B, null 1/4 each, conversion 1/2; B -> conversion 2/3, null 1/3.
 * P = 2/3; without A 2/9, without B 1/3: removal effects 2/3 and 1/2, weights 4/7 and 3/7.
 * shapley: r(A) = 2, r(B) = 1, r(AB) = 1, so phi(A) = 2.5, phi(B) = 1.5: weights 5/8 and 3/8.
 */

export const program = { id: 992, code: "modelcheck", name: "Model Check", currency: "GBP", utc_offset: "+00:00", locale: "en-GB" };
export const tree: Classification = {
  data: ["A", "B"].map((title, i) => ({
    id: i + 1,
    title,
    joinType: "and" as const,
    rules: [{ id: i + 1, field: "source" as const, matchType: "contains" as const, expectedValue: `source-${title}` }],
    extracts: [],
    execution_order: i + 1,
    children: [],
  })),
};

const at = (iso: string): number => Date.parse(`${iso}Z`);
export const hit = (n: number, visitorId: string, day: string, channel: string): HitRow => ({
  programId: program.id,
  hitId: 9_100_000_000 + n,
  visitorId,
  ts: at(`${day}T10:00:00`),
  hitDate: day,
  eventType: "click",
  source: `source-${channel}`,
});
const order = (orderId: string, visitorId: string, day: string): OrderRow => ({
  programId: program.id,
  orderId,
  visitorId,
  ts: at(`${day}T12:00:00`),
  orderDate: day,
  amount: 40,
  status: "valid",
  customerType: "new",
  payment: "card",
});

/** The visitors' journeys: A > B buys, A does not, B buys, B does not, A buys twice over. */
export const journeys: ReadonlyArray<{ readonly visitor: string; readonly clicks: ReadonlyArray<[string, string]>; readonly order: string | null }> = [
  { visitor: "v1", clicks: [["2025-03-03", "A"], ["2025-03-04", "B"]], order: "2025-03-05" },
  { visitor: "v2", clicks: [["2025-03-06", "A"]], order: null },
  { visitor: "v3", clicks: [["2025-03-07", "B"]], order: "2025-03-08" },
  { visitor: "v4", clicks: [["2025-03-09", "B"]], order: null },
  { visitor: "v5", clicks: [["2025-03-10", "A"]], order: "2025-03-11" },
  { visitor: "v6", clicks: [["2025-03-12", "A"]], order: "2025-03-13" },
];
export const hits = journeys.flatMap((j, v) => j.clicks.map(([day, channel], i) => hit(v * 10 + i, j.visitor, day, channel)));
export const orders = journeys.flatMap((j) => (j.order === null ? [] : [order(`O-${j.visitor}`, j.visitor, j.order)]));
export const paths: ReadonlyArray<JourneyPath> = journeys.map((j) => ({
  channels: j.clicks.map(([, channel]) => channel),
  conversions: j.order === null ? 0 : 1,
  nulls: j.order === null ? 1 : 0,
}));
