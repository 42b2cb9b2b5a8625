import { ParseResult, Schema } from "effect";
import { isoInstantMs } from "./isoInstant";

/**
 * The wire shapes of data sent in (docs/engine.md, "Ingestion"): events a site's pages
 * send to POST /collect, orders a shop's server sends to POST
 * /api/programs/{program}/orders, and the answer both give. The server decodes each
 * event and order with these Schemas one by one, so one bad row is refused with its
 * reason while the rest are stored; a bulk import decodes its rows with the same ones.
 */

/** Most events (or orders) one request may carry. */
export const maxBatchSize = 500;

/** Longest URL (landing page, referrer) kept; longer ones are refused. */
export const maxUrlLength = 2048;

/** What an identifier sent in is: 1 to 128 printable ASCII characters, no space. */
export const sentIdPattern = /^[\x21-\x7e]{1,128}$/;

/** An identifier sent in: 1 to 128 printable ASCII characters. */
export const SentId = Schema.String.pipe(Schema.pattern(sentIdPattern));

/**
 * Whether a text is well-formed UTF-16 (no lone surrogate such as "\ud800"): such a text
 * cannot be stored as UTF-8, so it is refused with its row instead of failing the write
 * that shares its transaction.
 */
export const isWellFormedText = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** What is wrong with a text that is not well-formed, in words that never repeat it. */
export const malformedTextProblem = "malformed text (a lone UTF-16 surrogate)";

/**
 * Where a parsed JSON value holds text that is not well-formed UTF-16: the path of the first
 * such value, or of the object whose field name is such a text; null when every text is
 * well-formed. Its depth is the value's (request bodies nest at most 32 deep).
 */
export const malformedTextAt = (value: unknown, path: ReadonlyArray<string> = []): ReadonlyArray<string> | null => {
  if (typeof value === "string") return isWellFormedText(value) ? null : path;
  if (typeof value !== "object" || value === null) return null;
  const entries: ReadonlyArray<readonly [string, unknown]> = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, inner] of entries) {
    if (!isWellFormedText(key)) return path;
    const found = malformedTextAt(inner, [...path, key]);
    if (found) return found;
  }
  return null;
};

/** Text that is well-formed UTF-16: every text field sent in goes through it. */
export const WellFormedText = Schema.String.pipe(Schema.filter((text) => isWellFormedText(text) || malformedTextProblem));

/** A short free text (publisher id, cost link, customer type, payment): 1 to 256 characters. */
const ShortText = WellFormedText.pipe(Schema.minLength(1), Schema.maxLength(256));

const UrlText = WellFormedText.pipe(Schema.maxLength(maxUrlLength));

/** An instant in epoch milliseconds (a whole number). */
export const Instant = Schema.Number.pipe(Schema.int(), Schema.nonNegative());

export const eventTypes = ["click", "impression"] as const;
export type EventType = (typeof eventTypes)[number];

/**
 * One event: a click (a page land, what journeys are made of) or an impression. The
 * landing URL carries utm_source, utm_medium, utm_campaign, utm_content, utm_term (read
 * into the fields the classification reads) and gclid (kept in the URL, which rules may
 * read too).
 */
export const CollectedEvent = Schema.Struct({
  event_id: SentId,
  type: Schema.Literal(...eventTypes),
  time: Instant,
  visitor_id: SentId,
  url: Schema.optional(Schema.NullOr(UrlText)),
  referrer: Schema.optional(Schema.NullOr(UrlText)),
  publisher_id: Schema.optional(Schema.NullOr(ShortText)),
  cost_link: Schema.optional(Schema.NullOr(ShortText)),
});
export type CollectedEvent = typeof CollectedEvent.Type;

/** Longest custom event name (`tv('track', name, props)`). */
export const trackNameLength = 128;
/** Longest custom event properties, as JSON text. */
export const trackPropsLength = 2048;

/** What a page sends besides its lands and impressions: a custom event, or the customer its visitor signed in as. */
export const visitorEventTypes = ["track", "identify"] as const;
export type VisitorEventType = (typeof visitorEventTypes)[number];

/** A custom event's properties: a JSON object of at most `trackPropsLength` characters. */
const TrackProps = Schema.Record({ key: Schema.String, value: Schema.Unknown }).pipe(
  Schema.filter((props) => JSON.stringify(props).length <= trackPropsLength || `Expected at most ${trackPropsLength} characters as JSON`),
);

/** A custom event (`tv('track', name, props)`): stored and counted, never a touch of a journey. */
export const TrackedEvent = Schema.Struct({
  event_id: SentId,
  type: Schema.Literal("track"),
  time: Instant,
  visitor_id: SentId,
  name: WellFormedText.pipe(Schema.minLength(1), Schema.maxLength(trackNameLength)),
  props: Schema.optional(Schema.NullOr(TrackProps)),
});
export type TrackedEvent = typeof TrackedEvent.Type;

/** The visitor signed in as a customer (`tv('identify', customerId)`): the order feed's `customer_id` names the same customer. */
export const IdentifyEvent = Schema.Struct({
  event_id: SentId,
  type: Schema.Literal("identify"),
  time: Instant,
  visitor_id: SentId,
  customer_id: SentId,
});
export type IdentifyEvent = typeof IdentifyEvent.Type;

/**
 * A POST /collect body: the program's write key (a page's publishable key; a server sends
 * its secret key as `Authorization: Bearer sk_…` instead) and either a batch (`events`) or
 * one event's fields beside the key. Events are checked one by one afterwards.
 */
export const CollectBody = Schema.Struct({
  key: Schema.optional(Schema.String.pipe(Schema.maxLength(200))),
  events: Schema.optional(Schema.Array(Schema.Unknown)),
});
export type CollectBody = typeof CollectBody.Type;

export const orderStatuses = ["valid", "cancelled"] as const;

/** Largest order amount taken (in the program's currency), the same bound as a cost's. */
export const largestAmount = 1_000_000_000_000;

/** Most decimal places an amount may have: 4 covers every currency's minor unit (ISO 4217). */
export const amountDecimals = 4;

/** Whether a number has at most `amountDecimals` decimal places (float noise such as 0.1 + 0.2 tolerated). */
export const hasAtMostAmountDecimals = (value: number): boolean => {
  const units = value * 10 ** amountDecimals;
  return Math.abs(units - Math.round(units)) < 1e-6 * Math.max(1, Math.abs(units) / 1e9);
};

/** An order amount: finite, 0 to `largestAmount`, at most `amountDecimals` decimals. */
export const OrderAmount = Schema.Number.pipe(
  Schema.filter((value) => Number.isFinite(value) || "Expected a finite amount"),
  Schema.filter((value) => (value >= 0 && value <= largestAmount) || `Expected an amount from 0 to ${largestAmount.toExponential()}`),
  Schema.filter((value) => hasAtMostAmountDecimals(value) || `Expected an amount with at most ${amountDecimals} decimal places`),
);

/** An ISO 8601 instant with its offset, read as epoch milliseconds (isoInstant.ts). */
const IsoInstantText = Schema.transformOrFail(Schema.String, Instant, {
  strict: true,
  decode: (text, _, ast) => {
    const ms = isoInstantMs(text);
    return ms === null
      ? ParseResult.fail(new ParseResult.Type(ast, text, "Expected epoch milliseconds or an ISO 8601 instant with its offset"))
      : ParseResult.succeed(ms);
  },
  encode: (ms) => ParseResult.succeed(new Date(ms).toISOString()),
});

/**
 * When an order last changed in the shop (`updated_at`): epoch milliseconds or ISO 8601 text
 * with its offset, read as epoch milliseconds. The newest change of an order wins whatever
 * the order it arrives in (docs/engine.md, "Ingestion").
 */
export const ChangeInstant = Schema.Union(Instant, IsoInstantText);

/**
 * One order of the feed; a repeated order id replaces the stored order (a cancellation
 * arriving later), unless both carry `updated_at` and the stored one's is newer.
 */
export const FedOrder = Schema.Struct({
  order_id: SentId,
  time: Instant,
  amount: OrderAmount,
  /** ISO 4217; must be the program's currency. */
  currency: Schema.String.pipe(Schema.pattern(/^[A-Z]{3}$/)),
  status: Schema.Literal(...orderStatuses),
  customer_type: ShortText,
  payment: ShortText,
  visitor_id: SentId,
  /**
   * The shop's customer (optional): the id a page sends with `tv('identify', customerId)`. The order's journey
   * then takes the clicks of every visitor identified as this customer too (docs/engine.md, "Journeys and credit").
   */
  customer_id: Schema.optional(Schema.NullOr(SentId)),
  updated_at: Schema.optional(Schema.NullOr(ChangeInstant)),
});
export type FedOrder = typeof FedOrder.Type;

/** A POST …/orders body: one order, or a batch under `orders`. */
export const OrderFeedBody = Schema.Struct({ orders: Schema.optional(Schema.Array(Schema.Unknown)) });

/**
 * Why one event or order was refused:
 * - invalid: a field is missing or malformed (`detail` names it);
 * - out_of_range: its time is more than a day ahead of the server's clock or older than
 *   the oldest data kept;
 * - bot: the request's user agent is an obvious robot (every event of it);
 * - currency: an order in another currency than the program's.
 */
export const refusalReasons = ["invalid", "out_of_range", "bot", "currency"] as const;
export type RefusalReason = (typeof refusalReasons)[number];

export const RowRefusal = Schema.Struct({
  /** Position in the batch, from 0. */
  index: Schema.Number,
  /** The row's id when it had a readable one. */
  id: Schema.NullOr(Schema.String),
  reason: Schema.Literal(...refusalReasons),
  detail: Schema.String,
});
export type RowRefusal = typeof RowRefusal.Type;

/**
 * The 202 answer of /collect and of the order feed: rows stored now, rows already stored
 * under the same id (a resend: nothing changes; for orders, a changed order replaces the
 * stored one and counts as accepted) and refused rows with their reasons.
 */
export const IngestAnswer = Schema.Struct({
  accepted: Schema.Number,
  duplicates: Schema.Number,
  refused: Schema.Number,
  refusals: Schema.Array(RowRefusal),
});
export type IngestAnswer = typeof IngestAnswer.Type;
