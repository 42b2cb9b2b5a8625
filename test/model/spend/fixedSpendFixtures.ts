import type { FixedCost, FixedCostList } from "../../../src/domain/spend/costs";

/** A fixed configuration as the list call answers it (meta decoded). */
export const fixedCost = (id: number, overrides: Partial<FixedCost> = {}): FixedCost => ({
  id,
  taxonomy_1: id % 2 === 0 ? "Email" : "Affiliates",
  taxonomy_2: `Partner ${String(id).padStart(2, "0")}`,
  taxonomy_3: "None",
  taxonomy_4: "None",
  cost: id * 10,
  start_date: "2026-01-01",
  end_date: "2026-01-10",
  meta: { frequency: "daily", original_frequency: "daily" },
  days: 10,
  ...overrides,
});

/** `count` configurations, id descending as the server answers. */
export const fixedCostList = (count: number): FixedCostList => ({
  data: Array.from({ length: count }, (_, i) => fixedCost(count - i)),
});

/** Three configurations: a single one (no end date), an email one with a long taxonomy 3, a daily one. */
export const threeCosts: FixedCostList = {
  data: [
    fixedCost(3, { taxonomy_1: "SEO", end_date: null, meta: { frequency: "single", original_frequency: "single" }, days: 1, cost: 2500 }),
    fixedCost(2, { taxonomy_3: "A campaign name that runs well past thirty characters", cost: 1200 }),
    fixedCost(1, { cost: 45.5 }),
  ],
};
