import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine, type Engine } from "../../server/engine/createEngine";
import { markovWeights, type JourneyPath } from "../../server/engine/dataDrivenModels";
import { ingestEvents } from "../../server/engine/ingestion";
import { silentLog } from "../../server/log";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { hits, orders, paths, program, tree } from "../support/dataDrivenJourneys";
import { openFreshWarehouse } from "../warehouseUnderTest";

/**
 * When a program's data-driven model is fitted (docs/engine.md, "Data-driven models"): with its
 * materialisation; after processing new data when the last fit is at least `fitEveryMs` old, not sooner; and
 * on demand. Each fit's weights are the TypeScript model's on the journeys as they then are, and the
 * orders' credits follow them.
 */

const minute = 60_000;
const fitEveryMs = 15 * minute;

/** A new visitor's click on a channel, not followed by an order. */
const click = (n: number, channel: string) => ({
  event_id: `late-click-${n}`,
  type: "click",
  time: Date.parse("2025-03-14T10:00:00Z") + n * minute,
  visitor_id: `late-visitor-${n}`,
  url: `https://shop.example/?utm_source=source-${channel}&utm_medium=cpc`,
});
const notConverting = (channel: string): JourneyPath => ({ channels: [channel], conversions: 0, nulls: 1 });
// A journey of A alone that does not convert would not move the weights here: every visit to A is a first
// touch, so it adds as much to start -> A as to A -> (null). One of B alone moves them.

describe("fitting a program's markov model", () => {
  let now = Date.parse("2025-03-20T09:00:00Z");
  let warehouse: Warehouse;
  let engine: Engine;

  beforeAll(async () => {
    warehouse = await openFreshWarehouse(() => now);
    await warehouse.demoData.load({ programs: [program], users: [], memberships: [], messages: [] });
    await warehouse.attribution.append({
      hits,
      orders,
      classifications: [{ programId: program.id, tree: JSON.stringify(tree), savedAt: 0 }],
      settings: [{ programId: program.id, model: "markov", lookbackDays: 30 }],
      dataSets: [],
    });
    engine = createEngine({ warehouse, clock: () => now, log: silentLog, fitEveryMs });
  });
  afterAll(() => warehouse.close());

  /** The stored weights, and the credit of O-v1's A then B touches. */
  const fitted = async () => {
    const stored = await warehouse.attribution.modelWeights(program.id);
    const touches = (await warehouse.attribution.touches(program.id)).filter((t) => t.orderId === "O-v1");
    return {
      weights: Object.fromEntries((stored?.weights ?? []).map((w) => [w.channel, w.weight])),
      credits: touches.map((t) => t.attributedCredit),
    };
  };
  const expected = (journeys: ReadonlyArray<JourneyPath>) => {
    const weights = Object.fromEntries(markovWeights(journeys).map((w) => [w.channel, w.weight]));
    return { weights, credits: [weights["A"]! / (weights["A"]! + weights["B"]!), weights["B"]! / (weights["A"]! + weights["B"]!)] };
  };
  const expectFit = async (journeys: ReadonlyArray<JourneyPath>) => {
    const actual = await fitted();
    const wanted = expected(journeys);
    expect(Object.keys(actual.weights).sort()).toEqual(Object.keys(wanted.weights).sort());
    for (const [channel, weight] of Object.entries(wanted.weights)) expect(actual.weights[channel], channel).toBeCloseTo(weight, 12);
    expect(actual.credits).toHaveLength(2);
    actual.credits.forEach((credit, i) => expect(credit).toBeCloseTo(wanted.credits[i]!, 12));
  };
  const processClick = async (n: number, channel: string) => {
    expect(await ingestEvents(warehouse.ingestion, program, [click(n, channel)], now)).toMatchObject({ accepted: 1 });
    await engine.processIngested(program.id);
  };

  it("is fitted with the program's materialisation, and credits follow", async () => {
    await engine.materialise(program.id);
    await expectFit(paths);
  });

  it("is not fitted again by processing within fitEveryMs of the last fit", async () => {
    now += fitEveryMs - 1;
    // (a refit would count this visitor's journey: weights 5/9 and 4/9, not 4/7 and 3/7)
    await processClick(1, "B");
    await expectFit(paths);
  });

  it("is fitted again by the first processing once fitEveryMs has passed", async () => {
    now += 1;
    await processClick(2, "B");
    await expectFit([...paths, notConverting("B"), notConverting("B")]);
    await processClick(3, "B");
    await expectFit([...paths, notConverting("B"), notConverting("B")]);
  });

  it("is fitted on demand", async () => {
    await engine.fitModel(program.id);
    await expectFit([...paths, notConverting("B"), notConverting("B"), notConverting("B")]);
  });
});
