import { Schema } from "effect";
import { refusalReasons } from "./collection";

/**
 * GET /api/programs/{program}/ingestion/health (admins only; docs/engine.md, "Ingestion
 * health"): what the program's data sources sent in today, the day in the program's UTC
 * offset, and how far the incremental processing is behind. Times are epoch ms.
 */

export const ingestedKinds = ["event", "order"] as const;
export type IngestedKind = (typeof ingestedKinds)[number];

/** Rows of one kind today: stored (`accepted`) and sent again unchanged (`duplicates`). */
export const IngestedToday = Schema.Struct({
  accepted: Schema.Number,
  duplicates: Schema.Number,
});
export type IngestedToday = typeof IngestedToday.Type;

/** Rows of one kind refused today for one reason. */
export const RefusedToday = Schema.Struct({
  kind: Schema.Literal(...ingestedKinds),
  reason: Schema.Literal(...refusalReasons),
  rows: Schema.Number,
});
export type RefusedToday = typeof RefusedToday.Type;

export const IngestionHealth = Schema.Struct({
  data: Schema.Struct({
    /** The server's clock when it answered (what "ago" is counted from). */
    at: Schema.Number,
    /** Today in the program's time zone (YYYY-MM-DD): what the counts cover. */
    day: Schema.String,
    events: IngestedToday,
    orders: IngestedToday,
    /** A page's custom events (`tv('track', …)`) stored today; never part of `events`. */
    custom_events: IngestedToday,
    /** A page's identifies (`tv('identify', …)`) stored today. */
    identifies: IngestedToday,
    /** Refused rows per kind and reason, most first; empty when nothing was refused today. */
    refused: Schema.Array(RefusedToday),
    /** When the latest accepted event arrived (any day); null when none ever did. */
    last_event_at: Schema.NullOr(Schema.Number),
    /** When the latest accepted order arrived (any day); null when none ever did. */
    last_order_at: Schema.NullOr(Schema.Number),
    /** Changes accepted and not yet folded into the reports. */
    pending: Schema.Number,
    /** Age of the oldest of them in ms; 0 when the processing has caught up. */
    lag_ms: Schema.Number,
  }),
});
export type IngestionHealth = typeof IngestionHealth.Type;
