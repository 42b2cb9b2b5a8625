import { test as base, type Browser, type BrowserContext, type BrowserContextOptions } from "@playwright/test";
import { e2eDay, e2eNow } from "./environment";

/** Starts a context's clock at the pinned day's instant; it runs on from there at the machine's pace. */
export const pinClock = async (context: BrowserContext): Promise<BrowserContext> => {
  await context.clock.install({ time: e2eNow() });
  return context;
};

/** A browser context of its own (a second person), on the pinned day like every test's own. */
export const newPinnedContext = async (browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> =>
  pinClock(await browser.newContext({ timezoneId: e2eDay.timeZone, ...options }));

/**
 * The browser suite's `test`: every context on the pinned day (test/e2e/environment.ts).
 * Tests whose outcome depends on the day (ranges relative to today, weeks cut by the
 * range's ends, the last days' data) carry the tag @dates and run on a second day too.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await use(await pinClock(context));
  },
});

export * from "@playwright/test";
