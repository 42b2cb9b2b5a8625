import type { AffiliateRow, AffiliatesResponse } from "../../../src/domain/analysis/analysis";
import { metricsFromSums, zeroSums, type MetricSums } from "../../../src/domain/report/metrics";

/** An affiliate row: its publisher id, its four taxonomy values and the metrics of its sums. */
export const affiliateRow = (publisher: string, path: readonly [string, string, string, string], sums: Partial<MetricSums>): AffiliateRow => ({
  publisher_id: publisher,
  taxonomy_1: path[0],
  taxonomy_2: path[1],
  taxonomy_3: path[2],
  taxonomy_4: path[3],
  ...metricsFromSums({ ...zeroSums, ...sums }),
});

/** An answer of these rows, with the server's headers. */
export const affiliatesAnswer = (data: ReadonlyArray<AffiliateRow>): AffiliatesResponse => ({
  data,
  column_headers: { publisher_id: "Publisher ID", clicks: "Page Lands", attributed_revenue: "Attributed Revenue", sales_including: "Sales Involved" },
  total: data.length,
  unspread_fixed_cost: 0,
});

const cashback = (name: string, i: number) =>
  affiliateRow(String(100_000 + i), ["Affiliates", "Awin", "Cashback", name], { clicks: 10 * (i + 1), attributed_sales: i + 1, attributed_revenue: 100 * (i + 1), last_click_revenue: 50 * (i + 1), sales_including: 2 * (i + 1) });

/** 18 rows: 12 cashback sites (revenue 100 to 1,200), 5 voucher sites (revenue 5 to 25), and one 'None' row (revenue 5,000). */
export const eighteenAffiliates: AffiliatesResponse = affiliatesAnswer([
  ...Array.from({ length: 12 }, (_, i) => cashback(`Cashback Site ${i + 1}`, i)),
  ...Array.from({ length: 5 }, (_, i) =>
    affiliateRow(String(200_000 + i), ["Affiliates", "Awin", "Voucher Codes", `Voucher Site ${i + 1}`], { clicks: 7, attributed_sales: 1, attributed_revenue: 5 * (i + 1), variable_cost: 2 }),
  ),
  affiliateRow("999", ["Affiliates", "None", "None", "None"], { clicks: 1, attributed_revenue: 5_000 }),
]);

/** Two rows. */
export const twoAffiliates: AffiliatesResponse = affiliatesAnswer([
  affiliateRow("100872", ["Affiliates", "Awin", "Cashback", "Cashback Kingdom"], { clicks: 100, attributed_sales: 4, attributed_revenue: 400, variable_cost: 40 }),
  affiliateRow("129987", ["Affiliates", "Awin", "Content & Reviews", "The Outdoor Blog"], { clicks: 300, attributed_sales: 6, attributed_revenue: 200, variable_cost: 0 }),
]);

export const noAffiliates: AffiliatesResponse = affiliatesAnswer([]);
