import { describe, expect, it } from "vitest";
import { checkFile, rules, violations } from "../../scripts/check-layers";

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
  ])("%s: %s with %s breaks %i rule(s)", (folder, file, text, broken) => {
    expect(checkFile(rule(folder), file, text)).toHaveLength(broken);
  });
});
