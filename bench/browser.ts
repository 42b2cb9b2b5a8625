import { chromium, type Browser } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The browser's command-line switches, the same as the end-to-end tests' (playwright.config.ts). */
export const chromiumSwitches = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/**
 * Debian's full Chromium (package chromium), installed first when missing (scripts/ensure-chromium.sh): the bench
 * measures what a person's browser renders, where the end-to-end tests drive the lighter headless shell.
 */
export const launchChromium = (): Promise<Browser> => {
  execFileSync("bash", [fileURLToPath(new URL("../scripts/ensure-chromium.sh", import.meta.url)), "chromium"], { stdio: "inherit" });
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumSwitches });
};
