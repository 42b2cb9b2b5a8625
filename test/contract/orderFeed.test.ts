import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IngestAnswer } from "../../src/domain/ingestion/collection";
import { CreatedWriteKey } from "../../src/domain/ingestion/writeKeys";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { decoded, expectRefusal, openContractApp, type ContractApp } from "./contractApp";
import { northwindId } from "./accountSupport";

const feed = "/api/programs/northwind/orders";

describe("the order feed", () => {
  let t: ContractApp;
  let key = "";
  let otherKey = "";
  let publishableKey = "";
  let admin = "";
  beforeAll(async () => {
    t = await openContractApp({ ingestionTiming: { quietMs: 600_000, longestWaitMs: 600_000 } });
    admin = await t.signIn("admin");
    const create = async (program: string, kind = "secret") =>
      decoded(await t.call("POST", `/api/programs/${program}/write-keys`, { token: admin, json: { kind } }), CreatedWriteKey).data.key;
    key = await create("northwind");
    otherKey = await create("bluepeak");
    publishableKey = await create("northwind", "publishable");
  });
  afterAll(() => t.close());

  const order = (id: string, fields: Record<string, unknown> = {}) => ({
    order_id: id,
    time: t.clock.now - 3_600_000,
    amount: 120.5,
    currency: "GBP",
    status: "valid",
    customer_type: "new",
    payment: "credit",
    visitor_id: "v-feed",
    ...fields,
  });
  const post = (body: unknown, token = key) => t.call("POST", feed, { json: body, headers: { Authorization: `Bearer ${token}` } });
  const answerOf = async (body: unknown) => decoded(await post(body), IngestAnswer, 202);
  const touchesOf = async (orderId: string) => {
    await createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog }).processIngested(northwindId);
    return (await t.warehouse.attribution.touches(northwindId)).filter((touch) => touch.orderId === orderId);
  };

  it("answers 401 without a write key, with another program's key or with a user's session token", async () => {
    expectRefusal(await t.call("POST", feed, { json: order("o-x") }), 401, "invalid_write_key");
    expectRefusal(await post(order("o-x"), otherKey), 401, "invalid_write_key");
    expectRefusal(await post(order("o-x"), admin), 401, "invalid_write_key");
  });

  it("refuses the publishable key (the one in every shop page): it cannot replace orders, the secret key can", async () => {
    const originals = Array.from({ length: 50 }, (_, i) => order(`o-attack-${i}`));
    expect(await answerOf({ orders: originals })).toMatchObject({ accepted: 50, refused: 0 });
    // The attack of issue 25: the same orders sent again, cancelled, with the key a page shows.
    const attack = await post({ orders: originals.map((o) => ({ ...o, status: "cancelled" })) }, publishableKey);
    expectRefusal(attack, 403, "publishable_key");
    expect(attack.text).toContain("secret key");
    expect((await touchesOf("o-attack-7")).map((touch) => touch.status)).not.toContain("cancelled");
    // The secret key may change them.
    expect(await answerOf({ orders: [order("o-attack-7", { status: "cancelled" })] })).toMatchObject({ accepted: 1, duplicates: 0 });
    expect((await touchesOf("o-attack-7")).every((touch) => touch.status === "cancelled")).toBe(true);
  });

  it("stores an order once: the same order again is a duplicate", async () => {
    expect(await answerOf(order("o-1"))).toEqual({ accepted: 1, duplicates: 0, refused: 0, refusals: [] });
    expect(await answerOf({ orders: [order("o-1")] })).toEqual({ accepted: 0, duplicates: 1, refused: 0, refusals: [] });
    const touches = await touchesOf("o-1");
    expect(touches.length).toBeGreaterThan(0);
    expect(new Set(touches.map((touch) => touch.touchCount))).toEqual(new Set([touches.length]));
    expect(touches[0]).toMatchObject({ amount: 120.5, status: "valid", customerType: "new", payment: "credit" });
  });

  it("replaces an order sent again with changes (a later cancellation), never duplicating it", async () => {
    await answerOf(order("o-2"));
    expect((await touchesOf("o-2"))[0]?.status).toBe("valid");
    expect(await answerOf(order("o-2", { status: "cancelled" }))).toMatchObject({ accepted: 1, duplicates: 0 });
    const touches = await touchesOf("o-2");
    expect(touches.map((touch) => touch.status)).toEqual(touches.map(() => "cancelled"));
    expect(touches.filter((touch) => touch.touchIndex === 1)).toHaveLength(1);
  });

  it("answers the same order id twice in one batch as it stores it: a change replaces the one before, a repeat is a duplicate", async () => {
    expect(await answerOf({ orders: [order("o-twice"), order("o-twice", { status: "cancelled" })] })).toEqual({
      accepted: 2,
      duplicates: 0,
      refused: 0,
      refusals: [],
    });
    expect((await touchesOf("o-twice")).every((touch) => touch.status === "cancelled")).toBe(true);
    expect(await answerOf({ orders: [order("o-twice", { status: "cancelled" }), order("o-twice", { status: "cancelled" })] })).toMatchObject({
      accepted: 0,
      duplicates: 2,
    });
    expect(await answerOf({ orders: [order("o-twice"), order("o-twice")] })).toMatchObject({ accepted: 1, duplicates: 1 });
    expect((await touchesOf("o-twice")).every((touch) => touch.status === "valid")).toBe(true);
  });

  it("refuses orders that do not decode, in another currency or out of range, storing the rest", async () => {
    const answer = await answerOf({
      orders: [
        order("o-3"),
        order("o-bad-status", { status: "refunded" }),
        order("o-negative", { amount: -1 }),
        order("o-usd", { currency: "USD" }),
        order("o-ahead", { time: t.clock.now + 3 * 86_400_000 }),
      ],
    });
    expect(answer.accepted).toBe(1);
    expect(answer.refusals.map((r) => [r.id, r.reason])).toEqual([
      ["o-bad-status", "invalid"],
      ["o-negative", "invalid"],
      ["o-usd", "currency"],
      ["o-ahead", "out_of_range"],
    ]);
  });

  it("refuses amounts out of bounds or too precise, malformed text and customer ids that are not ids, per order with the field named", async () => {
    const answer = await answerOf({
      orders: [
        order("o-big", { amount: 9.3e18 }),
        order("o-bigger", { amount: 1e19 }),
        order("o-just-over", { amount: 1_000_000_000_000.01 }),
        order("o-precise", { amount: 10.12345 }),
        order("o-surrogate", { customer_type: "new\ud800" }),
        order("o-largest", { amount: 1_000_000_000_000 }),
        order("o-four-places", { amount: 10.1234 }),
        order("o-customer-long", { customer_id: "c".repeat(129) }),
        order("o-customer-space", { customer_id: "C 42" }),
        order("o-customer", { customer_id: "C42" }),
      ],
    });
    expect(answer.refusals.map((r) => [r.id, r.reason, r.detail.split(":")[0]])).toEqual([
      ["o-big", "invalid", "amount"],
      ["o-bigger", "invalid", "amount"],
      ["o-just-over", "invalid", "amount"],
      ["o-precise", "invalid", "amount"],
      ["o-surrogate", "invalid", "customer_type"],
      ["o-customer-long", "invalid", "customer_id"],
      ["o-customer-space", "invalid", "customer_id"],
    ]);
    expect(answer.refusals.map((r) => r.detail).join(" ")).not.toMatch(/9\.3e|1e\+19|10\.12345|cccc|C 42/);
    expect(answer.accepted).toBe(3);
  });

  it("joins the clicks of a visitor a page identified as the order's customer, from another device, to the order's journey", async () => {
    const time = t.clock.now - 2 * 3_600_000;
    const events = [
      { event_id: "phone-land", type: "click", time, visitor_id: "v-phone", url: "https://shop.example/?utm_source=news&utm_medium=email" },
      { event_id: "phone-sign-in", type: "identify", time, visitor_id: "v-phone", customer_id: "c-feed" },
    ];
    const collected = await t.call("POST", "/collect", { json: { key: publishableKey, events }, address: "198.51.100.77" });
    expect(decoded(collected, IngestAnswer, 202)).toMatchObject({ accepted: 2, refused: 0 });
    expect(await answerOf(order("o-laptop", { visitor_id: "v-laptop", customer_id: "c-feed" }))).toMatchObject({ accepted: 1 });
    expect((await touchesOf("o-laptop")).map((touch) => [touch.touchCount, touch.ts])).toEqual([[1, time]]);
  });

  it("answers 400 for a body that is not an object of orders", async () => {
    expectRefusal(await t.call("POST", feed, { body: "[", headers: { Authorization: `Bearer ${key}` } }), 400, "malformed_json");
    expectRefusal(await post({ orders: "none" }), 400, "invalid_body");
  });
});
