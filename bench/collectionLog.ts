/**
 * The collection log's rows (docs/engine.md, "Collection log"; COLLECT_LOG=on): POST /collect
 * from many clients, each on its own loopback address (127.0.1.x) and its own keep-alive
 * connection, against the bench server of bench/ingestion.ts started with the log. Two kinds
 * of rows:
 *   - paced (open-loop), where the budgets are checked: 200 clients together offer 3,000
 *     single-event requests a second (15 each), and 16 clients 30,000 events a second in
 *     batches of 100; each request is sent at its scheduled instant whether or not the
 *     client's previous one was answered (it waits on the client's connection if not), and
 *     its latency is timed from that scheduled instant, so a stall counts against every
 *     request it delayed (no coordinated omission). This is how browsers send: when people
 *     act, not when the last answer came. Budget: p99 at most 50 ms, every request answered
 *     at the offered rate, and freshness at most 5 s;
 *   - closed-loop, the headroom: the same clients each sending its next request as soon as
 *     the previous is answered, which gives the most the server takes. Their latency and
 *     freshness are no budget: by Little's law 200 clients always in flight wait 200 / rate on
 *     average (41 ms at 4,900 requests a second), whatever the server does, and the loader
 *     shares the cores with a server kept busy on purpose;
 *   - before them, 2 s of single events that no row counts (a warm-up: a server that has run, as a site's is);
 *   - each client keeps its connection from phase to phase, and loads the snippet (GET /t.js) on
 *     it before a phase, untimed, as a page does before its beacons: the rows time requests on
 *     open connections, not the opening of 200 connections in a phase's first 67 ms (which took
 *     about 0.4 s to absorb and put p99 at 55-105 ms, against 20-31 ms without);
 *   - freshness under each: every two seconds a probe notes the events acknowledged so far and
 *     polls the level-one table (today's Page Lands) until it counts them all: at most 5 s on the paced rows.
 * The load generator runs on the same machine as the server (and, here, beside other work).
 *
 * `node --import tsx bench/collectionLog.ts` runs it on its own (BENCH_PORT, default 18,195;
 * BENCH_SECONDS per phase, default 15; BENCH_PHASE=single or batches runs that kind alone, as
 * when profiling the server with BENCH_CPU_PROF, bench/ingestion.ts; BENCH_PACING=paced or
 * closed runs only the paced or the closed-loop rows).
 */
import { Agent, request } from "node:http";
import { loadavg } from "node:os";
import type { BenchRow } from "./exports";
import { startServer, type Served } from "./ingestion";
import { isRunDirectly } from "./standalone";

export const singleEventBudget = { requestsPerSecond: 3000, p99Ms: 50 } as const;
export const batchBudget = 30_000;
export const logFreshnessBudgetMs = 5000;
/** How long the unmeasured warm-up sends before the rows. */
const warmUpMs = 2000;

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

/** One GET of the snippet over a client's own connection (what a page loads before its beacons); resolves with the status. */
const getSnippet = (agent: Agent, url: URL): Promise<number> =>
  new Promise((resolve, reject) => {
    const sent = request({ agent, host: url.hostname, port: url.port, path: "/t.js", method: "GET" }, (answer) => {
      answer.resume();
      answer.on("end", () => resolve(answer.statusCode ?? 0));
    });
    sent.on("error", reject);
    sent.end();
  });

/** The most clients a phase has: each its own loopback address and keep-alive connection, kept from phase to phase. */
const mostClients = 200;

const clientAgents = (): ReadonlyArray<Agent> =>
  Array.from(
    { length: mostClients },
    (_, c) => new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.${1 + Math.floor(c / 250)}.${1 + (c % 250)}` }),
  );

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const percentile = (sorted: ReadonlyArray<number>, p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

interface Phase {
  readonly accepted: number;
  readonly requests: number;
  readonly refused: number;
  readonly elapsedMs: number;
  /** Paced: the span of the senders' schedule (the last instant planned); 0 for the closed loop. */
  readonly scheduledMs: number;
  readonly latencies: ReadonlyArray<number>;
  readonly lags: ReadonlyArray<number>;
  /** CPU the server used a request (all its threads, the loader's and the freshness probe's reads included), in ms. */
  readonly serverCpuMsPerRequest: number;
  /** Of it, the server's main thread (its event loop), in ms. */
  readonly serverMainThreadCpuMsPerRequest: number;
  /** The machine's load average (1 minute) when the phase began and ended: what the latencies shared the cores with. */
  readonly loadAverages: readonly [number, number];
  /** CPU this process (the load generator) used a request, in ms. */
  readonly clientCpuMsPerRequest: number;
}

/**
 * How a phase's clients send: `closed`, each its next request once the previous is answered
 * (latency from its send); `paced`, all together `requestsPerSecond`, each client at its own
 * fixed interval (offset so the clients spread over it), each request timed from its
 * scheduled instant.
 */
export type Pacing = { readonly kind: "closed" } | { readonly kind: "paced"; readonly requestsPerSecond: number };

/** The instants (ms after the start) a paced client sends at: every `intervalMs` from its offset, before `durationMs`. */
export const pacedSchedule = (client: number, clients: number, requestsPerSecond: number, durationMs: number): ReadonlyArray<number> => {
  const intervalMs = (1000 * clients) / requestsPerSecond;
  const offset = (intervalMs * client) / clients;
  return Array.from({ length: Math.max(0, Math.ceil((durationMs - offset) / intervalMs)) }, (_, k) => offset + k * intervalMs);
};

/** `clients` senders of `batch` events a request for `durationMs`, with the freshness probe beside them. */
const runPhase = async (
  server: Served,
  agents: ReadonlyArray<Agent>,
  levelOneClicks: () => Promise<number>,
  name: string,
  clients: number,
  batch: number,
  durationMs: number,
  pacing: Pacing,
): Promise<Phase> => {
  const url = new URL(server.url);
  // Each client loads the snippet on its connection first, untimed, as a page does before its beacons: the phase
  // measures requests on open connections, not 200 connections opened within its first tenth of a second.
  const opened = await Promise.all(agents.slice(0, clients).map((agent) => getSnippet(agent, url)));
  if (opened.some((status) => status !== 200)) throw new Error(`GET /t.js answered ${opened.find((status) => status !== 200)}`);
  const baseline = await levelOneClicks();
  let accepted = 0;
  let requests = 0;
  let refused = 0;
  const latencies: number[] = [];
  const serverCpuFrom = server.cpuMs();
  const mainThreadCpuFrom = server.mainThreadCpuMs();
  const loadFrom = loadavg()[0] ?? NaN;
  const clientCpuFrom = process.cpuUsage();
  const started = performance.now();
  const until = started + durationMs;
  const bodyOf = (c: number, r: number): string => {
    const events = Array.from({ length: batch }, (_, i) => ({
      event_id: `${name}-${c}-${r}-${i}`,
      type: "click",
      time: Date.now(),
      visitor_id: `${name}-visitor-${c}-${(r * batch + i) % 500}`,
      url: `https://shop.example/p/${i}?utm_source=google&utm_medium=cpc&utm_campaign=Log_${r % 20}`,
    }));
    return JSON.stringify(batch === 1 ? { key: server.key, ...events[0] } : { key: server.key, events });
  };
  /** Sends one request and counts it, its latency from `from` (its send, or its scheduled instant). */
  const send = async (agent: Agent, body: string, from: number): Promise<void> => {
    const answer = await post(agent, url, body);
    latencies.push(performance.now() - from);
    requests += 1;
    if (answer.status === 202) accepted += answer.accepted;
    else refused += batch;
  };
  const client = async (c: number): Promise<void> => {
    const agent = agents[c];
    if (!agent) throw new Error(`no connection for client ${c}`);
    if (pacing.kind === "closed") {
      for (let r = 0; performance.now() < until; r++) await send(agent, bodyOf(c, r), performance.now());
      return;
    }
    // Open loop: each request leaves at its instant; one not yet answered does not hold the next back (it queues on the connection).
    const sent: Array<Promise<void>> = [];
    const schedule = pacedSchedule(c, clients, pacing.requestsPerSecond, durationMs);
    for (const [r, offset] of schedule.entries()) {
      const at = started + offset;
      const wait = at - performance.now();
      if (wait > 0) await new Promise((done) => setTimeout(done, wait));
      sent.push(send(agent, bodyOf(c, r), at));
    }
    await Promise.all(sent);
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
    mainThreadCpuMs: server.mainThreadCpuMs() - mainThreadCpuFrom,
    loadTo: loadavg()[0] ?? NaN,
    clientCpu: process.cpuUsage(clientCpuFrom),
  }));
  const [{ elapsedMs, serverCpuMs, mainThreadCpuMs, loadTo, clientCpu }] = await Promise.all([sending, probe()]);
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  return {
    accepted,
    requests,
    refused,
    elapsedMs,
    scheduledMs: pacing.kind === "paced" ? durationMs : 0,
    latencies,
    lags,
    serverCpuMsPerRequest: serverCpuMs / requests,
    serverMainThreadCpuMsPerRequest: mainThreadCpuMs / requests,
    loadAverages: [loadFrom, loadTo],
    clientCpuMsPerRequest: (clientCpu.user + clientCpu.system) / 1000 / requests,
  };
};

/**
 * CPU a request, the server's and the load generator's: what the load average does not change
 * much, and what a request costs on an idle machine (2 cores give at most 2,000 ms of CPU a second).
 */
const cpuNote = (phase: Phase): string =>
  `CPU a request: server ${phase.serverCpuMsPerRequest.toFixed(2)} ms (main thread ${phase.serverMainThreadCpuMsPerRequest.toFixed(2)}), load generator ${phase.clientCpuMsPerRequest.toFixed(2)} ms; load average ${phase.loadAverages.map((l) => l.toFixed(1)).join(" → ")}`;

/**
 * Freshness under a phase: the budget's on the paced rows (the offered rates of the budget); under a closed loop the
 * clients offer all the server takes (beyond those rates), so the loader and the processing share the cores with a
 * server kept busy on purpose: its freshness is shown, no budget.
 */
const freshnessRow = (what: string, phase: Phase, pacing: Pacing): BenchRow => {
  const worst = phase.lags.at(-1) ?? NaN;
  return {
    measure: `freshness under ${what}: acknowledged → level-one table (${phase.lags.length} probes, median ${seconds(percentile(phase.lags, 0.5))})`,
    value: `${seconds(worst)} worst`,
    budget: pacing.kind === "paced" ? seconds(logFreshnessBudgetMs) : "no budget: the most the server takes",
    verdict: pacing.kind === "paced" ? (worst <= logFreshnessBudgetMs ? "within" : "OVER") : "info",
  };
};

const pacingText = (pacing: Pacing): string =>
  pacing.kind === "paced" ? `paced at ${pacing.requestsPerSecond.toLocaleString("en-GB")} requests/s (budget)` : "closed loop (headroom)";

/** How late a paced phase's last answer may come after its schedule's end and still count as keeping up. */
const keptUpMs = 1000;

/** Answered a second: paced, over the schedule's span (what was offered); closed loop, until the last answer. */
const rateOf = (phase: Phase, pacing: Pacing, count: number): number => count / ((pacing.kind === "paced" ? phase.scheduledMs : phase.elapsedMs) / 1000);

/** A paced phase kept up: nothing refused, and the last answer came within `keptUpMs` of the schedule's end. */
const keptUp = (phase: Phase): boolean => phase.refused === 0 && phase.elapsedMs <= phase.scheduledMs + keptUpMs;

const singleRow = (phase: Phase, pacing: Pacing): BenchRow => {
  const rate = rateOf(phase, pacing, phase.requests - phase.refused);
  const p50 = percentile(phase.latencies, 0.5);
  const p99 = percentile(phase.latencies, 0.99);
  const within = pacing.kind === "paced" ? keptUp(phase) && rate >= singleEventBudget.requestsPerSecond && p99 <= singleEventBudget.p99Ms : rate >= singleEventBudget.requestsPerSecond;
  const timed = pacing.kind === "paced" ? "from each request's scheduled instant" : "from each send; 200 / rate by Little's law, no budget";
  return {
    measure: `POST /collect through the log, one event a request, 200 clients on keep-alive, ${pacingText(pacing)} (${phase.requests.toLocaleString("en-GB")} sent, ${phase.refused} refused; p50 ${p50.toFixed(0)} ms, timed ${timed}; ${cpuNote(phase)})`,
    value: `${Math.round(rate).toLocaleString("en-GB")} requests/s answered, p99 ${p99.toFixed(0)} ms`,
    budget:
      pacing.kind === "paced"
        ? `${singleEventBudget.requestsPerSecond.toLocaleString("en-GB")} requests/s all answered, p99 ${singleEventBudget.p99Ms} ms`
        : `${singleEventBudget.requestsPerSecond.toLocaleString("en-GB")} requests/s`,
    verdict: within ? "within" : "OVER",
  };
};

const batchRow = (phase: Phase, pacing: Pacing): BenchRow => {
  const rate = rateOf(phase, pacing, phase.accepted);
  const p99 = percentile(phase.latencies, 0.99);
  const within = pacing.kind === "paced" ? keptUp(phase) && rate >= batchBudget : rate >= batchBudget;
  return {
    measure: `POST /collect through the log, batches of 100, 16 clients, ${pacingText(pacing)} (${(phase.requests * 100).toLocaleString("en-GB")} events sent, ${phase.refused} refused; p50 ${percentile(phase.latencies, 0.5).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms; ${cpuNote(phase)})`,
    value: `${Math.round(rate).toLocaleString("en-GB")} events/s`,
    budget: `${batchBudget.toLocaleString("en-GB")} events/s${pacing.kind === "paced" ? " all answered" : ""}`,
    verdict: within ? "within" : "OVER",
  };
};

export const runCollectionLogBench = async (options: {
  readonly port: number;
  readonly seconds?: number;
  /** Both phases unless one is named. */
  readonly phase?: "single" | "batches";
  /** Both kinds of rows unless one is named. */
  readonly pacing?: "paced" | "closed";
}): Promise<BenchRow[]> => {
  const durationMs = (options.seconds ?? 15) * 1000;
  const server = await startServer(options.port, true);
  const agents = clientAgents();
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

    // A warm-up, not measured: 2 s of single events from the same clients, so the rows see a server that has run
    // (compiled code, its start's work done), as a site's traffic does; its events are in the table before the rows begin.
    await runPhase(server, agents, levelOneClicks, "log-warmup", 200, 1, warmUpMs, { kind: "closed" });
    const rows: BenchRow[] = [];
    const pacings = (offered: number): ReadonlyArray<Pacing> =>
      [
        options.pacing !== "closed" ? ({ kind: "paced", requestsPerSecond: offered } as const) : null,
        options.pacing !== "paced" ? ({ kind: "closed" } as const) : null,
      ].filter((p): p is Pacing => p !== null);
    if (options.phase !== "batches") {
      for (const pacing of pacings(singleEventBudget.requestsPerSecond)) {
        const single = await runPhase(server, agents, levelOneClicks, `log-single-${pacing.kind}`, 200, 1, durationMs, pacing);
        rows.push(singleRow(single, pacing), freshnessRow(`single events, ${pacingText(pacing)}`, single, pacing));
      }
    }
    if (options.phase !== "single") {
      for (const pacing of pacings(batchBudget / 100)) {
        const batches = await runPhase(server, agents, levelOneClicks, `log-batch-${pacing.kind}`, 16, 100, durationMs, pacing);
        rows.push(batchRow(batches, pacing), freshnessRow(`batches, ${pacingText(pacing)}`, batches, pacing));
      }
    }
    return rows;
  } finally {
    for (const agent of agents) agent.destroy();
    await server.stop();
  }
};

if (isRunDirectly(import.meta.filename)) {
  const phase = process.env.BENCH_PHASE === "single" || process.env.BENCH_PHASE === "batches" ? process.env.BENCH_PHASE : undefined;
  const pacing = process.env.BENCH_PACING === "paced" || process.env.BENCH_PACING === "closed" ? process.env.BENCH_PACING : undefined;
  runCollectionLogBench({
    port: Number(process.env.BENCH_PORT ?? 18_195),
    seconds: Number(process.env.BENCH_SECONDS ?? 15),
    ...(phase ? { phase } : {}),
    ...(pacing ? { pacing } : {}),
  })
    .then((rows) => {
      console.log("");
      for (const r of rows) console.log(`${r.measure.padEnd(110)} ${r.value}  (${r.budget}; ${r.verdict})`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
