import { describe, expect, it } from "vitest";
import { Ok } from "../../src/domain/access/auth";
import { Created } from "../../src/domain/report/configuration";
import { FixedCostAnswer, FixedCostList, VariableCostList } from "../../src/domain/spend/costs";
import { decoded, expectRefusal } from "./contractApp";
import { expectBadRequest, refusedToOutsiders, recordingSuite } from "./accountSupport";

const fixed = "/api/programs/northwind/fixed-costs";
const variable = "/api/programs/northwind/variable-costs";

const dailyForm = {
  start_date: "2025-03-01",
  end_date: "2025-03-31",
  taxonomy_1: "Display",
  taxonomy_2: "Programmatic",
  cost: 310.5,
  frequency: "daily",
};

describe("fixed and variable spend", () => {
  const suite = recordingSuite();

  const create = async (body: unknown, token = suite.tokens.admin, path = fixed): Promise<number> =>
    decoded(await suite.t.call("POST", path, { token, json: body }), Created).data.id;
  const fixedList = async (query = "") => decoded(await suite.t.call("GET", `${fixed}${query}`, { token: suite.tokens.admin }), FixedCostList).data;
  const variableList = async () => decoded(await suite.t.call("GET", variable, { token: suite.tokens.admin }), VariableCostList).data;

  describe("access", () => {
    it.each([
      ["GET", fixed],
      ["POST", fixed],
      ["GET", `${fixed}/1`],
      ["PATCH", `${fixed}/1`],
      ["DELETE", `${fixed}/1`],
      ["GET", variable],
      ["POST", variable],
      ["DELETE", `${variable}/1`],
    ])("%s %s: 401 anonymous, 403 for a non-member", async (method, path) => {
      await refusedToOutsiders(suite.t, suite.tokens, method, path, { json: dailyForm });
    });

    it("lets admins list and refuses a member of the program with the admin-only 403 (spendAccess.test.ts has every route)", async () => {
      decoded(await suite.t.call("GET", fixed, { token: suite.tokens.admin }), FixedCostList);
      decoded(await suite.t.call("GET", variable, { token: suite.tokens.admin }), VariableCostList);
      expectRefusal(await suite.t.call("GET", fixed, { token: suite.tokens.demo }), 403, "forbidden");
      expectRefusal(await suite.t.call("GET", variable, { token: suite.tokens.demo }), 403, "forbidden");
    });

    it("lets an admin create in any program", async () => {
      const id = await create({ ...dailyForm, taxonomy_1: "Admin made" }, suite.tokens.admin, "/api/programs/lumen/fixed-costs");
      expect(suite.engine.take()).toEqual([]);
      decoded(await suite.t.call("DELETE", `/api/programs/lumen/fixed-costs/${id}`, { token: suite.tokens.admin }), Ok);
    });
  });

  describe("fixed spend", () => {
    it("creates a daily configuration and answers it with meta as a JSON string, without running the engine", async () => {
      const id = await create(dailyForm);
      expect(suite.engine.take()).toEqual([]);
      const answer = await suite.t.call("GET", `${fixed}/${id}`, { token: suite.tokens.admin });
      const raw = answer.json as { data: { meta: unknown } };
      expect(typeof raw.data.meta).toBe("string");
      expect(JSON.parse(raw.data.meta as string)).toEqual({ frequency: "daily", original_frequency: "daily" });
      expect(decoded(answer, FixedCostAnswer).data).toEqual({
        id,
        taxonomy_1: "Display",
        taxonomy_2: "Programmatic",
        taxonomy_3: "None",
        taxonomy_4: "None",
        cost: 310.5,
        start_date: "2025-03-01",
        end_date: "2025-03-31",
        meta: { frequency: "daily", original_frequency: "daily" },
        days: 31,
        version: 1,
      });
    });

    it("accepts the trailing slash and the batch import's token parameter", async () => {
      const withSlash = await create({ ...dailyForm, taxonomy_1: "Slash" }, suite.tokens.admin, `${fixed}/`);
      const batch = await create(
        { start_date: "2025-04-02", end_date: "", taxonomy_1: "Batch", taxonomy_2: "", taxonomy_3: null, cost: 12, frequency: "single" },
        suite.tokens.admin,
        `${fixed}?token=${suite.tokens.admin}`,
      );
      expect(suite.engine.take()).toEqual([]);
      const single = decoded(await suite.t.call("GET", `${fixed}/${batch}`, { token: suite.tokens.admin }), FixedCostAnswer).data;
      expect(single).toMatchObject({ taxonomy_2: "None", end_date: null, days: 1, meta: { frequency: "single" } });
      expect((await fixedList()).map((c) => c.id)).toEqual(expect.arrayContaining([withSlash, batch]));
    });

    it("ignores the end date of a single configuration", async () => {
      const id = await create({ ...dailyForm, frequency: "single", end_date: "2024-01-01" });
      const single = decoded(await suite.t.call("GET", `${fixed}/${id}`, { token: suite.tokens.admin }), FixedCostAnswer).data;
      expect(single).toMatchObject({ end_date: null, days: 1, start_date: "2025-03-01" });
    });

    it("lists the configurations overlapping the range, by id descending", async () => {
      const march = await create({ ...dailyForm, taxonomy_1: "Range", start_date: "2030-03-01", end_date: "2030-03-31" });
      const may = await create({ ...dailyForm, taxonomy_1: "Range", start_date: "2030-05-10", end_date: "2030-06-10", frequency: "monthly" });
      const single = await create({ ...dailyForm, taxonomy_1: "Range", start_date: "2030-04-15", frequency: "single" });
      const ids = async (from: string, to: string) =>
        (await fixedList(`?date_from=${from}&date_to=${to}`)).filter((c) => c.taxonomy_1 === "Range").map((c) => c.id);
      expect(await ids("2030-03-31", "2030-04-15")).toEqual([single, march]);
      expect(await ids("2030-04-16", "2030-05-09")).toEqual([]);
      expect(await ids("2030-06-10", "2030-12-31")).toEqual([may]);
      expect(await ids("2030-01-01", "2030-12-31")).toEqual([single, may, march]);
      const all = await fixedList();
      expect(all.map((c) => c.id)).toEqual([...all.map((c) => c.id)].sort((a, b) => b - a));
    });

    it.each([
      ["date_from=2025-01-01", "one end only"],
      ["date_from=2025-02-30&date_to=2025-03-01", "not a date"],
      ["date_from=2025-1-1&date_to=2025-03-01", "not YYYY-MM-DD"],
      ["date_from=2025-03-02&date_to=2025-03-01", "reversed"],
    ])("answers 400 invalid_dates for %s (%s)", async (query) => {
      expectRefusal(await suite.t.call("GET", `${fixed}?${query}`, { token: suite.tokens.admin }), 400, "invalid_dates");
      expectRefusal(await suite.t.call("GET", `${variable}?${query}`, { token: suite.tokens.admin }), 400, "invalid_dates");
    });

    const refusedBodies: ReadonlyArray<readonly [string, unknown]> = [
      ["a negative cost", { ...dailyForm, cost: -1 }],
      ["a cost with 3 decimals", { ...dailyForm, cost: 1.005 }],
      ["a cost as text", { ...dailyForm, cost: "10" }],
      ["no cost", { ...dailyForm, cost: undefined }],
      ["taxonomy 3 without taxonomy 2", { ...dailyForm, taxonomy_2: undefined, taxonomy_3: "Banner" }],
      ["taxonomy 4 without taxonomy 2", { ...dailyForm, taxonomy_2: "", taxonomy_4: "Leaderboard" }],
      ["taxonomy 4 without taxonomy 3", { ...dailyForm, taxonomy_4: "Leaderboard" }],
      ["no taxonomy 1", { ...dailyForm, taxonomy_1: undefined }],
      ["a blank taxonomy 1", { ...dailyForm, taxonomy_1: "   " }],
      ["an unknown frequency", { ...dailyForm, frequency: "weekly" }],
      ["an end before the start (daily)", { ...dailyForm, end_date: "2025-02-28" }],
      ["an end on the start (monthly)", { ...dailyForm, end_date: "2025-03-01", frequency: "monthly" }],
      ["no end (yearly)", { ...dailyForm, end_date: null, frequency: "yearly" }],
      ["a start that is not a date", { ...dailyForm, start_date: "2025-02-29" }],
      ["a start in another format", { ...dailyForm, start_date: "01/03/2025" }],
      ["a list", [dailyForm]],
      ["null", null],
    ];

    it.each(refusedBodies)("refuses %s with 400 and changes nothing", async (_, body) => {
      const before = await fixedList();
      expectBadRequest(await suite.t.call("POST", fixed, { token: suite.tokens.admin, json: body }));
      expect(await fixedList()).toEqual(before);
      expect(suite.engine.take()).toEqual([]);
    });

    it.each([
      ["taxonomy 3 without taxonomy 2", { ...dailyForm, taxonomy_2: "", taxonomy_3: "Banner" }, "taxonomy_2: Taxonomy 2 is required if taxonomy 3 or taxonomy 4 is filled."],
      ["taxonomy 4 without taxonomy 3", { ...dailyForm, taxonomy_4: "Leaderboard" }, "taxonomy_3: Taxonomy 3 is required if taxonomy 4 is filled."],
      ["a cost with 3 decimals", { ...dailyForm, cost: 1.005 }, "cost: Spend must be a decimal with 2 places."],
      ["an unknown frequency", { ...dailyForm, frequency: "weekly" }, "frequency: Frequency is required: single, daily, monthly or yearly."],
      ["an end on the start", { ...dailyForm, end_date: "2025-03-01" }, "start_date: Start date must be before the end date.; end_date: End date must be after the start date."],
      ["no end (monthly)", { ...dailyForm, end_date: null, frequency: "monthly" }, "end_date: End date is required."],
    ])("refuses %s in the spend form's words", async (_, body, problems) => {
      const answer = await suite.t.call("POST", fixed, { token: suite.tokens.admin, json: body });
      expectBadRequest(answer);
      expect((answer.json as { message: string }).message).toBe(`Invalid request body: ${problems}`);
    });

    it("refuses malformed JSON and an empty body", async () => {
      expectBadRequest(await suite.t.call("POST", fixed, { token: suite.tokens.admin, body: "{\"cost\": 1," }), "malformed_json");
      expectBadRequest(await suite.t.call("POST", fixed, { token: suite.tokens.admin, body: "" }), "malformed_json");
      expect(suite.engine.take()).toEqual([]);
    });

    it("edits: a partial change keeps the rest and the original frequency", async () => {
      const id = await create({ ...dailyForm, taxonomy_1: "Edited", taxonomy_3: "Banner" });
      suite.engine.take();
      const edited = decoded(
        await suite.t.call("PATCH", `${fixed}/${id}`, { token: suite.tokens.admin, json: { cost: 99.99, frequency: "monthly", version: 1 } }),
        FixedCostAnswer,
      ).data;
      expect(edited).toMatchObject({ cost: 99.99, taxonomy_3: "Banner", meta: { frequency: "monthly", original_frequency: "daily" } });
      expect(suite.engine.take()).toEqual([]);
      const whole = decoded(
        await suite.t.call("PATCH", `${fixed}/${id}`, {
          token: suite.tokens.admin,
          json: { ...edited, meta: JSON.stringify(edited.meta), taxonomy_3: "", end_date: "2025-04-30", frequency: "daily" },
        }),
        FixedCostAnswer,
      ).data;
      expect(whole).toMatchObject({ taxonomy_3: "None", end_date: "2025-04-30", days: 61, meta: { original_frequency: "daily" } });
      expect(decoded(await suite.t.call("GET", `${fixed}/${id}`, { token: suite.tokens.admin }), FixedCostAnswer).data).toEqual(whole);
    });

    it("two edits from the same version: the first is stored, the second is refused 409 stale_spend and changes nothing", async () => {
      const id = await create({ ...dailyForm, taxonomy_1: "Raced" });
      suite.engine.take();
      const loaded = decoded(await suite.t.call("GET", `${fixed}/${id}`, { token: suite.tokens.admin }), FixedCostAnswer).data;
      expect(loaded.version).toBe(1);
      const first = decoded(await suite.t.call("PATCH", `${fixed}/${id}`, { token: suite.tokens.admin, json: { cost: 11, version: loaded.version } }), FixedCostAnswer).data;
      expect(first).toMatchObject({ cost: 11, version: 2 });
      const refusal = expectRefusal(
        await suite.t.call("PATCH", `${fixed}/${id}`, { token: suite.tokens.admin, json: { cost: 22, version: loaded.version } }),
        409,
        "stale_spend",
      );
      expect(refusal.message).toBe(
        "Someone else saved this spend configuration while you were editing (your edit started from version 1, " +
          "the saved one is now version 2). Reload it to see their changes, then make yours again.",
      );
      expect(decoded(await suite.t.call("GET", `${fixed}/${id}`, { token: suite.tokens.admin }), FixedCostAnswer).data).toEqual(first);
      // A version never given out is stale too; the current one is stored.
      expectRefusal(await suite.t.call("PATCH", `${fixed}/${id}`, { token: suite.tokens.admin, json: { cost: 33, version: 7 } }), 409, "stale_spend");
      expect(decoded(await suite.t.call("PATCH", `${fixed}/${id}`, { token: suite.tokens.admin, json: { cost: 33, version: 2 } }), FixedCostAnswer).data.version).toBe(3);
    });

    it("refuses an edit without a version with 400, leaving the configuration as it was", async () => {
      const id = await create({ ...dailyForm, taxonomy_1: "Unversioned" });
      const before = decoded(await suite.t.call("GET", `${fixed}/${id}`, { token: suite.tokens.admin }), FixedCostAnswer).data;
      expectBadRequest(await suite.t.call("PATCH", `${fixed}/${id}`, { token: suite.tokens.admin, json: { cost: 5 } }));
      expect(decoded(await suite.t.call("GET", `${fixed}/${id}`, { token: suite.tokens.admin }), FixedCostAnswer).data).toEqual(before);
    });

    it("refuses an edit that breaks the rules, leaving the configuration as it was", async () => {
      const id = await create({ ...dailyForm, taxonomy_1: "Kept" });
      suite.engine.take();
      const before = decoded(await suite.t.call("GET", `${fixed}/${id}`, { token: suite.tokens.admin }), FixedCostAnswer).data;
      for (const json of [{ end_date: "2025-02-01" }, { cost: 0.001 }, { taxonomy_4: "x" }, { frequency: "hourly" }, { taxonomy_1: "" }]) {
        expectBadRequest(await suite.t.call("PATCH", `${fixed}/${id}`, { token: suite.tokens.admin, json: { ...json, version: 1 } }));
      }
      expectBadRequest(await suite.t.call("PATCH", `${fixed}/${id}`, { token: suite.tokens.admin, body: "nope" }), "malformed_json");
      expect(decoded(await suite.t.call("GET", `${fixed}/${id}`, { token: suite.tokens.admin }), FixedCostAnswer).data).toEqual(before);
      expect(suite.engine.take()).toEqual([]);
    });

    it("answers 404 for a configuration of another program, and leaves it alone", async () => {
      const elsewhere = await create(dailyForm, suite.tokens.admin, "/api/programs/bluepeak/fixed-costs");
      expect(suite.engine.take()).toEqual([]);
      expectRefusal(await suite.t.call("GET", `${fixed}/${elsewhere}`, { token: suite.tokens.admin }), 404, "not_found");
      expectRefusal(await suite.t.call("PATCH", `${fixed}/${elsewhere}`, { token: suite.tokens.admin, json: { cost: 1, version: 1 } }), 404, "not_found");
      expectRefusal(await suite.t.call("DELETE", `${fixed}/${elsewhere}`, { token: suite.tokens.admin }), 404, "not_found");
      const still = decoded(await suite.t.call("GET", `/api/programs/bluepeak/fixed-costs/${elsewhere}`, { token: suite.tokens.admin }), FixedCostAnswer);
      expect(still.data.cost).toBe(dailyForm.cost);
      expect(suite.engine.take()).toEqual([]);
    });

    it.each(["abc", "1.5", "-3", "1e3"])("answers 400 invalid_id for the id %j", async (id) => {
      expectRefusal(await suite.t.call("GET", `${fixed}/${id}`, { token: suite.tokens.admin }), 400, "invalid_id");
      expectRefusal(await suite.t.call("DELETE", `${variable}/${id}`, { token: suite.tokens.admin }), 400, "invalid_id");
    });

    it.each(["0", "99999", "99999999999"])("answers 404 for the unknown id %s", async (id) => {
      expectRefusal(await suite.t.call("GET", `${fixed}/${id}`, { token: suite.tokens.admin }), 404, "not_found");
      expectRefusal(await suite.t.call("DELETE", `${fixed}/${id}`, { token: suite.tokens.admin }), 404, "not_found");
    });

    it("deletes, then answers 404", async () => {
      const id = await create({ ...dailyForm, taxonomy_1: "Gone" });
      suite.engine.take();
      decoded(await suite.t.call("DELETE", `${fixed}/${id}`, { token: suite.tokens.admin }), Ok);
      expect(suite.engine.take()).toEqual([]);
      expectRefusal(await suite.t.call("GET", `${fixed}/${id}`, { token: suite.tokens.admin }), 404, "not_found");
      expectRefusal(await suite.t.call("DELETE", `${fixed}/${id}`, { token: suite.tokens.admin }), 404, "not_found");
      expect((await fixedList()).map((c) => c.id)).not.toContain(id);
    });

    it("does not wait for the engine: the cost facts are refreshed after the answer (costRefresh.test.ts)", async () => {
      suite.engine.failing = true;
      const id = await create({ ...dailyForm, taxonomy_1: "Engine down" });
      expect(suite.engine.take()).toEqual([]);
      decoded(await suite.t.call("GET", `${fixed}/${id}`, { token: suite.tokens.admin }), FixedCostAnswer);
    });
  });

  describe("variable spend", () => {
    const row = { date: "2025-03-04", taxonomy_1: "Batch Search", cost_link: "test-link-1234", cost: 45.2 };

    it("creates a row from the variable batch import's POST to fixed-costs", async () => {
      const id = await create({ ...row, taxonomy_1: "Batch Search " }, suite.tokens.admin, `${fixed}?token=abc`);
      expect(suite.engine.take()).toEqual([]);
      expect((await variableList()).find((r) => r.id === id)).toEqual({ id, ...row });
      expect((await fixedList()).some((c) => c.taxonomy_1 === "Batch Search")).toBe(false);
    });

    it("creates a row with POST variable-costs and lists rows in a range", async () => {
      const id = await create({ ...row, date: "2031-01-05" }, suite.tokens.admin, variable);
      const inRange = decoded(await suite.t.call("GET", `${variable}?date_from=2031-01-05&date_to=2031-01-05`, { token: suite.tokens.admin }), VariableCostList);
      expect(inRange.data).toEqual([{ id, ...row, date: "2031-01-05" }]);
    });

    it.each([
      ["no cost link", { ...row, cost_link: undefined }],
      ["a blank cost link", { ...row, cost_link: " " }],
      ["a negative cost", { ...row, cost: -0.01 }],
      ["a cost with 3 decimals", { ...row, cost: 0.123 }],
      ["a bad date", { ...row, date: "2025-13-01" }],
      ["no taxonomy 1", { ...row, taxonomy_1: "" }],
    ])("refuses %s with 400 and changes nothing", async (_, body) => {
      const before = await variableList();
      expectBadRequest(await suite.t.call("POST", fixed, { token: suite.tokens.admin, json: body }));
      expectBadRequest(await suite.t.call("POST", variable, { token: suite.tokens.admin, json: body }));
      expect(await variableList()).toEqual(before);
      expect(suite.engine.take()).toEqual([]);
    });

    it("deletes a row; another program's row is 404", async () => {
      const id = await create(row, suite.tokens.admin, variable);
      const elsewhere = await create(row, suite.tokens.admin, "/api/programs/bluepeak/variable-costs");
      suite.engine.take();
      expectRefusal(await suite.t.call("DELETE", `${variable}/${elsewhere}`, { token: suite.tokens.admin }), 404, "not_found");
      expect(suite.engine.take()).toEqual([]);
      decoded(await suite.t.call("DELETE", `${variable}/${id}`, { token: suite.tokens.admin }), Ok);
      expect(suite.engine.take()).toEqual([]);
      expect((await variableList()).map((r) => r.id)).not.toContain(id);
      expectRefusal(await suite.t.call("DELETE", `${variable}/${id}`, { token: suite.tokens.admin }), 404, "not_found");
    });
  });
});
