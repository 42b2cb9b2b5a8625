import type { RawHitFields } from "../../server/engine/classification";
import type { Classification } from "../../src/domain/classification/classification";
import type { FixedCostRow, HitRow, OrderRow, RawDataBatch, VariableCostRow } from "../../server/warehouse/engineQueries";

/**
 * The hand-built data set of handComputed.test.ts (program 1), dated in January and
 * February 2025 (2025-01-27 and 2025-02-03 are Mondays). Every expected number in that
 * test is derived by hand from the rows below.
 */
export const programId = 1;

const at = (iso: string): number => Date.parse(`${iso}Z`);

/**
 * Paid Search (rules: source contains google OR source contains bing; extract tax3 <- campaign)
 *   Brand   (campaign contains brand; extracts tax4 <- content, costlink <- term)
 *   Generic (campaign contains generic)
 * Email (medium contains email; no children)
 */
export const tree: Classification = {
  data: [
    {
      id: 1,
      title: "Paid Search",
      joinType: "or",
      rules: [
        { id: 1, field: "source", matchType: "contains", expectedValue: "google" },
        { id: 2, field: "source", matchType: "contains", expectedValue: "bing" },
      ],
      extracts: [{ id: 1, field: "campaign", mappedTo: "tax3" }],
      execution_order: 1,
      children: [
        {
          id: 11,
          title: "Brand",
          joinType: "and",
          rules: [{ id: 3, field: "campaign", matchType: "contains", expectedValue: "brand" }],
          extracts: [
            { id: 2, field: "content", mappedTo: "tax4" },
            { id: 3, field: "term", mappedTo: "costlink" },
          ],
          execution_order: 1,
        },
        {
          id: 12,
          title: "Generic",
          joinType: "and",
          rules: [{ id: 4, field: "campaign", matchType: "contains", expectedValue: "generic" }],
          extracts: [],
          execution_order: 2,
        },
      ],
    },
    {
      id: 2,
      title: "Email",
      joinType: "and",
      rules: [{ id: 5, field: "medium", matchType: "contains", expectedValue: "email" }],
      extracts: [],
      execution_order: 2,
      children: [],
    },
  ],
};

const hit = (
  hitId: number,
  visitorId: string,
  iso: string,
  eventType: "click" | "impression",
  fields: Partial<Pick<HitRow, "source" | "medium" | "campaign" | "content" | "term">>,
): HitRow => ({ programId, hitId, visitorId, ts: at(iso), hitDate: iso.slice(0, 10), eventType, ...fields });

/**
 * h1..h9. Classified path in the comment.
 */
export const hits: ReadonlyArray<HitRow> = [
  // Paid Search / Brand / Brand_Campaign / adA, cost link CL-BRAND (from term)
  hit(1, "v1", "2025-01-06T12:00:00", "click", { source: "Google", medium: "cpc", campaign: "Brand_Campaign", content: "adA", term: "CL-BRAND" }),
  // Email / None / None / None
  hit(2, "v1", "2025-01-13T12:00:00", "click", { source: "newsletter", medium: "Email" }),
  // Paid Search / Generic / generic_shoes / None
  hit(3, "v1", "2025-01-20T12:00:00", "click", { source: "bing", medium: "cpc", campaign: "generic_shoes" }),
  // Email / None / None / None
  hit(4, "v2", "2025-01-27T20:00:00", "click", { source: "newsletter", medium: "email" }),
  // Paid Search / Brand / Brand_Campaign / adA: 63 days before v2's order, outside its 30-day window
  hit(5, "v2", "2024-12-01T10:00:00", "click", { source: "google", campaign: "Brand_Campaign", content: "adA", term: "CL-BRAND" }),
  // impression: Paid Search / Brand / Brand_Campaign / adB (no term: cost link stays NULL)
  hit(6, "v3", "2025-01-31T08:00:00", "impression", { source: "google", campaign: "Brand_Campaign", content: "adB" }),
  // None / None / None / None (no rule matches facebook)
  hit(7, "v2", "2025-02-03T20:00:00", "click", { source: "facebook", medium: "social" }),
  // impression: None / None / None / None
  hit(8, "v4", "2025-02-01T10:00:00", "impression", { source: "portal", medium: "display" }),
  // Paid Search / None / Spring / None (level-1 rules match, no child does; the parent's tax3 extract applies)
  hit(9, "v4", "2025-01-31T09:00:00", "click", { source: "google", campaign: "Spring" }),
];

const order = (
  orderId: string,
  visitorId: string,
  iso: string,
  amount: number,
  status: string,
  customerType: string,
  payment: string,
): OrderRow => ({ programId, orderId, visitorId, ts: at(iso), orderDate: iso.slice(0, 10), amount, status, customerType, payment });

export const orders: ReadonlyArray<OrderRow> = [
  // journey h1 (21 days before), h2 (14 days), h3 (7 days)
  order("O1", "v1", "2025-01-27T12:00:00", 70, "valid", "new", "credit"),
  // journey h1 (28 days), h2 (21), h3 (14)
  order("O2", "v1", "2025-02-03T12:00:00", 35, "cancelled", "new", "credit"),
  // journey h4 (7 days), h7 (0 days: same instant, inclusive); h5 is outside the window
  order("O3", "v2", "2025-02-03T20:00:00", 30, "valid", "returning", "cash"),
  // v3 has only an impression: Direct
  order("O4", "v3", "2025-02-01T15:00:00", 40, "valid", "new", "cash"),
];

const fixed = (
  id: number,
  taxonomy: readonly [string, string, string, string],
  cost: number,
  startDate: string,
  endDate: string | null,
  frequency: string,
): FixedCostRow => ({ id, programId, taxonomy, cost, startDate, endDate, frequency });

export const fixedCosts: ReadonlyArray<FixedCostRow> = [
  // 12 on 2025-01-31
  fixed(1, ["Email", "None", "None", "None"], 12, "2025-01-31", null, "single"),
  // 2 a day, 2025-01-30..2025-02-02
  fixed(2, ["Paid Search", "Brand", "None", "None"], 2, "2025-01-30", "2025-02-02", "daily"),
  // 31 a month: 1 a day in January (20th..31st), 31/28 = 1.107142857 a day in February (1st..14th)
  fixed(3, ["Paid Search", "None", "None", "None"], 31, "2025-01-20", "2025-02-14", "monthly"),
  // 365 a year: 1 a day, 2025-01-30..2025-02-02
  fixed(4, ["Email", "None", "None", "None"], 365, "2025-01-30", "2025-02-02", "yearly"),
];

export const variableCosts: ReadonlyArray<VariableCostRow> = [
  // carried by h1 and h5: Paid Search / Brand / Brand_Campaign / adA
  { id: 1, programId, taxonomy1: "Paid Search", cost: 25, costDate: "2025-01-28", costLink: "CL-BRAND" },
  // no hit carries it: Affiliates / None / None / None
  { id: 2, programId, taxonomy1: "Affiliates", cost: 5, costDate: "2025-02-01", costLink: "CL-NOBODY" },
];

export const fixtureBatch: RawDataBatch = {
  hits,
  orders,
  classifications: [{ programId, tree: JSON.stringify(tree), savedAt: 0 }],
  fixedCosts,
  variableCosts,
  dataSets: [{ id: 1, programId, tag: "cash_payments", rule: { field: "payment", operator: "=", value: "cash" } }],
};

/** The raw fields of a hit as the TypeScript classifier reads them (every rule field). */
export const rawFieldsOf = (h: HitRow): RawHitFields => ({
  event_type: h.eventType,
  source: h.source ?? null,
  medium: h.medium ?? null,
  campaign: h.campaign ?? null,
  content: h.content ?? null,
  term: h.term ?? null,
  referrer: h.referrer ?? null,
  landing_url: h.landingUrl ?? null,
  publisher_id: h.publisherId ?? null,
  cost_link: h.costLink ?? null,
});
