/**
 * The JavaScript that /performance loads (issue 4, `npm run bench`): signed in as demo,
 * a fresh browser context (empty cache) opens /performance and waits until the report
 * has drawn its table and chart and the network is idle; every script it fetched (the
 * page's and its workers') is counted gzipped (-9), as bench/loginBundle.ts counts
 * /login. No budget is set for it; the rows also say where chart.js and xlsx are:
 * chart.js is expected on /performance, xlsx must not load until an import or an export
 * happens (chart.js, xlsx and each report load only on the routes that use them, and
 * xlsx lazily: docs/architecture.md, "Budgets"), which the last row checks by dropping a file.
 *
 * Which library a script holds is read from its source map (`sources` under
 * node_modules/chart.js/ or node_modules/xlsx/), from the built folder on disk.
 *
 * `runPerformanceBundleBench()` answers rows in the shape bench/run.ts prints; run this
 * file directly against a built app to print them:
 *   node --import tsx bench/performanceBundle.ts            (dist/)
 *   DIST_DIR=.dist-x node --import tsx bench/performanceBundle.ts
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import type { BenchRow } from "./exports";
import { builtAppDir, isRunDirectly, runStandaloneBench } from "./standalone";

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

/** Libraries whose place the rows report, by the folder of their sources. */
const libraries = { chartjs: "node_modules/chart.js/", xlsx: "node_modules/xlsx/" } as const;
type Library = keyof typeof libraries;

export interface LoadedScript {
  readonly url: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** The libraries its source map names. */
  readonly holds: ReadonlyArray<Library>;
}

export interface PerformanceBundle {
  readonly scripts: ReadonlyArray<LoadedScript>;
  /** Whether the table and the chart were drawn before counting. */
  readonly tableDrawn: boolean;
  readonly chartDrawn: boolean;
  /** Scripts fetched after a .csv was dropped on the spend panel's file area (null when the panel is not there). */
  readonly afterImport: ReadonlyArray<LoadedScript> | null;
}

/** The libraries a built script holds, from its source map next to it in the built folder. */
const librariesOf = (distDir: string, path: string): Library[] => {
  const map = resolve(distDir, `.${path}.map`);
  if (!path.startsWith("/assets/") || !existsSync(map)) return [];
  const sources = (JSON.parse(readFileSync(map, "utf8")) as { sources?: ReadonlyArray<string> }).sources ?? [];
  return (Object.keys(libraries) as Library[]).filter((lib) => sources.some((s) => s.includes(libraries[lib])));
};

/** Records every JavaScript file the context fetches (page and workers), once per path. */
const recordScripts = (context: BrowserContext, distDir: string) => {
  const loads = new Map<string, Promise<LoadedScript | null>>();
  context.on("response", (res) => {
    const url = new URL(res.url());
    const type = res.headers()["content-type"] ?? "";
    if (!url.pathname.endsWith(".js") && !type.includes("javascript")) return;
    if (loads.has(url.pathname)) return;
    loads.set(
      url.pathname,
      res
        .body()
        .then((body) => ({ url: url.pathname, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length, holds: librariesOf(distDir, url.pathname) }))
        .catch(() => null),
    );
  });
  return {
    /** What has been fetched so far. */
    settled: async (): Promise<LoadedScript[]> => (await Promise.all(loads.values())).filter((s): s is LoadedScript => s !== null),
  };
};

const signedInState = async (browser: Browser, baseUrl: string) => {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Username").fill("demo");
  await page.getByLabel("Password", { exact: true }).fill("demo");
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(/\/performance/);
  await page.getByRole("heading", { name: "Performance Report" }).waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
};

const drawn = async (page: Page, what: "table" | "chart"): Promise<boolean> => {
  const locator = what === "table" ? page.locator("table").first() : page.locator("canvas").first();
  try {
    await locator.waitFor({ state: "visible", timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
};

/** Measures /performance on a running app (the reference server serving the built app). */
export const measurePerformanceBundle = async (browser: Browser, baseUrl: string, distDir: string): Promise<PerformanceBundle> => {
  const storageState = await signedInState(browser, baseUrl);
  // A fresh context with the signed-in session and an empty cache: a first visit to /performance.
  const context = await browser.newContext({ baseURL: baseUrl, storageState });
  const recorder = recordScripts(context, distDir);
  try {
    const page = await context.newPage();
    await page.goto("/performance", { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Performance Report" }).waitFor();
    const [tableDrawn, chartDrawn] = await Promise.all([drawn(page, "table"), drawn(page, "chart")]);
    await page.waitForLoadState("networkidle");
    const scripts = await recorder.settled();

    // Then an import: the spreadsheet reader (xlsx, in its worker) loads only now.
    let afterImport: LoadedScript[] | null = null;
    const toggle = page.getByRole("button", { name: "Add Spend" });
    if ((await toggle.count()) > 0) {
      await toggle.click();
      await page.locator('input[type="file"]').first().setInputFiles({ name: "bench.csv", mimeType: "text/csv", buffer: Buffer.from("taxonomy_1,cost,start_date\nBench,1,2026-01-01\n") });
      await page.getByRole("table", { name: "Spend rows of the file" }).waitFor({ timeout: 20_000 });
      await page.waitForLoadState("networkidle");
      const seen = new Set(scripts.map((s) => s.url));
      afterImport = (await recorder.settled()).filter((s) => !seen.has(s.url));
    }
    return { scripts, tableDrawn, chartDrawn, afterImport };
  } finally {
    await context.close();
  }
};

const where = (scripts: ReadonlyArray<LoadedScript>, lib: Library): LoadedScript[] => scripts.filter((s) => s.holds.includes(lib));
const names = (scripts: ReadonlyArray<LoadedScript>): string => scripts.map((s) => `${s.url.replace(/^\/assets\//, "")} ${kb(s.gzipBytes)}`).join(", ");

/** The bench rows of a measurement (and the list of scripts, printed). */
export const performanceBundleRows = (m: PerformanceBundle): BenchRow[] => {
  const total = m.scripts.reduce((s, x) => s + x.gzipBytes, 0);
  console.log("\nJavaScript that /performance loads, signed in as demo (gzip -9 of each file, as served):");
  for (const s of [...m.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`  ${s.url.padEnd(48)} ${kb(s.bytes).padStart(10)} ${kb(s.gzipBytes).padStart(10)} gz${s.holds.length ? `  (${s.holds.join(", ")})` : ""}`);
  }
  const drawnNote = [m.tableDrawn ? "" : "no table drawn", m.chartDrawn ? "" : "no chart drawn"].filter(Boolean).join(", ");
  const chart = where(m.scripts, "chartjs");
  const xlsx = where(m.scripts, "xlsx");
  const rows: BenchRow[] = [
    {
      measure: `/performance first load signed in, gzipped JS (Chromium)${drawnNote ? ` [${drawnNote}]` : ""}`,
      value: kb(total),
      budget: "none",
      verdict: "info",
    },
    {
      measure: "/performance: chart.js loaded (expected)",
      value: chart.length ? `yes, in ${names(chart)}` : "no",
      budget: "on /performance",
      verdict: "info",
    },
    {
      measure: "/performance: xlsx loaded before any import/export",
      value: xlsx.length ? `yes, in ${names(xlsx)}` : "no",
      budget: "not loaded",
      verdict: xlsx.length ? "OVER" : "within",
    },
  ];
  if (m.afterImport) {
    const late = where(m.afterImport, "xlsx");
    rows.push({
      measure: "/performance: loaded by a spreadsheet drop",
      value: m.afterImport.length ? `${kb(m.afterImport.reduce((s, x) => s + x.gzipBytes, 0))} (${names(m.afterImport)})` : "nothing",
      budget: "xlsx here",
      verdict: late.length ? "info" : "OVER",
    });
  }
  return rows;
};

/** For bench/run.ts: measure against its running server and built app. */
export const runPerformanceBundleBench = async (browser: Browser, baseUrl: string): Promise<BenchRow[]> =>
  performanceBundleRows(await measurePerformanceBundle(browser, baseUrl, builtAppDir()));

if (isRunDirectly(import.meta.filename)) runStandaloneBench(18_192, async (browser, baseUrl, distDir) => performanceBundleRows(await measurePerformanceBundle(browser, baseUrl, distDir)), 72);
