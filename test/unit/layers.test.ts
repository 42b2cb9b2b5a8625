import { describe, expect, it } from "vitest";
import { checkFile, importCycles, importGraph, projectCycles, rules, violations } from "../../scripts/check-layers";

const rule = (folder: string) => {
  const r = rules.find((x) => x.folder === folder);
  if (!r) throw new Error(`no rule for ${folder}`);
  return r;
};

describe("layer rules", () => {
  it("the project keeps them", () => {
    expect(violations()).toEqual([]);
  });

  it.each([
    ["src/views", "src/views/a/Page.tsx", `import { login } from "../../services/api/auth";`, 1],
    ["src/views", "src/views/a/Page.tsx", `import type { ApiContext } from "../../services/http";`, 1],
    ["src/views", "src/views/a/Page.tsx", `import { sessionMachine } from "../../machines/session.machine";`, 0],
    ["src/views", "src/views/a/Page.tsx", `const m = await import("../../services/http");`, 1],
    // A document as its text is data, not another layer's code; code as text is not.
    ["src/views", "src/views/a/Page.tsx", `import changelog from "../../../CHANGELOG.md?raw";`, 0],
    ["src/views", "src/views/a/Page.tsx", `import code from "../../services/http.ts?raw";`, 1],
    ["src/machines", "src/machines/x.machine.ts", `import { useState } from "react";`, 1],
    ["src/machines", "src/machines/x.machine.ts", `import { Page } from "../views/Page";`, 1],
    ["src/machines", "src/machines/x.machine.ts", `import { request } from "../services/http";`, 0],
    ["src/domain", "src/domain/x.ts", `import { Schema } from "effect";`, 0],
    ["src/domain", "src/domain/x.ts", `import { z } from "zod";`, 0],
    ["src/domain", "src/domain/x.ts", `import { setup } from "xstate";`, 1],
    ["src/domain", "src/domain/x.ts", `import { request } from "../services/http";`, 1],
    ["src/domain", "src/domain/x.ts", `import { readFileSync } from "node:fs";`, 1],
    ["src/services", "src/services/x.ts", `import { createActor } from "xstate";`, 1],
    ["src/services", "src/services/x.ts", `import { ApiError } from "../domain/apiError";`, 0],
    ["server", "server/routes/x.ts", `import { Program } from "../../src/domain/shell/program";`, 0],
    ["server", "server/routes/x.ts", `import { sessionMachine } from "../../src/machines/shell/session.machine";`, 1],
    ["server", "server/routes/x.ts", `import { readFileSync } from "node:fs";`, 0],
    // The server's layers: routes -> engine -> warehouse, seed apart.
    ["server/routes", "server/routes/x.ts", `import { storesOf } from "../engine/stores";`, 0],
    ["server/routes", "server/routes/x.ts", `import { answer } from "../http/answers";`, 0],
    ["server/routes", "server/routes/x.ts", `import type { ServerContext } from "../serverContext";`, 0],
    ["server/routes", "server/routes/x.ts", `import type { CostQueries } from "../warehouse/costQueries";`, 1],
    ["server/routes", "server/routes/x.ts", `import { generateDemoData } from "../seed/demoData";`, 1],
    ["server/http", "server/http/x.ts", `import type { Warehouse } from "../warehouse/warehouse";`, 1],
    ["server/serverContext.ts", "server/serverContext.ts", `import type { Stores } from "./engine/stores";`, 0],
    ["server/serverContext.ts", "server/serverContext.ts", `import type { Warehouse } from "./warehouse/warehouse";`, 1],
    ["server/engine", "server/engine/x.ts", `import type { Warehouse } from "../warehouse/warehouse";`, 0],
    ["server/engine", "server/engine/x.ts", `import type { Clock } from "../clock";`, 0],
    ["server/engine", "server/engine/x.ts", `import type { ServerContext } from "../serverContext";`, 1],
    ["server/engine", "server/engine/x.ts", `import { answer } from "../routes/performanceRoutes";`, 1],
    ["server/warehouse", "server/warehouse/duckdb/x.ts", `import type { Statements } from "../statements";`, 0],
    ["server/warehouse", "server/warehouse/x.ts", `import { planOf } from "../engine/classification";`, 1],
    ["server/warehouse", "server/warehouse/duckdb/x.ts", `import { loadDemoAnalytics } from "../../seed/demoAnalyticsSql";`, 1],
    ["server/seed", "server/seed/x.ts", `import { insertRows } from "../warehouse/statements";`, 0],
    ["server/seed", "server/seed/x.ts", `import { hashPassword } from "../auth/passwords";`, 0],
    ["server/seed", "server/seed/x.ts", `import { createEngine } from "../engine/createEngine";`, 1],
  ])("%s: %s with %s breaks %i rule(s)", (folder, file, text, broken) => {
    expect(checkFile(rule(folder), file, text)).toHaveLength(broken);
  });
});

describe("import cycles", () => {
  it("the project has none", () => {
    expect(projectCycles()).toEqual([]);
  });

  const files = (entries: Record<string, string>) => importGraph(new Map(Object.entries(entries)));

  it.each([
    ["no imports", { "server/a.ts": "", "server/b.ts": "" }, []],
    ["a chain", { "server/a.ts": `import { b } from "./b";`, "server/b.ts": `import { c } from "./c";`, "server/c.ts": "" }, []],
    ["a package and a missing file", { "server/a.ts": `import { Hono } from "hono";\nimport { x } from "./gone";` }, []],
    [
      "two files",
      { "server/a.ts": `import { b } from "./b";`, "server/b.ts": `import type { A } from "./a";` },
      [["server/a.ts", "server/b.ts"]],
    ],
    [
      "a loop through a folder, by a re-export and a .js specifier",
      {
        "server/warehouse/duckdb/w.ts": `import { q } from "./q";`,
        "server/warehouse/duckdb/q.ts": `export { s } from "../s.js";`,
        "server/warehouse/s.ts": `import { w } from "./duckdb/w";`,
        "server/warehouse/other.ts": `import { w } from "./duckdb/w";`,
      },
      [["server/warehouse/duckdb/q.ts", "server/warehouse/duckdb/w.ts", "server/warehouse/s.ts"]],
    ],
    [
      "two separate loops and a self-import",
      {
        "src/a.ts": `import "./b";`,
        "src/b.ts": `import "./a";`,
        "src/c.ts": `const d = await import("./d");`,
        "src/d.ts": `import "./c";`,
        "src/e.ts": `import "./e";`,
      },
      [["src/a.ts", "src/b.ts"], ["src/c.ts", "src/d.ts"], ["src/e.ts"]],
    ],
  ])("%s", (_, entries, cycles) => {
    expect(importCycles(files(entries))).toEqual(cycles);
  });
});
