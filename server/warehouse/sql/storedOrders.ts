import type { IngestedOrder } from "../ingestionQueries";
import { numberOf, textOf, type Row } from "../statements";

/**
 * Of the orders a feed sent (the last of each order id), those that change what is stored:
 * new ones, and stored ones with any field different. `stored` are the program's rows of
 * the sent ids, with order_date read as text. An order sent again unchanged is left out, so
 * a resent feed marks nothing for processing.
 */
export const changedOrders = (sent: ReadonlyMap<string, IngestedOrder>, stored: ReadonlyArray<Row>): ReadonlyArray<IngestedOrder> => {
  const unchanged = new Set(
    stored.flatMap((row) => {
      const order = sent.get(textOf(row["order_id"]));
      return order &&
        order.visitorId === textOf(row["visitor_id"]) &&
        order.ts === numberOf(row["ts"]) &&
        order.orderDate === textOf(row["order_date"]) &&
        order.amount === numberOf(row["amount"]) &&
        order.status === textOf(row["status"]) &&
        order.customerType === textOf(row["customer_type"]) &&
        order.payment === textOf(row["payment"])
        ? [order.orderId]
        : [];
    }),
  );
  return [...sent.values()].filter((order) => !unchanged.has(order.orderId));
};
