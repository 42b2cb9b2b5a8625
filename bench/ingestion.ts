/**
 * The ingestion budgets (docs/engine.md, "Ingestion"): HTTP collection throughput with
 * batches of 100 events (budget 10,000 events a second) and freshness, from an event's
 * acceptance to its click in the level-one table (budget 10 s), measured while the
 * collection load runs.
 *
 * The server is a child process (this file with `--serve`): the reference app over the
 * default demo data in a fresh folder, materialised, with a write key, and its per-key
 * rate rule lifted (the load generator is one client). The load comes from this process
 * over HTTP: `concurrency` (16) batches of 100 in flight for `seconds`. Every two seconds a
 * freshness probe notes how many events had been accepted and polls the level-one table
 * (today, Page Lands summed over its rows) until it counts them all.
 *
 * `node --import tsx bench/ingestion.ts` runs it on its own (BENCH_PORT, default 18,194).
 * BENCH_CPU_PROF=<dir> starts the server with `node --cpu-prof` and writes its profile there
 * when it stops (where a request's CPU goes; see docs/engine.md, "Collection log").
 * BENCH_SERVER_LOG=<file> appends the server's log lines there (the incremental runs with their times).
 */
import { spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "../server/app";
import { collectionLoadTiming, openCollectionLog } from "../server/engine/collectionLog";
import { createEngine } from "../server/engine/createEngine";
import { issueWriteKey } from "../server/engine/ingestion";
import { silentLog, type Log } from "../server/log";
import { MemoryOutbox } from "../server/outbox/outbox";
import { defaultDemoDataParameters, generateDemoData } from "../server/seed/demoData";
import { plantDemoData } from "../server/seed/plantDemoData";
import { openDuckDbWarehouse } from "../server/warehouse/duckdb/duckdbWarehouse";
import type { BenchRow } from "./exports";
import { isRunDirectly } from "./standalone";

export const collectionBudget = 10_000;
export const freshnessBudgetMs = 10_000;
const batchSize = 100;

export interface Served {
  readonly url: string;
  readonly key: string;
  /** CPU time the server process has used so far (every thread: JavaScript, DuckDB, the file system's), in ms; NaN where /proc is not. */
  readonly cpuMs: () => number;
  /** CPU time of the server's main thread alone (the event loop: requests, the loader's JavaScript), in ms; NaN where /proc is not. */
  readonly mainThreadCpuMs: () => number;
  readonly stop: () => Promise<void>;
}

/** Clock ticks a second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

/** A process's user + system CPU time in ms from /proc (Linux), NaN elsewhere; with `mainThread`, its main thread's alone (the event loop's). */
const processCpuMs = (pid: number | undefined, mainThread = false): number => {
  try {
    const stat = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, "utf8");
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return NaN;
  }
};

/** The child: demo data, materialised, a write key; prints one JSON line when it listens. `withLog`: /collect through the collection log. */
const serveForBench = async (port: number, dataDir: string, withLog: boolean): Promise<void> => {
  const clock = Date.now;
  // BENCH_SERVER_LOG=<file>: the server's log lines (the engine's processing runs with their times) as JSON lines there.
  const logFile = process.env.BENCH_SERVER_LOG;
  const line = (level: string) => (message: string, fields?: object) =>
    logFile ? appendFileSync(logFile, `${JSON.stringify({ at: new Date().toISOString(), level, message, ...fields })}\n`) : undefined;
  const log: Log = logFile ? { info: line("info"), warn: line("warn"), error: line("error") } : silentLog;
  const warehouse = await openDuckDbWarehouse({ path: join(dataDir, "analytics.duckdb"), clock });
  await plantDemoData(warehouse, generateDemoData({ ...defaultDemoDataParameters, today: new Date().toISOString().slice(0, 10) }));
  const engine = createEngine({ warehouse, clock, log });
  await engine.materialiseAll();
  const program = await warehouse.programs.findByCode("northwind");
  if (!program) throw new Error("the demo data has no northwind");
  const issued = issueWriteKey("publishable");
  await warehouse.ingestion.createWriteKey(program.id, issued.digest, issued.prefix, "publishable", clock());
  const collectionLog = withLog ? await openCollectionLog({ dir: join(dataDir, "collection-log"), log }) : null;
  const app = createApp({
    warehouse,
    engine,
    ...(collectionLog ? { collectionLog, collectionLoadTiming } : {}),
    outbox: new MemoryOutbox(),
    clock,
    log,
    collectionLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 1000 },
  });
  serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => {
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, key: issued.key })}\n`);
  });
  // An exit of its own, so `--cpu-prof` writes its profile (a signal's default end writes none).
  process.once("SIGTERM", () => process.exit(0));
};

/** The bench server as a child process; `withLog`: COLLECT_LOG=on's path (bench/collectionLog.ts). */
export const startServer = async (port: number, withLog = false): Promise<Served> => {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-ingestion-"));
  const profileDir = process.env.BENCH_CPU_PROF;
  const profiling = profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [];
  const child = spawn(process.execPath, [...profiling, "--import", "tsx", import.meta.filename, "--serve", String(port), dataDir, withLog ? "log" : "direct"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const ready = await new Promise<{ url: string; key: string }>((resolve, reject) => {
    child.stdout.on("data", (b: Buffer) => {
      output += b.toString();
      const line = output.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve(JSON.parse(line) as { url: string; key: string });
    });
    child.stderr.on("data", (b: Buffer) => (output += b.toString()));
    child.once("exit", () => reject(new Error(`the bench server stopped:\n${output}`)));
  });
  return {
    ...ready,
    cpuMs: () => processCpuMs(child.pid),
    mainThreadCpuMs: () => processCpuMs(child.pid, true),
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export const runIngestionBench = async (options: { readonly port: number; readonly seconds?: number; readonly concurrency?: number }): Promise<BenchRow[]> => {
  const duration = (options.seconds ?? 20) * 1000;
  const concurrency = options.concurrency ?? 16;
  const server = await startServer(options.port);
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "demo", password: "demo" }),
    });
    const { token } = (await login.json()) as { token: string };
    const today = new Date().toISOString().slice(0, 10);
    const levelOneClicks = async (): Promise<number> => {
      const answer = await fetch(
        `${server.url}/api/programs/northwind/performance/table/single/taxonomy_1?date_from=${today}&date_to=${today}`,
        { headers: { Authorization: `Bearer ${token}` } },
      );
      const table = (await answer.json()) as { data: ReadonlyArray<{ clicks?: number }> };
      return table.data.reduce((sum, row) => sum + (row.clicks ?? 0), 0);
    };
    const baseline = await levelOneClicks();

    let accepted = 0;
    let refused = 0;
    let sent = 0;
    const started = performance.now();
    const until = started + duration;
    const worker = async (w: number): Promise<void> => {
      for (let b = 0; performance.now() < until; b++) {
        const events = Array.from({ length: batchSize }, (_, i) => ({
          event_id: `bench-${w}-${b}-${i}`,
          type: "click",
          time: Date.now(),
          visitor_id: `bench-visitor-${(w * 7919 + b * 104_729 + i) % 50_000}`,
          url: `https://shop.example/p/${i}?utm_source=google&utm_medium=cpc&utm_campaign=Bench_${b % 20}`,
        }));
        const answer = await fetch(`${server.url}/collect`, {
          method: "POST",
          headers: { "Content-Type": "text/plain" },
          body: JSON.stringify({ key: server.key, events }),
        });
        sent += batchSize;
        if (answer.status !== 202) {
          refused += batchSize;
          continue;
        }
        const counts = (await answer.json()) as { accepted: number; refused: number };
        accepted += counts.accepted;
        refused += counts.refused;
      }
    };

    const lags: number[] = [];
    const probe = async (): Promise<void> => {
      while (performance.now() < until) {
        await new Promise((r) => setTimeout(r, 2000));
        const target = baseline + accepted;
        const from = performance.now();
        while ((await levelOneClicks()) < target && performance.now() - from < 60_000) await new Promise((r) => setTimeout(r, 200));
        lags.push(performance.now() - from);
      }
    };

    await Promise.all([...Array.from({ length: concurrency }, (_, w) => worker(w)), probe()]);
    const elapsed = performance.now() - started;
    const rate = accepted / (elapsed / 1000);
    lags.sort((a, b) => a - b);
    const worst = lags.at(-1) ?? NaN;
    const median = lags[Math.floor(lags.length / 2)] ?? NaN;
    return [
      {
        measure: `POST /collect, batches of ${batchSize}, ${concurrency} in flight (${sent.toLocaleString("en-GB")} sent, ${refused} refused)`,
        value: `${Math.round(rate).toLocaleString("en-GB")} events/s`,
        budget: `${collectionBudget.toLocaleString("en-GB")} events/s`,
        verdict: rate >= collectionBudget ? "within" : "OVER",
      },
      {
        measure: `freshness under that load: accepted → level-one table (${lags.length} probes, median ${seconds(median)})`,
        value: `${seconds(worst)} worst`,
        budget: seconds(freshnessBudgetMs),
        verdict: worst <= freshnessBudgetMs ? "within" : "OVER",
      },
    ];
  } finally {
    await server.stop();
  }
};

if (isRunDirectly(import.meta.filename)) {
  if (process.argv[2] === "--serve") {
    serveForBench(Number(process.argv[3]), process.argv[4] ?? tmpdir(), process.argv[5] === "log").catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  } else {
    runIngestionBench({ port: Number(process.env.BENCH_PORT ?? 18_194) })
      .then((rows) => {
        console.log("");
        for (const r of rows) console.log(`${r.measure.padEnd(96)} ${r.value}  (${r.budget}; ${r.verdict})`);
      })
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  }
}
