/**
 * The date-sensitive tests again on every pinned day (test/support/pinnedDays.ts).
 *
 * The test command's vitest run watches the clock (TEST_CLOCK_READERS): each test file in
 * which the product's code read it is written to a list. This runs exactly those of the
 * node suites (unit, machine, model, contract, engine) on every pinned day in one vitest run (vitest.pinned.config.ts: a project per
 * day, its clock pinned to the day's instant and its time zone the day's), so a test that
 * holds today but not on a Monday, a 29 February, a 31 December or a daylight-saving change
 * fails here, today.
 * Usage: node --import tsx scripts/pinned-days.ts [readers folder] [day names…]
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pinnedDays } from "../test/support/pinnedDays";

const [folder = ".test-data/results/clock-readers", ...names] = process.argv.slice(2);
const unknown = names.filter((n) => !pinnedDays.some((d) => d.name === n));
if (unknown.length) {
  console.error(`No pinned day is named ${unknown.join(", ")}; the days are ${pinnedDays.map((d) => d.name).join(", ")}`);
  process.exit(2);
}
const days = names.length ? pinnedDays.filter((d) => names.includes(d.name)) : pinnedDays;

const files = existsSync(folder)
  ? [
      ...new Set(
        readdirSync(folder)
          .filter((f) => f.endsWith(".txt"))
          .flatMap((f) => readFileSync(join(folder, f), "utf8").split("\n"))
          .map((line) => line.trim())
          .filter((line) => line !== "" && existsSync(line))
          .map((line) => relative(process.cwd(), line))
          // The node suites only: a view test's day comes from the same machines (the session's default range, the
          // date picker), which run here, and the browser suite draws every screen on pinned days itself.
          .filter((file) => !file.endsWith(".tsx")),
      ),
    ].sort()
  : [];
if (files.length === 0) {
  console.error(`No test file read the clock (no list in ${folder}): run vitest with TEST_CLOCK_READERS=${folder} first.`);
  process.exit(1);
}
console.log(`${files.length} test files read the clock; each runs on ${days.length} pinned days:`);
for (const day of days) console.log(`  ${day.name}: ${day.now} in ${day.timeZone} (${day.why})`);

mkdirSync(".test-data/results", { recursive: true });
const list = ".test-data/results/pinned-files.json";
writeFileSync(list, JSON.stringify(files));
const run = spawnSync(
  "npx",
  ["vitest", "run", "--config", "vitest.pinned.config.ts", "--reporter=dot", "--reporter=json", "--outputFile.json=.test-data/results/vitest-pinned.json"],
  { stdio: "inherit", env: { ...process.env, PINNED_FILES: list, PINNED_DAYS: days.map((d) => d.name).join(","), TEST_CLOCK_READERS: "" } },
);
process.exit(run.status ?? 1);
