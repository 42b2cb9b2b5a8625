/**
 * The README's screenshots of the performance report, taken from the built app (DIST_DIR or
 * dist/) on a reference server with the demo data: signed in as demo, at 1440 × 900 and at
 * 390 × 844 (the whole page). Run `npx vite build && node --import tsx scripts/screenshots.ts`.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser } from "@playwright/test";
import { launchChromium } from "../bench/browser";
import { startReferenceServer } from "../bench/referenceServer";

const out = resolve(import.meta.dirname, "../docs/screenshots");

const shoot = async (browser: Browser, baseUrl: string, width: number, height: number, file: string, fullPage = false): Promise<void> => {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Username").fill("demo");
  await page.getByLabel("Password").fill("demo");
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("heading", { name: "Performance Report" }).waitFor();
  await page.getByRole("table").first().locator("tbody th[scope=row]").first().waitFor();
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500); // the chart's first animation
  await page.screenshot({ path: resolve(out, file), fullPage });
  await context.close();
};

const main = async () => {
  mkdirSync(out, { recursive: true });
  const server = await startReferenceServer(Number(process.env.SCREENSHOT_PORT ?? 18_197));
  const browser = await launchChromium();
  try {
    await shoot(browser, server.url, 1440, 900, "performance-1440x900.png");
    // The whole page on a phone: the table below the chart scrolls sideways with its name column fixed.
    await shoot(browser, server.url, 390, 844, "performance-390x844.png", true);
    console.log(`Screenshots written to ${out}`);
  } finally {
    await browser.close();
    await server.stop();
  }
};

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
