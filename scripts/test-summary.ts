/** Prints one closing line for the whole suite from the vitest and Playwright JSON reports. */
import { existsSync, readFileSync } from "node:fs";

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
const e2e = read<PlaywrightReport>(".test-data/results/e2e.json");
const passed = (unit?.numPassedTests ?? 0) + (onClickHouse?.numPassedTests ?? 0) + (e2e ? e2e.stats.expected + e2e.stats.flaky : 0);
const failed = (unit?.numFailedTests ?? 0) + (onClickHouse?.numFailedTests ?? 0) + (e2e?.stats.unexpected ?? 0);
const skipped = (unit?.numPendingTests ?? 0) + (onClickHouse?.numPendingTests ?? 0) + (e2e?.stats.skipped ?? 0);
console.log(
  `\nvitest ${unit?.numPassedTests ?? 0} passed; on ClickHouse (chdb) ${onClickHouse?.numPassedTests ?? 0} passed;` +
    ` playwright ${e2e ? e2e.stats.expected + e2e.stats.flaky : 0} passed`,
);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
if (failed > 0 || passed === 0) process.exit(1);
