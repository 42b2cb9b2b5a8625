/**
 * What one POST /collect costs the server in CPU through the collection log (docs/engine.md,
 * "Collection log"), apart from the loader and the incremental processing: the request's path
 * alone (HTTP, reading, the key check, the events' checks, the log's write and group fsync,
 * the answer). CPU time, not wall time, so the figure depends little on what else the machine
 * runs; divide a machine's CPU by it for the requests a second it could answer.
 *
 * The server is a child process (this file with `--serve`): a warehouse with the demo data at a
 * small scale, a write key, the log on and never loaded. The load comes from this process:
 * `CLIENTS` (200) clients, each on its own loopback address (127.0.1.x) and keep-alive
 * connection, sending `REQUESTS` (30,000) single events in all (or batches of `BATCH`). The
 * server's CPU (all its threads, from /proc) over the run is divided by the requests.
 *
 * `node --import tsx bench/collectRequestCost.ts` (BENCH_PORT, default 18,196). With
 * BENCH_CPU_PROF=<dir> the server runs under `node --cpu-prof` and writes its profile there.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "../server/app";
import { openCollectionLog } from "../server/engine/collectionLog";
import { createEngine } from "../server/engine/createEngine";
import { issueWriteKey } from "../server/engine/ingestion";
import { silentLog } from "../server/log";
import { MemoryOutbox } from "../server/outbox/outbox";
import { defaultDemoDataParameters, generateDemoData } from "../server/seed/demoData";
import { plantDemoData } from "../server/seed/plantDemoData";
import { openDuckDbWarehouse } from "../server/warehouse/duckdb/duckdbWarehouse";
import { isRunDirectly } from "./standalone";

/** The child: a small demo warehouse, a write key, the collection log never loaded; prints one JSON line when it listens. */
const serveUnloaded = async (port: number, dataDir: string): Promise<void> => {
  const clock = Date.now;
  const warehouse = await openDuckDbWarehouse({ path: join(dataDir, "analytics.duckdb"), clock });
  await plantDemoData(warehouse, generateDemoData({ ...defaultDemoDataParameters, scale: 0.02, today: new Date().toISOString().slice(0, 10) }));
  const program = await warehouse.programs.findByCode("northwind");
  if (!program) throw new Error("the demo data has no northwind");
  const issued = issueWriteKey("publishable");
  await warehouse.ingestion.createWriteKey(program.id, issued.digest, issued.prefix, "publishable", clock());
  const collectionLog = await openCollectionLog({ dir: join(dataDir, "collection-log"), log: silentLog });
  const app = createApp({
    warehouse,
    engine: createEngine({ warehouse, clock, log: silentLog }),
    collectionLog,
    outbox: new MemoryOutbox(),
    clock,
    log: silentLog,
    collectionLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 1000 },
  });
  serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => {
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, key: issued.key })}\n`);
  });
  // An exit of its own, so `--cpu-prof` writes its profile.
  process.once("SIGTERM", () => process.exit(0));
};

/** A process's user + system CPU in ms from /proc (Linux). */
const cpuMsOf = (pid: number | undefined): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const post = (agent: Agent, url: URL, body: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const sent = request(
      { agent, host: url.hostname, port: url.port, path: "/collect", method: "POST", headers: { "Content-Type": "text/plain", "Content-Length": Buffer.byteLength(body) } },
      (answer) => {
        answer.resume();
        answer.on("end", () => resolve(answer.statusCode ?? 0));
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });

const measure = async (port: number, clients: number, requests: number, batch: number): Promise<void> => {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-collect-cost-"));
  const profileDir = process.env.BENCH_CPU_PROF;
  const child = spawn(
    process.execPath,
    [...(profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : []), "--import", "tsx", import.meta.filename, "--serve", String(port), dataDir],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  try {
    const ready = await new Promise<{ url: string; key: string }>((resolve, reject) => {
      let output = "";
      child.stdout.on("data", (b: Buffer) => {
        output += b.toString();
        const line = output.split("\n").find((l) => l.startsWith("{"));
        if (line) resolve(JSON.parse(line) as { url: string; key: string });
      });
      child.once("exit", () => reject(new Error("the server stopped")));
    });
    const url = new URL(ready.url);
    let next = 0;
    let refused = 0;
    const client = async (c: number): Promise<void> => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.${1 + Math.floor(c / 250)}.${1 + (c % 250)}` });
      try {
        for (let r = next++; r < requests; r = next++) {
          const events = Array.from({ length: batch }, (_, i) => ({
            event_id: `cost-${r}-${i}`,
            type: "click",
            time: Date.now(),
            visitor_id: `cost-visitor-${(r * batch + i) % 5000}`,
            url: `https://shop.example/p/${i}?utm_source=google&utm_medium=cpc&utm_campaign=Cost_${r % 20}`,
          }));
          const body = JSON.stringify(batch === 1 ? { key: ready.key, ...events[0] } : { key: ready.key, events });
          if ((await post(agent, url, body)) !== 202) refused += 1;
        }
      } finally {
        agent.destroy();
      }
    };
    // A first round warms the server (its JIT, the key's memo) before the measured one.
    const warm = Math.min(2000, requests);
    const measured = requests;
    next = 0;
    requests = warm;
    await Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
    next = 0;
    requests = measured;
    const serverFrom = cpuMsOf(child.pid);
    const clientFrom = process.cpuUsage();
    const started = performance.now();
    await Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
    const elapsed = performance.now() - started;
    const serverMs = cpuMsOf(child.pid) - serverFrom;
    const clientCpu = process.cpuUsage(clientFrom);
    const perRequest = serverMs / measured;
    console.log(
      [
        `POST /collect through the log, ${batch === 1 ? "one event" : `${batch} events`} a request, ${clients} clients, ${measured.toLocaleString("en-GB")} requests (${refused} refused) in ${(elapsed / 1000).toFixed(1)} s`,
        `  server CPU ${perRequest.toFixed(3)} ms a request (${(serverMs / 1000).toFixed(1)} s in all); load generator ${((clientCpu.user + clientCpu.system) / 1000 / measured).toFixed(3)} ms a request`,
        `  on 2 idle cores with the load generator elsewhere: about ${Math.round(2000 / perRequest).toLocaleString("en-GB")} requests a second`,
      ].join("\n"),
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
};

if (isRunDirectly(import.meta.filename)) {
  if (process.argv[2] === "--serve") {
    serveUnloaded(Number(process.argv[3]), process.argv[4] ?? tmpdir()).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  } else {
    measure(
      Number(process.env.BENCH_PORT ?? 18_196),
      Number(process.env.CLIENTS ?? 200),
      Number(process.env.REQUESTS ?? 30_000),
      Number(process.env.BATCH ?? 1),
    ).catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  }
}
