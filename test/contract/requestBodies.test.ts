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

  it("logged no unhandled error", () => {
    expect(errors).toEqual([]);
  });
});
