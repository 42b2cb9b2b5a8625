/** Shared data for the attribution comparison's scenario tests and model. */
import type { TableResponse } from "../../../src/domain/performance/performance";
import { levelRow, tableOf } from "../performance/tableFixtures";

/** Level one: four channels with 'None'; Display gains most credit, Affiliates loses most. */
export const channels: TableResponse = tableOf([
  levelRow(["Email"], { attributed_revenue: 120, last_click_revenue: 100, fixed_cost: 10 }),
  levelRow(["None"], { attributed_revenue: 9000, last_click_revenue: 1 }),
  levelRow(["Affiliates"], { attributed_revenue: 50, last_click_revenue: 400, variable_cost: 60 }),
  levelRow(["Display"], { attributed_revenue: 300, last_click_revenue: 100, variable_cost: 500 }),
]);

/** `n` campaigns: campaign i has 10·i attributed revenue and 5·i last-click revenue. */
export const campaigns = (n: number): TableResponse =>
  tableOf(Array.from({ length: n }, (_, i) => levelRow([`Campaign ${i + 1}`], { attributed_revenue: 10 * (i + 1), last_click_revenue: 5 * (i + 1) })));

export const noRows: TableResponse = tableOf([]);
