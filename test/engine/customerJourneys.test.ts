import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEngine, type Engine } from "../../server/engine/createEngine";
import { ingestEvents, ingestOrders } from "../../server/engine/ingestion";
import { silentLog } from "../../server/log";
import type { Warehouse } from "../../server/warehouse/warehouse";
import { openFreshWarehouse } from "../warehouseUnderTest";

/**
 * Journeys across a customer's devices (docs/engine.md, "Journeys and credit"), on the engine under test
 * (WAREHOUSE=duckdb or chdb): events, identifies and orders go through the validated ingest path and the
 * incremental processing. An order naming a customer takes the clicks of its own visitor and of every visitor
 * tied to that customer (an identify, or another order naming both), within the lookback, whenever the tie was
 * made; an identify or an order arriving later re-attributes the customer's orders; a full rebuild agrees.
 */

const programId = 1;
const day = 86_400_000;
const dayOne = Date.parse("2025-06-01T10:00:00Z");
const at = (d: number, hours = 0): number => dayOne + (d - 1) * day + hours * 3_600_000;
const now = at(10);
const northwind = { id: programId, code: "northwind", name: "Northwind Outfitters", currency: "GBP", utc_offset: "+00:00", locale: "en-GB" };

/** Email when the medium is email, Paid Search when it is cpc, Display when it is display. */
const channel = (id: number, title: string, medium: string) => ({
  id,
  title,
  joinType: "and" as const,
  rules: [{ id, field: "medium" as const, matchType: "contains" as const, expectedValue: medium }],
  extracts: [],
  execution_order: id,
  children: [],
});
const tree = { data: [channel(1, "Email", "email"), channel(2, "Paid Search", "cpc"), channel(3, "Display", "display")] };

const click = (id: string, visitor: string, time: number, medium: string) => ({
  event_id: id,
  type: "click",
  time,
  visitor_id: visitor,
  url: `https://shop.example/?utm_source=${medium === "cpc" ? "google" : "news"}&utm_medium=${medium}&utm_campaign=c`,
});
const identify = (id: string, visitor: string, customer: string, time: number) => ({ event_id: id, type: "identify", time, visitor_id: visitor, customer_id: customer });
const order = (id: string, visitor: string, time: number, customer?: string) => ({
  order_id: id,
  time,
  amount: 100,
  currency: "GBP",
  status: "valid",
  customer_type: "new",
  payment: "credit",
  visitor_id: visitor,
  ...(customer === undefined ? {} : { customer_id: customer }),
});

/** What arrives first, then later (identifies and an order that tie more visitors to customers with orders). */
const firstEvents = [
  click("a-email", "phone-A", at(1), "email"),
  click("b-search", "laptop-B", at(3), "cpc"),
  identify("b-is-c42", "laptop-B", "C42", at(3)),
  // No customer on the order: its own visitor's clicks only, although the visitor is identified.
  click("d-email", "visitor-D", at(2), "email"),
  identify("d-is-c99", "visitor-D", "C99", at(2)),
  // A shared device identified as two customers: its click counts in both customers' journeys.
  click("s-display", "shared-S", at(2), "display"),
  identify("s-is-c7", "shared-S", "C7", at(2)),
  identify("s-is-c8", "shared-S", "C8", at(3)),
  // A customer's visitor whose first click is outside the 30-day lookback before the order.
  click("e-old", "visitor-E", at(4) - 31 * day, "email"),
  click("e-recent", "visitor-E", at(2), "cpc"),
  identify("e-is-c9", "visitor-E", "C9", at(2)),
  // A visitor that only an order ties to its customer (C50), that order arriving later.
  click("g-email", "visitor-G", at(1), "email"),
];
const firstOrders = [
  order("O1", "laptop-B", at(3, 1), "C42"),
  order("O2", "visitor-D", at(3)),
  order("O3", "visitor-X", at(4), "C7"),
  order("O4", "visitor-Y", at(4), "C8"),
  order("O5", "visitor-F", at(4), "C9"),
  order("O7", "visitor-H", at(4), "C50"),
];
const laterEvents = [identify("a-is-c42", "phone-A", "C42", at(5))];
const laterOrders = [order("O6", "visitor-G", at(2), "C50")];

type Touches = Awaited<ReturnType<Warehouse["attribution"]["touches"]>>;

/** Each order's journey as [taxonomy_1, attributed, first, last] per touch. */
const journeysOf = (touches: Touches): Readonly<Record<string, ReadonlyArray<readonly [string, number, number, number]>>> => {
  const journeys: Record<string, Array<readonly [string, number, number, number]>> = {};
  for (const t of touches) (journeys[t.orderId] ??= []).push([t.taxonomy[0], Number(t.attributedCredit.toFixed(9)), t.firstCredit, t.lastCredit]);
  return journeys;
};

describe("journeys across a customer's visitors", () => {
  let warehouse: Warehouse;
  let engine: Engine;
  let first: ReturnType<typeof journeysOf>;
  let later: Touches;

  beforeAll(async () => {
    warehouse = await openFreshWarehouse(() => now);
    engine = createEngine({ warehouse, clock: () => now, log: silentLog });
    await warehouse.attribution.append({ classifications: [{ programId, tree: JSON.stringify(tree), savedAt: 0 }] });
    expect(await ingestEvents(warehouse.ingestion, northwind, firstEvents, now)).toMatchObject({ accepted: firstEvents.length, refused: 0 });
    expect(await ingestOrders(warehouse.ingestion, northwind, firstOrders, now)).toMatchObject({ accepted: firstOrders.length, refused: 0 });
    await engine.processIngested(programId);
    first = journeysOf(await warehouse.attribution.touches(programId));
    expect(await ingestEvents(warehouse.ingestion, northwind, laterEvents, now)).toMatchObject({ accepted: 1 });
    expect(await ingestOrders(warehouse.ingestion, northwind, laterOrders, now)).toMatchObject({ accepted: 1 });
    expect(await warehouse.ingestion.programsDue()).toEqual([programId]);
    await engine.processIngested(programId);
    later = await warehouse.attribution.touches(programId);
  });
  afterAll(() => warehouse.close());

  const half = 0.5;
  it.each<[string, string, ReadonlyArray<readonly [string, number, number, number]>]>([
    ["before the phone is identified, the order's journey has the laptop's click only", "O1", [["Paid Search", 1, 1, 1]]],
    ["an order without a customer keeps its own visitor's clicks", "O2", [["Email", 1, 1, 1]]],
    ["a visitor identified as two customers counts for the first", "O3", [["Display", 1, 1, 1]]],
    ["and for the second", "O4", [["Display", 1, 1, 1]]],
    ["a customer's visitor's click outside the lookback does not count", "O5", [["Paid Search", 1, 1, 1]]],
    ["before the order tying visitor G to C50 arrives, C50's other order is Direct", "O7", [["Direct", 1, 1, 1]]],
  ])("first run: %s", (_, orderId, journey) => {
    expect(first[orderId]).toEqual(journey);
  });

  it.each<[string, string, ReadonlyArray<readonly [string, number, number, number]>]>([
    ["the phone identified later joins: Email first, Paid Search last, half each", "O1", [["Email", half, 1, 0], ["Paid Search", half, 0, 1]]],
    ["an order without a customer is unchanged", "O2", [["Email", 1, 1, 1]]],
    ["the order naming C50 from visitor G has G's click", "O6", [["Email", 1, 1, 1]]],
    ["C50's earlier-fed order gains visitor G's click", "O7", [["Email", 1, 1, 1]]],
  ])("after a later identify and order: %s", (_, orderId, journey) => {
    expect(journeysOf(later)[orderId]).toEqual(journey);
  });

  it("the incremental runs leave the touches a full rebuild writes", async () => {
    await engine.materialise(programId);
    expect(await warehouse.attribution.touches(programId)).toEqual(later);
  });
});
