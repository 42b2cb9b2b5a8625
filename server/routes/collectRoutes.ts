import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { CollectBody, IngestAnswer } from "../../src/domain/ingestion/collection";
import { isObviousBot } from "../../src/domain/ingestion/landing";
import { ingestEvents, readCollected, reasonCounts } from "../engine/ingestion";
import { bearerToken } from "../http/access";
import { refuse, refusals, refuseUnavailable } from "../http/answers";
import { requestHeader } from "../http/nodeRequest";
import { decodeBody, readJsonWithin } from "../http/requestReading";
import type { ServerContext } from "../serverContext";
import { accepted, collectionLimit, createKeyCheck, readBatch } from "./ingestionRequests";
import { trackingScript } from "./trackingScript";

const missingKey = "Invalid request body: key: a write key is needed, in the body or (a secret key) as Authorization: Bearer.";

/** Largest /collect body, in bytes (a full batch of 500 events fits with room to spare). */
export const collectBodyLimit = 1024 * 1024;

/** How long /collect remembers a working write key when it goes through the collection log (a revoked key is refused at most this late). */
export const collectionKeyMemoMs = 1000;

/** Seconds a sender is told to wait when the collection log cannot take its events (behind, or the disk refused). */
export const collectionRetrySeconds = 5;

/**
 * Any site may send events: no credentials are read, a page's write key is in the body. The
 * Authorization header is not among the allowed headers, so a page cannot send a secret key
 * in it: that is the shop's own servers' way (see below).
 */
const openToEverySite = createMiddleware(async (c, next) => {
  await next();
  c.res.headers.set("Access-Control-Allow-Origin", "*");
  c.res.headers.set("Access-Control-Allow-Methods", "POST, OPTIONS");
  c.res.headers.set("Access-Control-Allow-Headers", "Content-Type");
  c.res.headers.set("Access-Control-Max-Age", "86400");
  c.res.headers.set("Cross-Origin-Resource-Policy", "cross-origin");
});

/**
 * Event collection outside /api (docs/engine.md, "Ingestion"): POST /collect with a write
 * key and one event or a batch of up to 500, from any site (CORS open, no user token,
 * text/plain bodies read as JSON, as sendBeacon sends them); 202 with the counts and each
 * refused event's reason. GET /t.js serves the collection script.
 *
 * Server-side events: a key anyone can read from a page (publishable or legacy) has every
 * event of an obvious robot's user agent refused (reason `bot`), since crawlers run pages'
 * scripts. A secret key, sent as `Authorization: Bearer sk_…` like the order feed's, comes
 * from the shop's own servers, whose HTTP clients (curl, python-requests…) are not robots:
 * its events skip the user-agent filter.
 */
export const collectRoutes = (context: ServerContext, rule: { readonly limit: number; readonly windowMs: number } = collectionLimit) => {
  const routes = new Hono();
  // Through the log, a working key is remembered for a second, so a request asks the warehouse nothing while a load or a processing run holds it.
  const checkKey = createKeyCheck(context, rule, context.collectionLog === null ? 0 : collectionKeyMemoMs);

  routes.use("/collect", openToEverySite);
  routes.options("/collect", (c) => c.body(null, 204));
  // The body and headers are read from Node's message (nodeRequest.ts): building fetch's Request for each beacon cost more than the rest of its path.
  routes.post("/collect", async (c) => {
    const json = await readJsonWithin(c, collectBodyLimit);
    if (!json.ok) return json.response;
    const body = decodeBody(c, CollectBody, json.value);
    if (!body.ok) return body.response;
    const given = bearerToken(requestHeader(c, "Authorization")) ?? body.value.key;
    if (given === undefined) return refuse(c, refusals.invalidBody, missingKey);
    const key = await checkKey(c, given);
    if (!key.ok) return key.response;
    const batch = readBatch(c, json.value as Record<string, unknown>, "events");
    if (!batch.ok) return batch.response;
    const bot = key.kind !== "secret" && isObviousBot(requestHeader(c, "User-Agent"));
    if (context.collectionLog === null) {
      return accepted(c, IngestAnswer, await ingestEvents(context.stores.ingestion, key.program, batch.rows, context.clock(), bot));
    }
    const at = context.clock();
    const read = readCollected(batch.rows, key.program, at, bot);
    // Answered once on disk, each event once: a resent id the log acknowledged lately (or the warehouse kept) is a duplicate.
    const logged = await context.collectionLog.acknowledge({
      programId: key.program.id,
      at,
      hits: read.rows,
      visitorEvents: read.visitorEvents,
      refused: Object.fromEntries(reasonCounts(read.refusals)),
    });
    if (!logged.logged) return refuseUnavailable(c, refusals.collectionBehind, collectionRetrySeconds);
    return accepted(c, IngestAnswer, { accepted: logged.accepted, duplicates: logged.duplicates, refused: read.refusals.length, refusals: read.refusals });
  });

  routes.get("/t.js", (c) => {
    c.header("Content-Type", "application/javascript; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    c.header("Cross-Origin-Resource-Policy", "cross-origin");
    return c.body(trackingScript);
  });

  return routes;
};
