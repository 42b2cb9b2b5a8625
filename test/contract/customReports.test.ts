import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ok } from "../../src/domain/access/auth";
import { Created } from "../../src/domain/report/configuration";
import { CustomReportAnswer, CustomReportList, DataSetList, noReportAccessMessage } from "../../src/domain/customReports/customReports";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";
import { expectBadRequest, refusedToOutsiders, signInAll, type Tokens } from "./accountSupport";

const reports = "/api/programs/northwind/reports";
const report = {
  name: "Returning customers",
  level: "taxonomy_2",
  rules: [
    { field: "customer_type", operator: "=", value: "returning" },
    { field: "status", operator: "!=", value: "cancelled" },
  ],
};

describe("custom reports and data sets", () => {
  let t: ContractApp;
  let tokens: Tokens;
  beforeAll(async () => {
    t = await openContractApp();
    tokens = await signInAll(t);
  });
  afterAll(() => t.close());

  const list = async (token = tokens.demo) => decoded(await t.call("GET", reports, { token }), CustomReportList).data;
  const create = async (body: unknown, path = reports) =>
    decoded(await t.call("POST", path, { token: tokens.demo, json: body }), Created).data.id;

  it.each([
    ["GET", reports],
    ["POST", reports],
    ["GET", `${reports}/1`],
    ["DELETE", `${reports}/1`],
    ["GET", "/api/programs/northwind/data-sets"],
  ])("%s %s: 401 anonymous, 403 for a non-member", async (method, path) => {
    await refusedToOutsiders(t, tokens, method, path, { json: report });
  });

  it("creates a report that the list and the view answer", async () => {
    const id = await create(report);
    const expected = { id, ...report, meta: {} };
    expect(await list()).toContainEqual(expected);
    expect((await list(tokens.admin)).map((r) => r.id)).toContain(id);
    expect(decoded(await t.call("GET", `${reports}/${id}`, { token: tokens.demo }), CustomReportAnswer).data).toEqual(expected);
  });

  it("keeps meta and allows a report without rules", async () => {
    const meta = { validName: "Active", cancelledName: "Not Active", dataset_one: { id: 1 }, dataset_two: { id: 2 }, excludedColumns: ["first.cpa"] };
    const id = await create({ name: "Active / Not Active", level: "taxonomy_1", rules: [], meta });
    expect(decoded(await t.call("GET", `${reports}/${id}`, { token: tokens.demo }), CustomReportAnswer).data).toMatchObject({ rules: [], meta });
  });

  it("answers 404 'You don't have access to this report' for a report the program does not have", async () => {
    const elsewhere = await create(report, "/api/programs/bluepeak/reports");
    for (const id of [elsewhere, 99999, 0]) {
      const refusal = expectRefusal(await t.call("GET", `${reports}/${id}`, { token: tokens.demo }), 404, "report_not_found");
      expect(refusal.message).toBe(noReportAccessMessage);
    }
    expectRefusal(await t.call("DELETE", `${reports}/${elsewhere}`, { token: tokens.demo }), 404, "report_not_found");
    expect((await list()).map((r) => r.id)).not.toContain(elsewhere);
    expectRefusal(await t.call("GET", `${reports}/first`, { token: tokens.demo }), 400, "invalid_id");
  });

  it("deletes a report", async () => {
    const id = await create({ ...report, name: "Temporary" });
    decoded(await t.call("DELETE", `${reports}/${id}`, { token: tokens.demo }), Ok);
    expect((await list()).map((r) => r.id)).not.toContain(id);
    expectRefusal(await t.call("DELETE", `${reports}/${id}`, { token: tokens.demo }), 404, "report_not_found");
  });

  it.each([
    ["an unknown level", { ...report, level: "taxonomy_5" }],
    ["a blank name", { ...report, name: " " }],
    ["no rules list", { name: "x", level: "taxonomy_1" }],
    ["a rule on an unknown field", { ...report, rules: [{ field: "country", operator: "=", value: "GB" }] }],
    ["a rule with an unknown operator", { ...report, rules: [{ field: "status", operator: ">", value: "valid" }] }],
    ["a rule value the field cannot hold", { ...report, rules: [{ field: "payment", operator: "=", value: "bitcoin" }] }],
    ["more than 20 rules", { ...report, rules: Array.from({ length: 21 }, () => report.rules[0]) }],
  ])("refuses %s with 400 and adds nothing", async (_, body) => {
    const before = await list();
    expectBadRequest(await t.call("POST", reports, { token: tokens.demo, json: body }));
    expect(await list()).toEqual(before);
  });

  it("refuses malformed JSON", async () => {
    expectBadRequest(await t.call("POST", reports, { token: tokens.demo, body: "{]" }), "malformed_json");
  });

  it("lists the program's data sets", async () => {
    const sets = decoded(await t.call("GET", "/api/programs/northwind/data-sets", { token: tokens.demo }), DataSetList).data;
    expect(Array.isArray(sets)).toBe(true);
    decoded(await t.call("GET", "/api/programs/lumen/data-sets", { token: tokens.admin }), DataSetList);
  });
});
