import { Hono } from "hono";
import { CreatedWriteKey, WriteKeyList, WriteKeyRequest, type WriteKey } from "../../src/domain/ingestion/writeKeys";
import { requireAdmin } from "../http/access";
import { auditByOf } from "../http/auditBy";
import { answer, type Refusal } from "../http/answers";
import type { ProgramEnv } from "../http/env";
import { decodeBody, readJson } from "../http/requestReading";
import type { ServerContext } from "../serverContext";
import { issueWriteKey } from "../engine/ingestion";
import type { WriteKeyRecord } from "../engine/stores";
import { removeById } from "./configurationRequests";

export const writeKeyNotFound = {
  status: 404,
  error: "not_found",
  message: "There is no write key with that id in this program.",
} as const satisfies Refusal;

const wireOf = (record: WriteKeyRecord): WriteKey => ({
  id: record.id,
  prefix: record.prefix,
  kind: record.kind,
  created_at: record.createdAt,
  revoked_at: record.revokedAt,
  last_used_at: record.lastUsedAt,
});

/**
 * A program's write keys, admins only (docs/engine.md, "Ingestion"): GET /write-keys
 * lists them (prefix, kind, created, last used, revoked), POST /write-keys `{kind: publishable | secret}`
 * creates one and answers the key once (only its SHA-256 digest is stored), DELETE /write-keys/{id} revokes one: from its
 * answer on, the key is refused.
 */
export const writeKeyRoutes = (context: ServerContext) => {
  const routes = new Hono<ProgramEnv>();
  const { stores, clock } = context;
  routes.use("/write-keys", requireAdmin);
  routes.use("/write-keys/*", requireAdmin);

  routes.get("/write-keys", async (c) =>
    answer(c, WriteKeyList, { data: (await stores.ingestion.writeKeys(c.get("program").id)).map(wireOf) }),
  );

  routes.post("/write-keys", async (c) => {
    const json = await readJson(c);
    if (!json.ok) return json.response;
    const body = decodeBody(c, WriteKeyRequest, json.value);
    if (!body.ok) return body.response;
    const issued = issueWriteKey(body.value.kind);
    const at = clock();
    const record = await stores.ingestion.createWriteKey(c.get("program").id, issued.digest, issued.prefix, body.value.kind, at, auditByOf(c.get("user"), at));
    return answer(c, CreatedWriteKey, { data: { ...wireOf(record), key: issued.key } });
  });

  routes.delete(
    "/write-keys/:id",
    removeById(writeKeyNotFound, (c, id) => {
      const at = clock();
      return stores.ingestion.revokeWriteKey(c.get("program").id, id, at, auditByOf(c.get("user"), at));
    }),
  );

  return routes;
};
