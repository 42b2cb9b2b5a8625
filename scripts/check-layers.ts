/**
 * The layer rules (docs/architecture.md): each folder imports only what it may, and no
 * files import one another in a loop.
 *   src/domain   -> nothing of the app (effect, zod, temporal-polyfill only)
 *   src/services -> domain
 *   src/machines -> domain, services (no React, no views)
 *   src/views    -> machines, domain (never services)
 *   server/      -> domain (and its own files), in layers of its own:
 *     routes (with http, connectors and serverContext.ts) -> engine -> warehouse;
 *     seed -> warehouse; only main.ts and app.ts (the wiring) and tests import seed.
 * (src/main.tsx and src/installTemporal.ts sit above the layers and wire them together.)
 * Exits 1 and lists every offending import and every import cycle (as its files).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, dirname } from "node:path";

const root = resolve(import.meta.dirname, "..");

export interface Rule {
  /** A folder, or one file, from the project root. */
  readonly folder: string;
  /** App folders (or files) this one may import from (besides itself). */
  readonly mayImport: ReadonlyArray<string>;
  /** Packages it may import; `null` means any package. */
  readonly packages: ReadonlyArray<string> | null;
  /** Packages it must not import even when `packages` is null. */
  readonly forbiddenPackages?: ReadonlyArray<string>;
}

const serverRequests = [
  "src/domain",
  "server/engine",
  "server/routes",
  "server/http",
  "server/connectors",
  "server/auth",
  "server/outbox",
  "server/log.ts",
  "server/clock.ts",
  "server/serverContext.ts",
];

export const rules: ReadonlyArray<Rule> = [
  { folder: "src/domain", mayImport: [], packages: ["effect", "zod", "temporal-polyfill"] },
  { folder: "src/services", mayImport: ["src/domain"], packages: null, forbiddenPackages: ["react", "react-dom", "xstate", "@xstate/react", "wouter"] },
  { folder: "src/machines", mayImport: ["src/domain", "src/services"], packages: null, forbiddenPackages: ["react", "react-dom", "@xstate/react", "wouter"] },
  { folder: "src/views", mayImport: ["src/machines", "src/domain"], packages: null },
  { folder: "server", mayImport: ["src/domain"], packages: null, forbiddenPackages: ["react", "react-dom", "xstate", "@xstate/react", "wouter"] },
  // The server's own layers: routes -> engine -> warehouse, seed apart.
  { folder: "server/warehouse", mayImport: ["src/domain"], packages: null },
  { folder: "server/engine", mayImport: ["src/domain", "server/warehouse", "server/log.ts", "server/clock.ts"], packages: null },
  { folder: "server/seed", mayImport: ["src/domain", "server/warehouse", "server/auth"], packages: null },
  { folder: "server/routes", mayImport: serverRequests, packages: null },
  { folder: "server/http", mayImport: serverRequests, packages: null },
  { folder: "server/connectors", mayImport: serverRequests, packages: null },
  { folder: "server/serverContext.ts", mayImport: serverRequests, packages: null },
  { folder: "server/auth", mayImport: ["src/domain"], packages: null },
  { folder: "server/outbox", mayImport: ["src/domain", "server/log.ts"], packages: null },
  { folder: "server/log.ts", mayImport: [], packages: null },
  { folder: "server/clock.ts", mayImport: [], packages: null },
];

const importPattern = /(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

const sourceFile = /\.(ts|tsx)$/;

/** The .ts and .tsx files of a folder (or the file itself), as absolute paths. */
const walk = (path: string): string[] => {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return [];
  }
  if (!stats.isDirectory()) return sourceFile.test(path) ? [path] : [];
  return readdirSync(path).flatMap((name) => walk(join(path, name)));
};

const packageName = (spec: string): string => (spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : (spec.split("/")[0] ?? spec));

const within = (path: string, folder: string): boolean => path === folder || path.startsWith(folder + "/");

/** The module specifiers a file's text imports (static, re-exports and dynamic). */
export const importsOf = (text: string): string[] =>
  [...text.matchAll(importPattern)].flatMap((m) => {
    const spec = m[1] ?? m[2];
    return spec ? [spec] : [];
  });

/** A relative import of a markdown or plain-text document as a string (Vite's `?raw`). */
const rawDocument = /^\.{1,2}\/[^?]*\.(?:md|txt)\?raw$/;

/** The broken rules in one file's text, `file` being its path from the project root. */
export const checkFile = (rule: Rule, file: string, text: string): string[] => {
  const found: string[] = [];
  for (const spec of importsOf(text)) {
    const where = `${file} imports '${spec}'`;
    // A document bundled as its text (the changelog page shows CHANGELOG.md) is data, not code of another layer.
    if (rawDocument.test(spec)) continue;
    if (spec.startsWith(".")) {
      const target = relative(root, resolve(root, dirname(file), spec));
      const allowed = [rule.folder, ...rule.mayImport].some((f) => within(target, f) || within(target, f.replace(/\.tsx?$/, "")));
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

/** Which files each file imports: paths from the project root, files outside the graph left out. */
export type ImportGraph = ReadonlyMap<string, ReadonlyArray<string>>;

/** The import graph of some files (path from the project root -> text); `.js` specifiers name `.ts` files. */
export const importGraph = (files: ReadonlyMap<string, string>): ImportGraph => {
  const resolveSpec = (from: string, spec: string): string | null => {
    const base = join(dirname(from), spec).replace(/\.js$/, "");
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((c) => files.has(c)) ?? null;
  };
  return new Map(
    [...files].map(([file, text]) => [
      file,
      [...new Set(importsOf(text).flatMap((spec) => (spec.startsWith(".") ? [resolveSpec(file, spec)].filter((t): t is string => t !== null) : [])))],
    ]),
  );
};

/**
 * Every group of files that import one another in a loop (the strongly connected
 * components of the graph with more than one file, or one file importing itself), each
 * sorted, the groups in order of their first file.
 */
export const importCycles = (graph: ImportGraph): string[][] => {
  // Tarjan's algorithm, iterative so deep graphs cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  const targets = (file: string) => graph.get(file) ?? [];

  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const frames: Array<{ file: string; child: number }> = [{ file: start, child: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const children = targets(frame.file);
      if (frame.child < children.length) {
        const child = children[frame.child++]!;
        if (!index.has(child)) {
          index.set(child, next);
          low.set(child, next++);
          stack.push(child);
          onStack.add(child);
          frames.push({ file: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.file, Math.min(low.get(frame.file)!, index.get(child)!));
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) === index.get(frame.file)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.file);
        if (group.length > 1 || targets(frame.file).includes(frame.file)) cycles.push(group.sort());
      }
    }
  }
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
};

/** The import cycles across src/ and server/. */
export const projectCycles = (): string[][] => {
  const files = new Map(
    ["src", "server"].flatMap((folder) => walk(join(root, folder))).map((file) => [relative(root, file), readFileSync(file, "utf8")] as const),
  );
  return importCycles(importGraph(files));
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const v = violations();
  const cycles = projectCycles();
  if (v.length > 0) console.error(`Layer rule broken (${v.length}):\n${v.map((x) => `  - ${x}`).join("\n")}`);
  if (cycles.length > 0) {
    console.error(`Import cycles (${cycles.length}):\n${cycles.map((c) => `  - ${c.join(" <-> ")}`).join("\n")}`);
  }
  if (v.length > 0 || cycles.length > 0) process.exit(1);
  console.log("Layer rules: every import is allowed, and no files import one another in a loop.");
}
