/**
 * The page bench/exports.ts drives in Chromium (built by bench/vite.bench.config.ts, so
 * the workers are bundled exactly as the app's are). It times, with the app's own
 * services: an export of 100,000 rows x 25 columns to xlsx in the writer worker, and the
 * import (read in a fresh reader worker) of a 10,000-row spreadsheet; then publishes the
 * numbers on `window.__benchResult`.
 */
import { Effect } from "effect";
import { installTemporal } from "../src/installTemporal";
import { previewSheet } from "../src/machines/spend/spendBatch.machine";
import { csvBlob } from "../src/services/exports/csvFile";
import { writeWorkbook } from "../src/services/exports/writeWorkbook";
import { readWorkbook } from "../src/services/workbook/readWorkbook";

export interface ExportsPageResult {
  readonly ok: boolean;
  readonly error?: string;
  /** Milliseconds of each run, in order (the first is the cold one). */
  readonly exportXlsxMs: number[];
  readonly exportXlsxBytes: number;
  /** The longest main-thread task seen during an export run. */
  readonly exportLongestTaskMs: number;
  readonly importXlsxMs: number[];
  readonly importCsvMs: number[];
  /** Rebuilding and checking the 10,000 rows on the main thread (rowsFromSheet + spend rules). */
  readonly previewMs: number[];
  readonly importedRows: number;
  /** A fresh reader worker's start-up: from creation to its answer to an empty request. */
  readonly readerStartupMs: number[];
  readonly userAgent: string;
}

declare global {
  interface Window {
    __benchResult?: ExportsPageResult;
  }
}

const log = (line: string) => {
  const el = document.getElementById("log");
  if (el) el.textContent += `${line}\n`;
};

const exportRows = 100_000;
const exportColumns = 25;
const importRows = 10_000;
const runs = 3;

/** A performance table as the export gets it: 4 taxonomy columns, 21 metrics. */
const exportTable = () => {
  const header = [
    "Taxonomy 1",
    "Taxonomy 2",
    "Taxonomy 3",
    "Taxonomy 4",
    ...Array.from({ length: exportColumns - 4 }, (_, i) => `Metric ${i + 1}`),
  ];
  const rows: Array<Array<string | number | null>> = [];
  for (let r = 0; r < exportRows; r++) {
    const row: Array<string | number | null> = [`Channel ${r % 12}`, `Campaign ${r % 240}`, `Ad group ${r % 1900}`, `Keyword ${r}`];
    for (let c = 0; c < exportColumns - 4; c++) row.push(c % 5 === 0 ? (r * 7 + c) % 1000 : Math.round(((r + 1) * (c + 3) * 1.37) % 100000) / 100);
    rows.push(row);
  }
  return { header, rows };
};

/** A spend sheet of 10,000 rows. */
const importTable = () => ({
  header: ["taxonomy_1", "taxonomy_2", "taxonomy_3", "taxonomy_4", "cost", "frequency", "start_date", "end_date"],
  rows: Array.from({ length: importRows }, (_, r) => [
    `Channel ${r % 12}`,
    `Campaign ${r % 240}`,
    `Ad group ${r % 1900}`,
    "",
    `£${(((r * 13.37) % 5000) + 1).toFixed(2)}`,
    r % 3 === 0 ? "single" : "daily",
    `2026-01-${String((r % 28) + 1).padStart(2, "0")}`,
    r % 3 === 0 ? "" : "2026-02-28",
  ]),
});

const longTasks: number[] = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push(e.duration);
  }).observe({ type: "longtask", buffered: false });
} catch {
  // no long-task timing in this browser
}

const time = async <A>(f: () => Promise<A>): Promise<{ ms: number; value: A }> => {
  const start = performance.now();
  const value = await f();
  return { ms: performance.now() - start, value };
};

const main = async (): Promise<ExportsPageResult> => {
  await installTemporal();
  const userAgent = navigator.userAgent;

  log("building 100,000 x 25 rows…");
  const table = exportTable();
  const exportXlsxMs: number[] = [];
  let exportXlsxBytes = 0;
  let exportLongestTaskMs = 0;
  for (let i = 0; i < runs; i++) {
    await new Promise((r) => setTimeout(r, 50));
    longTasks.length = 0;
    const { ms, value } = await time(() => Effect.runPromise(writeWorkbook({ ...table, sheetName: "Performance Report" })));
    await new Promise((r) => setTimeout(r, 0));
    const head = new Uint8Array(await value.slice(0, 2).arrayBuffer());
    if (head[0] !== 0x50 || head[1] !== 0x4b) throw new Error("the export is not a zip file");
    exportXlsxMs.push(ms);
    exportXlsxBytes = value.size;
    exportLongestTaskMs = Math.max(exportLongestTaskMs, ...longTasks, 0);
    log(`export ${i + 1}: ${ms.toFixed(0)} ms, ${value.size} bytes`);
  }

  log("building a 10,000-row spreadsheet…");
  const spend = importTable();
  const xlsx = await Effect.runPromise(writeWorkbook({ ...spend, sheetName: "Costs" }));
  const xlsxFile = new File([xlsx], "costs.xlsx", { type: xlsx.type });
  const csvFile = new File([csvBlob(spend)], "costs.csv", { type: "text/csv" });
  const importXlsxMs: number[] = [];
  const importCsvMs: number[] = [];
  const previewMs: number[] = [];
  let importedRows = 0;
  const readerStartupMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = await time(
      () =>
        new Promise<void>((resolve) => {
          const worker = new Worker(new URL("../src/services/workbook/workbookReader.worker.ts", import.meta.url), { type: "module" });
          worker.onmessage = () => {
            worker.terminate();
            resolve();
          };
          worker.postMessage({ bytes: new ArrayBuffer(0), kind: "csv", maxRows: 1, maxColumns: 1 });
        }),
    );
    readerStartupMs.push(s.ms);
    const x = await time(() => Effect.runPromise(readWorkbook(xlsxFile)));
    importXlsxMs.push(x.ms);
    const c = await time(() => Effect.runPromise(readWorkbook(csvFile)));
    importCsvMs.push(c.ms);
    const sheet = x.value.sheets[0]?.rows ?? [];
    if (sheet.length !== importRows + 1 || (c.value.sheets[0]?.rows.length ?? 0) !== importRows + 1) throw new Error(`read ${sheet.length} rows`);
    const p = await time(async () => previewSheet(sheet, { headerRow: true, skip: 0 }));
    if (p.value.problem !== null || p.value.rows.some((r) => r.check.kind !== "ready")) throw new Error(`preview: ${p.value.problem ?? "rows not ready"}`);
    previewMs.push(p.ms);
    importedRows = p.value.rows.length;
    log(`import ${i + 1}: xlsx ${x.ms.toFixed(0)} ms, csv ${c.ms.toFixed(0)} ms, preview ${p.ms.toFixed(0)} ms, reader start-up ${s.ms.toFixed(0)} ms`);
  }
  return { ok: true, exportXlsxMs, exportXlsxBytes, exportLongestTaskMs, importXlsxMs, importCsvMs, previewMs, importedRows, readerStartupMs, userAgent };
};

main().then(
  (result) => {
    window.__benchResult = result;
    document.title = "exports bench: done";
  },
  (error: unknown) => {
    const message = error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : String(error);
    log(`failed: ${message}`);
    window.__benchResult = {
      ok: false,
      error: message,
      exportXlsxMs: [],
      exportXlsxBytes: 0,
      exportLongestTaskMs: 0,
      importXlsxMs: [],
      importCsvMs: [],
      previewMs: [],
      importedRows: 0,
      readerStartupMs: [],
      userAgent: navigator.userAgent,
    };
    document.title = "exports bench: failed";
  },
);
