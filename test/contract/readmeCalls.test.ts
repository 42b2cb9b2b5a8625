import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openContractApp, type ContractApp } from "./contractApp";

/**
 * server/README.md says it lists every call: each route the app registers is named there,
 * by its path from the program (`performance/table/single`, `write-keys/{id}`), from /api
 * (`/auth/login`) or whole (`/collect`), with any name in braces for a path parameter.
 */
const readme = readFileSync(new URL("../../server/README.md", import.meta.url), "utf8");

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The part of a route's path the README names: after the program or /api, up to the level path. */
export const namedPartOf = (path: string): string =>
  path
    .replace(/^\/api\/programs\/:program\//, "")
    .replace(/^\/api(?=\/)/, "")
    .replace(/\/taxonomy_1(\/.*)?$/, "/taxonomy_1")
    .replace(/\/$/, "");

/** A pattern matching the part as the README writes it: a parameter as `{any name}` or an example value. */
const patternOf = (part: string): RegExp =>
  new RegExp(
    part
      .split("/")
      .map((segment) => (segment.startsWith(":") ? "(\\{[^}]+\\}|[a-z-]+)" : escaped(segment)))
      .join("/"),
  );

describe("server/README.md", () => {
  let t: ContractApp;
  beforeAll(async () => {
    t = await openContractApp();
  });
  afterAll(() => t.close());

  it("names every call the server answers, the performance and analysis calls included", () => {
    const parts = [...new Set(t.app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${namedPartOf(r.path)}`))];
    expect(parts.length).toBeGreaterThan(60);
    const missing = parts.filter((entry) => {
      const [method = "", part = ""] = entry.split(" ");
      return part !== "" && !new RegExp(`${method} [^|\\n]*${patternOf(part).source}`).test(readme);
    });
    expect(missing).toEqual([]);
  });
});
