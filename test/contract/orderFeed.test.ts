import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IngestAnswer } from "../../src/domain/ingestion/collection";
import { CreatedWriteKey } from "../../src/domain/ingestion/writeKeys";
import { TableResponse } from "../../src/domain/performance/performance";
import { importFiles, type ImportOutcome } from "../../server/engine/bulkImport";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { openDuckDbFileRows } from "../../server/warehouse/duckdb/fileRows";
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

  describe("order changes by their own time (updated_at), through the feed and the import alike", () => {
    const hour = 3_600_000;
    // The contract clock is 2025-06-02T09:00Z: every order of the table is bought at 08:00 the day before (northwind is at
    // +00:00), a day the tests above send no order on.
    const day = "2025-06-01";
    const bought = "2025-06-01T08:00:00Z";
    const older = Date.parse("2025-06-01T08:15:00Z");
    /** 08:30Z, written with an offset as a shop's server may write it. */
    const newer = "2025-06-01T09:30:00+01:00";
    type Change = readonly [via: "feed" | "import", status: "valid" | "cancelled", updatedAt: number | string | null];
    /** Each order's changes in the rounds they are sent in (null: nothing that round), and its status after each round. */
    const table: ReadonlyArray<{ readonly name: string; readonly id: string; readonly amount: number; readonly rounds: ReadonlyArray<Change | null>; readonly after: ReadonlyArray<"valid" | "cancelled"> }> = [
      {
        name: "the feed's newer cancellation, then the first file imported again: stays cancelled",
        id: "upd-feed-cancel",
        amount: 11,
        rounds: [["import", "valid", older], ["feed", "cancelled", newer], ["import", "valid", older]],
        after: ["valid", "cancelled", "cancelled"],
      },
      {
        name: "an import's newer row, then the feed's older cancellation: the import's stays",
        id: "upd-import-newer",
        amount: 23,
        rounds: [["import", "valid", newer], ["feed", "cancelled", older], null],
        after: ["valid", "valid", "valid"],
      },
      {
        name: "the same updated_at: the later arrival",
        id: "upd-tie",
        amount: 37,
        rounds: [["feed", "valid", older], ["import", "cancelled", older], ["feed", "valid", new Date(older).toISOString()]],
        after: ["valid", "cancelled", "valid"],
      },
      {
        name: "no updated_at: the later arrival, as before",
        id: "upd-none",
        amount: 53,
        rounds: [["import", "valid", null], ["feed", "cancelled", null], ["import", "valid", null]],
        after: ["valid", "cancelled", "valid"],
      },
      {
        name: "updated_at on one side only: the later arrival",
        id: "upd-one-side",
        amount: 71,
        rounds: [["feed", "cancelled", newer], ["import", "valid", null], null],
        after: ["cancelled", "valid", "valid"],
      },
    ];
    const header = "order_id,time,amount,currency,status,customer_type,payment,visitor_id,updated_at";
    const csvRow = (id: string, amount: number, status: string, updatedAt: number | string | null | undefined) =>
      `${id},${bought},${amount},GBP,${status},new,card,v-${id},${updatedAt ?? ""}`;
    const feedOrder = (id: string, amount: number, status: string, updatedAt: number | string | null) =>
      order(id, { time: Date.parse(bought), amount, status, visitor_id: `v-${id}`, payment: "card", ...(updatedAt === null ? {} : { updated_at: updatedAt }) });
    let dir = "";
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), "order-changes-"));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    const importRows = async (name: string, rows: ReadonlyArray<string>): Promise<ImportOutcome> => {
      const file = join(dir, name);
      writeFileSync(file, [header, ...rows].join("\n") + "\n");
      const reader = await openDuckDbFileRows();
      try {
        const program = await t.warehouse.programs.findByCode("northwind");
        if (!program) throw new Error("no northwind");
        const engine = createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog });
        return await importFiles({ reader, target: t.warehouse.ingestion, clock: t.clock.read, process: (id) => engine.processIngested(id) }, program, [file]);
      } finally {
        await reader.close();
      }
    };
    /** The level-one report of the day, summed: last-click sales and revenue (valid orders only). */
    const salesOfTheDay = async () => {
      const answer = decoded(
        await t.call("GET", `/api/programs/northwind/performance/table/single/taxonomy_1?date_from=${day}&date_to=${day}`, { token: admin }),
        TableResponse,
      );
      return {
        sales: answer.data.reduce((sum, r) => sum + r.last_click_sales, 0),
        revenue: answer.data.reduce((sum, r) => sum + r.last_click_revenue, 0),
      };
    };

    it("keeps the newest change of each order whatever it arrives by, and the report counts what it keeps", async () => {
      // What the tests before sent is in the report first, so its figures move only by this table's orders.
      await createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog }).processIngested(northwindId);
      const before = await salesOfTheDay();
      for (let round = 0; round < 3; round++) {
        const changes = table.flatMap((c) => {
          const change = c.rounds[round];
          return change ? [{ order: c, via: change[0], status: change[1], updatedAt: change[2] }] : [];
        });
        const imported = changes.filter((c) => c.via === "import");
        if (imported.length > 0) {
          const outcome = await importRows(`round-${round}.csv`, imported.map((c) => csvRow(c.order.id, c.order.amount, c.status, c.updatedAt)));
          expect(outcome.ok && outcome.files[0]?.refused).toBe(0);
        }
        const fed = changes.filter((c) => c.via === "feed");
        if (fed.length > 0) expect((await answerOf({ orders: fed.map((c) => feedOrder(c.order.id, c.order.amount, c.status, c.updatedAt)) })).refused).toBe(0);
        await createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog }).processIngested(northwindId);
        const statuses = Object.fromEntries(
          await Promise.all(table.map(async (c) => [c.name, [...new Set((await touchesOf(c.id)).map((touch) => touch.status))]] as const)),
        );
        expect(statuses, `after round ${round + 1}`).toEqual(Object.fromEntries(table.map((c) => [c.name, [c.after[round]]])));
        const kept = table.filter((c) => c.after[round] === "valid");
        const after = await salesOfTheDay();
        expect(after.sales - before.sales, `the report's sales after round ${round + 1}`).toBeCloseTo(kept.length, 6);
        expect(after.revenue - before.revenue, `the report's revenue after round ${round + 1}`).toBeCloseTo(
          kept.reduce((sum, c) => sum + c.amount, 0),
          2,
        );
      }
    });

    it("refuses a malformed or out-of-range updated_at per row, naming it, and stores the rest", async () => {
      const fed = await answerOf({
        orders: [
          feedOrder("upd-bad-day", 5, "valid", "2025-02-30T10:00:00Z"),
          feedOrder("upd-no-offset", 5, "valid", "2025-06-01T08:00:00"),
          feedOrder("upd-fraction", 5, "valid", older + 0.5),
          feedOrder("upd-ahead", 5, "valid", t.clock.now + 3 * 24 * hour),
          feedOrder("upd-ancient", 5, "valid", 1_000),
          feedOrder("upd-fine", 5, "valid", newer),
        ],
      });
      expect(fed.refusals.map((r) => [r.id, r.reason, r.detail.split(":")[0]])).toEqual([
        ["upd-bad-day", "invalid", "updated_at"],
        ["upd-no-offset", "invalid", "updated_at"],
        ["upd-fraction", "invalid", "updated_at"],
        ["upd-ahead", "out_of_range", "updated_at"],
        ["upd-ancient", "out_of_range", "updated_at"],
      ]);
      expect(fed.accepted).toBe(1);
      const outcome = await importRows("bad-times.csv", [
        csvRow("upd-csv-words", 5, "valid", "yesterday"),
        csvRow("upd-csv-ahead", 5, "valid", t.clock.now + 3 * 24 * hour),
        csvRow("upd-csv-fine", 5, "valid", "2025-06-01T08:30:00Z"),
      ]);
      if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
      expect(outcome.files[0]).toMatchObject({ rows: 3, accepted: 1, refused: 2 });
      expect(outcome.files[0]?.badRows).toEqual([
        { row: 1, problem: "invalid: updated_at: cannot be read as an instant (epoch ms or ISO 8601)" },
        { row: 2, problem: "out_of_range: updated_at: more than a day ahead of the server's clock" },
      ]);
    });
  });

  it("answers 400 for a body that is not an object of orders", async () => {
    expectRefusal(await t.call("POST", feed, { body: "[", headers: { Authorization: `Bearer ${key}` } }), 400, "malformed_json");
    expectRefusal(await post({ orders: "none" }), 400, "invalid_body");
  });
});
