import type { VisitorEventType } from "../../src/domain/ingestion/collection";
import type { AuditBy } from "./auditQueries";
import type { WriteKeyKind } from "../../src/domain/ingestion/writeKeys";
import type { Program } from "../../src/domain/shell/program";
import type { AttributionSettings } from "./engineQueries";
import type { ClassificationPlan } from "./classificationPlan";
import type { FileFormat } from "./fileRows";

/**
 * Data sent in from outside (docs/engine.md, "Ingestion"): the programs' write keys, the
 * events of POST /collect, the orders of the order feed, and the incremental processing
 * that folds them into the facts. Every write here marks what it changed in
 * `ingestion_due` in its own transaction; `process` works the marks off.
 */

/** A write key as stored: never the key, only its digest (looked up) and prefix (shown). */
export interface WriteKeyRecord {
  readonly id: number;
  readonly programId: number;
  readonly prefix: string;
  readonly kind: WriteKeyKind;
  readonly createdAt: number;
  readonly revokedAt: number | null;
  /** When it was last presented (to the minute, see noteKeyUse); null if never since it was made or since migration 13. */
  readonly lastUsedAt: number | null;
}

/** What a working key opens: its program, and its kind (what it may write). */
export interface KeyHolder {
  readonly program: Program;
  readonly kind: WriteKeyKind;
}

/** An event ready to store: validated, its landing URL read, its day in the program's offset. */
export interface IngestedHit {
  readonly eventId: string;
  readonly visitorId: string;
  readonly ts: number;
  readonly hitDate: string;
  readonly eventType: "click" | "impression";
  readonly source: string | null;
  readonly medium: string | null;
  readonly campaign: string | null;
  readonly content: string | null;
  readonly term: string | null;
  readonly referrer: string | null;
  readonly landingUrl: string | null;
  readonly publisherId: string | null;
  readonly costLink: string | null;
}

/**
 * A custom event or an identify sent by a page (docs/engine.md, "Visitor events"): kept in `visitor_events`, never
 * a hit; `name` is a custom event's, `customerId` an identify's.
 */
export interface IngestedVisitorEvent {
  readonly eventId: string;
  readonly visitorId: string;
  readonly ts: number;
  readonly kind: VisitorEventType;
  readonly name: string | null;
  /** A custom event's properties as JSON text. */
  readonly props: string | null;
  readonly customerId: string | null;
}

/** An order ready to store (validated, its day in the program's offset). */
export interface IngestedOrder {
  readonly orderId: string;
  readonly visitorId: string;
  readonly ts: number;
  readonly orderDate: string;
  readonly amount: number;
  readonly status: string;
  readonly customerType: string;
  readonly payment: string;
  /** The shop's customer, when the feed names one: its journey joins the visitors identified as that customer. */
  readonly customerId: string | null;
  /** When the order last changed in the shop (epoch ms), when it said: the newest change wins (sql/storedOrders.ts). */
  readonly updatedAt: number | null;
}

/** What the tallies count: hits ('event'), orders, and a page's custom events ('track') and identifies. */
export type TalliedKind = "event" | "order" | VisitorEventType;

/** An event id kept by a program: a hit's (`collected_events`) or a page's custom event's or identify's (`visitor_events`). */
export interface RecentEventId {
  readonly eventId: string;
  readonly kind: "hit" | "visitor";
}

/** What a store of events or orders did: rows written, rows already stored exactly so. */
export interface StoredRows {
  readonly stored: number;
  readonly unchanged: number;
}

/** A row of an events file the set-wise checks left to the ingest path: its number in the file (from 1) and its fields as read. */
export interface FileEventRow {
  readonly row: number;
  readonly values: Readonly<Record<string, string | number>>;
}

/**
 * A bulk import's file of events (docs/engine.md, "Bulk import"), stored by `importEventFile`: read by the
 * database from `path`, its rows checked set-wise against the time window, their days taken in the program's time zone; the rows
 * those checks leave are read by `readRest` (the ingest path's own reading), in file order, a page at a time.
 */
export interface EventFileImport {
  readonly path: string;
  readonly format: FileFormat;
  /** The earliest and latest times kept, in epoch ms. */
  readonly earliest: number;
  readonly latest: number;
  /** The program's time zone (`programTimeZone`: an IANA zone, or an older program's "+01:00"), which its days are taken in. */
  readonly timeZone: string;
  /** The hit each row gives, in order; null for a row refused (the caller notes why). */
  readonly readRest: (rows: ReadonlyArray<FileEventRow>) => ReadonlyArray<IngestedHit | null>;
}

/** What importing a file of events did: its rows, and of the hits they gave, those stored and those already stored. */
export interface ImportedEventFile extends StoredRows {
  readonly rows: number;
}

/** What one incremental run rebuilt (for logs and tests). */
export interface ProcessedChanges {
  readonly hits: number;
  readonly orders: number;
  readonly trafficDays: number;
  readonly salesDays: number;
}

export interface IngestionQueries {
  /** Stores a new key's digest and prefix (the routes issue publishable and secret keys; legacy is what keys from before the split are). */
  /** A new key; with `by` (an admin's call), its audit line in the same transaction (auditQueries.ts). */
  createWriteKey(programId: number, digest: string, prefix: string, kind: WriteKeyKind, at: number, by?: AuditBy): Promise<WriteKeyRecord>;
  /** The program's keys, newest first. */
  writeKeys(programId: number): Promise<ReadonlyArray<WriteKeyRecord>>;
  /** Revokes one of the program's keys (false when it has no such key); a revoked key stays revoked. */
  revokeWriteKey(programId: number, id: number, at: number, by?: AuditBy): Promise<boolean>;
  /** The program and kind of a key that works (known and not revoked), by its digest. */
  programOfKey(digest: string): Promise<KeyHolder | null>;
  /** Records that the working key with this digest was presented at `at` (its last use). */
  noteKeyUse(digest: string, at: number): Promise<void>;
  /** Stores the events whose ids the program has not stored yet (one transaction); repeats count as unchanged. */
  addEvents(programId: number, hits: ReadonlyArray<IngestedHit>, at: number): Promise<StoredRows>;
  /**
   * Stores a page's custom events and identifies: the first of each event id the program has not kept in
   * `visitor_events` is written, the rest are unchanged (resent); tallied per kind ('track', 'identify') as
   * accepted and duplicate rows. A new identify also ties its visitor to the customer in `visitor_identities`
   * (sql/visitorIdentities.ts) and marks the program's orders of that customer, whose journeys it changes; a
   * custom event marks nothing: it is no touch.
   */
  addVisitorEvents(programId: number, events: ReadonlyArray<IngestedVisitorEvent>, at: number): Promise<StoredRows>;
  /**
   * Stores a bulk import's chunk of events as addEvents does (the first of each id the program has not stored
   * becomes a hit numbered after the program's last, in chunk order, kept in collected_events and marked in
   * ingestion_due; the tallies count accepted and duplicate rows), in a few set-wise statements for the whole chunk.
   */
  importEvents(programId: number, hits: ReadonlyArray<IngestedHit>, at: number): Promise<StoredRows>;
  /**
   * Imports a file of events in one transaction, as importEvents would store the hits the ingest path makes of
   * its rows in file order: rows that pass the set-wise checks never leave the database, the others are read by
   * `file.readRest`. Tallies accepted and duplicate rows (refused ones are the caller's to tally).
   */
  importEventFile(programId: number, file: EventFileImport, at: number): Promise<ImportedEventFile>;
  /** Stores orders, an order id already stored being replaced (unchanged when it is the same or older: sql/storedOrders.ts). */
  putOrders(programId: number, orders: ReadonlyArray<IngestedOrder>, at: number): Promise<StoredRows>;
  /** Adds refused rows to the program's tallies of today (UTC), by reason. */
  tallyRefused(programId: number, kind: TalliedKind, reasons: ReadonlyMap<string, number>, at: number): Promise<void>;
  /** Programs with ingested changes not yet processed. */
  programsDue(): Promise<ReadonlyArray<number>>;
  /**
   * The program's event ids kept since `since` (`received_at`), hits' and visitor events' apart, the `most`
   * latest, oldest first: what the collection log's index of recent ids starts from (engine/recentEventIds.ts).
   */
  recentEventIds(programId: number, since: number, most: number): Promise<ReadonlyArray<RecentEventId>>;
  /**
   * In one transaction: classifies the program's new hits with `plan` (null: they keep
   * the taxonomy they were stored with), re-attributes the orders their clicks can reach
   * within the lookback and the orders fed, rewrites the traffic, sales and inclusion
   * facts of the days those touch (and the cost facts when a new hit carries a cost link
   * of the program's spend), the journey paths, and clears the marks. Null when nothing was due.
   */
  process(programId: number, plan: ClassificationPlan | null, settings: AttributionSettings, at: number): Promise<ProcessedChanges | null>;
}
