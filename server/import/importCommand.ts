import { existsSync } from "node:fs";
import { createEngine } from "../engine/createEngine";
import { importFiles, type BadRow, type ImportOutcome } from "../engine/bulkImport";
import { silentLog } from "../log";
import { openDuckDbFileRows } from "../warehouse/duckdb/fileRows";
import { openWarehouse, warehousePath, type WarehouseSettings } from "../warehouse/openWarehouse";

/**
 * `npm run import -- --program <code> <file>...` (docs/engine.md, "Bulk import"): imports
 * Parquet, CSV and NDJSON files of events or orders into a program of the database in
 * DATA_DIR (./data), or of the warehouse WAREHOUSE names (as the server reads it), through
 * the validated ingest path, then processes the program. An embedded engine lets one
 * process write its data: the server must be stopped while importing (the command says so
 * when DuckDB's database is in use), and started again after.
 */

export const usage = "usage: npm run import -- --program <code> <file.parquet|file.csv|file.ndjson>...";

export interface CommandAnswer {
  /** 0 imported; 1 nothing imported (or some rows refused: see the lines). */
  readonly code: number;
  readonly lines: ReadonlyArray<string>;
}

/** `--program <code>` (or `--program=<code>`) and the files. */
export const commandArgumentsOf = (args: ReadonlyArray<string>): { readonly program: string | null; readonly files: ReadonlyArray<string> } => {
  let program: string | null = null;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--program") program = args[++i] ?? null;
    else if (arg.startsWith("--program=")) program = arg.slice("--program=".length);
    else if (arg !== "--") files.push(arg);
  }
  return { program, files };
};

const rowLines = (rows: ReadonlyArray<BadRow>): ReadonlyArray<string> => rows.map((r) => `  row ${r.row}: ${r.problem}`);

/** The report of an import, one line each. */
export const reportLines = (outcome: ImportOutcome): ReadonlyArray<string> =>
  outcome.ok
    ? outcome.files.flatMap((f) => [
        `${f.file}: ${f.rows} ${f.kind} read: ${f.accepted} stored, ${f.duplicates} already stored, ${f.refused} refused`,
        ...(f.refused > 0 ? [`  refused by reason: ${[...f.reasons].map(([reason, n]) => `${reason} ${n}`).join(", ")}; the refused rows:`] : []),
        ...rowLines([...f.badRows].sort((a, b) => a.row - b.row)),
        ...(f.refused > f.badRows.length ? [`  and ${f.refused - f.badRows.length} more refused rows`] : []),
      ])
    : [
        "Nothing was imported:",
        ...outcome.problems.flatMap((p) => [...p.problems.map((problem) => `${p.file}: ${problem}`), ...rowLines(p.badRows)]),
      ];

/** A database another process holds (the server): DuckDB's lock refusal. */
export const isLocked = (error: unknown): boolean => /lock/i.test(String(error instanceof Error ? error.message : error));

export const runImportCommand = async (
  args: ReadonlyArray<string>,
  dataDir: string,
  clock: () => number = Date.now,
  choice: Omit<WarehouseSettings, "clock" | "dataDir"> = { engine: "duckdb" },
): Promise<CommandAnswer> => {
  const { program: code, files } = commandArgumentsOf(args);
  if (!code || files.length === 0) return { code: 1, lines: [usage] };
  const missingFiles = files.filter((f) => !existsSync(f));
  if (missingFiles.length > 0) return { code: 1, lines: ["Nothing was imported:", ...missingFiles.map((f) => `${f}: no such file`)] };
  const databaseFile = choice.engine === "clickhouse" ? null : warehousePath(choice.engine, dataDir);
  if (databaseFile !== null && !existsSync(databaseFile)) {
    return { code: 1, lines: [`There is no database at ${databaseFile}: start the server once (npm start) to create it, or set DATA_DIR.`] };
  }
  let warehouse;
  try {
    warehouse = await openWarehouse({ ...choice, dataDir, clock });
  } catch (error) {
    if (isLocked(error)) {
      return {
        code: 1,
        lines: [
          `${databaseFile} is in use by another process: is the server running with this DATA_DIR?`,
          "An embedded database lets one process write it: stop the server, import, then start it again.",
        ],
      };
    }
    throw error;
  }
  const reader = await openDuckDbFileRows();
  try {
    const program = await warehouse.programs.findByCode(code);
    if (!program) {
      const known = (await warehouse.programs.all()).map((p) => p.code).join(", ");
      return { code: 1, lines: [`There is no program '${code}' (programs: ${known}).`] };
    }
    const engine = createEngine({ warehouse, clock, log: silentLog });
    const started = performance.now();
    const outcome = await importFiles({ reader, target: warehouse.ingestion, process: engine.processIngested, clock }, program, files);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const refused = outcome.ok && outcome.files.some((f) => f.refused > 0);
    return {
      code: outcome.ok && !refused ? 0 : 1,
      lines: [...reportLines(outcome), ...(outcome.ok ? [`${program.code}: imported and processed in ${seconds} s`] : [])],
    };
  } finally {
    await reader.close();
    await warehouse.close();
  }
};
