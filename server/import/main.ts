import { serverSettingsOf } from "../serverSettings";
import { runImportCommand } from "./importCommand";

/** The entry of `npm run import` (see importCommand.ts). */
const settings = serverSettingsOf(process.env);
const answer =
  "refused" in settings.warehouse
    ? { code: 1, lines: [settings.warehouse.refused] }
    : await runImportCommand(process.argv.slice(2), settings.dataDir, Date.now, settings.warehouse);
for (const line of answer.lines) (answer.code === 0 ? process.stdout : process.stderr).write(`${line}\n`);
process.exitCode = answer.code;
