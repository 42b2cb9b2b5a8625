import { gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";
import { isRunDirectly, runStandaloneBench } from "./standalone";

export interface ScriptLoad {
  readonly url: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

/** Every script a page loads until the network is idle, with its gzipped size. */
export const scriptsLoadedBy = async (browser: Browser, url: string): Promise<ScriptLoad[]> => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const loads: Promise<ScriptLoad | null>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script") return;
    loads.push(
      res
        .body()
        .then((body) => ({ url: new URL(res.url()).pathname, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }))
        .catch(() => null),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Login" }).waitFor();
  const scripts = (await Promise.all(loads)).filter((s): s is ScriptLoad => s !== null);
  await context.close();
  return scripts;
};

/** Run on its own (`DIST_DIR=… node --import tsx bench/loginBundle.ts`) to check the /login budget after a change. */
if (isRunDirectly(import.meta.filename))
  runStandaloneBench(18_194, async (browser, baseUrl) => {
    const scripts = await scriptsLoadedBy(browser, `${baseUrl}/login`);
    for (const s of [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`  ${s.url.padEnd(48)} ${(s.gzipBytes / 1024).toFixed(1).padStart(8)} KB gz`);
    const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    const budget = 150 * 1024;
    return [{ measure: "/login first load, gzipped JS (Chromium)", value: `${(total / 1024).toFixed(1)} KB`, budget: "150.0 KB", verdict: total <= budget ? "within" : "OVER" }];
  });
