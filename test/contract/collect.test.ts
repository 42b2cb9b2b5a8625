import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectSnippet } from "../../src/domain/dataSources/dataSources";
import { IngestAnswer, maxBatchSize } from "../../src/domain/ingestion/collection";
import { CreatedWriteKey } from "../../src/domain/ingestion/writeKeys";
import { openCollectionLog, type CollectionLog } from "../../server/engine/collectionLog";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { decoded, expectRefusal, openContractApp, type CallOptions, type ContractApp } from "./contractApp";
import { northwindId } from "./accountSupport";

/** Requests per key and client in this suite: small, so the rate rule is reached; each call below comes from its own address. */
const rule = { limit: 3, windowMs: 60_000 };
const day = 86_400_000;

/**
 * Both ways a server takes events: through the collection log (the default: answered once on disk, stored when the
 * loader runs, driven here by hand before each look at the warehouse) and stored before the answer (COLLECT_LOG=off).
 * The answers are the same either way.
 */
describe.each([
  { path: "through the collection log (the default)", logged: true },
  { path: "stored before its answer (COLLECT_LOG=off)", logged: false },
])("POST /collect, $path", ({ logged }) => {
  let t: ContractApp;
  let key = "";
  let secret = "";
  let addresses = 0;
  const logDir = logged ? mkdtempSync(join(tmpdir(), "collect-contract-")) : "";
  let collection: CollectionLog | null = null;
  beforeAll(async () => {
    collection = logged ? await openCollectionLog({ dir: logDir, log: silentLog }) : null;
    // The processor waits longer than the suite runs: these tests look at what is stored and answered.
    t = await openContractApp({
      collectionLimit: rule,
      ingestionTiming: { quietMs: 600_000, longestWaitMs: 600_000 },
      ...(collection ? { collectionLog: collection } : {}),
    });
    const admin = await t.signIn("admin");
    const create = async (kind: string) =>
      decoded(await t.call("POST", "/api/programs/northwind/write-keys", { token: admin, json: { kind } }), CreatedWriteKey).data.key;
    key = await create("publishable");
    secret = await create("secret");
  });
  afterAll(async () => {
    await collection?.close();
    await t.close();
    if (logged) rmSync(logDir, { recursive: true, force: true });
  });
  /** What the server acknowledged is in the warehouse: at once without the log, once loaded with it. */
  const loaded = async (): Promise<void> => {
    if (collection) await collection.load(t.warehouse.ingestion);
  };

  const event = (id: string, fields: Record<string, unknown> = {}) => ({
    event_id: id,
    type: "click",
    time: t.clock.now - 60_000,
    visitor_id: "v-collect",
    url: "https://shop.example/landing?utm_source=google&utm_medium=cpc&utm_campaign=Brand&gclid=abc",
    referrer: "https://www.google.com/",
    ...fields,
  });
  const send = (body: unknown, options: CallOptions = {}) =>
    t.call("POST", "/collect", { json: body, address: `198.51.100.${++addresses}`, ...options });
  const answerOf = async (body: unknown, options: CallOptions = {}) => decoded(await send(body, options), IngestAnswer, 202);
  const storedHits = async () => {
    await loaded();
    return (await t.warehouse.attribution.classifiedHits(northwindId)).length;
  };

  it("accepts one event given beside the key, from any site", async () => {
    const before = await storedHits();
    const answer = await send({ key, ...event("one") }, { headers: { Origin: "https://shop.example" } });
    expect(decoded(answer, IngestAnswer, 202)).toEqual({ accepted: 1, duplicates: 0, refused: 0, refusals: [] });
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(await storedHits()).toBe(before + 1);
  });

  it("answers the CORS preflight of any site", async () => {
    const answer = await t.call("OPTIONS", "/collect", {
      headers: { Origin: "https://shop.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(answer.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(answer.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("content-type");
  });

  it("reads a text/plain body as JSON (what sendBeacon sends)", async () => {
    const answer = await t.call("POST", "/collect", {
      body: JSON.stringify({ key, events: [event("beacon")] }),
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
      address: "192.0.2.200",
    });
    expect(decoded(answer, IngestAnswer, 202).accepted).toBe(1);
  });

  it("is idempotent by event id: a resent batch stores nothing and says so, each event counted once", async () => {
    const batch = { key, events: [event("idem-1"), event("idem-2"), event("idem-1")] };
    expect(await answerOf(batch)).toEqual({ accepted: 2, duplicates: 1, refused: 0, refusals: [] });
    const after = await storedHits();
    expect(await answerOf(batch)).toEqual({ accepted: 0, duplicates: 3, refused: 0, refusals: [] });
    expect(await storedHits()).toBe(after);
  });

  it("refuses an event that does not decode, naming the field, and stores the others", async () => {
    const answer = await answerOf({
      key,
      events: [event("good"), event("no-visitor", { visitor_id: undefined }), event("bad-type", { type: "conversion" }), 7],
    });
    expect(answer.accepted).toBe(1);
    expect(answer.refused).toBe(3);
    expect(answer.refusals.map((r) => [r.index, r.id, r.reason])).toEqual([
      [1, "no-visitor", "invalid"],
      [2, "bad-type", "invalid"],
      [3, null, "invalid"],
    ]);
    expect(answer.refusals[0]?.detail).toContain("visitor_id");
    expect(answer.refusals[1]?.detail).toContain("type");
  });

  it("refuses malformed text (a lone UTF-16 surrogate) per event, and a poisoned batch among concurrent valid ones fails only itself", async () => {
    const before = await storedHits();
    const poison = "\ud800";
    const poisoned = {
      key,
      events: [
        event("poison-url", { url: `https://shop.example/?utm_source=${poison}` }),
        event("poison-referrer", { referrer: `https://ref.example/${poison}` }),
        event("poison-publisher", { publisher_id: poison }),
        event("poison-cost-link", { cost_link: `gads-${poison}` }),
        event("poison-clean"),
      ],
    };
    const valid = Array.from({ length: 20 }, (_, b) => ({ key, events: [event(`concurrent-${b}-1`), event(`concurrent-${b}-2`)] }));
    const answers = await Promise.all([...valid.slice(0, 10), poisoned, ...valid.slice(10)].map((body) => send(body)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 202));
    const [poisonAnswer] = answers.splice(10, 1).map((a) => decoded(a, IngestAnswer, 202));
    for (const answer of answers) expect(decoded(answer, IngestAnswer, 202)).toEqual({ accepted: 2, duplicates: 0, refused: 0, refusals: [] });
    expect(poisonAnswer?.accepted).toBe(1);
    expect(poisonAnswer?.refusals.map((r) => [r.index, r.id, r.reason, r.detail.split(":")[0]])).toEqual([
      [0, "poison-url", "invalid", "url"],
      [1, "poison-referrer", "invalid", "referrer"],
      [2, "poison-publisher", "invalid", "publisher_id"],
      [3, "poison-cost-link", "invalid", "cost_link"],
    ]);
    expect(poisonAnswer?.refusals.every((r) => r.detail.includes("malformed text"))).toBe(true);
    expect(await storedHits()).toBe(before + 41);
  });

  it("refuses events dated more than a day ahead or older than the history kept", async () => {
    const answer = await answerOf({
      key,
      events: [event("ahead", { time: t.clock.now + 2 * day }), event("ancient", { time: t.clock.now - 4 * 366 * day })],
    });
    expect(answer.refusals.map((r) => [r.id, r.reason])).toEqual([
      ["ahead", "out_of_range"],
      ["ancient", "out_of_range"],
    ]);
    expect(answer.accepted).toBe(0);
  });

  it("drops every event of an obvious robot by its user agent", async () => {
    const before = await storedHits();
    const answer = await answerOf(
      { key, events: [event("bot-1"), event("bot-2")] },
      { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } },
    );
    expect(answer).toMatchObject({ accepted: 0, refused: 2 });
    expect(answer.refusals.every((r) => r.reason === "bot")).toBe(true);
    expect(await storedHits()).toBe(before);
  });

  it("answers 401 for an unknown key, 400 without one or for a body that is not JSON", async () => {
    expectRefusal(await send({ key: "wk_unknown", ...event("x") }), 401, "invalid_write_key");
    expectRefusal(await send(event("x")), 400, "invalid_body");
    expectRefusal(await t.call("POST", "/collect", { body: "{not json", address: "192.0.2.201" }), 400, "malformed_json");
  });

  it(`answers 413 for more than ${maxBatchSize} events and for a body over 1 MB`, async () => {
    const many = Array.from({ length: maxBatchSize + 1 }, (_, i) => event(`many-${i}`));
    expectRefusal(await send({ key, events: many }), 413, "batch_too_large");
    const huge = { key, events: [event("huge", { url: `https://shop.example/?q=${"x".repeat(1100 * 1024)}` })] };
    expectRefusal(await send(huge), 413, "payload_too_large");
  });

  it("limits requests per key and client with 429 and Retry-After", async () => {
    const from = { address: "203.0.113.9" };
    for (let i = 0; i < rule.limit; i++) await answerOf({ key, events: [event(`rate-${i}`)] }, from);
    const refused = await send({ key, events: [event("rate-over")] }, from);
    expectRefusal(refused, 429, "too_many_requests");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another client with the same key is not held back.
    await answerOf({ key, events: [event("rate-other")] }, { address: "203.0.113.10" });
    t.clock.advance(rule.windowMs);
    await answerOf({ key, events: [event("rate-later")] }, from);
  });

  it("keeps a page's custom events and identifies once by their id, beside its hits and never as hits", async () => {
    const before = await storedHits();
    const tracked = { event_id: "track-1", type: "track", time: t.clock.now - 1000, visitor_id: "v-collect", name: "Added to basket", props: { sku: "B-1", qty: 2 } };
    const identified = { event_id: "identify-1", type: "identify", time: t.clock.now - 1000, visitor_id: "v-collect", customer_id: "c-77" };
    const cases: ReadonlyArray<readonly [string, ReadonlyArray<unknown>, Partial<IngestAnswer>]> = [
      ["new ones are stored", [tracked, identified, event("track-click")], { accepted: 3, duplicates: 0, refused: 0 }],
      [
        "resent ones are duplicates; bad ones refused by position",
        [
          identified,
          tracked,
          { ...tracked, event_id: "track-2", name: "" },
          { ...tracked, event_id: "track-3", props: { text: "x".repeat(2100) } },
          { ...identified, event_id: "identify-2", customer_id: "has space" },
          { ...tracked, event_id: "track-4", time: t.clock.now + 3 * day },
        ],
        { accepted: 0, duplicates: 2, refused: 4 },
      ],
    ];
    for (const [what, events, expected] of cases) expect(await answerOf({ key, events }), what).toMatchObject(expected);
    const resent = await answerOf({ key, events: [{ ...tracked, event_id: "track-2", name: "" }, identified] });
    expect(resent.refusals.map((r) => [r.index, r.id, r.reason, r.detail.split(":")[0]])).toEqual([[0, "track-2", "invalid", "name"]]);
    // Only the page land became a hit.
    expect(await storedHits()).toBe(before + 1);
  });

  it("lets a server's events past the robot filter with the secret key as a bearer token, never a key a page shows", async () => {
    const curl = "curl/8.5.0";
    const cases: ReadonlyArray<readonly [string, Record<string, unknown>, Record<string, string>, Partial<IngestAnswer>]> = [
      ["a publishable key in the body, from curl", { key, events: [event("server-1")] }, { "User-Agent": curl }, { accepted: 0, refused: 1 }],
      ["a publishable key as a bearer token, from curl", { events: [event("server-2")] }, { "User-Agent": curl, Authorization: `Bearer ${key}` }, { accepted: 0, refused: 1 }],
      ["the secret key as a bearer token, from curl", { events: [event("server-3")] }, { "User-Agent": curl, Authorization: `Bearer ${secret}` }, { accepted: 1, refused: 0 }],
      ["the secret key as a bearer token, from a crawler's agent", { events: [event("server-4")] }, { "User-Agent": "Googlebot/2.1", Authorization: `Bearer ${secret}` }, { accepted: 1, refused: 0 }],
    ];
    for (const [what, body, headers, expected] of cases) expect(await answerOf(body, { headers }), what).toMatchObject(expected);
  });

  it("takes the Data Sources page's collect example as curl sends it, once it carries the secret key", async () => {
    const example = collectSnippet("http://localhost", secret, t.clock.now - 1000);
    const body = /^ {2}-d '(.*)'$/m.exec(example)?.[1] ?? "";
    const headers = Object.fromEntries([...example.matchAll(/^ {2}-H '([^:]+): (.*)' \\$/gm)].map((m) => [m[1] ?? "", m[2] ?? ""]));
    expect(Object.keys(headers)).toEqual(["Authorization", "Content-Type"]);
    const answer = await t.call("POST", "/collect", { body, headers: { ...headers, "User-Agent": "curl/8.5.0" }, address: `198.51.100.${++addresses}` });
    expect(decoded(answer, IngestAnswer, 202)).toEqual({ accepted: 1, duplicates: 0, refused: 0, refusals: [] });
  });

  it("serves /t.js: a small script for other sites, setting no cookie itself (the script keeps one in the page)", async () => {
    const script = await t.call("GET", "/t.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("Content-Type")).toMatch(/^application\/javascript/);
    expect(script.headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");
    expect(script.headers.get("Set-Cookie")).toBeNull();
    expect(script.text.length).toBeLessThan(5 * 1024);
    expect(script.text).toContain("sendBeacon");
  });

  it("classifies and attributes accepted events once processed", async () => {
    const engine = createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog });
    await loaded();
    await engine.processIngested(northwindId);
    const hits = await t.warehouse.attribution.classifiedHits(northwindId);
    // The demo program's classification reads utm_source: a google/cpc click is not left unclassified.
    expect(hits.at(-1)?.taxonomy[0]).not.toBe("None");
  });
});
