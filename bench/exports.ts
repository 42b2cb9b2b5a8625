/**
 * The export and import budgets (docs/architecture.md, "Budgets"), measured in Chromium against the
 * app's own services and workers:
 *   - export of 100,000 rows x 25 columns to xlsx in a worker: at most 3 s;
 *   - import of 10,000 spreadsheet rows parsed: at most 0.5 s.
 * The page bench/exportsPage.html is built by bench/vite.bench.config.ts into
 * .bench/pages (when missing, or with `rebuild`), served by a tiny static server, and
 * driven with Playwright; the page publishes its numbers on `window.__benchResult`.
 *
 * `runExportsBench()` answers rows in the shape bench/run.ts prints; run this file
 * directly to print them: node --import tsx bench/exports.ts [--rebuild]
 */
import { execSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve, sep } from "node:path";
import type { Browser } from "@playwright/test";
import { launchChromium } from "./browser";
import type { ExportsPageResult } from "./exportsPage";

const root = resolve(import.meta.dirname, "..");
const pagesDir = resolve(root, ".bench/pages");

export interface BenchRow {
  readonly measure: string;
  readonly value: string;
  readonly budget: string;
  readonly verdict: "within" | "OVER" | "info";
}

export const exportBudgetMs = 1_500;
export const importBudgetMs = 500;

const mimeTypes: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
};

/** Serves a folder on 127.0.0.1 (a free port); paths outside it are refused. */
const serveFolder = (dir: string): Promise<{ url: string; close: () => Promise<void> }> =>
  new Promise((resolveServer, reject) => {
    const server: Server = createServer((req, res) => {
      const path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
      const file = normalize(join(dir, path === "/" ? "exportsPage.html" : path));
      if (!file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) {
        res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
        return;
      }
      res.writeHead(200, { "Content-Type": mimeTypes[extname(file)] ?? "application/octet-stream", "Cache-Control": "no-store" });
      res.end(readFileSync(file));
    });
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolveServer({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });

/** Builds the bench page (always with `rebuild`, else only when missing). */
export const buildExportsPage = (rebuild = false): void => {
  if (!rebuild && existsSync(join(pagesDir, "exportsPage.html"))) return;
  console.log("Building the exports bench page…");
  execSync("npx vite build --config bench/vite.bench.config.ts --logLevel warn", { cwd: root, stdio: "inherit" });
};

const median = (xs: ReadonlyArray<number>): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

const ms = (n: number): string => `${Math.round(n).toLocaleString("en-GB")} ms`;

/** Runs the page in Chromium and answers its raw result. */
export const measureExports = async (options: { readonly rebuild?: boolean; readonly browser?: Browser } = {}): Promise<ExportsPageResult> => {
  buildExportsPage(options.rebuild ?? false);
  const server = await serveFolder(pagesDir);
  const browser = options.browser ?? (await launchChromium());
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${server.url}/exportsPage.html`);
    await page.waitForFunction(() => window.__benchResult !== undefined, undefined, { timeout: 300_000, polling: 250 });
    const result = (await page.evaluate(() => window.__benchResult)) as ExportsPageResult;
    await context.close();
    if (!result.ok) throw new Error(`the exports bench page failed: ${result.error ?? errors.join("; ")}`);
    return result;
  } finally {
    if (!options.browser) await browser.close();
    await server.close();
  }
};

/** The export/import measures as bench rows (medians of the page's runs, the cold first run beside them). */
export const runExportsBench = async (options: { readonly rebuild?: boolean; readonly browser?: Browser } = {}): Promise<BenchRow[]> => {
  const r = await measureExports(options);
  const exportMs = median(r.exportXlsxMs);
  const importMs = median(r.importXlsxMs);
  const csvMs = median(r.importCsvMs);
  return [
    {
      measure: `export 100,000 x 25 to xlsx in a worker (median of ${r.exportXlsxMs.length}; first ${ms(r.exportXlsxMs[0] ?? 0)})`,
      value: ms(exportMs),
      budget: ms(exportBudgetMs),
      verdict: exportMs <= exportBudgetMs ? "within" : "OVER",
    },
    { measure: "  its file size / longest main-thread task", value: `${(r.exportXlsxBytes / 1024 / 1024).toFixed(1)} MB / ${ms(r.exportLongestTaskMs)}`, budget: "", verdict: "info" },
    {
      measure: `import 10,000 rows (.xlsx, fresh worker; median of ${r.importXlsxMs.length}; first ${ms(r.importXlsxMs[0] ?? 0)})`,
      value: ms(importMs),
      budget: ms(importBudgetMs),
      verdict: importMs <= importBudgetMs ? "within" : "OVER",
    },
    {
      measure: `import 10,000 rows (.csv, fresh worker; median of ${r.importCsvMs.length})`,
      value: ms(csvMs),
      budget: ms(importBudgetMs),
      verdict: csvMs <= importBudgetMs ? "within" : "OVER",
    },
    { measure: "  of which a fresh reader worker's start-up (loading SheetJS)", value: ms(median(r.readerStartupMs)), budget: "", verdict: "info" },
    { measure: "  then rows rebuilt and checked on the main thread (spend preview)", value: ms(median(r.previewMs)), budget: "", verdict: "info" },
  ];
};

if (import.meta.url === `file://${process.argv[1]}`) {
  runExportsBench({ rebuild: process.argv.includes("--rebuild") })
    .then((rows) => {
      const w = [Math.max(...rows.map((x) => x.measure.length)), Math.max(...rows.map((x) => x.value.length)), Math.max(...rows.map((x) => x.budget.length), 6)];
      console.log(`\n${"measure".padEnd(w[0] ?? 0)}  ${"value".padStart(w[1] ?? 0)}  ${"budget".padStart(w[2] ?? 0)}  verdict`);
      for (const x of rows) console.log(`${x.measure.padEnd(w[0] ?? 0)}  ${x.value.padStart(w[1] ?? 0)}  ${x.budget.padStart(w[2] ?? 0)}  ${x.verdict}`);
    })
    .catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
}
