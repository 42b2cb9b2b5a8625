import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");

/**
 * The cached benchmark data folder (git-ignored), built once with DEMO_SCALE=bench.
 * BENCH_DATA_DIR points at another folder holding an analytics.duckdb (a copy of the cached
 * one, so a bench run does not hold the file others open).
 */
export const benchDataDir = process.env.BENCH_DATA_DIR ? resolve(process.env.BENCH_DATA_DIR) : resolve(root, ".bench/data");
export const benchDatabase = join(benchDataDir, "analytics.duckdb");
const buildRecord = join(benchDataDir, "build.json");

export interface BenchData {
  readonly database: string;
  /** True when this run built the data set; false when the cached one was reused. */
  readonly built: boolean;
  /** How long the build took (this run's, or the recorded one of the cached build; null when unknown). */
  readonly buildMs: number | null;
  readonly bytes: number;
}

/**
 * The 10-million-hit data set: reused when `.bench/data/analytics.duckdb` exists, else
 * built by starting the real server (server/main.ts) with DEMO_SCALE=bench on a fresh
 * folder. The server seeds, runs the attribution engine, and only then listens, so the
 * first answer means the database is complete. The build goes to `.bench/data.partial`
 * and is renamed when finished, so an interrupted build is never mistaken for a cache.
 */
export const ensureBenchData = async (options: { readonly rebuild: boolean; readonly port: number }): Promise<BenchData> => {
  if (!options.rebuild && existsSync(benchDatabase)) {
    const recorded = existsSync(buildRecord) ? (JSON.parse(readFileSync(buildRecord, "utf8")) as { buildMs?: number }) : {};
    return { database: benchDatabase, built: false, buildMs: recorded.buildMs ?? null, bytes: statSync(benchDatabase).size };
  }
  const partial = `${benchDataDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  console.log(`Building the 10-million-hit data set in ${partial} (DEMO_SCALE=bench; several minutes)…`);
  const started = performance.now();
  await runServerUntilReady(partial, options.port);
  const buildMs = performance.now() - started;
  rmSync(benchDataDir, { recursive: true, force: true });
  renameSync(partial, benchDataDir);
  writeFileSync(buildRecord, `${JSON.stringify({ buildMs: Math.round(buildMs), builtAt: new Date().toISOString() })}\n`);
  return { database: benchDatabase, built: true, buildMs, bytes: statSync(benchDatabase).size };
};

/** Starts server/main.ts on `dataDir`, waits for its first answer (seed + engine done), stops it. */
const runServerUntilReady = async (dataDir: string, port: number): Promise<void> => {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DEMO_SCALE: "bench" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((r) => child.once("exit", r));
  const url = `http://127.0.0.1:${port}/api/system-messages`;
  const deadline = Date.now() + 60 * 60_000;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The reference server stopped while building the bench data:\n${output}`);
      try {
        if ((await fetch(url)).ok) break;
      } catch {
        /* still seeding */
      }
      if (Date.now() > deadline) throw new Error(`The bench data was not built within an hour:\n${output}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    if (/FAILED/.test(output)) throw new Error(`The attribution engine failed while building the bench data:\n${output}`);
  } finally {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  }
};
