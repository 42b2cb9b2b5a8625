import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IngestAnswer } from "../../src/domain/ingestion/collection";
import { CreatedWriteKey } from "../../src/domain/ingestion/writeKeys";
import { collectionLogLimits, openCollectionLog, rememberRecentIds, type CollectionLog } from "../../server/engine/collectionLog";
import type { IngestedHit } from "../../server/warehouse/ingestionQueries";
import { silentLog } from "../../server/log";
import { collectionKeyMemoMs } from "../../server/routes/collectRoutes";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";
import { northwindId } from "./accountSupport";

/**
 * POST /collect through the collection log (COLLECT_LOG=on; docs/engine.md, "Collection
 * log"): answered once the events are on disk, in the warehouse once the loader has run
 * (driven here by hand), loaded again harmlessly after a crash between the warehouse's
 * commit and the position's write, and refused with 503 and Retry-After while too far behind.
 */

/** Small enough that one batch of twenty events puts the log behind. */
const backlogBytes = 4096;

describe("POST /collect through the collection log", () => {
  const dir = mkdtempSync(join(tmpdir(), "collect-log-"));
  let t: ContractApp;
  let collection: CollectionLog;
  let key = "";
  beforeAll(async () => {
    // From three hits a step the loader stores the bulk import's way: the loads below go both ways.
    collection = await openCollectionLog({ dir, log: silentLog, limits: { ...collectionLogLimits, backlogBytes, bulkHits: 3 } });
    // The processor waits longer than the suite runs: the test looks at what is stored and answered.
    t = await openContractApp({ collectionLog: collection, ingestionTiming: { quietMs: 600_000, longestWaitMs: 600_000 } });
    const admin = await t.signIn("admin");
    key = decoded(await t.call("POST", "/api/programs/northwind/write-keys", { token: admin, json: { kind: "publishable" } }), CreatedWriteKey).data.key;
  });
  afterAll(async () => {
    await collection.close();
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const event = (id: string) => ({
    event_id: id,
    type: "click",
    time: t.clock.now - 60_000,
    visitor_id: "v-collect-log",
    url: "https://shop.example/landing?utm_source=google&utm_medium=cpc",
  });
  const hitOf = (eventId: string): IngestedHit => ({
    eventId,
    visitorId: "v-collect-log",
    ts: t.clock.now - 60_000,
    hitDate: new Date(t.clock.now - 60_000).toISOString().slice(0, 10),
    eventType: "click",
    source: "google",
    medium: "cpc",
    campaign: null,
    content: null,
    term: null,
    referrer: null,
    landingUrl: null,
    publisherId: null,
    costLink: null,
  });
  const storedIds = async () =>
    (await t.warehouse.attribution.classifiedHits(northwindId)).length;
  let address = 0;
  const send = (events: ReadonlyArray<unknown>) => t.call("POST", "/collect", { json: { key, events }, address: `198.51.100.${++address}` });

  it("answers 503 with Retry-After while the log is too far behind, and takes events again once loaded", async () => {
    const big = Array.from({ length: 20 }, (_, i) => event(`log-big-${i}`));
    decoded(await send(big), IngestAnswer, 202);
    const refused = await send([event("log-late")]);
    expectRefusal(refused, 503, "collection_unavailable");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    await collection.load(t.warehouse.ingestion);
    expect(decoded(await send([event("log-late")]), IngestAnswer, 202)).toMatchObject({ accepted: 1 });
    expect(await collection.load(t.warehouse.ingestion)).toBe(1);
  });
  it("refuses a revoked key once the second it is remembered for has passed", async () => {
    const admin = await t.signIn("admin");
    const created = decoded(await t.call("POST", "/api/programs/northwind/write-keys", { token: admin, json: { kind: "publishable" } }), CreatedWriteKey).data;
    const sendWith = (k: string) => t.call("POST", "/collect", { json: { key: k, ...event("log-revoked") }, address: `198.51.100.${++address}` });
    decoded(await sendWith(created.key), IngestAnswer, 202);
    expect((await t.call("DELETE", `/api/programs/northwind/write-keys/${created.id}`, { token: admin })).status).toBe(200);
    t.clock.advance(collectionKeyMemoMs);
    expectRefusal(await sendWith(created.key), 401, "invalid_write_key");
    await collection.load(t.warehouse.ingestion);
  });

  it("acknowledges events once logged, stores them when loaded, and stores each id once after a load is repeated", async () => {
    const before = await storedIds();
    const cases = [
      { events: [event("log-a1"), event("log-a2")], answer: { accepted: 2, duplicates: 0, refused: 0 } },
      { events: [{ ...event("log-bad"), time: "yesterday" }, event("log-b1")], answer: { accepted: 1, duplicates: 0, refused: 1 } },
      // A resent id is a duplicate when acknowledged (sent while the first waits for its fsync, it waits too).
      { events: [event("log-a1")], answer: { accepted: 0, duplicates: 1, refused: 0 } },
    ];
    const answers = await Promise.all(cases.map((c) => send(c.events)));
    answers.forEach((answer, i) => expect(decoded(answer, IngestAnswer, 202)).toMatchObject(cases[i]?.answer ?? {}));
    expect(await storedIds(), "nothing reaches the warehouse before the loader runs").toBe(before);

    const position = join(dir, "position.json");
    const positionBefore = (() => {
      try {
        return readFileSync(position);
      } catch {
        return null;
      }
    })();
    expect(await collection.load(t.warehouse.ingestion)).toBe(3);
    expect(await storedIds()).toBe(before + 3);

    // A crash after the warehouse's commit, before the position's write: the next start loads those requests again.
    if (positionBefore === null) rmSync(position);
    else writeFileSync(position, positionBefore);
    // (The app's log is not used after this: one log per DATA_DIR, as one server per DATA_DIR.)
    const restarted = await openCollectionLog({ dir: dir, log: silentLog, limits: { ...collectionLogLimits, bulkHits: 3 } });
    expect(await restarted.load(t.warehouse.ingestion)).toBe(3);
    await restarted.close();
    expect(await storedIds(), "each event id is stored once").toBe(before + 3);

    // A start remembers the ids the warehouse kept lately: resent after it, they are duplicates when acknowledged.
    const startDir = mkdtempSync(join(tmpdir(), "collect-log-start-"));
    const started = await openCollectionLog({ dir: startDir, log: silentLog });
    expect(await rememberRecentIds(started, t.warehouse.ingestion, [northwindId], t.clock.now)).toBeGreaterThanOrEqual(3);
    const resent = await started.acknowledge({ programId: northwindId, at: t.clock.now, hits: [hitOf("log-a1"), hitOf("log-b1"), hitOf("log-c1")], visitorEvents: [], refused: {} });
    await started.close();
    rmSync(startDir, { recursive: true, force: true });
    expect(resent).toEqual({ logged: true, accepted: 1, duplicates: 2 });
  });


});
