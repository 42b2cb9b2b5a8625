import { availableParallelism } from "node:os";
import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";
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
    pool: "forks",
    maxWorkers: availableParallelism(),
    setupFiles: ["test/setup.ts"],
    // As in vitest.config.ts: a guard against a hang, never a measure of speed.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    projects: days.map((day) => ({
      extends: true as const,
      test: { name: day.name, include: [...files], environment: "node", isolate: false, env: { TEST_NOW: day.now, TZ: day.timeZone } },
    })),
  },
});
