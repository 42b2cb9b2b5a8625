import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IngestionHealth } from "../../src/domain/ingestion/ingestionHealth";
import { IngestAnswer } from "../../src/domain/ingestion/collection";
import { CreatedWriteKey } from "../../src/domain/ingestion/writeKeys";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";

/** Bluepeak's offset is -05:00: at 02:00 UTC it is still the day before there. */
const bluepeakId = 2;

describe("GET /api/programs/{program}/ingestion/health", () => {
  let t: ContractApp;
  let admin = "";
  let key = "";
  let events = 0;
  beforeAll(async () => {
    // The processor waits longer than the suite runs: the lag is looked at before and after a run the test starts.
    t = await openContractApp({ ingestionTiming: { quietMs: 600_000, longestWaitMs: 600_000 } });
    t.clock.now = Date.UTC(2025, 5, 2, 2, 0, 0);
    admin = await t.signIn("admin");
    key = decoded(await t.call("POST", "/api/programs/bluepeak/write-keys", { token: admin, json: { kind: "secret" } }), CreatedWriteKey).data.key;
  });
  afterAll(() => t.close());

  const health = async () => decoded(await t.call("GET", "/api/programs/bluepeak/ingestion/health", { token: admin }), IngestionHealth).data;
  const event = (fields: Record<string, unknown> = {}) => ({
    event_id: `health-${++events}`,
    type: "click",
    time: t.clock.now - 60_000,
    visitor_id: "v-health",
    url: "https://shop.example/?utm_source=newsletter&utm_medium=email",
    ...fields,
  });
  const collect = async (rows: ReadonlyArray<unknown>) =>
    decoded(await t.call("POST", "/collect", { json: { key, events: rows } }), IngestAnswer, 202);
  const order = (id: string, currency: string) => ({
    order_id: id,
    time: t.clock.now - 30_000,
    amount: 42.5,
    currency,
    status: "valid",
    customer_type: "new",
    payment: "card",
    visitor_id: "v-health",
  });

  it("is refused to a person who is no admin", async () => {
    const demo = await t.signIn("demo");
    expectRefusal(await t.call("GET", "/api/programs/bluepeak/ingestion/health", { token: demo }), 403, "forbidden");
  });

  it("says nothing was sent before anything is, caught up", async () => {
    expect(await health()).toEqual({
      at: t.clock.now,
      day: "2025-06-01",
      events: { accepted: 0, duplicates: 0 },
      orders: { accepted: 0, duplicates: 0 },
      custom_events: { accepted: 0, duplicates: 0 },
      identifies: { accepted: 0, duplicates: 0 },
      refused: [],
      last_event_at: null,
      last_order_at: null,
      pending: 0,
      lag_ms: 0,
    });
  });

  it("counts today's accepted, duplicate and refused rows by reason, the latest arrivals and the lag", async () => {
    const sent = event();
    const tracked = event({ type: "track", name: "Added to basket", props: { sku: "B-1" } });
    const identified = event({ type: "identify", customer_id: "c-health" });
    await collect([sent, event(), event({ type: "scroll" }), event({ time: t.clock.now + 3 * 86_400_000 }), tracked, identified, event({ type: "track" })]);
    await collect([sent, tracked]);
    const sentAt = t.clock.now;
    t.clock.advance(1000);
    const fed = await t.call("POST", "/api/programs/bluepeak/orders", {
      json: { orders: [order("h-1", "USD"), order("h-2", "GBP")] },
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(decoded(fed, IngestAnswer, 202).accepted).toBe(1);
    t.clock.advance(4000);
    expect(await health()).toEqual({
      at: sentAt + 5000,
      day: "2025-06-01",
      events: { accepted: 2, duplicates: 1 },
      orders: { accepted: 1, duplicates: 0 },
      custom_events: { accepted: 1, duplicates: 1 },
      identifies: { accepted: 1, duplicates: 0 },
      refused: [
        { kind: "event", reason: "invalid", rows: 2 },
        { kind: "event", reason: "out_of_range", rows: 1 },
        { kind: "order", reason: "currency", rows: 1 },
      ],
      last_event_at: sentAt,
      last_order_at: sentAt + 1000,
      pending: 3,
      lag_ms: 5000,
    });
  });

  it("has no lag once the processing caught up", async () => {
    await createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog }).processIngested(bluepeakId);
    const after = await health();
    expect(after.pending).toBe(0);
    expect(after.lag_ms).toBe(0);
    expect(after.events.accepted).toBe(2);
  });

  it("counts by the program's day: past its midnight the counts start again, the latest arrivals stay", async () => {
    const before = await health();
    t.clock.now = Date.UTC(2025, 5, 2, 6, 0, 0);
    const after = await health();
    expect(after.day).toBe("2025-06-02");
    expect(after.events).toEqual({ accepted: 0, duplicates: 0 });
    expect(after.refused).toEqual([]);
    expect(after.last_event_at).toBe(before.last_event_at);
    await collect([event()]);
    expect((await health()).events.accepted).toBe(1);
  });
});
