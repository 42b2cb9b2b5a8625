import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { benchScale } from "../server/seed/demoScale";

const root = resolve(import.meta.dirname, "..");

/** The engines a bench data set is built on. */
export type BenchEngine = "duckdb" | "chdb";

/**
 * A cached benchmark data set (git-ignored), built once by the real server with
 * DEMO_SCALE: `bench` is about 10 million hits (`.bench/data` on DuckDB, `.bench/chdb` on
 * ClickHouse embedded); `hundred` is ten times that (`.bench/data-100m`, `.bench/chdb-100m`).
 * BENCH_DATA_DIR points the 10-million DuckDB set at another folder holding an
 * analytics.duckdb (a copy of the cached one, so a bench run does not hold the file others open).
 */
export type BenchSize = "bench" | "hundred";

/** DEMO_SCALE of each size: `bench` is the server's own; a hundred million is ten times it. */
const scaleOf: Readonly<Record<BenchSize, string>> = { bench: "bench", hundred: String(benchScale * 10) };

export const benchDataDirOf = (engine: BenchEngine, size: BenchSize): string => {
  if (engine === "duckdb" && size === "bench" && process.env.BENCH_DATA_DIR) return resolve(process.env.BENCH_DATA_DIR);
  const name = engine === "duckdb" ? "data" : "chdb";
  return resolve(root, ".bench", size === "bench" ? name : `${name}-100m`);
};

/** Where the engine keeps its data inside the data set's folder. */
const storeOf = (engine: BenchEngine, dir: string): string => join(dir, engine === "duckdb" ? "analytics.duckdb" : "clickhouse");

export const benchDataDir = benchDataDirOf("duckdb", "bench");
export const benchDatabase = storeOf("duckdb", benchDataDir);

export interface BenchData {
  /** The DuckDB file, or the ClickHouse data folder. */
  readonly database: string;
  /** True when this run built the data set; false when the cached one was reused. */
  readonly built: boolean;
  /** How long the build took (this run's, or the recorded one of the cached build; null when unknown). */
  readonly buildMs: number | null;
  readonly bytes: number;
}

/** Bytes of a file, or of every file under a folder. */
const sizeOf = (path: string): number => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
};

/**
 * The data set: reused when its folder holds a finished build, else built by starting the
 * real server (server/main.ts) with WAREHOUSE and DEMO_SCALE on a fresh folder. The server
 * seeds, runs the attribution engine, and only then listens, so the first answer means the
 * database is complete. The build goes to `<folder>.partial` and is renamed when finished,
 * so an interrupted build is never mistaken for a cache.
 */
export const ensureBenchData = async (options: {
  readonly rebuild: boolean;
  readonly port: number;
  readonly engine?: BenchEngine;
  readonly size?: BenchSize;
}): Promise<BenchData> => {
  const engine = options.engine ?? "duckdb";
  const size = options.size ?? "bench";
  const dir = benchDataDirOf(engine, size);
  const store = storeOf(engine, dir);
  const buildRecord = join(dir, "build.json");
  if (!options.rebuild && existsSync(store)) {
    const recorded = existsSync(buildRecord) ? (JSON.parse(readFileSync(buildRecord, "utf8")) as { buildMs?: number }) : {};
    return { database: store, built: false, buildMs: recorded.buildMs ?? null, bytes: sizeOf(store) };
  }
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  console.log(`Building the ${size === "bench" ? "10" : "100"}-million-hit data set on ${engine} in ${partial} (DEMO_SCALE=${scaleOf[size]}; minutes)…`);
  const started = performance.now();
  // The build's DuckDB (the generator, and the warehouse itself on DuckDB) keeps to 12 GB, so a machine shared with other work is not starved.
  await runServerUntilReady(partial, options.port, { WAREHOUSE: engine, DEMO_SCALE: scaleOf[size], DUCKDB_MEMORY_LIMIT: process.env.DUCKDB_MEMORY_LIMIT ?? "12GB" });
  const buildMs = performance.now() - started;
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  writeFileSync(buildRecord, `${JSON.stringify({ buildMs: Math.round(buildMs), builtAt: new Date().toISOString() })}\n`);
  return { database: store, built: true, buildMs, bytes: sizeOf(store) };
};

/** Starts server/main.ts on `dataDir`, waits for its first answer (seed + engine done), stops it. */
const runServerUntilReady = async (dataDir: string, port: number, settings: Readonly<Record<string, string>>): Promise<void> => {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...settings },
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
