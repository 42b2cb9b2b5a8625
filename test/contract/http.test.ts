import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProgramList } from "../../src/domain/shell/program";
import { decoded, expectRefusal, openContractApp, type Answer, type ContractApp } from "./contractApp";

const indexHtml = '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';

const expectSecurityHeaders = (answer: Answer): void => {
  const csp = answer.headers.get("Content-Security-Policy") ?? "";
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain("'unsafe-inline'");
  expect(csp).not.toContain("'unsafe-eval'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(answer.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(answer.headers.get("Referrer-Policy")).toBe("no-referrer");
};

describe("the HTTP surface with the built app", () => {
  let t: ContractApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), "spa-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), indexHtml);
    writeFileSync(join(dist, "assets", "app.js"), "console.log('app');");
    writeFileSync(join(dist, "assets", "app.js.map"), '{"version":3,"sources":["../src/secret.ts"]}');
    writeFileSync(join(dist, ".env"), "SECRET=1");
    t = await openContractApp({ staticDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(["/", "/login", "/performance", "/reset-password/abc?email=a%40b.c", "/account/costs/fixed/12"])(
    "answers index.html for %s (history fallback)",
    async (path) => {
      const answer = await t.call("GET", path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(answer.text).toBe(indexHtml);
      expectSecurityHeaders(answer);
    },
  );

  it("serves built files with their type", async () => {
    const answer = await t.call("GET", "/assets/app.js");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(answer.headers.get("Cache-Control")).toContain("immutable");
    expect(answer.text).toBe("console.log('app');");
  });

  it.each(["/.env", "/..%2f..%2f..%2fetc%2fpasswd", "/assets/%2e%2e/%2e%2e/package.json", "/%E0%A4%A"])("never serves what is outside or hidden: %s", async (path) => {
    const answer = await t.call("GET", path);
    expect(answer.text).toBe(indexHtml);
  });

  it.each(["/assets/app-3f9a1c.js", "/assets/missing.css", "/assets/"])(
    "answers 404, not the app's HTML, for a file under /assets/ that is not there: %s",
    async (path) => {
      const answer = await t.call("GET", path);
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain("<html");
    },
  );

  it.each(["/assets/app.js.map", "/assets/APP.JS.MAP", "/index.html.map"])("never serves a source map: %s", async (path) => {
    const answer = await t.call("GET", path);
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain("sources");
  });

  it.each(["/api/nope", "/api/", "/api", "/api/programs/northwind/messages/extra/deep", "/connectors/adwords/1/unknown"])(
    "answers JSON 404, not the app's HTML, for %s",
    async (path) => {
      const answer = await t.call("GET", path, path.includes("programs") ? { token: await t.signIn("admin") } : {});
      expectRefusal(answer, 404, "not_found");
      expect(answer.text).not.toContain("<html");
      expectSecurityHeaders(answer);
    },
  );

  it("answers JSON 404 for an unknown method on a known path", async () => {
    expectRefusal(await t.call("DELETE", "/api/auth/login"), 404, "not_found");
  });

  it("puts the security headers and no-store on API answers", async () => {
    const answer = await t.call("GET", "/api/system-messages");
    expectSecurityHeaders(answer);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expectSecurityHeaders(await t.call("POST", "/api/auth/login", { body: "{", headers: { "Content-Type": "application/json" } }));
  });

  it("answers 413 to a body over 1 MB, saying the connection closes (the rest of the body is never read)", async () => {
    const body = JSON.stringify({ username: "demo", password: "x".repeat(1024 * 1024) });
    const answers = [
      await t.call("POST", "/api/auth/login", { body, headers: { "Content-Type": "application/json" } }),
      await t.call("POST", "/api/auth/login", { body, headers: { "Content-Length": String(body.length), "Content-Type": "application/json" } }),
      await t.call("POST", "/collect", { body: JSON.stringify({ key: "pk_x", url: "x".repeat(1100 * 1024) }) }),
      await t.call("POST", "/connectors/consent/google-ads/grant", { body }),
    ];
    for (const answer of answers) {
      expectRefusal(answer, 413, "payload_too_large");
      expect(answer.headers.get("Connection")).toBe("close");
    }
  });
});

describe("the HTTP surface without a built app", () => {
  let t: ContractApp;
  beforeAll(async () => {
    t = await openContractApp();
  });
  afterAll(() => t.close());

  it("answers JSON 404 for app routes", async () => {
    expectRefusal(await t.call("GET", "/login"), 404, "not_found");
  });
});

describe("a real bug", () => {
  let t: ContractApp;
  const errors: string[] = [];
  /** Set once the admin has signed in (a sign-in lists the person's programs too): from then on every program list fails. */
  let onFire = false;
  beforeAll(async () => {
    t = await openContractApp({
      log: { info: () => {}, warn: () => {}, error: (message) => errors.push(message) },
      warehouse: (warehouse) => ({
        ...warehouse,
        programs: {
          ...warehouse.programs,
          all: () => (onFire ? Promise.reject(new Error("the warehouse is on fire")) : warehouse.programs.all()),
        },
      }),
    });
  });
  afterAll(() => t.close());

  it("answers 500 server_error without details, and other calls still work", async () => {
    const token = await t.signIn("admin");
    onFire = true;
    const answer = await t.call("GET", "/api/programs", { token });
    expectRefusal(answer, 500, "server_error");
    expect(answer.text).not.toContain("fire");
    expectSecurityHeaders(answer);
    decoded(await t.call("GET", "/api/programs", { token: await t.signIn("demo") }), ProgramList);
    expect(errors).toEqual(["unhandled error"]);
  });
});
