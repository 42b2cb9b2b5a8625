/**
 * The collection log's rows (docs/engine.md, "Collection log"; COLLECT_LOG=on): POST /collect
 * from many clients, each on its own loopback address (127.0.1.x) and its own keep-alive
 * connection, against the bench server of bench/ingestion.ts started with the log:
 *   - single-event requests from 200 clients: at least 3,000 requests a second, p99 at most 50 ms;
 *   - batches of 100 from 16 clients: at least 30,000 events a second;
 *   - freshness under each: every two seconds a probe notes the events acknowledged so far and
 *     polls the level-one table (today's Page Lands) until it counts them all: at most 5 s.
 * The load generator runs on the same machine as the server (and, here, beside other work).
 *
 * `node --import tsx bench/collectionLog.ts` runs it on its own (BENCH_PORT, default 18,195;
 * BENCH_SECONDS per phase, default 15; BENCH_PHASE=single or batches runs that phase alone, as
 * when profiling the server with BENCH_CPU_PROF, bench/ingestion.ts).
 */
import { Agent, request } from "node:http";
import type { BenchRow } from "./exports";
import { startServer, type Served } from "./ingestion";
import { isRunDirectly } from "./standalone";

export const singleEventBudget = { requestsPerSecond: 3000, p99Ms: 50 } as const;
export const batchBudget = 30_000;
export const logFreshnessBudgetMs = 5000;

/** One POST over a client's own connection; resolves with the status and how many events it acknowledged. */
const post = (agent: Agent, url: URL, body: string): Promise<{ status: number; accepted: number }> =>
  new Promise((resolve, reject) => {
    const sent = request(
      { agent, host: url.hostname, port: url.port, path: "/collect", method: "POST", headers: { "Content-Type": "text/plain", "Content-Length": Buffer.byteLength(body) } },
      (answer) => {
        let text = "";
        answer.setEncoding("utf8");
        answer.on("data", (chunk: string) => (text += chunk));
        answer.on("end", () => {
          const status = answer.statusCode ?? 0;
          resolve({ status, accepted: status === 202 ? ((JSON.parse(text) as { accepted: number }).accepted ?? 0) : 0 });
        });
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const percentile = (sorted: ReadonlyArray<number>, p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

interface Phase {
  readonly accepted: number;
  readonly requests: number;
  readonly refused: number;
  readonly elapsedMs: number;
  readonly latencies: ReadonlyArray<number>;
  readonly lags: ReadonlyArray<number>;
  /** CPU the server used a request (all its threads, the loader's and the freshness probe's reads included), in ms. */
  readonly serverCpuMsPerRequest: number;
  /** CPU this process (the load generator) used a request, in ms. */
  readonly clientCpuMsPerRequest: number;
}

/** `clients` senders of `batch` events a request for `durationMs`, with the freshness probe beside them. */
const runPhase = async (server: Served, levelOneClicks: () => Promise<number>, name: string, clients: number, batch: number, durationMs: number): Promise<Phase> => {
  const url = new URL(server.url);
  const baseline = await levelOneClicks();
  let accepted = 0;
  let requests = 0;
  let refused = 0;
  const latencies: number[] = [];
  const serverCpuFrom = server.cpuMs();
  const clientCpuFrom = process.cpuUsage();
  const started = performance.now();
  const until = started + durationMs;
  const client = async (c: number): Promise<void> => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.${1 + Math.floor(c / 250)}.${1 + (c % 250)}` });
    try {
      for (let r = 0; performance.now() < until; r++) {
        const events = Array.from({ length: batch }, (_, i) => ({
          event_id: `${name}-${c}-${r}-${i}`,
          type: "click",
          time: Date.now(),
          visitor_id: `${name}-visitor-${c}-${(r * batch + i) % 500}`,
          url: `https://shop.example/p/${i}?utm_source=google&utm_medium=cpc&utm_campaign=Log_${r % 20}`,
        }));
        const body = JSON.stringify(batch === 1 ? { key: server.key, ...events[0] } : { key: server.key, events });
        const from = performance.now();
        const answer = await post(agent, url, body);
        latencies.push(performance.now() - from);
        requests += 1;
        if (answer.status === 202) accepted += answer.accepted;
        else refused += batch;
      }
    } finally {
      agent.destroy();
    }
  };
  const lags: number[] = [];
  const probe = async (): Promise<void> => {
    while (performance.now() < until) {
      await new Promise((r) => setTimeout(r, 2000));
      const target = baseline + accepted;
      const from = performance.now();
      while ((await levelOneClicks()) < target && performance.now() - from < 60_000) await new Promise((r) => setTimeout(r, 100));
      lags.push(performance.now() - from);
    }
  };
  // The rate and the CPU are taken when the senders stop: the probe's last wait for freshness (up to a minute) is not sending time.
  const sending = Promise.all(Array.from({ length: clients }, (_, c) => client(c))).then(() => ({
    elapsedMs: performance.now() - started,
    serverCpuMs: server.cpuMs() - serverCpuFrom,
    clientCpu: process.cpuUsage(clientCpuFrom),
  }));
  const [{ elapsedMs, serverCpuMs, clientCpu }] = await Promise.all([sending, probe()]);
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  return {
    accepted,
    requests,
    refused,
    elapsedMs,
    latencies,
    lags,
    serverCpuMsPerRequest: serverCpuMs / requests,
    clientCpuMsPerRequest: (clientCpu.user + clientCpu.system) / 1000 / requests,
  };
};

/**
 * CPU a request, the server's and the load generator's: what the load average does not change
 * much, and what a request costs on an idle machine (2 cores give at most 2,000 ms of CPU a second).
 */
const cpuNote = (phase: Phase): string =>
  `CPU a request: server ${phase.serverCpuMsPerRequest.toFixed(2)} ms, load generator ${phase.clientCpuMsPerRequest.toFixed(2)} ms`;

const freshnessRow = (what: string, phase: Phase): BenchRow => {
  const worst = phase.lags.at(-1) ?? NaN;
  return {
    measure: `freshness under ${what}: acknowledged → level-one table (${phase.lags.length} probes, median ${seconds(percentile(phase.lags, 0.5))})`,
    value: `${seconds(worst)} worst`,
    budget: seconds(logFreshnessBudgetMs),
    verdict: worst <= logFreshnessBudgetMs ? "within" : "OVER",
  };
};

export const runCollectionLogBench = async (options: {
  readonly port: number;
  readonly seconds?: number;
  /** Both phases unless one is named. */
  readonly phase?: "single" | "batches";
}): Promise<BenchRow[]> => {
  const durationMs = (options.seconds ?? 15) * 1000;
  const server = await startServer(options.port, true);
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "demo", password: "demo" }),
    });
    const { token } = (await login.json()) as { token: string };
    const today = new Date().toISOString().slice(0, 10);
    const levelOneClicks = async (): Promise<number> => {
      const answer = await fetch(`${server.url}/api/programs/northwind/performance/table/single/taxonomy_1?date_from=${today}&date_to=${today}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const table = (await answer.json()) as { data: ReadonlyArray<{ clicks?: number }> };
      return table.data.reduce((sum, row) => sum + (row.clicks ?? 0), 0);
    };

    const rows: BenchRow[] = [];
    if (options.phase !== "batches") {
      const single = await runPhase(server, levelOneClicks, "log-single", 200, 1, durationMs);
      const singleRate = single.requests / (single.elapsedMs / 1000);
      const p50 = percentile(single.latencies, 0.5);
      const p99 = percentile(single.latencies, 0.99);
      rows.push(
        {
          measure: `POST /collect through the log, one event a request, 200 clients on keep-alive (${single.requests.toLocaleString("en-GB")} sent, ${single.refused} refused; p50 ${p50.toFixed(0)} ms; ${cpuNote(single)})`,
          value: `${Math.round(singleRate).toLocaleString("en-GB")} requests/s, p99 ${p99.toFixed(0)} ms`,
          budget: `${singleEventBudget.requestsPerSecond.toLocaleString("en-GB")} requests/s, p99 ${singleEventBudget.p99Ms} ms`,
          verdict: singleRate >= singleEventBudget.requestsPerSecond && p99 <= singleEventBudget.p99Ms ? "within" : "OVER",
        },
        freshnessRow("single events", single),
      );
    }
    if (options.phase !== "single") {
      const batches = await runPhase(server, levelOneClicks, "log-batch", 16, 100, durationMs);
      const batchRate = batches.accepted / (batches.elapsedMs / 1000);
      rows.push(
        {
          measure: `POST /collect through the log, batches of 100, 16 clients (${(batches.requests * 100).toLocaleString("en-GB")} sent, ${batches.refused} refused; ${cpuNote(batches)})`,
          value: `${Math.round(batchRate).toLocaleString("en-GB")} events/s`,
          budget: `${batchBudget.toLocaleString("en-GB")} events/s`,
          verdict: batchRate >= batchBudget ? "within" : "OVER",
        },
        freshnessRow("batches", batches),
      );
    }
    return rows;
  } finally {
    await server.stop();
  }
};

if (isRunDirectly(import.meta.filename)) {
  const phase = process.env.BENCH_PHASE === "single" || process.env.BENCH_PHASE === "batches" ? process.env.BENCH_PHASE : undefined;
  runCollectionLogBench({ port: Number(process.env.BENCH_PORT ?? 18_195), seconds: Number(process.env.BENCH_SECONDS ?? 15), ...(phase ? { phase } : {}) })
    .then((rows) => {
      console.log("");
      for (const r of rows) console.log(`${r.measure.padEnd(110)} ${r.value}  (${r.budget}; ${r.verdict})`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
