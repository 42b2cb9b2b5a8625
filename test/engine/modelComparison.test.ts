import { describe, expect, it } from "vitest";
import { comparisonRows, markovDetail } from "../../server/engine/modelComparison";
import type { ComparisonTouch } from "../../server/warehouse/analysisQueries";

/** Hand-computed credits of the model comparison (server/engine/modelComparison.ts), touch by touch. */

const day = 86_400_000;
const touch = (orderId: string, days: number, taxonomy: readonly [string, string], amount: number): ComparisonTouch => ({ orderId, ts: days * day, taxonomy, amount });

// O1 (£100): Search/Brand on day 0, Email/News on day 7, Search/Generic on day 14. O2 (£50): Email/News alone.
const touches = [
  touch("O1", 0, ["Search", "Brand"], 100),
  touch("O1", 7, ["Email", "News"], 100),
  touch("O1", 14, ["Search", "Generic"], 100),
  touch("O2", 3, ["Email", "News"], 50),
];
const weights = { markov: new Map([["Search", 0.75], ["Email", 0.25]]), shapley: new Map([["Email", 1]]) };

describe("comparisonRows", () => {
  const rows = Object.fromEntries(comparisonRows(touches, "taxonomy_1", weights).map((r) => [r.taxonomy.join("/"), r]));

  it.each([
    // model, Search's sales, Email's sales (O2 is all Email's under every model)
    ["first_click", 1, 1],
    ["last_click", 1, 1],
    ["linear", 2 / 3, 1 + 1 / 3],
    ["position_based", 0.8, 1.2],
    // decay 2^-2, 2^-1, 1 over 1.75
    ["time_decay", (0.25 + 1) / 1.75, 1 + 0.5 / 1.75],
    // weights 0.75, 0.25, 0.75 over 1.75
    ["markov", 1.5 / 1.75, 1 + 0.25 / 1.75],
    // Search has no weight: all of O1 to Email
    ["shapley", 0, 2],
  ] as const)("%s credits Search %d and Email %d", (model, search, email) => {
    expect(rows["Search"]?.sales[model]).toBeCloseTo(search, 12);
    expect(rows["Email"]?.sales[model]).toBeCloseTo(email, 12);
    expect(rows["Search"]?.revenue[model]).toBeCloseTo(search * 100, 10);
    expect(rows["Email"]?.revenue[model]).toBeCloseTo((email - 1) * 100 + 50, 10);
  });

  it("splits by level 2 with the level-1 weights, sorted by path", () => {
    const levelTwo = comparisonRows(touches, "taxonomy_2", weights);
    expect(levelTwo.map((r) => r.taxonomy.join("/"))).toEqual(["Email/News", "Search/Brand", "Search/Generic"]);
    expect(levelTwo[1]?.sales.markov).toBeCloseTo(0.75 / 1.75, 12);
    expect(levelTwo[2]?.sales.first_click).toBe(0);
  });

  it("answers a transition matrix whose rows each sum to 1", () => {
    const { transitions, removal_effects } = markovDetail([
      { channels: ["A", "B"], conversions: 1, nulls: 0 },
      { channels: ["A"], conversions: 0, nulls: 1 },
    ]);
    expect(transitions.from).toEqual(["(start)", "A", "B"]);
    expect(transitions.to).toEqual(["A", "B", "(conversion)", "(null)"]);
    for (const row of transitions.probabilities) expect(row.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(removal_effects.map((e) => [e.channel, e.removal_effect])).toEqual([["A", 1], ["B", 1]]);
  });
});
