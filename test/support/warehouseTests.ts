import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The test files whose outcome can turn on the engine under test (WAREHOUSE; test/warehouseUnderTest.ts),
 * which `npm test` runs again on ClickHouse embedded. A file counts when it or a test file it
 * imports (however deep, within test/) is test/warehouseUnderTest.ts or names WAREHOUSE; the
 * others (DuckDB's own bulk import, connection line and read pool, pure settings checks) open
 * DuckDB by name or no warehouse at all, so a second run would repeat the first exactly.
 * Only test files are followed: the product's code never reads WAREHOUSE but through its
 * settings, which a test reaches only through a file that names it.
 */
const testRoot = resolve("test");
const chooser = resolve(testRoot, "warehouseUnderTest.ts");
const localImport = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|new URL\(\s*)["'](\.{1,2}\/[^"']+)["']/g;

const resolved = (from: string, specifier: string): string | null => {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
};

const readsTheEngine = (file: string, seen = new Set<string>()): boolean => {
  if (seen.has(file)) return false;
  seen.add(file);
  if (file === chooser) return true;
  const text = readFileSync(file, "utf8");
  if (text.includes("WAREHOUSE")) return true;
  for (const [, specifier] of text.matchAll(localImport)) {
    const target = specifier === undefined ? null : resolved(file, specifier);
    if (target !== null && target.startsWith(testRoot) && readsTheEngine(target, seen)) return true;
  }
  return false;
};

const testFilesUnder = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return testFilesUnder(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** The test files under `folders` (paths from the working folder) that read the engine under test, sorted. */
export const warehouseTestFiles = (folders: ReadonlyArray<string>): string[] =>
  folders
    .flatMap((folder) => testFilesUnder(resolve(folder)))
    .filter((file) => readsTheEngine(file))
    .map((file) => relative(process.cwd(), file))
    .sort();
