import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IngestAnswer } from "../../src/domain/ingestion/collection";
import { IngestionHealth } from "../../src/domain/ingestion/ingestionHealth";
import { CreatedWriteKey } from "../../src/domain/ingestion/writeKeys";
import { ChartResponse } from "../../src/domain/performance/performance";
import { AdminProgramAnswer } from "../../src/domain/programs/programAdmin";
import { importFiles } from "../../server/engine/bulkImport";
import { createEngine } from "../../server/engine/createEngine";
import { silentLog } from "../../server/log";
import { openDuckDbFileRows } from "../../server/warehouse/duckdb/fileRows";
import { decoded, openContractApp, type ContractApp } from "./contractApp";

/**
 * A program's days are its time zone's (docs/engine.md, "Data model"): a program in
 * Europe/Berlin, saved in winter (its stored UTC offset is +01:00), gets events and orders
 * near Berlin's midnight in summer and in winter, through /collect and the order feed and
 * through the bulk import; the performance report counts each on its Berlin day, and the
 * ingestion health counts today's rows on Berlin's today.
 */
describe("a program's days in its time zone (Europe/Berlin)", () => {
  const code = "acme-eu";
  let t: ContractApp;
  let admin = "";
  let programId = 0;
  let publishableKey = "";
  let secretKey = "";
  let dir = "";

  /** Each row: an event (a click from a campaign) and an order of one visitor at one instant, and its Berlin day. */
  const table = [
    { via: "collect", name: "summer, 22:30 UTC is 00:30 the next day", at: "2025-05-20T22:30:00Z", day: "2025-05-21" },
    { via: "collect", name: "winter, 23:30 UTC is 00:30 the next day", at: "2025-01-15T23:30:00Z", day: "2025-01-16" },
    { via: "collect", name: "winter, 22:30 UTC is 23:30 the same day", at: "2025-01-20T22:30:00Z", day: "2025-01-20" },
    { via: "collect", name: "the 25-hour day, 22:30 UTC is its last hour", at: "2024-10-27T22:30:00Z", day: "2024-10-27" },
    { via: "import", name: "summer, 22:30 UTC is 00:30 the next day", at: "2025-05-22T22:30:00Z", day: "2025-05-23" },
    { via: "import", name: "winter, 23:30 UTC is 00:30 the next day", at: "2025-01-17T23:30:00Z", day: "2025-01-18" },
    { via: "import", name: "winter, 22:30 UTC is 23:30 the same day", at: "2025-01-22T22:30:00Z", day: "2025-01-22" },
    { via: "import", name: "the 23-hour day, 22:30 UTC is the next day", at: "2025-03-30T22:30:00Z", day: "2025-03-31" },
  ].map((row, i) => ({ ...row, time: Date.parse(row.at), visitor: `v-berlin-${i}`, id: `berlin-${i}` }));
  const landing = "https://shop.example/?utm_source=news&utm_medium=email";

  beforeAll(async () => {
    t = await openContractApp({ ingestionTiming: { quietMs: 600_000, longestWaitMs: 600_000 } });
    admin = await t.signIn("admin");
    // Made in winter: the offset it keeps is +01:00, which summer days must not be taken in.
    t.clock.now = Date.parse("2025-01-10T12:00:00Z");
    const created = decoded(
      await t.call("POST", "/api/admin/programs", {
        token: admin,
        json: { name: "Acme Europe", code, currency: "EUR", time_zone: "Europe/Berlin", attribution_model: "linear", lookback_days: 30 },
      }),
      AdminProgramAnswer,
    );
    programId = created.data.id;
    // Now: 2 June 2025 at 00:30 in Berlin.
    t.clock.now = Date.parse("2025-06-01T22:30:00Z");
    const key = async (kind: string) =>
      decoded(await t.call("POST", `/api/programs/${code}/write-keys`, { token: admin, json: { kind } }), CreatedWriteKey).data.key;
    publishableKey = await key("publishable");
    secretKey = await key("secret");
    dir = mkdtempSync(join(tmpdir(), "program-days-"));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  const eventOf = (row: (typeof table)[number]) => ({ event_id: row.id, type: "click", time: row.time, visitor_id: row.visitor, url: landing });
  const orderOf = (row: (typeof table)[number]) => ({
    order_id: row.id,
    time: row.time,
    amount: 10,
    currency: "EUR",
    status: "valid",
    customer_type: "new",
    payment: "card",
    visitor_id: row.visitor,
  });

  it("counts each event and order on its Berlin day in the performance report, sent or imported", async () => {
    const sent = table.filter((row) => row.via === "collect");
    const collected = await t.call("POST", "/collect", { json: { key: publishableKey, events: sent.map(eventOf) }, address: "198.51.100.7" });
    expect(decoded(collected, IngestAnswer, 202)).toMatchObject({ accepted: sent.length, refused: 0 });
    const fed = await t.call("POST", `/api/programs/${code}/orders`, { json: { orders: sent.map(orderOf) }, headers: { Authorization: `Bearer ${secretKey}` } });
    expect(decoded(fed, IngestAnswer, 202)).toMatchObject({ accepted: sent.length, refused: 0 });

    const imported = table.filter((row) => row.via === "import");
    const events = join(dir, "events.csv");
    writeFileSync(events, ["event_id,type,time,visitor_id,url", ...imported.map((r) => `${r.id},click,${r.at},${r.visitor},${landing}`)].join("\n") + "\n");
    const orders = join(dir, "orders.csv");
    writeFileSync(
      orders,
      ["order_id,time,amount,currency,status,customer_type,payment,visitor_id", ...imported.map((r) => `${r.id},${r.at},10,EUR,valid,new,card,${r.visitor}`)].join("\n") + "\n",
    );
    const program = await t.warehouse.programs.findByCode(code);
    if (!program) throw new Error(`no ${code}`);
    const engine = createEngine({ warehouse: t.warehouse, clock: t.clock.read, log: silentLog });
    const reader = await openDuckDbFileRows();
    try {
      const outcome = await importFiles({ reader, target: t.warehouse.ingestion, clock: t.clock.read, process: (id) => engine.processIngested(id) }, program, [events, orders]);
      expect(outcome.ok && outcome.files.map((f) => f.refused)).toEqual([0, 0]);
    } finally {
      await reader.close();
    }
    await engine.processIngested(programId);

    const chart = decoded(
      await t.call("GET", `/api/programs/${code}/performance/chart/single?date_from=2024-10-20&date_to=2025-06-02&interval=day`, { token: admin }),
      ChartResponse,
    );
    const counted = chart.data
      .filter((r) => r.clicks > 0 || r.last_click_sales > 0)
      .map((r) => [r.conversion_date, r.clicks, r.last_click_sales, r.last_click_revenue]);
    const expected = table.map((row) => [row.day, 1, 1, 10]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(counted).toEqual(expected);
  });

  it("counts today's rows on Berlin's today in the ingestion health", async () => {
    const health = decoded(await t.call("GET", `/api/programs/${code}/ingestion/health`, { token: admin }), IngestionHealth).data;
    expect(health.day).toBe("2025-06-02");
    expect(health.events.accepted).toBeGreaterThanOrEqual(table.filter((row) => row.via === "collect").length);
    expect(health.orders.accepted).toBeGreaterThanOrEqual(table.filter((row) => row.via === "collect").length);
  });
});
