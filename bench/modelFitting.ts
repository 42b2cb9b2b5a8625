import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { resolve } from "node:path";
import { dataDrivenModels, defaultProgramSettings, type ProgramSettings } from "../src/domain/settings/programSettings";
import { createApp } from "../server/app";
import { createEngine } from "../server/engine/createEngine";
import { fittedWeights, fittingWindowDays } from "../server/engine/modelFitting";
import { silentLog } from "../server/log";
import { MemoryOutbox } from "../server/outbox/outbox";
import { addDays, dayOfMs } from "../server/seed/calendar";
import { generateDemoData } from "../server/seed/demoData";
import { plantDemoData } from "../server/seed/plantDemoData";
import { openChdbWarehouse } from "../server/warehouse/clickhouse/clickhouseWarehouse";
import { openDuckDbWarehouse } from "../server/warehouse/duckdb/duckdbWarehouse";
import type { Warehouse } from "../server/warehouse/warehouse";
import { rowsFileFlag, type ApiRow } from "./api";
import { ensureBenchData, type BenchEngine } from "./benchData";
import { isRunDirectly } from "./standalone";

/**
 * Fitting the data-driven models (docs/engine.md, "Data-driven models"), issue 28 item 5: on the program of the
 * data set with the most journeys, the time of one fit of each model (the journeys of its 90 days read as paths,
 * then the weights: `fittedWeights`), budget 2 s each; and the performance table (level 1, the last 800 days)
 * under markov against the same call under linear, as a ratio in the same run (reports read the facts, so a
 * data-driven model must not slow them). Over the 10-million-hit data set (bench/benchData.ts) by default, on
 * DuckDB or chdb; `--scale N` plants the demo data at DEMO_SCALE N in a temporary folder instead (the machine is
 * shared: a smaller run). The program's settings are put back as they were at the end.
 *
 * Alone: `node --import tsx bench/modelFitting.ts [--chdb] [--scale N]`.
 */

const fitBudgetMs = 2000;
const ms = (x: number): string => `${x.toFixed(1)} ms`;
const line = (r: ApiRow): string => `${r.measure.padEnd(100)} ${r.value.padStart(10)}  max ${r.p95.padStart(10)}  ${r.budget}  ${r.verdict}`;

const median = (samples: ReadonlyArray<number>): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/** `warmups` untimed runs, then the p50 and the slowest of `runs` timed ones. */
const timed = async (warmups: number, runs: number, work: () => Promise<void>): Promise<{ p50: number; max: number }> => {
  for (let i = 0; i < warmups; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return { p50: median(samples), max: Math.max(...samples) };
};

export interface ModelFittingBenchOptions {
  readonly engine: BenchEngine;
  /** The demo data at this DEMO_SCALE in a temporary folder; absent: the 10-million-hit data set. */
  readonly scale?: number;
  /** Port of the server that builds the 10-million-hit data set (only when it is built). */
  readonly port: number;
  readonly rebuildData?: boolean;
}

const openWarehouse = (engine: BenchEngine, path: string): Promise<Warehouse> =>
  engine === "duckdb" ? openDuckDbWarehouse({ path, clock: Date.now }) : openChdbWarehouse({ path, clock: Date.now });

export const runModelFittingBench = async (options: ModelFittingBenchOptions): Promise<ReadonlyArray<ApiRow>> => {
  const scratch = options.scale === undefined ? null : mkdtempSync(resolve(tmpdir(), "bench-fitting-"));
  const path =
    scratch === null
      ? (await ensureBenchData({ rebuild: options.rebuildData ?? false, port: options.port, engine: options.engine, size: "bench" })).database
      : resolve(scratch, options.engine === "duckdb" ? "analytics.duckdb" : "clickhouse");
  const warehouse = await openWarehouse(options.engine, path);
  const engine = createEngine({ warehouse, clock: Date.now, log: silentLog });
  const today = dayOfMs(Date.now());
  const dataName = options.scale === undefined ? "10M" : `DEMO_SCALE ${options.scale}`;
  const tag = `[${dataName}, ${options.engine === "duckdb" ? "DuckDB" : "ClickHouse chdb"}]`;
  const rows: ApiRow[] = [];
  // each row is printed as it is measured too (the table rows take minutes on the 10-million-hit set)
  const record = (r: ApiRow) => {
    rows.push(r);
    console.log(line(r));
  };
  try {
    if (options.scale !== undefined) {
      // a quick password hash: the demo accounts only sign in here
      await plantDemoData(warehouse, generateDemoData({ seed: 20250101, scale: options.scale, today }), { N: 1024, r: 8, p: 1 });
      for (const program of await warehouse.programs.all()) await engine.reclassify(program.id);
    } else await engine.materialiseMissing();

    // the program with the most journeys in its window
    let chosen: { id: number; code: string; journeys: number } | null = null;
    for (const program of await warehouse.programs.all()) {
      const paths = await warehouse.attribution.fittingPaths(program.id, fittingWindowDays, 1);
      const journeys = paths.reduce((sum, p) => sum + p.conversions + p.nulls, 0);
      if (chosen === null || journeys > chosen.journeys) chosen = { id: program.id, code: program.code, journeys };
    }
    if (chosen === null) throw new Error("the data set has no program");
    const programId = chosen.id;
    console.log(`\nModel fitting ${tag}: program ${chosen.code}, ${chosen.journeys.toLocaleString("en")} journeys in ${fittingWindowDays} days`);

    // where a fit's time goes: the journeys read as paths (the SQL), the same for both models
    const pathsRead = await timed(1, 5, async () => void (await warehouse.attribution.fittingPaths(programId, fittingWindowDays, 1)));
    record({
      measure: `Model fitting ${tag} of which the paths read (SQL)`,
      value: ms(pathsRead.p50),
      p95: ms(pathsRead.max),
      baseline: "",
      budget: "",
      verdict: "info",
    });
    for (const model of dataDrivenModels) {
      let channels = 0;
      const timing = await timed(1, 5, async () => {
        const fit = fittedWeights(model, await warehouse.attribution.fittingPaths(programId, fittingWindowDays, 1), 1);
        channels = fit.weights.length;
      });
      record({
        measure: `Model fitting ${tag} ${model} (level 1, ${channels} channels; paths read + weights)`,
        value: ms(timing.p50),
        p95: ms(timing.max),
        baseline: "",
        budget: `≤ ${fitBudgetMs} ms`,
        verdict: timing.max <= fitBudgetMs ? "within" : "OVER",
      });
    }

    // The same table call under linear and under markov: reports read the facts either way.
    const saved = (await warehouse.programSettings.find(programId)) ?? defaultProgramSettings;
    const app = createApp({ warehouse, engine, outbox: new MemoryOutbox(), clock: Date.now, log: silentLog, staticDir: null });
    const login = await app.request("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "admin" }),
    });
    if (login.status !== 200) throw new Error(`admin sign-in answered ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    const headers = { Authorization: `Bearer ${token}` };
    const url = `/api/programs/${encodeURIComponent(chosen.code)}/performance/table/single/taxonomy_1?date_from=${addDays(today, -799)}&date_to=${today}`;
    const tableUnder = async (settings: ProgramSettings): Promise<number> => {
      await warehouse.programSettings.save(programId, settings);
      await engine.reattribute(programId);
      return (
        await timed(3, 30, async () => {
          const answer = await app.request(url, { headers });
          await answer.text();
          if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
        })
      ).p50;
    };
    try {
      // linear before and after markov, so a drift of the shared machine does not read as the model's
      const linearBefore = await tableUnder({ ...saved, attribution_model: "linear" });
      const markov = await tableUnder({ ...saved, attribution_model: "markov" });
      const linear = (linearBefore + (await tableUnder({ ...saved, attribution_model: "linear" }))) / 2;
      record({
        measure: `Model fitting ${tag} performance table under markov / under linear (p50 ${ms(markov)} / ${ms(linear)})`,
        value: `${(markov / linear).toFixed(2)}x`,
        p95: "",
        baseline: "",
        budget: "≤ 1.2x",
        verdict: markov / linear <= 1.2 ? "within" : "OVER",
      });
    } finally {
      await warehouse.programSettings.save(programId, saved);
      await engine.reattribute(programId);
    }
  } finally {
    await warehouse.close();
    if (scratch !== null) rmSync(scratch, { recursive: true, force: true });
  }
  return rows;
};


if (isRunDirectly(import.meta.filename)) {
  const scaleAt = process.argv.indexOf("--scale");
  const rowsFile = process.argv[process.argv.indexOf(rowsFileFlag) + 1];
  runModelFittingBench({
    engine: process.argv.includes("--chdb") ? "chdb" : "duckdb",
    scale: scaleAt < 0 ? undefined : Number(process.argv[scaleAt + 1]),
    port: Number(process.env.BENCH_PORT ?? 18_197),
    rebuildData: process.argv.includes("--rebuild-data"),
  })
    .then((rows) => {
      if (process.argv.includes(rowsFileFlag) && rowsFile !== undefined) writeFileSync(rowsFile, JSON.stringify(rows));
      console.log("");
      for (const r of rows) console.log(line(r));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
