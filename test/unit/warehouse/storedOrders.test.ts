import { describe, expect, it } from "vitest";
import { orderBatchOutcome } from "../../../server/warehouse/sql/storedOrders";
import type { IngestedOrder } from "../../../server/warehouse/ingestionQueries";

/**
 * Which change of an order wins (docs/engine.md, "Ingestion": the order feed's changes), the rule both
 * warehouses store by: the newest `updated_at` whatever the order changes arrive in, when both say when
 * they changed; otherwise, and among changes of the same instant, the later arrival.
 */

const order = (status: "valid" | "cancelled", updatedAt: number | null, amount = 40): IngestedOrder => ({
  orderId: "o-1",
  customerId: null,
  visitorId: "v-1",
  ts: 1_000,
  orderDate: "2025-06-01",
  amount,
  status,
  customerType: "new",
  payment: "card",
  updatedAt,
});

/** A stored order as the warehouse reads it back. */
const storedRow = (o: IngestedOrder) => ({
  order_id: o.orderId,
  visitor_id: o.visitorId,
  ts: o.ts,
  order_date: o.orderDate,
  amount: o.amount,
  status: o.status,
  customer_type: o.customerType,
  payment: o.payment,
  updated_at: o.updatedAt,
});

describe("orderBatchOutcome: the newest change of an order wins", () => {
  it.each([
    // [what is stored, what arrives, the state kept, accepted, duplicates]
    ["a newer cancellation replaces", order("valid", 100), [order("cancelled", 200)], order("cancelled", 200), 1, 0],
    ["an older row changes nothing", order("cancelled", 200), [order("valid", 100)], order("cancelled", 200), 0, 1],
    ["the same instant: the later arrival", order("valid", 100), [order("cancelled", 100)], order("cancelled", 100), 1, 0],
    ["the same instant and fields: a duplicate", order("valid", 100), [order("valid", 100)], order("valid", 100), 0, 1],
    ["a newer row of the same fields keeps its newer instant", order("valid", 100), [order("valid", 300)], order("valid", 300), 1, 0],
    ["no instant sent: the later arrival", order("cancelled", 200), [order("valid", null)], order("valid", null), 1, 0],
    ["no instant sent, the same fields: a duplicate keeping the stored instant", order("valid", 200), [order("valid", null)], order("valid", 200), 0, 1],
    ["none stored: the later arrival", order("cancelled", null), [order("valid", 100)], order("valid", 100), 1, 0],
    ["neither: the later arrival", order("valid", null), [order("cancelled", null)], order("cancelled", null), 1, 0],
    ["in one batch, newest first", null, [order("cancelled", 200), order("valid", 100)], order("cancelled", 200), 1, 1],
    ["in one batch, oldest first", null, [order("valid", 100), order("cancelled", 200)], order("cancelled", 200), 2, 0],
    ["an older row against a newer one earlier in its batch", order("valid", 50), [order("valid", 300, 55), order("valid", 100, 60)], order("valid", 300, 55), 1, 1],
  ] as const)("%s", (_, stored, sent, kept, accepted, unchanged) => {
    const outcome = orderBatchOutcome(sent, stored === null ? [] : [storedRow(stored)]);
    expect({ accepted: outcome.accepted, unchanged: outcome.unchanged }).toEqual({ accepted, unchanged });
    expect(outcome.changed).toEqual(accepted === 0 ? [] : [kept]);
  });
});
