import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectRefusal, openContractApp, type ContractApp } from "./contractApp";

/** `[[[…]]]` nested `depth` levels around `inner`. */
const nestedArrays = (depth: number, inner = ""): string => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;
/** `{"a":{"a":…}}` nested `depth` levels. */
const nestedObjects = (depth: number): string => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** Longest message a refused body may carry: it names the problem, never repeats the input. */
const shortMessage = 500;

describe("request bodies: nesting depth and refusal messages", () => {
  let t: ContractApp;
  let demo: string;
  let admin: string;
  const errors: string[] = [];
  beforeAll(async () => {
    t = await openContractApp({ log: { info: () => {}, warn: () => {}, error: (message) => errors.push(message) } });
    demo = await t.signIn("demo");
    admin = await t.signIn("admin");
  });
  afterAll(() => t.close());

  const deepBodies: ReadonlyArray<readonly [string, string]> = [
    ["arrays 5,000 deep", nestedArrays(5000)],
    ["objects 5,000 deep", nestedObjects(5000)],
    ["a username of arrays 5,000 deep", `{"username":${nestedArrays(5000)},"password":"demo"}`],
    ["arrays 33 deep", nestedArrays(33)],
  ];

  it.each(deepBodies)("POST /api/auth/login refuses %s with 400 and a short message, never 500", async (_, body) => {
    const answer = await t.call("POST", "/api/auth/login", { body, headers: { "Content-Type": "application/json" } });
    const refusal = expectRefusal(answer, 400, "invalid_body");
    expect(refusal.message).toMatch(/deeper than 32/);
    expect(answer.text.length).toBeLessThan(shortMessage);
  });

  it.each(deepBodies)("an authenticated write route refuses %s with 400", async (_, body) => {
    for (const path of ["/api/column-sets", "/api/programs/northwind/annotations", "/api/programs/northwind/fixed-costs"]) {
      // Spend writes are the admins': an admin's deep body reaches the body check.
      const answer = await t.call("POST", path, { body, token: path.endsWith("fixed-costs") ? admin : demo });
      expectRefusal(answer, 400, "invalid_body");
      expect(answer.text.length, path).toBeLessThan(shortMessage);
    }
  });

  it("reads a body nested 32 deep as usual (refused for its fields, not its depth)", async () => {
    const refusal = expectRefusal(
      await t.call("POST", "/api/auth/login", { body: `{"username":${nestedArrays(31, "1")},"password":"demo"}`, headers: { "Content-Type": "application/json" } }),
      400,
      "invalid_body",
    );
    expect(refusal.message).not.toMatch(/deeper/);
    expect(refusal.message).toMatch(/^Invalid request body: username/);
  });

  it("counts brackets inside strings as text", async () => {
    const answer = await t.call("POST", "/api/auth/login", { json: { username: "[".repeat(100), password: "{".repeat(100) } });
    expectRefusal(answer, 401, "invalid_credentials");
  });

  it("a query parameter nested 5,000 deep is refused with 400 invalid_query", async () => {
    const rules = encodeURIComponent(nestedArrays(5000));
    const answer = await t.call(
      "GET",
      `/api/programs/northwind/reports/preview?level=taxonomy_1&date_from=2025-05-01&date_to=2025-05-31&rules=${rules}`,
      { token: demo },
    );
    expectRefusal(answer, 400, "invalid_query");
    expect(answer.text.length).toBeLessThan(shortMessage);
  });

  it.each([
    ["a username of a million characters", { username: "u".repeat(1_000_000), password: "demo" }],
    ["a password of a million characters", { username: "demo", password: "p".repeat(1_000_000) }],
    ["a key of a million characters", { username: "demo", password: 7, ["k".repeat(1_000_000)]: 1 }],
  ])("a 1 MB body refused for %s answers a short message naming the field", async (_, json) => {
    const body = JSON.stringify(json);
    expect(body.length).toBeLessThanOrEqual(1024 * 1024);
    const answer = await t.call("POST", "/api/auth/login", { body, headers: { "Content-Type": "application/json" } });
    const refusal = expectRefusal(answer, 400, "invalid_body");
    expect(answer.text.length).toBeLessThan(shortMessage);
    expect(refusal.message).not.toMatch(/uuuuuuuuuu|pppppppppp|kkkkkkkkkk/);
    expect(refusal.message).toMatch(/username|password/);
  });

  const marker = "Zq7SentValue";
  it.each([
    ["a report date", `/api/programs/northwind/performance/table/single/taxonomy_1?date_from=${marker}&date_to=2025-01-01`, "invalid_query"],
    ["a report date that is no calendar day", `/api/programs/northwind/performance/table/single/taxonomy_1?date_from=2025-02-${marker}&date_to=2025-03-01`, "invalid_query"],
    ["per_page", `/api/programs/northwind/performance/touchpoints/journeys?date_from=2025-01-01&date_to=2025-01-31&per_page=${marker}`, "invalid_query"],
    ["a list's dates", `/api/programs/northwind/annotations?date_from=${marker}&date_to=2025-01-01`, "invalid_dates"],
  ])("refuses %s without repeating the value sent", async (_what, path, error) => {
    const answer = await t.call("GET", path, { token: admin });
    expectRefusal(answer, 400, error);
    expect(answer.text).not.toContain(marker);
  });

  it("refuses a /collect event without repeating any value sent, its malformed id included", async () => {
    const key = JSON.parse((await t.call("POST", "/api/programs/northwind/write-keys", { token: admin, json: { kind: "publishable" } })).text).data.key as string;
    const answer = await t.call("POST", "/collect", {
      json: {
        key,
        events: [
          { event_id: `${marker} with spaces`, type: marker, time: marker, visitor_id: "v", url: 5 },
          { event_id: "fine-id", type: "click", time: 1, visitor_id: `${marker} `, publisher_id: "" },
        ],
      },
    });
    expect(answer.status).toBe(202);
    expect(answer.text).not.toContain(marker);
    expect(JSON.parse(answer.text).refusals.map((r: { id: string | null }) => r.id)).toEqual([null, "fine-id"]);
  });

  // A lone surrogate cannot be stored as UTF-8: every call that stores text refuses it with 400, naming the field.
  const lone = "\ud800";
  const program = "/api/programs/northwind";
  const spendForm = { start_date: "2025-03-01", end_date: "2025-03-31", taxonomy_1: "Display", cost: 3, frequency: "daily" };
  const variableRow = { date: "2025-03-04", taxonomy_1: "Search", cost_link: "link-1", cost: 4 };
  const report = { name: "Mine", level: "taxonomy_1", rules: [] };
  it.each<readonly [string, string, (text: string) => unknown, string]>([
    ["a column set's name", "/api/column-sets", (text) => ({ name: `Set ${text}`, columns: ["clicks"] }), "name"],
    ["a fixed spend's taxonomy", `${program}/fixed-costs`, (text) => ({ ...spendForm, taxonomy_2: `Programmatic ${text}` }), "taxonomy_2"],
    ["a variable row's cost link sent to fixed-costs", `${program}/fixed-costs`, (text) => ({ ...variableRow, cost_link: `gads-${text}` }), "cost_link"],
    ["a variable spend's taxonomy", `${program}/variable-costs`, (text) => ({ ...variableRow, taxonomy_1: `Search ${text}` }), "taxonomy_1"],
    ["a variable spend's cost link", `${program}/variable-costs`, (text) => ({ ...variableRow, cost_link: `link-${text}` }), "cost_link"],
    ["a campaign note's text", `${program}/annotations`, (text) => ({ date: "2025-03-04", colour: "#aabbcc", text: `Launch ${text}` }), "text"],
    ["a season type's name", `${program}/seasonality/types`, (text) => ({ name: `Season ${text}` }), "name"],
    ["a custom report's name", `${program}/reports`, (text) => ({ ...report, name: `Report ${text}` }), "name"],
    ["a text inside a custom report's meta", `${program}/reports`, (text) => ({ ...report, meta: { columns: [`c ${text}`] } }), "meta.columns.0"],
    ["a field name inside a custom report's meta", `${program}/reports`, (text) => ({ ...report, meta: { [`k${text}`]: 1 } }), "meta"],
  ])("refuses malformed text in %s with 400 naming the field (the same body with well-formed text is stored)", async (_what, path, body, field) => {
    const refused = await t.call("POST", path, { token: admin, json: body(lone) });
    expect(expectRefusal(refused, 400, "invalid_body").message).toBe(`Invalid request body: ${field}: malformed text (a lone UTF-16 surrogate)`);
    expect([200, 201]).toContain((await t.call("POST", path, { token: admin, json: body("x") })).status);
  });

  it("refuses malformed text in a fixed spend's edit", async () => {
    const created = JSON.parse((await t.call("POST", `${program}/fixed-costs`, { token: admin, json: spendForm })).text).data.id as number;
    const version = JSON.parse((await t.call("GET", `${program}/fixed-costs/${created}`, { token: admin })).text).data.version as number;
    const refused = await t.call("PATCH", `${program}/fixed-costs/${created}`, { token: admin, json: { version, taxonomy_1: `Display ${lone}` } });
    expect(expectRefusal(refused, 400, "invalid_body").message).toBe("Invalid request body: taxonomy_1: malformed text (a lone UTF-16 surrogate)");
  });

  it("logged no unhandled error", () => {
    expect(errors).toEqual([]);
  });
});
