import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openContractApp, type CallOptions, type ContractApp } from "./contractApp";

/**
 * Every API answer, signed in or not, success or refusal, JSON or CSV, carries
 * `Cache-Control: no-store`, so no browser or proxy keeps an authenticated answer.
 */
describe("Cache-Control: no-store on API answers", () => {
  let t: ContractApp;
  let demo: string;
  let demoId: number;
  beforeAll(async () => {
    t = await openContractApp();
    const login = await t.call("POST", "/api/auth/login", { json: { username: "demo", password: "demo" } });
    const body = login.json as { token: string; user: { id: number } };
    demo = body.token;
    demoId = body.user.id;
  });
  afterAll(() => t.close());

  const dates = "date_from=2025-05-01&date_to=2025-05-31";
  const sample = (): ReadonlyArray<readonly [string, string, string, (token: string) => CallOptions, number]> => [
    ["GET", "/api/auth/me", "signed in", (token) => ({ token }), 200],
    ["GET", "/api/programs", "signed in", (token) => ({ token }), 200],
    ["GET", "/api/programs/northwind/annotations", "signed in", (token) => ({ token }), 200],
    ["GET", `/api/programs/northwind/performance/table/single/taxonomy_1?${dates}`, "report", (token) => ({ token }), 200],
    ["GET", `/api/programs/northwind/performance/table/csv?${dates}`, "CSV export", (token) => ({ token }), 200],
    ["POST", "/api/column-sets", "created", (token) => ({ token, json: { name: "Cached?", columns: ["clicks"] } }), 200],
    ["POST", "/api/auth/login", "sign-in", () => ({ json: { username: "other", password: "other" } }), 200],
    ["GET", "/api/auth/me", "401", () => ({}), 401],
    ["GET", "/api/programs/lumen/annotations", "403", (token) => ({ token }), 403],
    ["GET", "/api/programs/northwind/annotations/nope", "404", (token) => ({ token }), 404],
    ["POST", "/api/programs/northwind/annotations", "400", (token) => ({ token, body: "{" }), 400],
    ["GET", "/api/nothing-here", "unknown path", () => ({}), 404],
    ["GET", "/connectors/adwords/{demo}/listAccounts", "connector (bearer)", (token) => ({ token }), 200],
    ["GET", "/connectors/adwords/{demo}/listAccounts", "connector 401", () => ({}), 401],
  ];

  it.each(sample().map(([method, path, label, options, status]) => [`${method} ${path} (${label})`, method, path, options, status] as const))(
    "%s",
    async (_, method, path, options, status) => {
      const answer = await t.call(method, path.replace("{demo}", String(demoId)), options(demo));
      expect(answer.status, answer.text.slice(0, 200)).toBe(status);
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
    },
  );
});
