import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ok } from "../../src/domain/access/auth";
import { Created } from "../../src/domain/report/configuration";
import { SeasonalityList } from "../../src/domain/seasonality/seasonality";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";
import { expectBadRequest, refusedToOutsiders, signInAll, type Tokens } from "./accountSupport";

const base = "/api/programs/northwind/seasonality";

describe("seasonality", () => {
  let t: ContractApp;
  let tokens: Tokens;
  beforeAll(async () => {
    t = await openContractApp();
    tokens = await signInAll(t);
  });
  afterAll(() => t.close());

  const types = async (query = "", program = "northwind") =>
    decoded(await t.call("GET", `/api/programs/${program}/seasonality${query}`, { token: tokens.demo }), SeasonalityList).data;
  const addType = async (name: string, program = "northwind") =>
    decoded(await t.call("POST", `/api/programs/${program}/seasonality/types`, { token: tokens.demo, json: { name } }), Created).data.id;
  const tag = (week: string, typeId: unknown) => t.call("PUT", `${base}/weeks/${week}`, { token: tokens.demo, json: { type_id: typeId } });

  it.each([
    ["GET", base],
    ["POST", `${base}/types`],
    ["DELETE", `${base}/types/1`],
    ["PUT", `${base}/weeks/2034-01-02`],
    ["DELETE", `${base}/weeks/2034-01-02`],
  ])("%s %s: 401 anonymous, 403 for a non-member", async (method, path) => {
    await refusedToOutsiders(t, tokens, method, path, { json: { name: "x", type_id: 1 } });
  });

  it("creates types and tags weeks; the range shows the weeks overlapping it", async () => {
    const sale = await addType("Spring Sale");
    const quiet = await addType("Quiet");
    decoded(await tag("2034-03-06", sale), Ok);
    decoded(await tag("2034-03-13", sale), Ok);
    decoded(await tag("2034-03-20", quiet), Ok);
    const weeksOf = async (query: string) =>
      Object.fromEntries((await types(query)).filter((s) => s.id === sale || s.id === quiet).map((s) => [s.name, s.weeks]));
    expect(await weeksOf("?date_from=2034-03-01&date_to=2034-03-31")).toEqual({
      "Spring Sale": ["2034-03-06", "2034-03-13"],
      Quiet: ["2034-03-20"],
    });
    // 2034-03-19 is the Sunday of the week of 13 March; 2034-03-20 the Monday after.
    expect(await weeksOf("?date_from=2034-03-19&date_to=2034-03-19")).toEqual({ "Spring Sale": ["2034-03-13"], Quiet: [] });
    expect(await weeksOf("?date_from=2034-04-01&date_to=2034-04-30")).toEqual({ "Spring Sale": [], Quiet: [] });
    expect(await weeksOf("")).toEqual({ "Spring Sale": ["2034-03-06", "2034-03-13"], Quiet: ["2034-03-20"] });
    decoded(await t.call("GET", `${base}?date_from=2034-03-01&date_to=2034-03-31`, { token: tokens.admin }), SeasonalityList);
  });

  it("retags a week with another type and untags it", async () => {
    const a = await addType("Retag A");
    const b = await addType("Retag B");
    decoded(await tag("2035-06-04", a), Ok);
    decoded(await tag("2035-06-04", b), Ok);
    const find = async (id: number) => (await types()).find((s) => s.id === id)?.weeks;
    expect(await find(a)).toEqual([]);
    expect(await find(b)).toEqual(["2035-06-04"]);
    decoded(await t.call("DELETE", `${base}/weeks/2035-06-04`, { token: tokens.demo }), Ok);
    expect(await find(b)).toEqual([]);
    decoded(await t.call("DELETE", `${base}/weeks/2035-06-04`, { token: tokens.demo }), Ok);
  });

  it("deletes a type with its tags", async () => {
    const gone = await addType("Short lived");
    decoded(await tag("2036-01-07", gone), Ok);
    decoded(await t.call("DELETE", `${base}/types/${gone}`, { token: tokens.demo }), Ok);
    expect((await types()).map((s) => s.id)).not.toContain(gone);
    expectRefusal(await t.call("DELETE", `${base}/types/${gone}`, { token: tokens.demo }), 404, "not_found");
    expectRefusal(await tag("2036-01-14", gone), 404, "not_found");
  });

  it("keeps names unique per program (any case), not across programs", async () => {
    await addType("Test Bank Holiday");
    const before = await types();
    expectBadRequest(await t.call("POST", `${base}/types`, { token: tokens.demo, json: { name: " test BANK holiday " } }), "duplicate_name");
    expect(await types()).toEqual(before);
    await addType("Test Bank Holiday", "bluepeak");
  });

  it("a retried write stores nothing twice: the create sent again is refused as a duplicate, a week tagged again keeps one tag", async () => {
    const body = { token: tokens.demo, json: { name: "Retried Launch" } };
    const id = decoded(await t.call("POST", `${base}/types`, body), Created).data.id;
    expectBadRequest(await t.call("POST", `${base}/types`, body), "duplicate_name");
    expect((await types()).filter((s) => s.name === "Retried Launch").map((s) => s.id)).toEqual([id]);
    decoded(await tag("2037-02-02", id), Ok);
    decoded(await tag("2037-02-02", id), Ok);
    expect((await types()).find((s) => s.id === id)?.weeks).toEqual(["2037-02-02"]);
  });

  it.each([
    ["no name", {}],
    ["a blank name", { name: "  " }],
    ["a name over 100 characters", { name: "n".repeat(101) }],
  ])("refuses a type with %s", async (_, body) => {
    const before = await types();
    expectBadRequest(await t.call("POST", `${base}/types`, { token: tokens.demo, json: body }));
    expect(await types()).toEqual(before);
  });

  it("refuses weeks that are not Mondays, bad type ids, another program's type and bad JSON", async () => {
    const type = await addType("Checks");
    const elsewhere = await addType("Elsewhere", "bluepeak");
    const before = await types();
    expectBadRequest(await tag("2034-03-07", type), "invalid_week");
    expectBadRequest(await tag("2034-02-30", type), "invalid_week");
    expectBadRequest(await tag("monday", type), "invalid_week");
    expectBadRequest(await t.call("DELETE", `${base}/weeks/2034-03-07`, { token: tokens.demo }), "invalid_week");
    expectBadRequest(await tag("2034-03-06", "1"));
    expectBadRequest(await tag("2034-03-06", 0));
    expectBadRequest(await tag("2034-03-06", 1.5));
    expectRefusal(await tag("2034-03-06", elsewhere), 404, "not_found");
    expectBadRequest(await t.call("PUT", `${base}/weeks/2034-03-06`, { token: tokens.demo, body: "{" }), "malformed_json");
    expect(await types()).toEqual(before);
    expectRefusal(await t.call("GET", `${base}?date_from=2034-03-02&date_to=2034-03-01`, { token: tokens.demo }), 400, "invalid_dates");
  });
});
