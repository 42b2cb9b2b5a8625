import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";
import suite from "./vitest.config";
import { pinnedDays } from "./test/support/pinnedDays";

/**
 * The date-sensitive test files on every pinned day in one run (scripts/pinned-days.ts
 * writes the list of files that read the clock and names it in PINNED_FILES): one project
 * per day, whose workers have the clock pinned to the day's instant (TEST_NOW) and run in
 * its time zone (TZ). The files are the node suites' and share a process per worker, as in
 * vitest.config.ts.
 */
const files: ReadonlyArray<string> = process.env.PINNED_FILES ? (JSON.parse(readFileSync(process.env.PINNED_FILES, "utf8")) as string[]) : [];
const days = process.env.PINNED_DAYS ? pinnedDays.filter((d) => process.env.PINNED_DAYS?.split(",").includes(d.name)) : pinnedDays;

export default defineConfig({
  test: {
    // The suite's pool, workers, setup and hang guards (vitest.config.ts); only the projects differ.
    pool: suite.test?.pool,
    maxWorkers: suite.test?.maxWorkers,
    setupFiles: suite.test?.setupFiles,
    globalSetup: suite.test?.globalSetup,
    testTimeout: suite.test?.testTimeout,
    hookTimeout: suite.test?.hookTimeout,
    projects: days.map((day) => ({
      extends: true as const,
      test: { name: day.name, include: [...files], environment: "node", isolate: false, env: { TEST_NOW: day.now, TZ: day.timeZone } },
    })),
  },
});
