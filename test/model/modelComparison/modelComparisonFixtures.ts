import { comparedModels, type ComparedModel, type ModelComparisonResponse } from "../../../src/domain/modelComparison/modelComparison";

/** Figures of every model: `base` for each, `overrides` for some. */
const figures = (base: number, overrides: Partial<Record<ComparedModel, number>> = {}): Record<ComparedModel, number> =>
  Object.fromEntries(comparedModels.map((m) => [m, overrides[m] ?? base])) as Record<ComparedModel, number>;

const markov: ModelComparisonResponse["markov"] = {
  removal_effects: [
    { channel: "Email", removal_effect: 2 / 3, weight: 4 / 7 },
    { channel: "Display", removal_effect: 1 / 2, weight: 3 / 7 },
  ],
  transitions: {
    from: ["(start)", "Email", "Display"],
    to: ["Email", "Display", "(conversion)", "(null)"],
    probabilities: [
      [2 / 3, 1 / 3, 0, 0],
      [0, 0.25, 0.5, 0.25],
      [0, 0, 2 / 3, 1 / 3],
    ],
  },
};

/** Three channels at level 1: Email (last click's favourite), Display (Markov's), None. */
export const threeChannels: ModelComparisonResponse = {
  level: "taxonomy_1",
  data: [
    { taxonomy: ["Display"], sales: figures(2, { last_click: 1, markov: 3 }), revenue: figures(80, { last_click: 40, markov: 120 }) },
    { taxonomy: ["Email"], sales: figures(3, { last_click: 4, markov: 2 }), revenue: figures(120, { last_click: 160, markov: 80 }) },
    { taxonomy: ["None"], sales: figures(1), revenue: figures(500) },
  ],
  total: 3,
  markov,
};

/** The same orders at level 2. */
export const levelTwo: ModelComparisonResponse = {
  ...threeChannels,
  level: "taxonomy_2",
  data: threeChannels.data.map((row) => ({ ...row, taxonomy: [...row.taxonomy, "None"] })),
};

/** No order in the range. */
export const noOrders: ModelComparisonResponse = { level: "taxonomy_1", data: [], total: 0, markov: { removal_effects: [], transitions: { from: ["(start)"], to: ["(conversion)", "(null)"], probabilities: [[0, 1]] } } };
