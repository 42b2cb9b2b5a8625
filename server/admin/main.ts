import { existsSync, mkdirSync } from "node:fs";
import { isLocked } from "../import/importCommand";
import { serverSettingsOf } from "../serverSettings";
import { openWarehouse, warehousePath } from "../warehouse/openWarehouse";
import { runAdminCommand } from "./adminCommand";
import { askHidden } from "./askHidden";

/** The entry of `npm run admin` (see adminCommand.ts). */
const settings = serverSettingsOf(process.env);
const say = (answer: { readonly code: number; readonly lines: ReadonlyArray<string> }): void => {
  for (const line of answer.lines) (answer.code === 0 ? process.stdout : process.stderr).write(`${line}\n`);
  process.exitCode = answer.code;
};

if ("refused" in settings.warehouse) {
  say({ code: 1, lines: [settings.warehouse.refused] });
} else {
  const choice = settings.warehouse;
  const databaseFile = choice.engine === "clickhouse" ? null : warehousePath(choice.engine, settings.dataDir);
  const answer = await runAdminCommand(process.argv.slice(2), {
    open: async () => {
      if (databaseFile !== null && !existsSync(databaseFile)) mkdirSync(settings.dataDir, { recursive: true });
      return openWarehouse({ ...choice, dataDir: settings.dataDir, clock: Date.now });
    },
    askPassword: askHidden,
    clock: Date.now,
  }).catch((error: unknown) => ({
    code: 1,
    lines: isLocked(error)
      ? [`${databaseFile ?? "The database"} is in use by another process: stop the server, create the admin, then start it again.`]
      : [`No admin created: ${String(error instanceof Error ? error.message : error).split("\n")[0]}`],
  }));
  say(answer);
}
