import { readFile, stat } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import type { MiddlewareHandler } from "hono";

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".wasm": "application/wasm",
};

/** Paths that belong to the services, never to the single-page app. */
export const isServicePath = (path: string): boolean =>
  ["/api", "/connectors"].some((base) => path === base || path.startsWith(`${base}/`));

/**
 * The file under `root` that a URL path names, or null: refuses what escapes the root,
 * hidden segments, undecodable paths and anything but a regular file.
 */
export const staticFileFor = async (root: string, urlPath: string): Promise<string | null> => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.split("/").some((segment) => segment.startsWith("."))) return null;
  const full = resolve(root, `.${decoded}`);
  if (full !== root && !full.startsWith(root + sep)) return null;
  try {
    return (await stat(full)).isFile() ? full : null;
  } catch {
    return null;
  }
};

const fileAnswer = async (file: string, head: boolean, cacheControl: string): Promise<Response> => {
  const body = await readFile(file);
  return new Response(head ? null : body, {
    status: 200,
    headers: {
      "Content-Type": contentTypes[extname(file).toLowerCase()] ?? "application/octet-stream",
      "Content-Length": String(body.byteLength),
      "Cache-Control": cacheControl,
    },
  });
};

/** A source map: never served (the build writes them for the operator, not for the public). */
export const isSourceMap = (path: string): boolean => path.toLowerCase().endsWith(".map");

/** Built files live under /assets/: a path there names a file or nothing, never a page of the app. */
const isAssetPath = (path: string): boolean => path.startsWith("/assets/");

const notFound = (head: boolean): Response =>
  new Response(head ? null : "Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * Serves the built SPA from `staticDir` for GET and HEAD: a file when the path names one,
 * otherwise index.html (history-mode routing: /login, /performance, ...). Service paths
 * fall through to their own JSON 404. Vite's hashed /assets/ are cached for a year; a
 * missing file under /assets/ is 404 (a stale chunk asked for after a deploy must fail as
 * a script, not load the app's HTML), and so is any source map.
 */
export const serveSpa = (staticDir: string): MiddlewareHandler => {
  const root = resolve(staticDir);
  const index = resolve(root, "index.html");
  return async (c, next) => {
    if (isServicePath(c.req.path)) return next();
    const head = c.req.method === "HEAD";
    if (isSourceMap(c.req.path)) return notFound(head);
    const file = await staticFileFor(root, c.req.path);
    if (file && file !== index) {
      const immutable = c.req.path.startsWith("/assets/");
      return fileAnswer(file, head, immutable ? "public, max-age=31536000, immutable" : "no-cache");
    }
    if (isAssetPath(c.req.path)) return notFound(head);
    try {
      return await fileAnswer(index, head, "no-cache");
    } catch {
      return next();
    }
  };
};
