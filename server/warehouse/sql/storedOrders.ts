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
  updatedAt: row["updated_at"] === null || row["updated_at"] === undefined ? null : numberOf(row["updated_at"]),
});

/** The columns of a stored order, in the order `storedOrderValues` gives them. */
export const storedOrderColumns = ["program_id", "order_id", "visitor_id", "ts", "order_date", "amount", "status", "customer_type", "payment", "customer_id", "updated_at"];

/** An order's values for `storedOrderColumns`. */
export const storedOrderValues = (programId: number, o: IngestedOrder): ReadonlyArray<string | number | null> => [
  programId,
  o.orderId,
  o.visitorId,
  o.ts,
  o.orderDate,
  o.amount,
  o.status,
  o.customerType,
  o.payment,
  o.customerId,
  o.updatedAt,
];

/** The fields a report reads: an order sent again with these equal changes nothing a report shows. */
const sameFields = (a: IngestedOrder, b: IngestedOrder): boolean =>
  a.visitorId === b.visitorId &&
  a.ts === b.ts &&
  a.orderDate === b.orderDate &&
  a.amount === b.amount &&
  a.status === b.status &&
  a.customerType === b.customerType &&
  a.payment === b.payment &&
  a.customerId === b.customerId;

/**
 * Whether an order sent changes nothing of `before` (what is stored, or was sent before it in
 * the batch), by the rule of docs/engine.md ("Ingestion", the order feed's changes): an older
 * change, when both say when they changed (`updated_at`); otherwise the same fields, with the
 * same `updated_at` or none sent (a resend that does not say when keeps the stored time). A
 * change as new as the stored one, or either without a time, replaces it (the later arrival wins).
 */
export const changesNothing = (before: IngestedOrder, sent: IngestedOrder): boolean =>
  (before.updatedAt !== null && sent.updatedAt !== null && sent.updatedAt < before.updatedAt) ||
  (sameFields(before, sent) && (sent.updatedAt === null || sent.updatedAt === before.updatedAt));

/**
 * A batch of fed orders read in order, each against what is stored or was sent before it in
 * the batch: a new order or one that changes the one before (`changesNothing`) is accepted
 * (it replaces the one before, so the same id twice in one batch, the second a cancellation,
 * is answered as stored twice, not as a duplicate); an order equal to the one before it, or
 * older than it by `updated_at`, is a duplicate and changes nothing. `stored` are the
 * program's rows of the sent ids, with order_date read as text. Only the last state of each
 * changed id is written, so a resent feed marks nothing for processing.
 */
export const orderBatchOutcome = (sent: ReadonlyArray<IngestedOrder>, stored: ReadonlyArray<Row>): OrderBatchOutcome => {
  const current = new Map(stored.map((row) => [textOf(row["order_id"]), storedOrderOf(row)] as const));
  const changedIds = new Set<string>();
  let accepted = 0;
  for (const order of sent) {
    const before = current.get(order.orderId);
    if (before !== undefined && changesNothing(before, order)) continue;
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
