import { describe, expect, it } from "vitest";
import { Created } from "../../src/domain/report/configuration";
import { refusals } from "../../server/http/answers";
import { decoded, expectRefusal, type CallOptions } from "./contractApp";
import { northwindId, recordingSuite } from "./accountSupport";

const fixed = "/api/programs/northwind/fixed-costs";
const variable = "/api/programs/northwind/variable-costs";

const fixedRow = { start_date: "2025-03-01", end_date: "2025-03-31", taxonomy_1: "Spend access", cost: 10, frequency: "daily" };
const variableRow = { date: "2025-03-04", taxonomy_1: "Spend access", cost_link: "spend-access-link", cost: 4.5 };

/** Every spend call: the lists, the creates (with the trailing slash, the batch import's token and a variable row), stored keys, edit and deletes. */
const spendCalls: ReadonlyArray<readonly [method: string, path: string, sent: Omit<CallOptions, "token">]> = [
  ["GET", fixed, {}],
  ["GET", `${fixed}?date_from=2025-03-01&date_to=2025-03-31`, {}],
  ["POST", fixed, { json: fixedRow }],
  ["POST", `${fixed}/`, { json: fixedRow }],
  ["POST", `${fixed}?token=batch`, { json: fixedRow, headers: { "Idempotency-Key": "spend-access-1" } }],
  ["POST", fixed, { json: variableRow }],
  ["POST", `${fixed}/stored-keys`, { json: { keys: ["spend-access-1"] } }],
  ["GET", `${fixed}/1`, {}],
  ["PATCH", `${fixed}/1`, { json: { cost: 1, version: 1 } }],
  ["DELETE", `${fixed}/1`, {}],
  ["GET", variable, {}],
  ["POST", variable, { json: variableRow, headers: { "Idempotency-Key": "spend-access-2" } }],
  ["POST", `${variable}/stored-keys`, { json: { keys: ["spend-access-2"] } }],
  ["DELETE", `${variable}/1`, {}],
];

describe("spend management is the admins' (fixed-costs and variable-costs)", () => {
  const suite = recordingSuite();

  const storedRows = async () => ({
    fixed: (await suite.t.warehouse.costs.fixedInRange(northwindId, null)).filter((r) => r.taxonomy_1 === "Spend access").length,
    variable: (await suite.t.warehouse.costs.variableInRange(northwindId, null)).filter((r) => r.cost_link === "spend-access-link").length,
  });

  it.each(spendCalls)("%s %s: 403 with the admin-only refusal for a member of the program, who changes nothing", async (method, path, sent) => {
    const before = await storedRows();
    const refusal = expectRefusal(await suite.t.call(method, path, { ...sent, token: suite.tokens.demo }), 403, "forbidden");
    expect(refusal.message).toBe(refusals.adminOnly.message);
    expect(await storedRows()).toEqual(before);
    expect(suite.engine.take()).toEqual([]);
  });

  it.each(spendCalls)("%s %s: an admin gets through", async (method, path, sent) => {
    const answer = await suite.t.call(method, path, { ...sent, token: suite.tokens.admin });
    // Id 1 may not be northwind's or may be gone (deleted by an earlier call): then 404, the route's own answer.
    const through = path.endsWith("/1") ? [200, 404] : [200];
    expect(through, answer.text).toContain(answer.status);
  });

  it("an admin's create is stored, a member still cannot read it", async () => {
    const id = decoded(await suite.t.call("POST", fixed, { token: suite.tokens.admin, json: { ...fixedRow, taxonomy_1: "Spend access admin" } }), Created).data.id;
    expect((await suite.t.warehouse.costs.findFixed(northwindId, id))?.taxonomy_1).toBe("Spend access admin");
    expectRefusal(await suite.t.call("GET", `${fixed}/${id}`, { token: suite.tokens.demo }), 403, "forbidden");
    expectRefusal(await suite.t.call("DELETE", `${fixed}/${id}`, { token: suite.tokens.demo }), 403, "forbidden");
    expect((await suite.t.warehouse.costs.findFixed(northwindId, id))?.taxonomy_1).toBe("Spend access admin");
  });

  it("a non-member is refused for the program first (403 'You don't have access to this program.'), signed out 401", async () => {
    expect(expectRefusal(await suite.t.call("GET", fixed, { token: suite.tokens.other }), 403, "forbidden").message).toBe(refusals.programForbidden.message);
    expectRefusal(await suite.t.call("GET", fixed), 401, "unauthorized");
  });
});
