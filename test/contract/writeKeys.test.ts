import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ok } from "../../src/domain/access/auth";
import { IngestAnswer } from "../../src/domain/ingestion/collection";
import { CreatedWriteKey, WriteKeyList, writeKeyPattern } from "../../src/domain/ingestion/writeKeys";
import { writeKeyDigest } from "../../server/engine/ingestion";
import { keyUseGranularityMs } from "../../server/routes/ingestionRequests";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";
import { northwindId, refusedToOutsiders, signInAll, type Tokens } from "./accountSupport";

const keys = "/api/programs/northwind/write-keys";

describe("write keys", () => {
  let t: ContractApp;
  let tokens: Tokens;
  beforeAll(async () => {
    t = await openContractApp();
    tokens = await signInAll(t);
  });
  afterAll(() => t.close());

  const create = async (path = keys, kind = "publishable") =>
    decoded(await t.call("POST", path, { token: tokens.admin, json: { kind } }), CreatedWriteKey).data;
  const list = async (path = keys) => decoded(await t.call("GET", path, { token: tokens.admin }), WriteKeyList).data;
  const collect = (key: string) =>
    t.call("POST", "/collect", {
      json: { key, event_id: `e-${Math.random()}`, type: "click", time: t.clock.now, visitor_id: "v-keys", url: "https://shop.example/" },
    });

  it.each([
    ["GET", keys],
    ["POST", keys],
    ["DELETE", `${keys}/1`],
  ])("%s %s: 401 anonymous, 403 for a non-member and for a member who is not an admin", async (method, path) => {
    await refusedToOutsiders(t, tokens, method, path);
    expectRefusal(await t.call(method, path, { token: tokens.demo }), 403, "forbidden");
  });

  it("creates a key shown once, lists its prefix and dates but never the key", async () => {
    const created = await create();
    expect(created.key).toMatch(writeKeyPattern);
    expect(created.prefix).toBe(created.key.slice(0, 10));
    expect(created.revoked_at).toBeNull();
    expect(created.created_at).toBe(t.clock.now);
    const listed = await list();
    expect(listed).toContainEqual({
      id: created.id,
      prefix: created.prefix,
      kind: "publishable",
      created_at: created.created_at,
      revoked_at: null,
      last_used_at: null,
    });
    const text = (await t.call("GET", keys, { token: tokens.admin })).text;
    expect(text).not.toContain(created.key);
    expect(await list("/api/programs/bluepeak/write-keys")).not.toContainEqual(expect.objectContaining({ id: created.id }));
  });

  it("creates publishable (pk_) and secret (sk_) keys, listed with their kind; a create names its kind", async () => {
    const publishable = await create(keys, "publishable");
    const secret = await create(keys, "secret");
    expect(publishable.key.startsWith("pk_")).toBe(true);
    expect(secret.key.startsWith("sk_")).toBe(true);
    expect([publishable.kind, secret.kind]).toEqual(["publishable", "secret"]);
    const listed = await list();
    expect(listed.find((k) => k.id === secret.id)?.kind).toBe("secret");
    expect(listed.find((k) => k.id === publishable.id)?.kind).toBe("publishable");
    // Both may send events; a create without a kind, or with another, is refused.
    decoded(await collect(publishable.key), IngestAnswer, 202);
    decoded(await collect(secret.key), IngestAnswer, 202);
    expectRefusal(await t.call("POST", keys, { token: tokens.admin, json: {} }), 400, "invalid_body");
    expectRefusal(await t.call("POST", keys, { token: tokens.admin, json: { kind: "legacy" } }), 400, "invalid_body");
  });

  it("a legacy key (made before the split, so in pages) sends events but cannot change an order: 403, nothing touched", async () => {
    const legacyKey = `wk_${randomBytes(32).toString("base64url")}`;
    const legacy = await t.warehouse.ingestion.createWriteKey(northwindId, writeKeyDigest(legacyKey), legacyKey.slice(0, 10), "legacy", t.clock.now);
    expect((await list()).find((k) => k.id === legacy.id)?.kind).toBe("legacy");
    decoded(await collect(legacyKey), IngestAnswer, 202);
    const secret = await create(keys, "secret");
    const order = { order_id: "o-legacy", time: t.clock.now - 3_600_000, amount: 80, currency: "GBP", status: "valid", customer_type: "new", payment: "credit", visitor_id: "v-keys" };
    const feed = (key: string, body: unknown) =>
      t.call("POST", "/api/programs/northwind/orders", { json: body, headers: { Authorization: `Bearer ${key}` } });
    expect(decoded(await feed(secret.key, order), IngestAnswer, 202)).toMatchObject({ accepted: 1 });
    const attack = await feed(legacyKey, { ...order, status: "cancelled" });
    expectRefusal(attack, 403, "publishable_key");
    expect(attack.text).toContain("secret key");
    // The stored order is the one sent first: sending it again is a duplicate, not a change.
    expect(decoded(await feed(secret.key, order), IngestAnswer, 202)).toMatchObject({ accepted: 0, duplicates: 1 });
  });

  it("lists when a key was last used, kept to the minute; a revoked key's stays as it was", async () => {
    const created = await create();
    const lastUsed = async () => (await list()).find((k) => k.id === created.id)?.last_used_at;
    expect(await lastUsed()).toBeNull();
    const first = t.clock.now;
    decoded(await collect(created.key), IngestAnswer, 202);
    expect(await lastUsed()).toBe(first);
    // Within the minute the use is not written again; past it, it is.
    t.clock.advance(keyUseGranularityMs / 2);
    decoded(await collect(created.key), IngestAnswer, 202);
    expect(await lastUsed()).toBe(first);
    t.clock.advance(keyUseGranularityMs);
    decoded(await collect(created.key), IngestAnswer, 202);
    expect(await lastUsed()).toBe(t.clock.now);
    const beforeRevoke = t.clock.now;
    decoded(await t.call("DELETE", `${keys}/${created.id}`, { token: tokens.admin }), Ok);
    t.clock.advance(2 * keyUseGranularityMs);
    expectRefusal(await collect(created.key), 401, "invalid_write_key");
    expect(await lastUsed()).toBe(beforeRevoke);
  });

  it("two keys differ and are listed newest first", async () => {
    const first = await create();
    t.clock.advance(1000);
    const second = await create();
    expect(second.key).not.toBe(first.key);
    const ids = (await list()).map((k) => k.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
  });

  it("refuses a revoked key at once, even one just used", async () => {
    const created = await create();
    decoded(await collect(created.key), IngestAnswer, 202);
    decoded(await t.call("DELETE", `${keys}/${created.id}`, { token: tokens.admin }), Ok);
    expectRefusal(await collect(created.key), 401, "invalid_write_key");
    expect((await list()).find((k) => k.id === created.id)?.revoked_at).toBe(t.clock.now);
    // Revoking again keeps the first revocation.
    t.clock.advance(5000);
    decoded(await t.call("DELETE", `${keys}/${created.id}`, { token: tokens.admin }), Ok);
    expect((await list()).find((k) => k.id === created.id)?.revoked_at).toBe(t.clock.now - 5000);
  });

  it("answers 404 for a key of another program or none, 400 for an id that is not a number", async () => {
    const other = await create("/api/programs/bluepeak/write-keys");
    expectRefusal(await t.call("DELETE", `${keys}/${other.id}`, { token: tokens.admin }), 404, "not_found");
    expectRefusal(await t.call("DELETE", `${keys}/99999`, { token: tokens.admin }), 404, "not_found");
    expectRefusal(await t.call("DELETE", `${keys}/abc`, { token: tokens.admin }), 400, "invalid_id");
    expect((await list("/api/programs/bluepeak/write-keys")).find((k) => k.id === other.id)?.revoked_at).toBeNull();
  });
});
