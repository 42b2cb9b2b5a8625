import { defineConfig, devices } from "@playwright/test";
import { e2eDataDir, e2ePort } from "./test/e2e/environment";

/**
 * End-to-end tests in Debian's Chromium (/usr/bin/chromium, installed with apt by the
 * test command; never `playwright install`). The reference server runs on its own port
 * with a fresh data folder, serving the built app.
 */
export default defineConfig({
  testDir: "test/e2e",
  testMatch: /.*\.e2e\.ts$/,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: ".test-data/results/e2e.json" }]],
  outputDir: "test-results",
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${e2ePort}/api/system-messages`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { PORT: String(e2ePort), HOST: "127.0.0.1", DATA_DIR: e2eDataDir, PUBLIC_URL: `http://127.0.0.1:${e2ePort}`, ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}) },
  },
});
