import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ok } from "../../src/domain/access/auth";
import { ColumnSetList } from "../../src/domain/performance/columnSets";
import { Created } from "../../src/domain/report/configuration";
import { decoded, expectRefusal, openContractApp, strangerToken, type ContractApp } from "./contractApp";
import { expectBadRequest, signInAll, type Tokens } from "./accountSupport";

const sets = "/api/column-sets";

describe("column sets", () => {
  let t: ContractApp;
  let tokens: Tokens;
  beforeAll(async () => {
    t = await openContractApp();
    tokens = await signInAll(t);
  });
  afterAll(() => t.close());

  const list = async (token = tokens.demo) => decoded(await t.call("GET", sets, { token }), ColumnSetList);
  const save = async (name: string, columns: ReadonlyArray<string>, token = tokens.demo) =>
    decoded(await t.call("POST", sets, { token, json: { name, columns } }), Created).data.id;

  it.each([
    ["GET", sets],
    ["POST", sets],
    ["DELETE", `${sets}/1`],
    ["POST", `${sets}/1/favourite`],
  ])("%s %s: 401 anonymous and for an unknown token", async (method, path) => {
    expectRefusal(await t.call(method, path, method === "POST" ? { json: { name: "x", columns: ["clicks"] } } : {}), 401, "unauthorized");
    expectRefusal(await t.call(method, path, { token: strangerToken }), 401, "unauthorized");
  });

  it("saves sets per user and lists them, oldest first", async () => {
    const first = await save("Costs", ["total_cost", "variable_cost", "fixed_cost"]);
    const second = await save("Attribution", ["attributed_sales", "attributed_revenue", "proportional_credit", "sales_including"]);
    const mine = await list();
    expect(mine.data.filter((s) => s.id === first || s.id === second)).toEqual([
      { id: first, name: "Costs", columns: ["total_cost", "variable_cost", "fixed_cost"] },
      { id: second, name: "Attribution", columns: ["attributed_sales", "attributed_revenue", "proportional_credit", "sales_including"] },
    ]);
    expect((await list(tokens.other)).data.map((s) => s.id)).not.toContain(first);
    expect((await list(tokens.admin)).data.map((s) => s.id)).not.toContain(first);
  });

  it("lets another user use the same name", async () => {
    await save("Shared name", ["clicks"]);
    await save("Shared name", ["clicks"], tokens.other);
  });

  it("chooses a favourite; 0 is the default set; deleting the favourite makes 0 the favourite", async () => {
    const id = await save("Favourite one", ["roas", "roi", "cpa"]);
    decoded(await t.call("POST", `${sets}/${id}/favourite`, { token: tokens.demo }), Ok);
    expect((await list()).favourite).toBe(id);
    decoded(await t.call("POST", `${sets}/0/favourite`, { token: tokens.demo }), Ok);
    expect((await list()).favourite).toBe(0);
    decoded(await t.call("POST", `${sets}/${id}/favourite`, { token: tokens.demo, body: "" }), Ok);
    decoded(await t.call("DELETE", `${sets}/${id}`, { token: tokens.demo }), Ok);
    const after = await list();
    expect(after.favourite).toBe(0);
    expect(after.data.map((s) => s.id)).not.toContain(id);
  });

  it("deleting another set keeps the favourite", async () => {
    const kept = await save("Kept favourite", ["clicks", "impressions"]);
    const other = await save("Deleted", ["clicks", "cpa"]);
    decoded(await t.call("POST", `${sets}/${kept}/favourite`, { token: tokens.demo }), Ok);
    decoded(await t.call("DELETE", `${sets}/${other}`, { token: tokens.demo }), Ok);
    expect((await list()).favourite).toBe(kept);
  });

  it("refuses another user's set: 404 for delete and favourite, and leaves it alone", async () => {
    const id = await save("Private", ["clicks"]);
    const before = await list();
    expectRefusal(await t.call("DELETE", `${sets}/${id}`, { token: tokens.other }), 404, "not_found");
    expectRefusal(await t.call("POST", `${sets}/${id}/favourite`, { token: tokens.other }), 404, "not_found");
    expect((await list(tokens.other)).favourite).not.toBe(id);
    expect(await list()).toEqual(before);
  });

  it("answers 404 for unknown ids and 400 for ids that are not whole numbers", async () => {
    expectRefusal(await t.call("DELETE", `${sets}/999999`, { token: tokens.demo }), 404, "not_found");
    expectRefusal(await t.call("POST", `${sets}/999999/favourite`, { token: tokens.demo }), 404, "not_found");
    expectRefusal(await t.call("DELETE", `${sets}/0`, { token: tokens.demo }), 404, "not_found");
    for (const id of ["abc", "-1", "1.5"]) {
      expectRefusal(await t.call("DELETE", `${sets}/${id}`, { token: tokens.demo }), 400, "invalid_id");
      expectRefusal(await t.call("POST", `${sets}/${id}/favourite`, { token: tokens.demo }), 400, "invalid_id");
    }
  });

  it("refuses a name the user already used (any case, trimmed)", async () => {
    await save("Weekly view", ["clicks"]);
    const before = await list();
    expectBadRequest(await t.call("POST", sets, { token: tokens.demo, json: { name: " WEEKLY view ", columns: ["cpa"] } }), "duplicate_name");
    expect(await list()).toEqual(before);
  });

  it.each([
    ["empty columns", { name: "Empty", columns: [] }],
    ["an unknown metric", { name: "Unknown", columns: ["clicks", "bounce_rate"] }],
    ["a repeated metric", { name: "Twice", columns: ["clicks", "clicks"] }],
    ["a blank name", { name: "  ", columns: ["clicks"] }],
    ["no columns", { name: "None" }],
    ["columns as text", { name: "Text", columns: "clicks" }],
  ])("refuses %s with 400 and saves nothing", async (_, json) => {
    const before = await list();
    expectBadRequest(await t.call("POST", sets, { token: tokens.demo, json }));
    expect(await list()).toEqual(before);
  });

  it("refuses malformed JSON", async () => {
    expectBadRequest(await t.call("POST", sets, { token: tokens.demo, body: "name=x" }), "malformed_json");
  });

  it("accepts all 25 metrics in one set", async () => {
    const all = [
      "variable_cost", "fixed_cost", "total_cost", "clicks", "impressions",
      "first_click_sales", "first_click_revenue", "first_click_conversion_rate", "first_click_aov",
      "last_click_sales", "last_click_revenue", "last_click_conversion_rate", "last_click_aov",
      "attributed_sales", "attributed_revenue", "attributed_conversion_rate", "attributed_aov",
      "attributed_revenue_variance", "attributed_revenue_variance_percent", "introducer_ratio",
      "cpa", "roas", "roi", "sales_including", "proportional_credit",
    ];
    const id = await save("Everything", all);
    expect((await list()).data.find((s) => s.id === id)?.columns).toEqual(all);
  });
});
