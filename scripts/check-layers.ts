/**
 * The layer rule (docs/architecture.md, "Layers"): each folder imports only what it may.
 *   src/domain   -> nothing of the app (effect, zod, temporal-polyfill only)
 *   src/services -> domain
 *   src/machines -> domain, services (no React, no views)
 *   src/views    -> machines, domain (never services)
 *   server/      -> domain (and its own files)
 * (src/main.tsx and src/installTemporal.ts sit above the layers and wire them together.)
 * Exits 1 and lists every offending import.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, dirname } from "node:path";

const root = resolve(import.meta.dirname, "..");

export interface Rule {
  readonly folder: string;
  /** App folders this one may import from (besides itself). */
  readonly mayImport: ReadonlyArray<string>;
  /** Packages it may import; `null` means any package. */
  readonly packages: ReadonlyArray<string> | null;
  /** Packages it must not import even when `packages` is null. */
  readonly forbiddenPackages?: ReadonlyArray<string>;
}

export const rules: ReadonlyArray<Rule> = [
  { folder: "src/domain", mayImport: [], packages: ["effect", "zod", "temporal-polyfill"] },
  { folder: "src/services", mayImport: ["src/domain"], packages: null, forbiddenPackages: ["react", "react-dom", "xstate", "@xstate/react", "wouter"] },
  { folder: "src/machines", mayImport: ["src/domain", "src/services"], packages: null, forbiddenPackages: ["react", "react-dom", "@xstate/react", "wouter"] },
  { folder: "src/views", mayImport: ["src/machines", "src/domain"], packages: null },
  { folder: "server", mayImport: ["src/domain"], packages: null, forbiddenPackages: ["react", "react-dom", "xstate", "@xstate/react", "wouter"] },
];

const importPattern = /(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

const walk = (dir: string): string[] => {
  let out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out = out.concat(walk(p));
    else if (/\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
};

const packageName = (spec: string): string => (spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : (spec.split("/")[0] ?? spec));

/** The broken rules in one file's text, `file` being its path from the project root. */
export const checkFile = (rule: Rule, file: string, text: string): string[] => {
  const found: string[] = [];
  for (const m of text.matchAll(importPattern)) {
    const spec = m[1] ?? m[2];
    if (!spec) continue;
    const where = `${file} imports '${spec}'`;
    if (spec.startsWith(".")) {
      const target = relative(root, resolve(root, dirname(file), spec));
      const inOwn = target.startsWith(rule.folder + "/") || target === rule.folder;
      const allowed = inOwn || rule.mayImport.some((f) => target.startsWith(f + "/") || target === f);
      if (!allowed) found.push(`${where}: ${rule.folder} may import only ${[rule.folder, ...rule.mayImport].join(", ")}`);
    } else if (!spec.startsWith("node:")) {
      const pkg = packageName(spec);
      if (rule.packages && !rule.packages.includes(pkg)) found.push(`${where}: ${rule.folder} may use only ${rule.packages.join(", ")}`);
      if (rule.forbiddenPackages?.includes(pkg)) found.push(`${where}: ${rule.folder} must not use ${pkg}`);
    } else if (rule.folder.startsWith("src/")) {
      found.push(`${where}: browser code must not use Node built-ins`);
    }
  }
  return found;
};

export const violations = (): string[] =>
  rules.flatMap((rule) =>
    walk(join(root, rule.folder)).flatMap((file) => checkFile(rule, relative(root, file), readFileSync(file, "utf8"))),
  );

if (import.meta.url === `file://${process.argv[1]}`) {
  const v = violations();
  if (v.length > 0) {
    console.error(`Layer rule broken (${v.length}):\n${v.map((x) => `  - ${x}`).join("\n")}`);
    process.exit(1);
  }
  console.log("Layer rules: every import is allowed.");
}
