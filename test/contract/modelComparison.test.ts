import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelComparisonResponse, type ComparedModel } from "../../src/domain/modelComparison/modelComparison";
import { TableResponse } from "../../src/domain/performance/performance";
import { ProgramSettingsAnswer, type AttributionModel } from "../../src/domain/settings/programSettings";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { hits, orders, program, tree } from "../support/dataDrivenJourneys";
import { refusedToOutsiders, signInAll, type Tokens } from "./accountSupport";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";

/**
 * GET /programs/{program}/model-comparison/{level}: on the six-visitor program of test/support/dataDrivenJourneys.ts,
 * each model's column equals what the performance table credits with that model as the program's (set through
 * settings), the Markov detail is the hand-solved chain's, and access and bad input are refused.
 */

const demoUserId = 1;
const range = "date_from=2025-03-01&date_to=2025-03-31";
const comparison = `/api/programs/${program.code}/model-comparison`;
const table = `/api/programs/${program.code}/performance/table/single/taxonomy_1?${range}`;

let t: ContractApp;
let tokens: Tokens;

beforeAll(async () => {
  t = await openContractApp();
  await t.warehouse.demoData.load({ programs: [program], users: [], memberships: [{ programId: program.id, userId: demoUserId }], messages: [] });
  await t.warehouse.attribution.append({ hits, orders, classifications: [{ programId: program.id, tree: JSON.stringify(tree), savedAt: 0 }], dataSets: [] });
  await createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog }).materialise(program.id);
  tokens = await signInAll(t);
});
afterAll(() => t.close());

const compared = async (level = "taxonomy_1") => decoded(await t.call("GET", `${comparison}/${level}?${range}`, { token: tokens.demo }), ModelComparisonResponse);
const byChannel = (answer: ModelComparisonResponse, figure: "sales" | "revenue", model: ComparedModel) =>
  Object.fromEntries(answer.data.map((row) => [row.taxonomy.join("/"), row[figure][model]]));

describe("access and input", () => {
  it("refuses outsiders", async () => {
    await refusedToOutsiders(t, tokens, "GET", `${comparison}?${range}`);
  });

  it.each([
    [`${comparison}?date_from=2025-03-31&date_to=2025-03-01`, 400, "invalid_query"],
    [`${comparison}?date_from=2025-02-30&date_to=2025-03-01`, 400, "invalid_query"],
    [`${comparison}/taxonomy_1`, 400, "invalid_query"],
    [`${comparison}/taxonomy_3?${range}`, 404, "not_found"],
  ])("refuses %s", async (path, status, error) => {
    expectRefusal(await t.call("GET", path, { token: tokens.demo }), status, error);
  });
});

describe("the comparison", () => {
  it("credits first and last click as the performance table does, and shows the Markov chain solved by hand", async () => {
    const answer = await compared();
    const rows = decoded(await t.call("GET", table, { token: tokens.demo }), TableResponse).data;
    expect(answer.data.map((r) => r.taxonomy)).toEqual([["A"], ["B"]]);
    for (const row of rows) {
      expect(byChannel(answer, "sales", "first_click")[row.taxonomy_1!]).toBeCloseTo(row.first_click_sales, 9);
      expect(byChannel(answer, "sales", "last_click")[row.taxonomy_1!]).toBeCloseTo(row.last_click_sales, 9);
      expect(byChannel(answer, "revenue", "last_click")[row.taxonomy_1!]).toBeCloseTo(row.last_click_revenue, 9);
    }
    // by hand (test/support/dataDrivenJourneys.ts): removal effects 2/3 and 1/2; start -> A 4/6, B 2/6; B -> conversion 2/3
    const effects = Object.fromEntries(answer.markov.removal_effects.map((e) => [e.channel, e.removal_effect]));
    expect(effects).toEqual({ A: expect.closeTo(2 / 3, 12), B: expect.closeTo(1 / 2, 12) });
    const { from, to, probabilities } = answer.markov.transitions;
    expect(from).toEqual(["(start)", "A", "B"]);
    expect(to).toEqual(["A", "B", "(conversion)", "(null)"]);
    expect(probabilities[0]).toEqual([expect.closeTo(4 / 6, 12), expect.closeTo(2 / 6, 12), 0, 0]);
    expect(probabilities[2]).toEqual([0, 0, expect.closeTo(2 / 3, 12), expect.closeTo(1 / 3, 12)]);
    // level 2: the same orders, every channel's value below it ('None' here)
    const levelTwo = await compared("taxonomy_2");
    expect(levelTwo.level).toBe("taxonomy_2");
    expect(levelTwo.data.map((r) => r.taxonomy)).toEqual([["A", "None"], ["B", "None"]]);
    expect(levelTwo.data.map((r) => r.revenue.markov)).toEqual(answer.data.map((r) => r.revenue.markov));
  });

  // each model set as the program's: the performance table's attributed sales and revenue equal the model's column
  it.each<AttributionModel>(["time_decay", "markov", "shapley"])("%s as the program's model credits as its column", async (model) => {
    decoded(await t.call("PATCH", `/api/programs/${program.code}/settings`, { token: tokens.admin, json: { attribution_model: model } }), ProgramSettingsAnswer);
    const rows = decoded(await t.call("GET", table, { token: tokens.demo }), TableResponse).data;
    const answer = await compared();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(byChannel(answer, "sales", model)[row.taxonomy_1!], row.taxonomy_1).toBeCloseTo(row.attributed_sales, 9);
      expect(byChannel(answer, "revenue", model)[row.taxonomy_1!], row.taxonomy_1).toBeCloseTo(row.attributed_revenue, 9);
    }
    // the models differ on these journeys, so the check tells them apart
    expect(byChannel(answer, "sales", model)["A"]).not.toBeCloseTo(byChannel(answer, "sales", "linear")["A"]!, 6);
  });
});
