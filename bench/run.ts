/**
 * `npm run bench`: the speed and size budgets (docs/architecture.md, "Budgets"), measured here and
 * printed beside their budgets. Not a test: it reports, it does not fail the suite.
 */
import { execSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { dirname, resolve } from "node:path";
import { fasterEngine, rowsFileFlag, type ApiRow } from "./api";
import type { BenchEngine, BenchSize } from "./benchData";
import { launchChromium } from "./browser";
import { runExportsBench } from "./exports";
import { scriptsLoadedBy } from "./loginBundle";
import { runPerformanceBundleBench } from "./performanceBundle";
import { startReferenceServer } from "./referenceServer";

const root = resolve(import.meta.dirname, "..");
const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;

/** Built chunks whose file name starts with one of the prefixes, with their gzipped sizes. */
const fallbackChunks = (prefixes: ReadonlyArray<string>) =>
  readdirSync(resolve(root, "dist/assets"))
    .filter((f) => f.endsWith(".js") && prefixes.some((p) => f.startsWith(p)))
    .map((f) => ({ name: f.replace(/-[\w-]+\.js$/, ""), gzipBytes: gzipSync(readFileSync(resolve(root, "dist/assets", f)), { level: 9 }).length }));

interface Row {
  readonly measure: string;
  /** The size, or the p50 of a timed call. */
  readonly value: string;
  /** Timed calls only. */
  readonly p95?: string;
  /** Timed API calls only: p50 of a plain DuckDB GROUP BY over the same raw hits. */
  readonly baseline?: string;
  readonly budget: string;
  readonly verdict: "within" | "OVER" | "info";
}

const rows: Row[] = [];
const print = () => {
  const columns: ReadonlyArray<readonly [string, (r: Row) => string, "start" | "end"]> = [
    ["measure", (r) => r.measure, "end"],
    ["value / p50", (r) => r.value, "start"],
    ["p95", (r) => r.p95 ?? "", "start"],
    ["baseline p50", (r) => r.baseline ?? "", "start"],
    ["budget", (r) => r.budget, "start"],
    ["verdict", (r) => r.verdict, "end"],
  ];
  const widths = columns.map(([title, cell]) => Math.max(title.length, ...rows.map((r) => cell(r).length)));
  const line = (cells: ReadonlyArray<string>) =>
    cells.map((c, i) => (columns[i]![2] === "start" ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join("  ").trimEnd();
  console.log(`\n${line(columns.map(([title]) => title))}`);
  for (const r of rows) console.log(line(columns.map(([, cell]) => cell(r))));
};

/** bench/api.ts in a child process (its output shown as it runs), answering its rows. */
const benchApiInChild = async (options: { rebuildData: boolean; port: number; engine: BenchEngine; size: BenchSize }): Promise<ReadonlyArray<ApiRow>> => {
  const rowsFile = resolve(mkdtempSync(resolve(tmpdir(), "bench-api-")), "rows.json");
  const args = [
    "--import",
    "tsx",
    resolve(root, "bench/api.ts"),
    ...(options.rebuildData ? ["--rebuild-data"] : []),
    ...(options.engine === "chdb" ? ["--chdb"] : []),
    ...(options.size === "hundred" ? ["--hundred"] : []),
    rowsFileFlag,
    rowsFile,
  ];
  const child = spawn(process.execPath, args, { cwd: root, stdio: "inherit", env: { ...process.env, BENCH_PORT: String(options.port) } });
  const code = await new Promise<number | null>((done, fail) => {
    child.on("error", fail);
    child.on("exit", done);
  });
  if (code !== 0) throw new Error(`bench/api.ts ${args.slice(3).join(" ")} exited with ${code}`);
  const answered = JSON.parse(readFileSync(rowsFile, "utf8")) as ReadonlyArray<ApiRow>;
  rmSync(dirname(rowsFile), { recursive: true, force: true });
  return answered;
};

/** bench/modelFitting.ts in a child process over the 10-million-hit data set of `engine`, answering its rows. */
const modelFittingInChild = async (options: { rebuildData: boolean; port: number; engine: BenchEngine }): Promise<ReadonlyArray<ApiRow>> => {
  const rowsFile = resolve(mkdtempSync(resolve(tmpdir(), "bench-fitting-")), "rows.json");
  const args = [
    "--import",
    "tsx",
    resolve(root, "bench/modelFitting.ts"),
    ...(options.rebuildData ? ["--rebuild-data"] : []),
    ...(options.engine === "chdb" ? ["--chdb"] : []),
    rowsFileFlag,
    rowsFile,
  ];
  const child = spawn(process.execPath, args, { cwd: root, stdio: "inherit", env: { ...process.env, BENCH_PORT: String(options.port) } });
  const code = await new Promise<number | null>((done, fail) => {
    child.on("error", fail);
    child.on("exit", done);
  });
  if (code !== 0) throw new Error(`bench/modelFitting.ts ${args.slice(3).join(" ")} exited with ${code}`);
  const answered = JSON.parse(readFileSync(rowsFile, "utf8")) as ReadonlyArray<ApiRow>;
  rmSync(dirname(rowsFile), { recursive: true, force: true });
  return answered;
};

/**
 * `npm run bench -- --concurrency`: only the concurrency rows (bench/concurrency.ts), on the demo data, on DuckDB and
 * on chdb, each against a server of its own; none of the other benches and no 10-million-hit data set.
 */
const concurrencyOnly = async (): Promise<void> => {
  const port = Number(process.env.BENCH_PORT ?? 18_190) + 5;
  const { runConcurrencyBench } = await import("./concurrency");
  rows.push(...(await runConcurrencyBench({ port, engine: "duckdb" })));
  rows.push(...(await runConcurrencyBench({ port, engine: "chdb" })));
  print();
};

const main = async () => {
  if (process.argv.includes("--concurrency")) return concurrencyOnly();
  if (process.argv.includes("--rebuild") || !existsSync(resolve(root, "dist/index.html"))) {
    console.log("Building the app…");
    execSync("npx vite build --logLevel warn", { cwd: root, stdio: "inherit" });
  }
  const server = await startReferenceServer(Number(process.env.BENCH_PORT ?? 18_190));
  const browser = await launchChromium();
  try {
    const scripts = await scriptsLoadedBy(browser, `${server.url}/login`);
    const total = scripts.reduce((s, x) => s + x.gzipBytes, 0);
    console.log("\nJavaScript that /login loads (gzip -9 of each file, as served):");
    for (const s of [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`  ${s.url.padEnd(48)} ${kb(s.bytes).padStart(10)} ${kb(s.gzipBytes).padStart(10)} gz`);
    const budget = 150 * 1024;
    rows.push({ measure: "/login first load, gzipped JS (Chromium)", value: kb(total), budget: kb(budget), verdict: total <= budget ? "within" : "OVER" });
    // Browsers without Temporal also load the polyfill.
    const fallbacks = fallbackChunks(["global.esm-"]);
    const worst = total + fallbacks.reduce((s, f) => s + f.gzipBytes, 0);
    rows.push({
      measure: `/login without native Temporal (+${fallbacks.map((f) => f.name).join(", ")})`,
      value: kb(worst),
      budget: kb(budget),
      verdict: "info",
    });
    // The JavaScript /performance loads signed in, and where chart.js and xlsx are (bench/performanceBundle.ts).
    rows.push(...(await runPerformanceBundleBench(browser, server.url)));
    rows.push(...(await (await import("./tableTasks")).runTableTasksBench(browser, server.url))); // expanding and sorting a 1,000-row table (bench/tableTasks.ts)
    // A 1,000-row fixed spend batch end to end, then filtering and sorting 5,000 configurations (it seeds them, so it runs second).
    rows.push(...(await (await import("./spendBatchEndToEnd")).runSpendBatchBench(browser, server.url))); // bench/spendBatchEndToEnd.ts
    rows.push(...(await (await import("./spendListTasks")).runSpendListTasksBench(browser, server.url))); // bench/spendListTasks.ts
    rows.push(...(await (await import("./breakdownCards")).runBreakdownCardsBench(browser, server.url))); // 24 channel breakdown cards (bench/breakdownCards.ts)
    rows.push(...(await (await import("./readyFast")).runReadyFastBench(browser, server.url))); // sign-in, menu entries, next paint, admin refusal (bench/readyFast.ts)
    // Exports and spreadsheet import in the browser's workers (bench/exports.ts).
    rows.push(...(await runExportsBench({ browser, rebuild: process.argv.includes("--rebuild") })));
  } finally {
    await browser.close();
    await server.stop();
  }
  // `npm run bench -- --browser`: only the rows above (the built app in Chromium, on the demo data), without the
  // data sets of 10 and 100 million hits the API rows build on their first run.
  if (process.argv.includes("--browser")) {
    print();
    return;
  }
  // The API over 10 million hits (bench/api.ts); `--rebuild-data` rebuilds the cached data set.
  const apiPort = Number(process.env.BENCH_PORT ?? 18_190) + 1;
  const rebuildData = process.argv.includes("--rebuild-data");
  // Each engine and size runs in a process of its own, as a server would: no heap left by the
  // browser benches above, and no other engine's threads (chdb's cannot be unloaded) beside it.
  const onDuckDb = await benchApiInChild({ rebuildData, port: apiPort, engine: "duckdb", size: "bench" });
  rows.push(...onDuckDb);
  // The same calls on ClickHouse embedded (chdb) over the same 10 million hits, then 100 million hits on the faster engine.
  const onChdb = await benchApiInChild({ rebuildData, port: apiPort, engine: "chdb", size: "bench" });
  rows.push(...onChdb);
  rows.push(...(await benchApiInChild({ rebuildData, port: apiPort, engine: fasterEngine(onDuckDb, onChdb), size: "hundred" })));
  // Fitting the data-driven models over the same 10 million hits, and a table call under markov against linear, on
  // each engine in a process of its own (bench/modelFitting.ts).
  for (const engine of ["duckdb", "chdb"] as const) rows.push(...(await modelFittingInChild({ rebuildData, port: apiPort, engine })));
  // HTTP collection throughput and freshness under that load, against a server of its own (bench/ingestion.ts).
  rows.push(...(await (await import("./ingestion")).runIngestionBench({ port: Number(process.env.BENCH_PORT ?? 18_190) + 4 })));
  // The same endpoint through the collection log (COLLECT_LOG=on): single events from 200 clients, batches, freshness (bench/collectionLog.ts).
  rows.push(...(await (await import("./collectionLog")).runCollectionLogBench({ port: Number(process.env.BENCH_PORT ?? 18_190) + 4 })));
  // A year of history, a million hits, imported from Parquet the import command's way (bench/bulkImport.ts).
  rows.push(...(await (await import("./bulkImport")).runBulkImportBench()));
  // Campaign names beyond ASCII against ASCII ones, as a ratio in the same run (bench/bulkImport.ts).
  rows.push(...(await (await import("./bulkImport")).runMixedTextImportBench()));
  // Ten clients at once against one, on the demo data (bench/concurrency.ts; `--concurrency` runs these alone).
  const { runConcurrencyBench } = await import("./concurrency");
  rows.push(...(await runConcurrencyBench({ port: Number(process.env.BENCH_PORT ?? 18_190) + 5, engine: "duckdb" })));
  rows.push(...(await runConcurrencyBench({ port: Number(process.env.BENCH_PORT ?? 18_190) + 5, engine: "chdb" })));
  print();
};

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
