import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TableResponse } from "../../src/domain/performance/performance";
import { ModelFitAnswer } from "../../src/domain/settings/modelFit";
import { ProgramSettingsAnswer, type ProgramSettingsPatch } from "../../src/domain/settings/programSettings";
import { journeyCredits } from "../../server/engine/attribution";
import { createEngine } from "../../server/engine/createEngine";
import { markovWeights, shapleyWeights, type ChannelWeight, type JourneyPath } from "../../server/engine/dataDrivenModels";
import { silentLog } from "../../server/log";
import { channelLevelSeparator, type HitRow, type OrderRow } from "../../server/warehouse/engineQueries";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";

/**
 * A data-driven model's level and Markov order (docs/engine.md, "Data-driven models"), set with PATCH settings:
 * every click is under the level-1 channel Search, so at level 1 one channel takes every weight and each order
 * is credited linearly; at level 2 the channels A, B, C, D get the weights the TypeScript models give over the
 * level-2 journeys, and the performance table's attributed sales per level-2 channel follow them. The journeys
 * make order 2 differ from order 1: B leads to a conversion after A and never after D, which a first-order
 * chain cannot tell apart. POST /model/fit answers the same weights.
 */

const program = { id: 993, code: "modellevels", name: "Model Levels", currency: "GBP", utc_offset: "+00:00", locale: "en-GB" };
const demoUserId = 1;
const level1 = "Search";

const at = (iso: string): number => Date.parse(`${iso}Z`);
/** Each visitor's clicks (a day of March 2025 and a level-2 channel) and whether they bought the day after the last. */
const journeys: ReadonlyArray<{ readonly visitor: string; readonly clicks: ReadonlyArray<[number, string]>; readonly buys: boolean }> = [
  { visitor: "v1", clicks: [[3, "A"], [4, "B"], [5, "C"]], buys: true },
  { visitor: "v2", clicks: [[3, "D"], [4, "B"]], buys: false },
  { visitor: "v3", clicks: [[7, "D"], [8, "B"]], buys: false },
  { visitor: "v4", clicks: [[9, "A"], [10, "B"]], buys: true },
  { visitor: "v5", clicks: [[11, "C"]], buys: true },
];
const day = (d: number): string => `2025-03-${String(d).padStart(2, "0")}`;
const hits: ReadonlyArray<HitRow> = journeys.flatMap((j, v) =>
  j.clicks.map(([d, channel], i) => ({
    programId: program.id,
    hitId: 9_300_000_000 + v * 10 + i,
    visitorId: j.visitor,
    ts: at(`${day(d)}T10:00:00`),
    hitDate: day(d),
    eventType: "click",
    taxonomy: [level1, channel, "None", "None"] as const,
  })),
);
const orders: ReadonlyArray<OrderRow> = journeys.flatMap((j) => {
  if (!j.buys) return [];
  const d = day(j.clicks[j.clicks.length - 1]![0] + 1);
  return [
    { programId: program.id, orderId: `O-${j.visitor}`, visitorId: j.visitor, ts: at(`${d}T12:00:00`), orderDate: d, amount: 40, status: "valid", customerType: "new", payment: "card" },
  ];
});

/** The model's channel of a level-2 click, as the engine keys it. */
const channelOf = (channel: string): string => `${level1}${channelLevelSeparator}${channel}`;
const paths: ReadonlyArray<JourneyPath> = journeys.map((j) => ({
  channels: j.clicks.map(([, channel]) => channelOf(channel)),
  conversions: j.buys ? 1 : 0,
  nulls: j.buys ? 0 : 1,
}));
const weightsOf = (fitted: ReadonlyArray<ChannelWeight>): Record<string, number> => Object.fromEntries(fitted.map((w) => [w.channel, w.weight]));

/** Attributed sales per level-2 channel: each order's touches credited by `weights` of their model channel. */
const expectedSales = (weights: Readonly<Record<string, number>>): Record<string, number> => {
  const sales: Record<string, number> = {};
  for (const j of journeys) {
    if (!j.buys) continue;
    const channels = j.clicks.map(([, channel]) => channel);
    journeyCredits(channels.map((_, i) => i), "markov", channels.map((c) => weights[channelOf(c)] ?? 0)).forEach((credit, i) => {
      sales[channels[i]!] = (sales[channels[i]!] ?? 0) + credit.attributed;
    });
  }
  return sales;
};

const base = `/api/programs/${program.code}`;
const table = `${base}/performance/table/single/taxonomy_1/${level1}/taxonomy_2?date_from=2025-03-01&date_to=2025-03-31`;

const markov1 = weightsOf(markovWeights(paths, 1));
const markov2 = weightsOf(markovWeights(paths, 2));
const shapley = weightsOf(shapleyWeights(paths));
/** At level 1 every touch is Search: linear credit. */
const linear = Object.fromEntries(["A", "B", "C", "D"].map((c) => [channelOf(c), 1]));

let t: ContractApp;
let admin: string;

beforeAll(async () => {
  t = await openContractApp();
  await t.warehouse.demoData.load({ programs: [program], users: [], memberships: [{ programId: program.id, userId: demoUserId }], messages: [] });
  await t.warehouse.attribution.append({ hits, orders, dataSets: [] });
  await createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog }).materialise(program.id);
  admin = await t.signIn("admin");
});
afterAll(() => t.close());

describe("a data-driven model's level and order", () => {
  it("order 2 gives other credits than order 1 on these journeys", () => {
    const one = expectedSales(markov1);
    const two = expectedSales(markov2);
    expect(Math.abs(one["A"]! - two["A"]!)).toBeGreaterThan(0.01);
  });

  it.each<[string, ProgramSettingsPatch, Record<string, number>]>([
    ["markov at level 1", { attribution_model: "markov", model_level: "taxonomy_1", markov_order: 1 }, linear],
    ["markov at level 2", { model_level: "taxonomy_2" }, markov1],
    ["markov of order 2 at level 2", { markov_order: 2 }, markov2],
    ["shapley at level 2", { attribution_model: "shapley" }, shapley],
  ])("%s: attributed sales per level-2 channel follow the weights, and a fit on demand answers them", async (_, patch, weights) => {
    decoded(await t.call("PATCH", `${base}/settings`, { token: admin, json: patch }), ProgramSettingsAnswer);
    const rows = decoded(await t.call("GET", table, { token: admin }), TableResponse).data;
    const sales = Object.fromEntries(rows.map((r) => [r.taxonomy_2, Number(r["attributed_sales"])]));
    const expected = expectedSales(weights);
    for (const channel of ["A", "B", "C"]) expect(sales[channel] ?? 0, channel).toBeCloseTo(expected[channel]!, 9);

    const fit = decoded(await t.call("POST", `${base}/model/fit`, { token: admin }), ModelFitAnswer).data;
    const fitted = Object.fromEntries(fit.weights.map((w) => [w.taxonomy.join(channelLevelSeparator), w.weight]));
    if (weights === linear) expect(fitted).toEqual({ [level1]: 1 });
    else for (const [channel, weight] of Object.entries(weights)) expect(fitted[channel], channel).toBeCloseTo(weight, 12);
    expect(fit.fitted_at).toBe(t.clock.read());
  });

  it.each<[string, unknown, number, string]>([
    ["a third level", { model_level: "taxonomy_3" }, 400, "invalid_body"],
    ["an order of 4", { markov_order: 4 }, 400, "invalid_body"],
  ])("PATCH settings refuses %s", async (_, json, status, error) => {
    expectRefusal(await t.call("PATCH", `${base}/settings`, { token: admin, json }), status, error);
  });

  it("a fit on demand of a rule-based model is refused", async () => {
    decoded(await t.call("PATCH", `${base}/settings`, { token: admin, json: { attribution_model: "linear" } }), ProgramSettingsAnswer);
    expectRefusal(await t.call("POST", `${base}/model/fit`, { token: admin }), 409, "model_not_data_driven");
  });
});
