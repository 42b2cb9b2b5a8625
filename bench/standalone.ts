import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser } from "@playwright/test";
import { launchChromium } from "./browser";
import type { BenchRow } from "./exports";
import { startReferenceServer } from "./referenceServer";

const root = resolve(import.meta.dirname, "..");

/** The built app a browser bench measures: DIST_DIR, or dist/. */
export const builtAppDir = (): string => (process.env.DIST_DIR ? resolve(root, process.env.DIST_DIR) : resolve(root, "dist"));

/** True when `moduleFile` is the script node was started with (a bench file run on its own). */
export const isRunDirectly = (moduleFile: string): boolean => process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(moduleFile);

/**
 * Runs one browser bench on its own: the reference server on `port` (BENCH_PORT
 * overrides) serving the built app, Chromium, then the rows printed as `npm run bench` does.
 */
export const runStandaloneBench = (port: number, measure: (browser: Browser, baseUrl: string, distDir: string) => Promise<ReadonlyArray<BenchRow>>, width = 96): void => {
  const main = async () => {
    const distDir = builtAppDir();
    if (!existsSync(resolve(distDir, "index.html"))) throw new Error(`No built app in ${distDir}: run npx vite build first.`);
    const server = await startReferenceServer(Number(process.env.BENCH_PORT ?? port));
    const browser = await launchChromium();
    try {
      const rows = await measure(browser, server.url, distDir);
      console.log("");
      for (const r of rows) console.log(`${r.measure.padEnd(width)} ${r.value}  (${r.budget}; ${r.verdict})`);
    } finally {
      await browser.close();
      await server.stop();
    }
  };
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
};
