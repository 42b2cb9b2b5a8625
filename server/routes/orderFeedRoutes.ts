import { Hono } from "hono";
import { IngestAnswer, OrderFeedBody } from "../../src/domain/ingestion/collection";
import { mayWriteOrders } from "../../src/domain/ingestion/writeKeys";
import { ingestOrders } from "../engine/ingestion";
import { bearerToken } from "../http/access";
import { refuse } from "../http/answers";
import { decodeBody, readJson } from "../http/requestReading";
import type { ServerContext } from "../serverContext";
import { accepted, collectionLimit, createKeyCheck, ingestionRefusals, readBatch } from "./ingestionRequests";

/**
 * The order feed (docs/engine.md, "Ingestion"): POST /programs/{program}/orders, server
 * to server, with the program's secret key as `Authorization: Bearer sk_…` (no user
 * session; a publishable key, or a legacy `wk_` key from before the split, is refused with 403 publishable_key): one order or `{ orders: [...] }` of up to 500. A repeated order id replaces
 * the stored order (a cancellation arriving later), unless both carry `updated_at` and the
 * stored one is newer (server/warehouse/sql/storedOrders.ts); an order sent again unchanged
 * is a duplicate. 202 with the counts and each refused order's reason. Mounted before the
 * session-checked program routes, so their session check does not run for it.
 */
export const orderFeedRoutes = (context: ServerContext, rule: { readonly limit: number; readonly windowMs: number } = collectionLimit) => {
  const routes = new Hono();
  const checkKey = createKeyCheck(context, rule);

  routes.post("/:program/orders", async (c) => {
    const key = await checkKey(c, bearerToken(c.req.header("Authorization")) ?? "");
    if (!key.ok) return key.response;
    if (key.program.code !== c.req.param("program")) return refuse(c, ingestionRefusals.invalidWriteKey, "The write key is not this program's.");
    if (!mayWriteOrders(key.kind)) return refuse(c, ingestionRefusals.publishableKey);
    const json = await readJson(c);
    if (!json.ok) return json.response;
    const body = decodeBody(c, OrderFeedBody, json.value);
    if (!body.ok) return body.response;
    const batch = readBatch(c, json.value as Record<string, unknown>, "orders");
    if (!batch.ok) return batch.response;
    return accepted(c, IngestAnswer, await ingestOrders(context.stores.ingestion, key.program, batch.rows, context.clock()));
  });

  return routes;
};
