import { defineConfig, devices } from "@playwright/test";
import { chromiumSwitches } from "./bench/browser";
import { e2eDay, e2ePort, e2eServerDataDir, e2eServerPort, e2eWorkers } from "./test/e2e/environment";

/**
 * End-to-end tests in Debian's Chromium headless shell (/usr/bin/chromium-headless-shell,
 * package chromium-headless-shell, installed with apt by the test command; never
 * `playwright install`): the same Blink and V8 as the full browser without its window
 * layer, which ran a sample of six files (47 tests) in 125 s where the full browser took
 * 157 s, with a fifth less CPU. Each worker has a reference server of its
 * own (its own port and fresh data folder, serving the built app): a test file runs whole
 * in one worker, and no worker sees another's writes. This file is read again in each
 * worker, where `baseURL` is that worker's server (test/e2e/environment.ts).
 * The suite runs on a pinned day (E2E_DAY; test/support/pinnedDays.ts), never the real
 * one: the servers' clocks start at its instant, and the browser keeps its time zone.
 */
export default defineConfig({
  testDir: "test/e2e",
  testMatch: /.*\.e2e\.ts$/,
  fullyParallel: false,
  workers: e2eWorkers,
  retries: process.env.CI ? 1 : 0,
  // Guards against hangs only: a busy machine (the whole suite beside other work on 2 cores) may take many times as
  // long as a quiet one for a page load or a classification save, and a test must pass there too, only slower.
  timeout: 300_000,
  expect: { timeout: 60_000 },
  reporter: [["list"], ["json", { outputFile: `.test-data/results/e2e-${e2eDay.name}.json` }]],
  outputDir: "test-results",
  use: {
    // An action (a click, a locator's evaluate) waits as long as an expectation may, not the whole test's time.
    actionTimeout: 60_000,
    baseURL: `http://127.0.0.1:${e2ePort}`,
    // Recording a trace costs every test, passing or not (two files measured: 36 s of CPU with it, 28 s without); on
    // CI, where a failed test runs again, only that second run records one, and a failure keeps it as before.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    timezoneId: e2eDay.timeZone,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: chromiumSwitches,
    },
  },
  webServer: Array.from({ length: e2eWorkers }, (_, server) => ({
    command: `node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${e2eServerPort(server)}/api/system-messages`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(e2eServerPort(server)),
      HOST: "127.0.0.1",
      DATA_DIR: e2eServerDataDir(server),
      PUBLIC_URL: `http://127.0.0.1:${e2eServerPort(server)}`,
      CLOCK_START: e2eDay.now,
      ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
    },
  })),
});
