/**
 * Ten people as well as one (docs/engine.md, "Concurrent reads"): the level-one table and
 * the multi chart of most series, called by one client one call after another, then by
 * ten clients at once, over HTTP against the reference server on the demo data (a server
 * process of its own, as it runs). Each call's rows are ratios measured in the same run:
 * the ten clients' total throughput over one client's (budget at least 1.5x) and their p95
 * over one client's p95 (budget at most 3x). Ten clients asking the same at once share one
 * answer (server/http/sharedReads.ts); the info rows beside them give ten clients each asking
 * for dates of its own (as long a range, ending on another day), where nothing is shared and
 * the cores are the limit. One and ten take turns in rounds, so a change in the machine's
 * load falls on every side.
 *
 * Alone: `node --import tsx bench/concurrency.ts [--chdb]`; `npm run bench -- --concurrency`
 * runs it on DuckDB and on chdb and nothing else.
 */
import { startReferenceServer } from "./referenceServer";
import { isRunDirectly } from "./standalone";
import type { BenchEngine } from "./benchData";

export interface ConcurrencyRow {
  readonly measure: string;
  readonly value: string;
  readonly p95: string;
  readonly budget: string;
  readonly verdict: "within" | "OVER" | "info";
}

/** The budgets of the issue: ten clients' throughput at least this many times one client's, their p95 at most this many times. */
export const throughputRatioBudget = 1.5;
export const p95RatioBudget = 3;

const clients = 10;
/** Seconds each side of a round calls for, after its warm-up, and the rounds. */
const roundSeconds = 4;
const rounds = 3;

/** Nearest-rank percentile of sorted samples. */
const percentile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

interface Side {
  /** Calls answered. */
  calls: number;
  /** Milliseconds the side ran. */
  elapsedMs: number;
  readonly latencies: number[];
}

/** `n` clients calling one call after another each, for `seconds`; `call(k)` is client k's call. */
const drive = async (n: number, seconds: number, call: (client: number) => Promise<void>, side: Side): Promise<void> => {
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: n }, async (_, client) => {
      while (performance.now() < until) {
        const t = performance.now();
        await call(client);
        side.latencies.push(performance.now() - t);
        side.calls++;
      }
    }),
  );
  side.elapsedMs += performance.now() - started;
};

const dayMs = 86_400_000;
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

interface Taxonomy {
  readonly taxonomy_1: string;
  readonly taxonomy_2: string;
  readonly taxonomy_3: string;
}

export const runConcurrencyBench = async (options: { readonly port: number; readonly engine: BenchEngine }): Promise<ReadonlyArray<ConcurrencyRow>> => {
  const previous = process.env.WAREHOUSE;
  if (options.engine === "chdb") process.env.WAREHOUSE = "chdb";
  else delete process.env.WAREHOUSE;
  const server = await startReferenceServer(options.port).finally(() => {
    if (previous === undefined) delete process.env.WAREHOUSE;
    else process.env.WAREHOUSE = previous;
  });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "demo", password: "demo" }),
    });
    if (login.status !== 200) throw new Error(`demo sign-in answered ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    const headers = { Authorization: `Bearer ${token}` };
    const program = "northwind";
    const to = dayOf(Date.now());
    const from90 = dayOf(Date.now() - 89 * dayMs);
    const base = `${server.url}/api/programs/${program}/performance`;
    const taxonomies = await fetch(`${base}/taxonomies?date_from=${from90}&date_to=${to}`, { headers });
    if (taxonomies.status !== 200) throw new Error(`taxonomies answered ${taxonomies.status}`);
    const paths = ((await taxonomies.json()) as { data: ReadonlyArray<Taxonomy> }).data;
    // The chart: as bench/api.ts chooses it, the prefix with the most next-level values (at least five) one or two levels down.
    const prefixes = new Map<string, { readonly prefix: ReadonlyArray<string>; readonly values: Set<string> }>();
    for (const p of paths)
      for (const prefix of [[p.taxonomy_1], [p.taxonomy_1, p.taxonomy_2]]) {
        const key = JSON.stringify(prefix);
        const known = prefixes.get(key) ?? { prefix, values: new Set<string>() };
        known.values.add(prefix.length === 1 ? p.taxonomy_2 : p.taxonomy_3);
        prefixes.set(key, known);
      }
    const chart = [...prefixes.values()].sort((a, b) => b.values.size - a.values.size || a.prefix.length - b.prefix.length)[0];
    if (!chart || chart.values.size < 5) throw new Error("The demo data has no taxonomy with five values under it");
    const chartPath = [...chart.prefix.map((v, i) => `taxonomy_${i + 1}/${encodeURIComponent(v)}`), `taxonomy_${chart.prefix.length + 1}`].join("/");
    // Each call's address for a range of `days` ending `back` days before today: the rows' calls end today; the
    // distinct clients' each end on a day of its own (the same length of range, so about the same work).
    const ending = (back: number, days: number): string => `date_from=${dayOf(Date.now() - (back + days - 1) * dayMs)}&date_to=${dayOf(Date.now() - back * dayMs)}`;
    const cases = [
      { measure: "level-one table, 30 days", url: (back: number) => `${base}/table/single/taxonomy_1?${ending(back, 30)}` },
      {
        measure: `${chart.values.size}-series multi chart (level ${chart.prefix.length + 1}), day, 90 days`,
        url: (back: number) => `${base}/chart/multi/${chartPath}?${ending(back, 90)}&interval=day`,
      },
    ];
    const rows: ConcurrencyRow[] = [];
    const tag = options.engine === "chdb" ? "chdb " : "";
    for (const c of cases) {
      const get = async (url: string): Promise<void> => {
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      };
      const same = (): Promise<void> => get(c.url(0));
      const own = (client: number): Promise<void> => get(c.url(client));
      // Warm-up: every shape, untimed.
      await drive(1, 1, same, { calls: 0, elapsedMs: 0, latencies: [] });
      await drive(clients, 1, same, { calls: 0, elapsedMs: 0, latencies: [] });
      await drive(clients, 1, own, { calls: 0, elapsedMs: 0, latencies: [] });
      const one: Side = { calls: 0, elapsedMs: 0, latencies: [] };
      const ten: Side = { calls: 0, elapsedMs: 0, latencies: [] };
      const distinct: Side = { calls: 0, elapsedMs: 0, latencies: [] };
      for (let round = 0; round < rounds; round++) {
        await drive(1, roundSeconds, same, one);
        await drive(clients, roundSeconds, same, ten);
        await drive(clients, roundSeconds, own, distinct);
      }
      const rate = (s: Side): number => (s.calls * 1000) / s.elapsedMs;
      const p = (s: Side, q: number): number => percentile([...s.latencies].sort((a, b) => a - b), q);
      const throughputRatio = rate(ten) / rate(one);
      const p95Ratio = p(ten, 95) / p(one, 95);
      const figures = (s: Side): string => `${rate(s).toFixed(1)}/s, p50 ${p(s, 50).toFixed(1)} ms, p95 ${p(s, 95).toFixed(1)} ms`;
      console.log(`concurrency ${tag}${c.measure}: one client ${figures(one)}; ten clients ${figures(ten)}; ten clients, each its own dates ${figures(distinct)}`);
      rows.push({
        measure: `API ${tag}${c.measure}: ten clients' throughput / one client's (${rate(ten).toFixed(1)} / ${rate(one).toFixed(1)} a second)`,
        value: `${throughputRatio.toFixed(2)}x`,
        p95: "",
        budget: `≥ ${throughputRatioBudget}x`,
        verdict: throughputRatio >= throughputRatioBudget ? "within" : "OVER",
      });
      rows.push({
        measure: `API ${tag}${c.measure}: ten clients' p95 / one client's (${p(ten, 95).toFixed(1)} / ${p(one, 95).toFixed(1)} ms)`,
        value: `${p95Ratio.toFixed(2)}x`,
        p95: "",
        budget: `≤ ${p95RatioBudget}x`,
        verdict: p95Ratio <= p95RatioBudget ? "within" : "OVER",
      });
      // What ten clients get when no two ask the same: nothing to share, so the two cores are the limit (no budget).
      rows.push({
        measure: `API ${tag}${c.measure}, each client its own dates: ten clients' throughput / one client's (${rate(distinct).toFixed(1)} / ${rate(one).toFixed(1)} a second)`,
        value: `${(rate(distinct) / rate(one)).toFixed(2)}x`,
        p95: "",
        budget: "(info)",
        verdict: "info",
      });
      rows.push({
        measure: `API ${tag}${c.measure}, each client its own dates: ten clients' p95 / one client's (${p(distinct, 95).toFixed(1)} / ${p(one, 95).toFixed(1)} ms)`,
        value: `${(p(distinct, 95) / p(one, 95)).toFixed(2)}x`,
        p95: "",
        budget: "(info)",
        verdict: "info",
      });
    }
    return rows;
  } finally {
    await server.stop();
  }
};

if (isRunDirectly(import.meta.filename)) {
  runConcurrencyBench({ port: Number(process.env.BENCH_PORT ?? 18_196), engine: process.argv.includes("--chdb") ? "chdb" : "duckdb" })
    .then((rows) => {
      console.log("");
      for (const r of rows) console.log(`${r.measure.padEnd(110)} ${r.value.padStart(7)}  ${r.budget}  ${r.verdict}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
