import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "../../../src/domain/shell/formSchema";
import { newPasswordForm } from "../../../src/domain/access/passwordForm";

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

describe("form rules' zod", () => {
  it("is jitless", () => {
    expect(z.config().jitless).toBe(true);
  });

  it("parses a form without ever constructing a Function (what the Content Security Policy blocks)", () => {
    const original = globalThis.Function;
    const constructed: unknown[][] = [];
    globalThis.Function = new Proxy(original, {
      construct: (target, args: unknown[]) => {
        constructed.push(args);
        return Reflect.construct(target, args) as object;
      },
      apply: (target, self, args: unknown[]) => {
        constructed.push(args);
        return Reflect.apply(target, self, args) as unknown;
      },
    });
    try {
      const fresh = z.object({ a: z.string(), b: z.number() });
      expect(fresh.safeParse({ a: "x", b: 1 }).success).toBe(true);
      expect(fresh.safeParse({ a: "x", b: 1 }).success).toBe(true);
      expect(newPasswordForm.safeParse({ password: "long-enough", confirm_password: "long-enough" }).success).toBe(true);
      expect(newPasswordForm.safeParse({ password: "long-enough", confirm_password: "long-enougH" }).success).toBe(false);
    } finally {
      globalThis.Function = original;
    }
    expect(constructed).toEqual([]);
  });

  it("is the only way the app's source reaches zod", () => {
    const importers = sourceFiles("src").filter((file) => /from\s+["']zod(?:\/[^"']*)?["']/.test(readFileSync(file, "utf8")));
    expect(importers).toEqual([join("src", "domain", "shell", "formSchema.ts")]);
  });
});
