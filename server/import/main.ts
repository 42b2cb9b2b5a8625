import { serverSettingsOf } from "../serverSettings";
import { runImportCommand } from "./importCommand";

/** The entry of `npm run import` (see importCommand.ts). */
const answer = await runImportCommand(process.argv.slice(2), serverSettingsOf(process.env).dataDir);
for (const line of answer.lines) (answer.code === 0 ? process.stdout : process.stderr).write(`${line}\n`);
process.exitCode = answer.code;
