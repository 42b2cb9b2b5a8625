import { existsSync, mkdirSync } from "node:fs";
import type { Server } from "node:http";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { consoleLog } from "./log";
import { FileOutbox } from "./outbox/outbox";
import { defaultDemoDataParameters, demoSignIns, generateDemoData } from "./seed/demoData";
import { plantDemoData } from "./seed/plantDemoData";
import { openDuckDbWarehouse } from "./warehouse/duckdbWarehouse";

/**
 * `npm run serve`: the API and the built SPA on one port.
 * PORT (8080), HOST (0.0.0.0), DATA_DIR (./data), PUBLIC_URL (http://localhost:PORT),
 * DEMO_SEED and DEMO_SCALE (used only when the database is new).
 */
const numberFrom = (raw: string | undefined, fallback: number): number => {
  const parsed = raw === undefined || raw === "" ? NaN : Number(raw);
  return Number.isFinite(parsed) ? parsed : fallback;
};

const port = numberFrom(process.env.PORT, 8080);
const host = process.env.HOST || "0.0.0.0";
const dataDir = resolve(process.env.DATA_DIR || "./data");
const publicUrl = process.env.PUBLIC_URL || `http://localhost:${port}`;
const distDir = fileURLToPath(new URL("../dist", import.meta.url));
const log = consoleLog;

mkdirSync(dataDir, { recursive: true });
const databaseFile = join(dataDir, "analytics.duckdb");
const warehouse = await openDuckDbWarehouse({ path: databaseFile, clock: Date.now }).catch((error: unknown) => {
  log.error(`cannot open ${databaseFile} (is another server using this DATA_DIR?)`, { error });
  process.exit(1);
});
if (await warehouse.demoData.isEmpty()) {
  const parameters = {
    seed: numberFrom(process.env.DEMO_SEED, defaultDemoDataParameters.seed),
    scale: numberFrom(process.env.DEMO_SCALE, defaultDemoDataParameters.scale),
  };
  const started = performance.now();
  await plantDemoData(warehouse, generateDemoData(parameters));
  log.info("demo data written", { ...parameters, ms: Math.round(performance.now() - started) });
}

const staticDir = existsSync(join(distDir, "index.html")) ? distDir : null;
if (!staticDir) log.warn("no built app in dist/ (run `npm run build`); serving the API only");

const app = createApp({ warehouse, outbox: new FileOutbox(join(dataDir, "outbox.jsonl"), log), clock: Date.now, staticDir, log, publicUrl });

const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  const lines = [
    `Attribution analytics on http://localhost:${info.port}/ (listening on ${host}:${info.port})`,
    `Data in ${dataDir}; password-reset links go to ${join(dataDir, "outbox.jsonl")}`,
    "Demo sign-ins:",
    ...demoSignIns.map((s) => `  ${s.username} / ${s.password}  ${s.note}`),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}) as Server;

let stopping = false;
const stop = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  log.info("stopping", { signal });
  const force = setTimeout(() => process.exit(1), 5000);
  force.unref();
  server.close(() => {
    void warehouse.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error("closing the warehouse failed", { error });
        process.exit(1);
      },
    );
  });
  server.closeIdleConnections();
  // Keep-alive connections that are still busy get a moment to finish.
  setTimeout(() => server.closeAllConnections(), 1000).unref();
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
