/**
 * The bulk import budget (docs/engine.md, "Bulk import"): a year of history, 1,000,000
 * events, imported from one Parquet file at 100,000 hits a second or more on 2 cores,
 * counted from the first read to the facts built (the import's processing included).
 *
 * A fresh database in a temporary folder gets a small demo data set (the programs and
 * their classification), materialised; DuckDB then writes the Parquet file: a million
 * events over the 365 days before today (nine clicks for one impression, 200,000 visitors,
 * landing URLs with utm parameters of six channels). The import goes the command's way
 * (server/import/importCommand.ts): the file checked, its events checked set-wise and stored
 * by the warehouse's importEventFile (the rows its checks leave read by the ingest path),
 * then the program processed once. Printed: hits a second, the time the facts took to build
 * (part of the import) and the time the file took to write (not part of it).
 *
 * `node --import tsx bench/bulkImport.ts` runs it on its own (`--text`: only the mixed-text row below).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { importFiles } from "../server/engine/bulkImport";
import { createEngine } from "../server/engine/createEngine";
import { silentLog } from "../server/log";
import { generateDemoData } from "../server/seed/demoData";
import { plantDemoData } from "../server/seed/plantDemoData";
import { openDuckDbFileRows } from "../server/warehouse/duckdb/fileRows";
import { openDuckDbWarehouse } from "../server/warehouse/duckdb/duckdbWarehouse";
import type { BenchRow } from "./exports";
import { isRunDirectly } from "./standalone";

export const bulkImportHits = 1_000_000;
export const bulkImportBudget = 100_000;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export const runBulkImportBench = async (): Promise<ReadonlyArray<BenchRow>> => {
  const dir = mkdtempSync(join(tmpdir(), "bulk-import-bench-"));
  try {
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const warehouse = await openDuckDbWarehouse({ path: join(dir, "analytics.duckdb"), clock: Date.now });
    await plantDemoData(warehouse, generateDemoData({ seed: 7, scale: 0.02, today }));
    const engine = createEngine({ warehouse, clock: Date.now, log: silentLog });
    for (const program of await warehouse.programs.all()) await engine.reclassify(program.id);

    const file = join(dir, "hits.parquet");
    const writeStarted = performance.now();
    const writer = await DuckDBInstance.create(":memory:");
    const connection = await writer.connect();
    await connection.run(
      `COPY (
        SELECT 'bulk-' || i AS event_id,
          CASE WHEN i % 10 = 9 THEN 'impression' ELSE 'click' END AS type,
          make_timestamp(CAST((${now} - 60000 - i * (CAST(365 AS BIGINT) * 86400000 // ${bulkImportHits})) * 1000 AS BIGINT)) AS time,
          'visitor-' || (hash(i) % 200000) AS visitor_id,
          'https://shop.example/p/' || (i % 500) || '?' || ['utm_source=google&utm_medium=cpc&utm_campaign=Brand',
            'utm_source=newsletter&utm_medium=email', 'utm_source=facebook&utm_medium=paid_social',
            'utm_source=bing&utm_medium=cpc', 'utm_source=partner&utm_medium=affiliate', 'utm_source=direct'][1 + i % 6] AS url
        FROM range(${bulkImportHits}) t(i)
      ) TO '${file}' (FORMAT parquet)`,
    );
    connection.closeSync();
    writer.closeSync();
    const writeMs = performance.now() - writeStarted;

    const program = await warehouse.programs.findByCode("northwind");
    if (!program) throw new Error("the demo data has no program northwind");
    const reader = await openDuckDbFileRows();
    let processMs = 0;
    const started = performance.now();
    const outcome = await importFiles(
      {
        reader,
        target: warehouse.ingestion,
        clock: Date.now,
        process: async (programId) => {
          const processing = performance.now();
          await engine.processIngested(programId);
          processMs = performance.now() - processing;
        },
      },
      program,
      [file],
    );
    const importMs = performance.now() - started;
    await reader.close();
    await warehouse.close();
    if (!outcome.ok) throw new Error(`the bench's file was refused: ${JSON.stringify(outcome.problems)}`);
    const stored = outcome.files.reduce((sum, f) => sum + f.accepted, 0);
    if (stored !== bulkImportHits) throw new Error(`${stored} of ${bulkImportHits} events were stored`);
    const perSecond = Math.round(stored / (importMs / 1000));
    return [
      {
        measure: `bulk import, ${bulkImportHits.toLocaleString("en")} hits from Parquet (read, validated, stored, processed)`,
        value: `${perSecond.toLocaleString("en")} hits/s (${seconds(importMs)})`,
        budget: `≥ ${bulkImportBudget.toLocaleString("en")} hits/s`,
        verdict: perSecond >= bulkImportBudget ? "within" : "OVER",
      },
      { measure: "bulk import: the facts built after it (part of the above)", value: seconds(processMs), budget: "", verdict: "info" },
      { measure: "bulk import: the Parquet file written by DuckDB (not part of it)", value: seconds(writeMs), budget: "", verdict: "info" },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** Rows of each file of the text bench: the ASCII file and the mixed one, the same size. */
export const mixedTextHits = 200_000;
/** The mixed file's import time at most this many times the ASCII file's, in the same run. */
export const mixedTextBudget = 1.3;

/** Campaign names beyond ASCII, as a browser's address bar sends them (percent-encoded UTF-8: two, three and four bytes). */
const nonAsciiCampaigns = ["Été soldes", "Frühling", "Распродажа", "夏のセール", "Nöel 🎄", "Ofertas de otoño"];
const asciiCampaigns = ["Brand", "Summer Sale", "Spring", "Retargeting", "Autumn", "Winter"];

/** A file of `hits` events whose landings carry utm_campaign from `campaigns` (encoded as a browser encodes them). */
const writeCampaignFile = async (file: string, prefix: string, now: number, hits: number, campaigns: ReadonlyArray<string>): Promise<void> => {
  const queries = campaigns.map((c, i) => `'utm_source=${["google", "newsletter", "facebook"][i % 3]}&utm_medium=${["cpc", "email", "paid_social"][i % 3]}&utm_campaign=${encodeURIComponent(c)}'`);
  const writer = await DuckDBInstance.create(":memory:");
  const connection = await writer.connect();
  await connection.run(
    `COPY (
      SELECT '${prefix}-' || i AS event_id, 'click' AS type,
        make_timestamp(CAST((${now} - 60000 - i * (CAST(365 AS BIGINT) * 86400000 // ${hits})) * 1000 AS BIGINT)) AS time,
        '${prefix}-visitor-' || (hash(i) % 60000) AS visitor_id,
        'https://shop.example/p/' || (i % 500) || '?' || [${queries.join(", ")}][1 + i % ${queries.length}] AS url
      FROM range(${hits}) t(i)
    ) TO '${file}' (FORMAT parquet)`,
  );
  connection.closeSync();
  writer.closeSync();
};

/**
 * Campaign names beyond ASCII import as fast as ASCII ones (issue 26, item 5): files of
 * `mixedTextHits` events, ASCII ones whose campaign names are ASCII and mixed ones where every
 * other row's name is percent-encoded UTF-8 (é, ü, Cyrillic, Japanese, an emoji), imported the
 * command's way (each kind into a program of its own in one database, two files each); the
 * mixed files' time as a ratio of the ASCII files' in the same run (the machine's load cancels out).
 */
export const runMixedTextImportBench = async (): Promise<ReadonlyArray<BenchRow>> => {
  const dir = mkdtempSync(join(tmpdir(), "bulk-import-text-bench-"));
  try {
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    const warehouse = await openDuckDbWarehouse({ path: join(dir, "analytics.duckdb"), clock: Date.now });
    await plantDemoData(warehouse, generateDemoData({ seed: 7, scale: 0.02, today }));
    const engine = createEngine({ warehouse, clock: Date.now, log: silentLog });
    for (const program of await warehouse.programs.all()) await engine.reclassify(program.id);
    const file = (name: string) => join(dir, `${name}.parquet`);
    const mixedCampaigns = asciiCampaigns.flatMap((c, i) => [c, nonAsciiCampaigns[i] ?? c]);
    for (const turn of [1, 2]) {
      await writeCampaignFile(file(`ascii-${turn}`), `ascii-${turn}`, now, mixedTextHits, asciiCampaigns);
      await writeCampaignFile(file(`mixed-${turn}`), `mixed-${turn}`, now, mixedTextHits, mixedCampaigns);
    }
    const reader = await openDuckDbFileRows();
    const timed = async (code: string, path: string): Promise<number> => {
      const program = await warehouse.programs.findByCode(code);
      if (!program) throw new Error(`the demo data has no program ${code}`);
      const started = performance.now();
      const outcome = await importFiles({ reader, target: warehouse.ingestion, clock: Date.now, process: (id) => engine.processIngested(id) }, program, [path]);
      const ms = performance.now() - started;
      if (!outcome.ok) throw new Error(`the bench's file was refused: ${JSON.stringify(outcome.problems)}`);
      const stored = outcome.files.reduce((sum, f) => sum + f.accepted, 0);
      if (stored !== mixedTextHits) throw new Error(`${stored} of ${mixedTextHits} events of ${path} were stored`);
      return ms;
    };
    // In the order ASCII, mixed, mixed, ASCII (each kind into a program of its own, the second time beside the first
    // file's hits), so neither kind gains from going first or from the load drifting during the run.
    const firstAscii = await timed("northwind", file("ascii-1"));
    const mixedMs = (await timed("bluepeak", file("mixed-1"))) + (await timed("bluepeak", file("mixed-2")));
    const asciiMs = firstAscii + (await timed("northwind", file("ascii-2")));
    await reader.close();
    await warehouse.close();
    const ratio = mixedMs / asciiMs;
    const rate = (ms: number) => `${Math.round((2 * mixedTextHits) / (ms / 1000)).toLocaleString("en")} hits/s`;
    return [
      {
        measure: `bulk import, 2 × ${mixedTextHits.toLocaleString("en")} hits, half with campaign names beyond ASCII: time / ASCII files'`,
        value: `${ratio.toFixed(2)}× (${rate(mixedMs)} against ${rate(asciiMs)})`,
        budget: `≤ ${mixedTextBudget}×`,
        verdict: ratio <= mixedTextBudget ? "within" : "OVER",
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

if (isRunDirectly(import.meta.filename)) {
  (process.argv.includes("--text") ? runMixedTextImportBench() : runBulkImportBench())
    .then((rows) => {
      for (const r of rows) console.log(`${r.measure.padEnd(90)} ${r.value}  (${r.budget || "-"}; ${r.verdict})`);
    })
    .catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
}
