import { createMiddleware } from "hono/factory";

/**
 * Origins the app may call besides its own, for an app pointed at another API base URL
 * (space-separated, e.g. `CONNECT_SRC="https://api.example.com"`).
 */
const extraConnectSources = (process.env.CONNECT_SRC ?? "")
  .split(/\s+/)
  .filter((o) => /^https?:\/\/[a-z0-9.-]+(:\d+)?$/i.test(o));

/**
 * No inline scripts, no inline styles, no string evaluation: every script and style sheet
 * is a file of the app. (React sets `style` props through the CSSOM, which the policy
 * does not restrict; nothing in the app injects a `<style>` tag or a `style` attribute.)
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  ["connect-src 'self'", ...extraConnectSources].join(" "),
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

/** Set on every answer, including errors and static files (API answers also get no-store: cacheControl.ts). */
export const securityHeaders = createMiddleware(async (c, next) => {
  await next();
  const headers = c.res.headers;
  headers.set("Content-Security-Policy", contentSecurityPolicy);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "no-referrer");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
});
