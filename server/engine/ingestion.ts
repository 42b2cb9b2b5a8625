import { createHash, randomBytes } from "node:crypto";
import { Either, type ParseResult, Schema } from "effect";
import { issueText } from "../../src/domain/shell/issueText";
import {
  CollectedEvent,
  FedOrder,
  IdentifyEvent,
  SentId,
  TrackedEvent,
  visitorEventTypes,
  type IngestAnswer,
  type RefusalReason,
  type RowRefusal,
} from "../../src/domain/ingestion/collection";
import { collectedEventTaken } from "../../src/domain/ingestion/collectedEventCheck";
import { landingFieldsOf } from "../../src/domain/ingestion/landing";
import { dayInZone, programTimeZone } from "../../src/domain/shell/timeZone";
import { writeKeyPrefixLength, writeKeyStarts, type IssuedKeyKind } from "../../src/domain/ingestion/writeKeys";
import type { Program } from "../../src/domain/shell/program";
import type { IngestedHit, IngestedOrder, IngestedVisitorEvent, IngestionQueries } from "../warehouse/ingestionQueries";

/**
 * The validated ingest path (docs/engine.md, "Ingestion"): what POST /collect, the order
 * feed and a bulk import all go through. Rows are decoded one by one with the shared
 * Schemas (src/domain/ingestion/collection.ts), so a bad row is refused with its reason
 * and the others are stored; stored rows are marked for the incremental processing.
 */

/** A new write key of a kind, its SHA-256 digest (all that is stored) and its prefix (what lists show). */
export const issueWriteKey = (kind: IssuedKeyKind): { readonly key: string; readonly digest: string; readonly prefix: string } => {
  const key = `${writeKeyStarts[kind]}${randomBytes(32).toString("base64url")}`;
  return { key, digest: writeKeyDigest(key), prefix: key.slice(0, writeKeyPrefixLength) };
};

export const writeKeyDigest = (key: string): string => createHash("sha256").update(key).digest("hex");

/** Rows older than this (before the server's clock) are refused: the history the reports cover. */
export const oldestRowAgeMs = 3 * 366 * 86_400_000;
/** Rows dated further ahead than this are refused (clocks drift, a day does not). */
export const furthestAheadMs = 86_400_000;

/** What reading a batch gave: the rows to store and the refused ones. */
export interface ReadRows<R> {
  readonly rows: ReadonlyArray<R>;
  readonly refusals: ReadonlyArray<RowRefusal>;
}

/** The first few issues of a row that does not decode, by field, never with the values sent. */
export const issuesOf = (error: ParseResult.ParseError, raw: unknown): string =>
  issueText(error, raw, { issues: 3, pathLength: 80, problemLength: 120, countRest: false });

/** A refused row's id, only when it is a well-formed id (a malformed one is a value sent, never repeated). */
const idOf = (raw: unknown, field: string): string | null => {
  if (typeof raw !== "object" || raw === null) return null;
  const value = (raw as Record<string, unknown>)[field];
  return Schema.is(SentId)(value) ? value : null;
};

const refusal = (index: number, id: string | null, reason: RefusalReason, detail: string): RowRefusal => ({ index, id, reason, detail });

const timeRefusal = (time: number, now: number, field = "time"): string | null =>
  time > now + furthestAheadMs
    ? `${field}: more than a day ahead of the server's clock`
    : time < now - oldestRowAgeMs
      ? `${field}: older than the history kept`
      : null;

/**
 * Reads a batch of events for a program: each decoded with `CollectedEvent`, its time
 * checked against `now`, its landing URL and referrer read into the fields the
 * classification reads (`landingFieldsOf`) and its day taken in the program's time zone.
 * `bot` refuses every event (the request's user agent is a robot's).
 */
export const readEvents = (raws: ReadonlyArray<unknown>, program: Program, now: number, bot = false): ReadRows<IngestedHit> => {
  const rows: IngestedHit[] = [];
  const refusals: RowRefusal[] = [];
  raws.forEach((raw, index) => {
    const read = bot ? botRefusal(raw, index) : readHit(raw, index, program, now);
    if ("reason" in read) refusals.push(read);
    else rows.push(read);
  });
  return { rows, refusals };
};

const botRefusal = (raw: unknown, index: number): RowRefusal => refusal(index, idOf(raw, "event_id"), "bot", "the user agent is a robot's");

/**
 * An event as the `CollectedEvent` Schema decodes it: the quick check's value when it takes the
 * event (what the Schema would give, without Effect's cost on every beacon), else the Schema's
 * decoding, whose issues are the refusal's.
 */
const decodeCollectedEvent = (raw: unknown): Either.Either<CollectedEvent, ParseResult.ParseError> => {
  const taken = collectedEventTaken(raw);
  return taken === null ? Schema.decodeUnknownEither(CollectedEvent)(raw, { errors: "all" }) : Either.right(taken);
};

/** One event of a batch as a hit, or why it is refused. */
const readHit = (raw: unknown, index: number, program: Program, now: number): IngestedHit | RowRefusal => {
  const decoded = decodeCollectedEvent(raw);
  if (Either.isLeft(decoded)) return refusal(index, idOf(raw, "event_id"), "invalid", issuesOf(decoded.left, raw));
  const event = decoded.right;
  const late = timeRefusal(event.time, now);
  if (late) return refusal(index, event.event_id, "out_of_range", late);
  const landing = landingFieldsOf(event.url, event.referrer);
  return {
    eventId: event.event_id,
    visitorId: event.visitor_id,
    ts: event.time,
    hitDate: dayInZone(event.time, programTimeZone(program)),
    eventType: event.type,
    ...landing,
    referrer: event.referrer || null,
    landingUrl: event.url || null,
    publisherId: event.publisher_id ?? null,
    costLink: event.cost_link ?? null,
  };
};

/** Whether a sent event is a page's custom event or identify (by its `type`), read as a visitor event rather than a hit. */
const isVisitorEvent = (raw: unknown): boolean =>
  typeof raw === "object" && raw !== null && (visitorEventTypes as ReadonlyArray<unknown>).includes((raw as Record<string, unknown>)["type"]);

/** One custom event or identify of a batch, or why it is refused. */
const readVisitorEvent = (raw: unknown, index: number, now: number): IngestedVisitorEvent | RowRefusal => {
  const decoded = Schema.decodeUnknownEither(Schema.Union(TrackedEvent, IdentifyEvent))(raw, { errors: "all" });
  if (Either.isLeft(decoded)) return refusal(index, idOf(raw, "event_id"), "invalid", issuesOf(decoded.left, raw));
  const event = decoded.right;
  const late = timeRefusal(event.time, now);
  if (late) return refusal(index, event.event_id, "out_of_range", late);
  const common = { eventId: event.event_id, visitorId: event.visitor_id, ts: event.time };
  return event.type === "track"
    ? { ...common, kind: "track", name: event.name, props: event.props ? JSON.stringify(event.props) : null, customerId: null }
    : { ...common, kind: "identify", name: null, props: null, customerId: event.customer_id };
};

/** What a POST /collect batch reads into: hits (page lands and impressions) and a page's custom events and identifies. */
export interface ReadCollected extends ReadRows<IngestedHit> {
  readonly visitorEvents: ReadonlyArray<IngestedVisitorEvent>;
}

/** Reads a POST /collect batch: each event by its type a hit (as `readEvents`) or a visitor event; refusals keep batch positions. */
export const readCollected = (raws: ReadonlyArray<unknown>, program: Program, now: number, bot = false): ReadCollected => {
  const rows: IngestedHit[] = [];
  const visitorEvents: IngestedVisitorEvent[] = [];
  const refusals: RowRefusal[] = [];
  raws.forEach((raw, index) => {
    if (bot) return refusals.push(botRefusal(raw, index));
    if (isVisitorEvent(raw)) {
      const read = readVisitorEvent(raw, index, now);
      return "reason" in read ? refusals.push(read) : visitorEvents.push(read);
    }
    const read = readHit(raw, index, program, now);
    return "reason" in read ? refusals.push(read) : rows.push(read);
  });
  return { rows, visitorEvents, refusals };
};

/**
 * Reads a batch of fed orders for a program: decoded with `FedOrder`, time, `updated_at` and
 * currency checked (an `updated_at` more than a day ahead would win over every later change).
 */
export const readOrders = (raws: ReadonlyArray<unknown>, program: Program, now: number): ReadRows<IngestedOrder> => {
  const rows: IngestedOrder[] = [];
  const refusals: RowRefusal[] = [];
  raws.forEach((raw, index) => {
    const decoded = Schema.decodeUnknownEither(FedOrder)(raw, { errors: "all" });
    if (Either.isLeft(decoded)) return refusals.push(refusal(index, idOf(raw, "order_id"), "invalid", issuesOf(decoded.left, raw)));
    const order = decoded.right;
    const late = timeRefusal(order.time, now) ?? (order.updated_at == null ? null : timeRefusal(order.updated_at, now, "updated_at"));
    if (late) return refusals.push(refusal(index, order.order_id, "out_of_range", late));
    if (order.currency !== program.currency) {
      return refusals.push(refusal(index, order.order_id, "currency", `currency: the program's currency is ${program.currency}`));
    }
    rows.push({
      orderId: order.order_id,
      visitorId: order.visitor_id,
      ts: order.time,
      orderDate: dayInZone(order.time, programTimeZone(program)),
      amount: order.amount,
      status: order.status,
      customerType: order.customer_type,
      payment: order.payment,
      customerId: order.customer_id ?? null,
      updatedAt: order.updated_at ?? null,
    });
  });
  return { rows, refusals };
};

/** Refused rows counted by reason (what the tallies store). */
export const reasonCounts = (refusals: ReadonlyArray<RowRefusal>): ReadonlyMap<string, number> => {
  const counts = new Map<string, number>();
  for (const r of refusals) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
  return counts;
};

/**
 * Where read rows go: the warehouse's ingestion family (the routes' stores tell the
 * ingestion processor after each store; a bulk import runs the engine's `processIngested`
 * once it is done).
 */
export type IngestTarget = Pick<IngestionQueries, "addEvents" | "importEvents" | "addVisitorEvents" | "putOrders" | "tallyRefused">;

/** Each row sent is counted once: accepted (stored now), a duplicate (already stored, unchanged) or refused. */
const answerOf = (stored: number, duplicates: number, refusals: ReadonlyArray<RowRefusal>): IngestAnswer => ({
  accepted: stored,
  duplicates,
  refused: refusals.length,
  refusals,
});

/**
 * Reads, stores and tallies a batch of events: the answer counts a resent event (its id
 * already stored) as a duplicate only, so accepted + duplicates + refused is the batch's size.
 */
export const ingestEvents = async (
  target: IngestTarget,
  program: Program,
  raws: ReadonlyArray<unknown>,
  now: number,
  bot = false,
): Promise<IngestAnswer> => {
  const read = readCollected(raws, program, now, bot);
  const none = { stored: 0, unchanged: 0 };
  const [hits, visitorEvents] = await Promise.all([
    read.rows.length > 0 ? target.addEvents(program.id, read.rows, now) : none,
    read.visitorEvents.length > 0 ? target.addVisitorEvents(program.id, read.visitorEvents, now) : none,
  ]);
  if (read.refusals.length > 0) await target.tallyRefused(program.id, "event", reasonCounts(read.refusals), now);
  return answerOf(hits.stored + visitorEvents.stored, hits.unchanged + visitorEvents.unchanged, read.refusals);
};

/** Reads, stores and tallies a batch of orders; an order sent again unchanged counts as a duplicate. */
export const ingestOrders = async (
  target: IngestTarget,
  program: Program,
  raws: ReadonlyArray<unknown>,
  now: number,
): Promise<IngestAnswer> => {
  const read = readOrders(raws, program, now);
  const outcome = read.rows.length > 0 ? await target.putOrders(program.id, read.rows, now) : { stored: 0, unchanged: 0 };
  if (read.refusals.length > 0) await target.tallyRefused(program.id, "order", reasonCounts(read.refusals), now);
  return answerOf(outcome.stored, outcome.unchanged, read.refusals);
};
