/**
 * The date-sensitive tests again on every pinned day (test/support/pinnedDays.ts).
 *
 * The test command's vitest run watches the clock (TEST_CLOCK_READERS): each test file that
 * read it, directly or through the code it tests, is written to a list. This runs exactly
 * those files once per pinned day, with the clock pinned to the day's instant (TEST_NOW)
 * and the process in the day's time zone (TZ), so a test that holds today but not on a
 * Monday, a 29 February, a 31 December or a daylight-saving change fails here, today.
 * Usage: node --import tsx scripts/pinned-days.ts <readers folder> [day names…]
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pinnedDays } from "../test/support/pinnedDays";

const [folder = ".test-data/results/clock-readers", ...names] = process.argv.slice(2);
const days = names.length ? pinnedDays.filter((d) => names.includes(d.name)) : pinnedDays;
if (names.length && days.length !== names.length) {
  console.error(`Unknown pinned day among ${names.join(", ")}; the days are ${pinnedDays.map((d) => d.name).join(", ")}`);
  process.exit(2);
}

const files = existsSync(folder)
  ? [
      ...new Set(
        readdirSync(folder)
          .filter((f) => f.endsWith(".txt"))
          .flatMap((f) => readFileSync(join(folder, f), "utf8").split("\n"))
          .map((line) => line.trim())
          .filter((line) => line !== "" && existsSync(line))
          .map((line) => relative(process.cwd(), line)),
      ),
    ].sort()
  : [];
if (files.length === 0) {
  console.error(`No test file read the clock (no list in ${folder}): run vitest with TEST_CLOCK_READERS=${folder} first.`);
  process.exit(1);
}
console.log(`${files.length} test files read the clock; each runs on ${days.length} pinned days.`);

let failed = 0;
for (const day of days) {
  console.log(`\n-- ${day.name}: ${day.now} in ${day.timeZone} (${day.why})`);
  const run = spawnSync(
    "npx",
    ["vitest", "run", "--reporter=dot", "--reporter=json", `--outputFile.json=.test-data/results/vitest-pinned-${day.name}.json`, ...files],
    { stdio: "inherit", env: { ...process.env, TEST_NOW: day.now, TZ: day.timeZone, TEST_CLOCK_READERS: "" } },
  );
  if (run.status !== 0) {
    failed++;
    console.error(`The date-sensitive tests fail on ${day.name} (TEST_NOW=${day.now} TZ=${day.timeZone}).`);
  }
}
process.exit(failed ? 1 : 0);
