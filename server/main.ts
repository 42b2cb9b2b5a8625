import { existsSync, mkdirSync } from "node:fs";
import type { Server } from "node:http";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { BackgroundWork } from "./http/backgroundWork";
import { collectionLoadTiming, openCollectionLog, rememberRecentIds } from "./engine/collectionLog";
import { createEngine } from "./engine/createEngine";
import { feedNewestDay } from "./demoNewestDay";
import { consoleLog } from "./log";
import { mailSettingsOf, openOutbox } from "./outbox/mailSettings";
import { dayOfMs } from "./seed/calendar";
import { defaultDemoDataParameters, demoSignIns, generateDemoData } from "./seed/demoData";
import { demoScaleFrom } from "./seed/demoScale";
import { plantDemoData } from "./seed/plantDemoData";
import { demoSignInsKept } from "./seed/demoSignIns";
import { listensBeyondThisMachine, listeningLines, numberFrom, serverSettingsOf } from "./serverSettings";
import { openWarehouse } from "./warehouse/openWarehouse";

/**
 * `npm run serve`: the API and the built SPA on one port.
 * PORT (8080), HOST (127.0.0.1; 0.0.0.0 opens every interface), DATA_DIR (./data),
 * PUBLIC_URL (the address the banner prints, http://127.0.0.1:PORT), TRUSTED_PROXIES (none), DEMO_SEED and DEMO_SCALE
 * (a number, or `bench` for 10 million hits; used only when the database is new: a
 * DATA_DIR kept between runs is reused as it is), WAREHOUSE (duckdb; chdb; clickhouse with
 * CLICKHOUSE_URL ...), DEMO (on; off: the production start, no demo data or sign-ins), COLLECT_LOG (on: POST /collect
 * through the collection log, docs/engine.md; off: each request stored in the warehouse before its answer). See serverSettings.ts.
 * SMTP_URL (unset: mail goes to DATA_DIR/outbox.jsonl; smtp://user:password@host:587 or smtps://…: sent
 * over SMTP, queued and retried, never holding an answer) and MAIL_FROM (the sender). See outbox/mailSettings.ts.
 */
const {
  port,
  host,
  dataDir,
  publicUrl,
  trustedProxies,
  warehouse: warehouseChoice,
  clock: clockChoice,
  demo: demoChoice,
  collectionLog: collectionLogChoice,
} = serverSettingsOf(process.env);
const distDir = process.env.DIST_DIR ? resolve(process.env.DIST_DIR) : fileURLToPath(new URL("../dist", import.meta.url));
const log = consoleLog;
const background = new BackgroundWork(log);

mkdirSync(dataDir, { recursive: true });
if ("refused" in warehouseChoice) {
  log.error(warehouseChoice.refused);
  process.exit(1);
}
if ("refused" in clockChoice) {
  log.error(clockChoice.refused);
  process.exit(1);
}
if (typeof demoChoice !== "boolean") {
  log.error(demoChoice.refused);
  process.exit(1);
}
if (typeof collectionLogChoice !== "boolean") {
  log.error(collectionLogChoice.refused);
  process.exit(1);
}
const mailSettings = mailSettingsOf(process.env, publicUrl);
if ("refused" in mailSettings) {
  log.error(mailSettings.refused);
  process.exit(1);
}
const clock = clockChoice;
const demo = demoChoice;
const warehouseName =
  warehouseChoice.engine === "clickhouse" ? `the ClickHouse server at ${warehouseChoice.clickhouse?.url ?? ""}` : `${warehouseChoice.engine} in ${dataDir}`;
const warehouse = await openWarehouse({ ...warehouseChoice, dataDir, clock }).catch((error: unknown) => {
  log.error(`cannot open ${warehouseName} (is another server using this DATA_DIR?)`, { error });
  process.exit(1);
});
const engine = createEngine({ warehouse, clock, log });

/** Runs the attribution engine; a failure is logged and the server still serves (reports stay empty). */
const runEngine = async (what: string, work: () => Promise<void>): Promise<void> => {
  const started = performance.now();
  try {
    await work();
    log.info(`attribution engine: ${what} done`, { ms: Math.round(performance.now() - started) });
  } catch (error) {
    log.error(`attribution engine: ${what} FAILED; serving without attribution facts`, { error });
  }
};

if (!demo) {
  // The production start: never the demo's data, and never its sign-ins.
  const kept = await demoSignInsKept(warehouse.users);
  if (kept.length > 0) {
    log.error(
      `DEMO=off, but ${dataDir} holds the demo's sign-ins (${kept.join(", ")}): start the production server on an empty DATA_DIR`,
    );
    process.exit(1);
  }
}
// The collection log (COLLECT_LOG unset or on): the events acknowledged before a stop or a crash but not yet in the warehouse are loaded before
// anything else (their marks are then processed below like any other); a record a crash tore is cut on opening.
const collectionLog = collectionLogChoice ? await openCollectionLog({ dir: join(dataDir, "collection-log"), log }) : null;
if (collectionLog) {
  const loaded = await collectionLog.load(warehouse.ingestion);
  // The ids the warehouse kept lately: resent after the restart, they are answered as duplicates (engine/recentEventIds.ts).
  const programIds = (await warehouse.programs.all()).map((program) => program.id);
  const remembered = await rememberRecentIds(collectionLog, warehouse.ingestion, programIds, clock());
  log.info("collection log opened", { requestsLoaded: loaded, recentIdsRemembered: remembered });
}
const loadsDemo = demo && (await warehouse.demoData.isEmpty()) && !(await warehouse.users.anyAccount());
if (demo && !loadsDemo && (await warehouse.demoData.isEmpty())) {
  log.warn("this database has accounts but no program: the demo data is not loaded into it");
}
if (loadsDemo) {
  const scale = demoScaleFrom(process.env.DEMO_SCALE, defaultDemoDataParameters.scale);
  if (scale === null) log.warn("DEMO_SCALE is neither a number nor 'bench'; using the default", { DEMO_SCALE: process.env.DEMO_SCALE });
  const parameters = {
    seed: Math.trunc(numberFrom(process.env.DEMO_SEED, defaultDemoDataParameters.seed)),
    scale: scale ?? defaultDemoDataParameters.scale,
    today: dayOfMs(clock()),
  };
  const started = performance.now();
  // The newest day is held back from the bulk load and sent through the ingest path once the rest is materialised.
  const newestDay = await plantDemoData(warehouse, generateDemoData(parameters), undefined, { holdNewestDay: true });
  log.info("demo data written", { ...parameters, ms: Math.round(performance.now() - started) });
  await runEngine("demo data materialised", async () => {
    for (const program of await warehouse.programs.all()) await engine.reclassify(program.id);
  });
  await runEngine("demo's newest day ingested", async () => {
    log.info("demo's newest day through the ingest path", { ...(await feedNewestDay(warehouse, engine, newestDay, clock())) });
  });
} else if (!(await warehouse.demoData.isEmpty())) {
  // A database kept from an earlier run: materialise only programs that never were (a start interrupted mid-way).
  await runEngine("start-up check", () => engine.materialiseMissing());
  // A spend write marks its program's cost facts due in its own transaction and the refresh after it
  // clears the mark; a stop (or a crash) between the two leaves the mark: those facts are derived again.
  await runEngine("cost facts refreshed", async () => {
    for (const programId of await warehouse.costs.programsWithCostsDue()) await engine.refreshCosts(programId);
  });
  // Events and orders accepted before a stop but not yet folded into the facts keep their marks: processed now.
  await runEngine("ingested data processed", async () => {
    for (const programId of await warehouse.ingestion.programsDue()) await engine.processIngested(programId);
  });
}

const staticDir = existsSync(join(distDir, "index.html")) ? distDir : null;
if (!staticDir) log.warn("no built app in dist/ (run `npm run build`); serving the API only");

const mail = openOutbox(mailSettings, { dataDir, log });
const app = createApp({
  warehouse,
  engine,
  outbox: mail.outbox,
  clock,
  staticDir,
  log,
  publicUrl,
  trustedProxies,
  background,
  exposedDemo: demo && listensBeyondThisMachine(host),
  collectionLog,
  collectionLoadTiming,
});

const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  const lines = [
    ...listeningLines(host, info.port, demo, publicUrl),
    `Data in ${warehouseName}; mail (password resets, invitations) goes to ${mail.destination}`,
    ...(demo
      ? ["Demo sign-ins:", ...demoSignIns.map((s) => `  ${s.username} / ${s.password}  ${s.note}`)]
      : [
          "Production start (DEMO=off): no demo data or sign-ins.",
          "With no account yet, the first visit creates the first admin (or: npm run admin -- create-admin --email E).",
        ]),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}) as Server;

/** How long a stopping server still tries to send the mail it holds. */
const mailDrainMs = 3000;
let stopping = false;
const stop = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  log.info("stopping", { signal });
  const force = setTimeout(() => process.exit(1), 5000 + mailDrainMs);
  force.unref();
  server.close(() => {
    void background
      .settled()
      .then(() => collectionLog?.close())
      .then(() => mail.drain(mailDrainMs))
      .then(() => warehouse.close())
      .then(
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
