import { beforeAll, describe, expect, it } from "vitest";
import { StoredKeysAnswer, maxStoredKeysPerCall } from "../../src/domain/spend/storedKeys";
import { decoded, hour, type Answer } from "./contractApp";
import { expectBadRequest, recordingSuite, refusedToOutsiders, withSecondAdmin } from "./accountSupport";

const fixedRow = (marker: string) => ({ start_date: "2025-04-01", taxonomy_1: marker, cost: 12.5, frequency: "single" });
const variableRow = (marker: string) => ({ date: "2025-04-02", taxonomy_1: "Paid Search", cost_link: marker, cost: 3 });

describe("POST programs/{program}/fixed-costs/stored-keys and variable-costs/stored-keys", () => {
  // Spend is the admins': the creates run as analyst1 made an admin, so "admin" is a second user with keys of their own.
  const suite = recordingSuite({ warehouse: withSecondAdmin("analyst1") });
  let spender = "";
  beforeAll(async () => {
    spender = await suite.t.signIn("analyst1");
  });

  const create = (route: string, body: unknown, key: string, token = spender, program = "northwind"): Promise<Answer> =>
    suite.t.call("POST", `/api/programs/${program}/${route}`, { token, json: body, headers: { "Idempotency-Key": key } });

  const ask = (route: string, keys: unknown, token = spender, program = "northwind"): Promise<Answer> =>
    suite.t.call("POST", `/api/programs/${program}/${route}/stored-keys`, { token, json: { keys } });

  const storedOf = async (route: string, keys: ReadonlyArray<string>, token = spender, program = "northwind") =>
    decoded(await ask(route, keys, token, program), StoredKeysAnswer).stored;

  it("answers the keys already used for creates, in the order asked, and nothing for unknown keys", async () => {
    expect((await create("fixed-costs", fixedRow("sk-1"), "sk key 1")).status).toBe(200);
    expect((await create("fixed-costs", variableRow("sk-2"), "sk key 2")).status).toBe(200);
    expect(await storedOf("fixed-costs", ["sk key 2", "never used", "sk key 1"])).toEqual(["sk key 2", "sk key 1"]);
    expect(await storedOf("fixed-costs", [])).toEqual([]);
  });

  it("keeps routes, users and programs apart", async () => {
    expect((await create("variable-costs", variableRow("sk-3"), "sk key 3")).status).toBe(200);
    expect(await storedOf("variable-costs", ["sk key 3"])).toEqual(["sk key 3"]);
    expect(await storedOf("fixed-costs", ["sk key 3"])).toEqual([]);
    expect(await storedOf("fixed-costs", ["sk key 1"], suite.tokens.admin)).toEqual([]);
    expect(await storedOf("fixed-costs", ["sk key 1"], spender, "bluepeak")).toEqual([]);
  });

  it("does not count a key whose create was refused", async () => {
    expectBadRequest(await create("fixed-costs", { ...fixedRow("sk-4"), cost: -1 }, "sk key 4"));
    expect(await storedOf("fixed-costs", ["sk key 4"])).toEqual([]);
  });

  it("is refused to outsiders (401 without or with a bad token, 403 to a non-member)", async () => {
    await refusedToOutsiders(suite.t, suite.tokens, "POST", "/api/programs/northwind/fixed-costs/stored-keys", { json: { keys: ["a"] } });
    await refusedToOutsiders(suite.t, suite.tokens, "POST", "/api/programs/northwind/variable-costs/stored-keys", { json: { keys: ["a"] } });
  });

  it.each([
    ["no keys field", {}],
    ["keys not a list", { keys: "a" }],
    ["a key that is not a valid Idempotency-Key", { keys: ["ok", ""] }],
    ["a key over 200 characters", { keys: ["x".repeat(201)] }],
    [`more than ${maxStoredKeysPerCall} keys`, { keys: Array.from({ length: maxStoredKeysPerCall + 1 }, (_, i) => `k${i}`) }],
  ])("refuses a body with %s (400 invalid_body)", async (_, body) => {
    expectBadRequest(await suite.t.call("POST", "/api/programs/northwind/fixed-costs/stored-keys", { token: spender, json: body }));
  });

  it(`answers ${maxStoredKeysPerCall} keys at once`, async () => {
    const keys = Array.from({ length: maxStoredKeysPerCall }, (_, i) => `bulk ${i}`);
    expect((await create("fixed-costs", fixedRow("sk-5"), "bulk 7")).status).toBe(200);
    expect(await storedOf("fixed-costs", keys)).toEqual(["bulk 7"]);
  });

  // Last: it moves the suite's clock past the sessions' 12 hours.
  it("forgets a key 24 hours after its create", async () => {
    expect((await create("fixed-costs", fixedRow("sk-6"), "sk key 6")).status).toBe(200);
    suite.t.clock.advance(24 * hour - 1);
    const token = await suite.t.signIn("analyst1");
    expect(await storedOf("fixed-costs", ["sk key 6"], token)).toEqual(["sk key 6"]);
    suite.t.clock.advance(1);
    expect(await storedOf("fixed-costs", ["sk key 6"], token)).toEqual([]);
  });
});
