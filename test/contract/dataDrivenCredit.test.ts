import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TableResponse } from "../../src/domain/performance/performance";
import { ProgramSettingsAnswer, type AttributionModel } from "../../src/domain/settings/programSettings";
import { journeyCredits } from "../../server/engine/attribution";
import { createEngine } from "../../server/engine/createEngine";
import { markovWeights, shapleyWeights } from "../../server/engine/dataDrivenModels";
import { silentLog } from "../../server/log";
import { journeys, orders, paths, program, tree, hits } from "../support/dataDrivenJourneys";
import { decoded, openContractApp, type ContractApp } from "./contractApp";

/**
 * A program set to a data-driven model (markov, shapley) credits each order's touches by their channel's
 * weight, fitted from the program's journeys converting and not: the performance table's attributed sales
 * per channel equal the TypeScript models' weights applied to the orders, on a program of its own with
 * six visitors (test/support/dataDrivenJourneys.ts).
 */

const demoUserId = 1;

/** Attributed sales per channel: each order's touches credited by `weights` of their channel (all 1: linear). */
const expectedSales = (weights: Readonly<Record<string, number>>): Record<string, number> => {
  const sales: Record<string, number> = {};
  for (const j of journeys) {
    if (j.order === null) continue;
    const channels = j.clicks.map(([, channel]) => channel);
    journeyCredits(channels.map((_, i) => i), "markov", channels.map((c) => weights[c] ?? 0)).forEach((credit, i) => {
      sales[channels[i]!] = (sales[channels[i]!] ?? 0) + credit.attributed;
    });
  }
  return sales;
};
const weightsOf = (fitted: ReturnType<typeof markovWeights>) => Object.fromEntries(fitted.map((w) => [w.channel, w.weight]));

const settings = `/api/programs/${program.code}/settings`;
const table = `/api/programs/${program.code}/performance/table/single/taxonomy_1?date_from=2025-03-01&date_to=2025-03-31`;

let t: ContractApp;
let admin: string;

beforeAll(async () => {
  t = await openContractApp();
  await t.warehouse.demoData.load({ programs: [program], users: [], memberships: [{ programId: program.id, userId: demoUserId }], messages: [] });
  await t.warehouse.attribution.append({ hits, orders, classifications: [{ programId: program.id, tree: JSON.stringify(tree), savedAt: 0 }], dataSets: [] });
  await createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog }).materialise(program.id);
  admin = await t.signIn("admin");
});
afterAll(() => t.close());

describe("a program set to a data-driven model", () => {
  // the weights by hand: test/support/dataDrivenJourneys.ts
  it.each<[AttributionModel, Record<string, number>]>([
    ["linear", { A: 1, B: 1 }],
    ["markov", weightsOf(markovWeights(paths))],
    ["shapley", weightsOf(shapleyWeights(paths))],
  ])("%s: attributed sales follow the fitted weights", async (model, weights) => {
    if (model === "markov") expect(weights).toEqual({ A: expect.closeTo(4 / 7, 12), B: expect.closeTo(3 / 7, 12) });
    if (model === "shapley") expect(weights).toEqual({ A: expect.closeTo(5 / 8, 12), B: expect.closeTo(3 / 8, 12) });
    decoded(await t.call("PATCH", settings, { token: admin, json: { attribution_model: model } }), ProgramSettingsAnswer);
    const rows = decoded(await t.call("GET", table, { token: admin }), TableResponse).data;
    const sales = Object.fromEntries(rows.map((r) => [r.taxonomy_1, Number(r["attributed_sales"])]));
    const expected = expectedSales(weights);
    expect(Object.keys(sales).sort()).toEqual(["A", "B"]);
    for (const channel of ["A", "B"]) expect(sales[channel], channel).toBeCloseTo(expected[channel]!, 9);
    expect(sales["A"]! + sales["B"]!).toBeCloseTo(orders.length, 9);
  });
});
