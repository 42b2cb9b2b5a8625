import { createMiddleware } from "hono/factory";

/**
 * `Cache-Control: no-store` on every answer it wraps (the API under /api and the
 * connector calls under /connectors): successes, refusals, errors and CSV exports alike,
 * so no browser or proxy keeps an answer that a session opened.
 */
export const noStore = createMiddleware(async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", "no-store");
});
