import { serverSettingsOf } from "../serverSettings";
import { runImportCommand } from "./importCommand";

/** The entry of `npm run import` (see importCommand.ts). */
const settings = serverSettingsOf(process.env);
/** An unexpected failure in one line, no stack trace: what was stored before it stays stored (the command may be run again). */
const failed = (error: unknown) => ({
  code: 1,
  lines: [`The import stopped: ${String(error instanceof Error ? error.message : error).split("\n")[0]}. Rows stored before it stay stored; importing the same files again stores only the rest.`],
});
const answer =
  "refused" in settings.warehouse
    ? { code: 1, lines: [settings.warehouse.refused] }
    : await runImportCommand(process.argv.slice(2), settings.dataDir, Date.now, settings.warehouse).catch(failed);
for (const line of answer.lines) (answer.code === 0 ? process.stdout : process.stderr).write(`${line}\n`);
process.exitCode = answer.code;
