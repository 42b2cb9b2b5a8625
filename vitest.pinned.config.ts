import { availableParallelism } from "node:os";
import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";
import { pinnedDays } from "./test/support/pinnedDays";

/**
 * The date-sensitive test files on every pinned day in one run (scripts/pinned-days.ts
 * writes the list of files that read the clock and names it in PINNED_FILES): one project
 * per day, whose workers have the clock pinned to the day's instant (TEST_NOW) and run in
 * its time zone (TZ). Node files share a process per worker, as in vitest.config.ts; view
 * files get a fresh one with jsdom.
 */
const files: ReadonlyArray<string> = process.env.PINNED_FILES ? (JSON.parse(readFileSync(process.env.PINNED_FILES, "utf8")) as string[]) : [];
const days = process.env.PINNED_DAYS ? pinnedDays.filter((d) => process.env.PINNED_DAYS?.split(",").includes(d.name)) : pinnedDays;
const nodeFiles = files.filter((f) => !f.endsWith(".tsx"));
const viewFiles = files.filter((f) => f.endsWith(".tsx"));

export default defineConfig({
  test: {
    pool: "forks",
    maxWorkers: availableParallelism(),
    setupFiles: ["test/setup.ts"],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    projects: days.flatMap((day) => [
      ...(nodeFiles.length
        ? [{ extends: true as const, test: { name: day.name, include: [...nodeFiles], environment: "node", isolate: false, env: { TEST_NOW: day.now, TZ: day.timeZone } } }]
        : []),
      ...(viewFiles.length
        ? [{ extends: true as const, test: { name: `${day.name} views`, include: [...viewFiles], environment: "jsdom", isolate: true, env: { TEST_NOW: day.now, TZ: day.timeZone } } }]
        : []),
    ]),
  },
});
