import { gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";

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
