import type { IngestedOrder } from "../ingestionQueries";
import { nullableTextOf, numberOf, textOf, type Row } from "../statements";

/** What a batch of fed orders does: the orders to write (the last state of each id that changed) and its counts. */
export interface OrderBatchOutcome {
  readonly changed: ReadonlyArray<IngestedOrder>;
  /** Orders of the batch that changed what is stored (new, or a replacement of the stored or an earlier one). */
  readonly accepted: number;
  /** Orders of the batch equal to what was stored, or to the same id earlier in the batch: duplicates. */
  readonly unchanged: number;
}

const storedOrderOf = (row: Row): IngestedOrder => ({
  orderId: textOf(row["order_id"]),
  visitorId: textOf(row["visitor_id"]),
  ts: numberOf(row["ts"]),
  orderDate: textOf(row["order_date"]),
  amount: numberOf(row["amount"]),
  status: textOf(row["status"]) as IngestedOrder["status"],
  customerType: textOf(row["customer_type"]),
  payment: textOf(row["payment"]),
  customerId: nullableTextOf(row["customer_id"]),
});

const sameOrder = (a: IngestedOrder, b: IngestedOrder): boolean =>
  a.visitorId === b.visitorId &&
  a.ts === b.ts &&
  a.orderDate === b.orderDate &&
  a.amount === b.amount &&
  a.status === b.status &&
  a.customerType === b.customerType &&
  a.payment === b.payment &&
  a.customerId === b.customerId;

/**
 * A batch of fed orders read in order, each against what is stored or was sent before it in
 * the batch: a new order or one with any field different is accepted (it replaces the one
 * before, so the same id twice in one batch, the second a cancellation, is answered as
 * stored twice, not as a duplicate), an order equal to the one before it is a duplicate.
 * `stored` are the program's rows of the sent ids, with order_date read as text. Only the
 * last state of each changed id is written, so a resent feed marks nothing for processing.
 */
export const orderBatchOutcome = (sent: ReadonlyArray<IngestedOrder>, stored: ReadonlyArray<Row>): OrderBatchOutcome => {
  const current = new Map(stored.map((row) => [textOf(row["order_id"]), storedOrderOf(row)] as const));
  const changedIds = new Set<string>();
  let accepted = 0;
  for (const order of sent) {
    const before = current.get(order.orderId);
    if (before !== undefined && sameOrder(before, order)) continue;
    accepted++;
    current.set(order.orderId, order);
    changedIds.add(order.orderId);
  }
  return {
    changed: [...changedIds].flatMap((id) => {
      const order = current.get(id);
      return order ? [order] : [];
    }),
    accepted,
    unchanged: sent.length - accepted,
  };
};
