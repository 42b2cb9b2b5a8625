/** Prints one closing line for the whole suite from the vitest and Playwright JSON reports. */
import { existsSync, readdirSync, readFileSync } from "node:fs";

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

const read = <T>(path: string): T | null => (existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as T) : null);
const unit = read<VitestReport>(".test-data/results/vitest.json");
// The engine and contract suites run again on ClickHouse embedded (WAREHOUSE=chdb).
const onClickHouse = read<VitestReport>(".test-data/results/vitest-chdb.json");
// The files that read the clock, again on each pinned day (one run, a project per day).
const pinned = [read<VitestReport>(".test-data/results/vitest-pinned.json")].filter((r): r is VitestReport => r !== null);
const pinnedPassed = pinned.reduce((n, r) => n + r.numPassedTests, 0);
// The browser suite on its pinned day, then its @dates tests on further days: one report each.
const e2eReports = existsSync(".test-data/results")
  ? readdirSync(".test-data/results")
      .filter((f) => /^e2e-.+\.json$/.test(f))
      .map((f) => read<PlaywrightReport>(`.test-data/results/${f}`))
      .filter((r): r is PlaywrightReport => r !== null)
  : [];
const e2e: PlaywrightReport | null = e2eReports.length
  ? {
      stats: {
        expected: e2eReports.reduce((n, r) => n + r.stats.expected, 0),
        unexpected: e2eReports.reduce((n, r) => n + r.stats.unexpected, 0),
        flaky: e2eReports.reduce((n, r) => n + r.stats.flaky, 0),
        skipped: e2eReports.reduce((n, r) => n + r.stats.skipped, 0),
      },
    }
  : null;
const passed = (unit?.numPassedTests ?? 0) + (onClickHouse?.numPassedTests ?? 0) + pinnedPassed + (e2e ? e2e.stats.expected + e2e.stats.flaky : 0);
const failed =
  (unit?.numFailedTests ?? 0) + (onClickHouse?.numFailedTests ?? 0) + pinned.reduce((n, r) => n + r.numFailedTests, 0) + (e2e?.stats.unexpected ?? 0);
const skipped =
  (unit?.numPendingTests ?? 0) + (onClickHouse?.numPendingTests ?? 0) + pinned.reduce((n, r) => n + r.numPendingTests, 0) + (e2e?.stats.skipped ?? 0);
console.log(
  `\nvitest ${unit?.numPassedTests ?? 0} passed; on ClickHouse (chdb) ${onClickHouse?.numPassedTests ?? 0} passed;` +
    ` on the pinned days ${pinnedPassed} passed; playwright ${e2e ? e2e.stats.expected + e2e.stats.flaky : 0} passed`,
);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
if (failed > 0 || passed === 0) process.exit(1);
