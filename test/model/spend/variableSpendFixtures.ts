import type { VariableCost, VariableCostList } from "../../../src/domain/spend/costs";

/** A variable spend entry as the list call answers it. */
export const variableCost = (id: number, overrides: Partial<VariableCost> = {}): VariableCost => ({
  id,
  taxonomy_1: id % 2 === 0 ? "Paid Search" : "Paid Social",
  cost: id * 10,
  date: `2026-01-${String(((id - 1) % 28) + 1).padStart(2, "0")}`,
  cost_link: `link-${String(id).padStart(2, "0")}`,
  ...overrides,
});

/** `count` entries, id descending as the server answers. */
export const variableCostList = (count: number): VariableCostList => ({
  data: Array.from({ length: count }, (_, i) => variableCost(count - i)),
});

/** Three entries: two of the same cost (ties keep id descending) and one with a pound amount in its link. */
export const threeEntries: VariableCostList = {
  data: [
    variableCost(3, { taxonomy_1: "Affiliates", cost: 1200, cost_link: "awin-spring" }),
    variableCost(2, { cost: 1200 }),
    variableCost(1, { cost: 45.5, cost_link: "gads-brand" }),
  ],
};
