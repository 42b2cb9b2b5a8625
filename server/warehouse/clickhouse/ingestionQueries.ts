import { taxonomyLevels } from "../../../src/domain/report/taxonomyLevels";
import { dayInZone, programTimeZone } from "../../../src/domain/shell/timeZone";
import type { FileRows, WantedColumn } from "../fileRows";
import type { EventFileImport, ImportedEventFile, IngestedHit, IngestedOrder, IngestedVisitorEvent, IngestionQueries, StoredRows, TalliedKind } from "../ingestionQueries";
import { numberOf, textOf } from "../statements";
import { writeKeyQueries } from "../writeKeyQueries";
import { orderBatchOutcome, storedOrderColumns, storedOrderValues } from "../sql/storedOrders";
import { answersOf, freshVisitorEvents, recentEventIds, sentFor, visitorEventColumns, visitorEventTallies, visitorEventValues, type EventWrite } from "../sql/eventWrites";
import { storeIdentities } from "../sql/visitorIdentities";
import { attribute, classify, reachedOrdersSql, updateOpenJourneys, writeCostFacts, writeTrafficFacts, type IncrementalRunTables } from "../sql/attributionQueries";
import { eventGatherMs } from "../duckdb/ingestionQueries";
import type { ClickHouseLine, ClickHouseStatements } from "./clickhouseLine";

/**
 * Ingestion on ClickHouse (docs/engine.md, "ClickHouse"): the same answers as DuckDB's
 * (duckdb/ingestionQueries.ts) without unique keys, ON CONFLICT or transactions. Each write
 * is one turn of the line, so a check-then-write holds: the event ids a program already
 * stored are read, then only the new ones are written; an order id is replaced after its
 * stored row was read and compared. Within a turn the writes are ordered so that a failure
 * part-way is repaired by the sender's retry or the next processing: hits before the
 * collected_events that make a resent event a duplicate, orders before their marks, and an
 * incremental run clears its marks only after every fact it rewrites was written. Rows go in
 * with the client's bulk insert (one payload, no statement per row); the incremental run's
 * scopes are real tables named per program, dropped at the end of the turn (ClickHouse keeps
 * no temporary table across statements).
 */

const dayMs = 86_400_000;

/** Event ids above this many are looked up through a staged table rather than one array parameter. */
const idsInOneParameter = 5_000;

/** The hit fields an event carries besides its id, visitor, instant, day and type. */
const hitFieldColumns = ["source", "medium", "campaign", "content", "term", "referrer", "landing_url", "publisher_id", "cost_link"] as const;

const hitColumns = ["program_id", "hit_id", "visitor_id", "ts", "hit_date", "event_type", ...hitFieldColumns, ...taxonomyLevels];

const countOf = async (sql: ClickHouseStatements, table: string): Promise<number> =>
  numberOf((await sql.rows(`SELECT count() AS n FROM ${table}`))[0]?.["n"] ?? 0);

/** The program's time zone (`programTimeZone`: its IANA zone, or an older program's UTC offset; UTC when unknown). */
const timeZoneOf = async (sql: ClickHouseStatements, programId: number): Promise<string> => {
  const row = (await sql.rows("SELECT time_zone, utc_offset FROM programs WHERE id = $1", [programId]))[0];
  const zone = row?.["time_zone"];
  const offset = row?.["utc_offset"];
  return programTimeZone({ time_zone: typeof zone === "string" ? zone : null, utc_offset: typeof offset === "string" ? offset : "" });
};

/**
 * Adds rows to the program's tally of the day of `at` in the program's time zone: the outcomes
 * the day already has are added to in one UPDATE, the others inserted (DuckDB: ON CONFLICT DO UPDATE).
 */
const tallyRows = async (
  sql: ClickHouseStatements,
  programId: number,
  kind: TalliedKind,
  outcomes: ReadonlyMap<string, number>,
  at: number,
): Promise<void> => {
  const counted = [...outcomes].filter(([, rows]) => rows > 0);
  if (counted.length === 0) return;
  const day = dayInZone(at, await timeZoneOf(sql, programId));
  const outcomeNames = counted.map(([outcome]) => outcome);
  const present = new Set(
    (
      await sql.rows(
        "SELECT DISTINCT outcome FROM ingestion_tallies WHERE program_id = $1 AND day = CAST($2 AS Date) AND kind = $3 AND has(JSONExtract($4, 'Array(String)'), outcome)",
        [programId, day, kind, JSON.stringify(outcomeNames)],
      )
    ).map((r) => textOf(r["outcome"])),
  );
  const adding = counted.filter(([outcome]) => present.has(outcome));
  if (adding.length > 0) {
    await sql.run(
      `UPDATE ingestion_tallies
       SET rows = rows + transform(outcome, JSONExtract($4, 'Array(String)'), JSONExtract($5, 'Array(Int64)'), toInt64(0)),
         last_at = greatest(last_at, $6)
       WHERE program_id = $1 AND day = CAST($2 AS Date) AND kind = $3 AND has(JSONExtract($4, 'Array(String)'), outcome)`,
      [programId, day, kind, JSON.stringify(adding.map(([o]) => o)), JSON.stringify(adding.map(([, n]) => n)), at],
    );
  }
  const fresh = counted.filter(([outcome]) => !present.has(outcome));
  await sql.insert(
    "ingestion_tallies",
    ["program_id", "day", "kind", "outcome", "rows", "last_at"],
    fresh.map(([outcome, rows]) => [programId, day, kind, outcome, rows, at]),
  );
};

/** The event ids of `ids` the program has stored, staged in a table of the turn when there are many. */
const storedIdsOf = async (sql: ClickHouseStatements, programId: number, ids: ReadonlyArray<string>): Promise<ReadonlySet<string>> => {
  if (ids.length === 0) return new Set();
  if (ids.length <= idsInOneParameter) {
    const rows = await sql.rows("SELECT event_id FROM collected_events WHERE program_id = $1 AND has(JSONExtract($2, 'Array(String)'), event_id)",
      [programId, JSON.stringify(ids)],);
    return new Set(rows.map((r) => textOf(r["event_id"])));
  }
  const staged = `ingest_sent_ids_${programId}`;
  await sql.run(`DROP TABLE IF EXISTS ${staged}`);
  await sql.run(`CREATE TABLE ${staged} (event_id String) ENGINE = MergeTree ORDER BY event_id`);
  try {
    await sql.insert(
      staged,
      ["event_id"],
      ids.map((id) => [id]),
    );
    const rows = await sql.rows(
      `SELECT event_id FROM collected_events WHERE program_id = $1 AND event_id IN (SELECT event_id FROM ${staged})`,
      [programId],
    );
    return new Set(rows.map((r) => textOf(r["event_id"])));
  } finally {
    await sql.run(`DROP TABLE IF EXISTS ${staged}`);
  }
};

/** A write of events: its program, hits and time; each answered with its own counts. */

/**
 * Stores writes of events in the caller's turn, as DuckDB's storeEvents does: per program, the
 * first of each event id (in write and batch order) that the program has not stored becomes a
 * hit numbered after the program's last, kept by its id in collected_events and marked in
 * ingestion_due; the tallies count accepted and duplicate rows. Answers each write's counts.
 */
const storeEventWrites = async (sql: ClickHouseStatements, group: ReadonlyArray<EventWrite>): Promise<ReadonlyArray<StoredRows>> => {
  const storedByWrite = group.map(() => 0);
  for (const programId of new Set(group.map((w) => w.programId))) {
    const firsts = new Map<string, { readonly hit: IngestedHit; readonly write: number }>();
    group.forEach((write, r) => {
      if (write.programId !== programId) return;
      for (const hit of write.hits) if (!firsts.has(hit.eventId)) firsts.set(hit.eventId, { hit, write: r });
    });
    for (const id of await storedIdsOf(sql, programId, [...firsts.keys()])) firsts.delete(id);
    const fresh = [...firsts.values()];
    const at = Math.max(...group.filter((w) => w.programId === programId).map((w) => w.at));
    if (fresh.length > 0) {
      const last = numberOf((await sql.rows("SELECT coalesce(max(hit_id), 0) AS id FROM hits WHERE program_id = $1", [programId]))[0]?.["id"] ?? 0);
      const numbered = fresh.map((f, i) => ({ ...f, hitId: last + 1 + i }));
      await sql.insert(
        "hits",
        hitColumns,
        numbered.map(({ hit: h, hitId }) => [
          programId,
          hitId,
          h.visitorId,
          h.ts,
          h.hitDate,
          h.eventType,
          h.source,
          h.medium,
          h.campaign,
          h.content,
          h.term,
          h.referrer,
          h.landingUrl,
          h.publisherId,
          h.costLink,
          ...taxonomyLevels.map(() => "None"),
        ]),
      );
      await sql.insert(
        "ingestion_due",
        ["program_id", "hit_id", "order_id", "marked_at"],
        numbered.map(({ hitId }) => [programId, hitId, null, at]),
      );
      // Last: once an id is in collected_events a resent event is a duplicate, so the hit and its mark are already there.
      await sql.insert(
        "collected_events",
        ["program_id", "event_id", "hit_id", "received_at"],
        numbered.map(({ hit, hitId }) => [programId, hit.eventId, hitId, at]),
      );
      for (const f of fresh) storedByWrite[f.write] = (storedByWrite[f.write] ?? 0) + 1;
    }
    const sent = sentFor(group, programId);
    await tallyRows(
      sql,
      programId,
      "event",
      new Map([
        ["accepted", fresh.length],
        ["duplicate", sent - fresh.length],
      ]),
      at,
    );
  }
  return answersOf(group, storedByWrite);
};


/** Stores orders in the caller's turn: an id stored exactly so is unchanged; a changed or new one is (re)written and marked. */
/** Stores a page's custom events and identifies in the caller's turn: the ids kept are read, then only new ones written. */
const storeVisitorEvents = async (
  sql: ClickHouseStatements,
  programId: number,
  events: ReadonlyArray<IngestedVisitorEvent>,
  at: number,
): Promise<StoredRows> => {
  const ids = [...new Set(events.map((e) => e.eventId))];
  const kept =
    ids.length === 0
      ? []
      : await sql.rows("SELECT event_id FROM visitor_events WHERE program_id = $1 AND has(JSONExtract($2, 'Array(String)'), event_id)", [
          programId,
          JSON.stringify(ids),
        ]);
  const fresh = freshVisitorEvents(events, new Set(kept.map((r) => textOf(r["event_id"]))));
  // The identities first: once an event id is kept, a resent identify is a duplicate and would not write them again.
  await storeIdentities(sql, programId, fresh, at);
  if (fresh.length > 0) await sql.insert("visitor_events", visitorEventColumns, fresh.map((e) => [...visitorEventValues(programId, e, at)]));
  for (const [kind, outcomes] of visitorEventTallies(events, fresh)) await tallyRows(sql, programId, kind, outcomes, at);
  return { stored: fresh.length, unchanged: events.length - fresh.length };
};

const storeOrders = async (sql: ClickHouseStatements, programId: number, orders: ReadonlyArray<IngestedOrder>, at: number): Promise<StoredRows> => {
  const ids = [...new Set(orders.map((o) => o.orderId))];
  const stored =
    ids.length === 0
      ? []
      : await sql.rows(
          `SELECT order_id, visitor_id, ts, CAST(order_date AS String) AS order_date, amount, status, customer_type, payment, customer_id, updated_at
           FROM orders WHERE program_id = $1 AND has(JSONExtract($2, 'Array(String)'), order_id)`,
          [programId, JSON.stringify(ids)],
        );
  const { changed, accepted, unchanged } = orderBatchOutcome(orders, stored);
  if (changed.length > 0) {
    // The marks first, then the replacement: a failure part-way leaves marks the next processing reads again.
    await sql.insert(
      "ingestion_due",
      ["program_id", "hit_id", "order_id", "marked_at"],
      changed.map((o) => [programId, null, o.orderId, at]),
    );
    // A DELETE is a mutation on ClickHouse (tens of ms even when it matches nothing): only stored ids are replaced.
    const storedIds = new Set(stored.map((row) => textOf(row["order_id"])));
    const replaced = changed.filter((o) => storedIds.has(o.orderId)).map((o) => o.orderId);
    if (replaced.length > 0) {
      await sql.run("DELETE FROM orders WHERE program_id = $1 AND has(JSONExtract($2, 'Array(String)'), order_id)", [
        programId,
        JSON.stringify(replaced),
      ]);
    }
    await sql.insert(
      "orders",
      storedOrderColumns,
      changed.map((o) => storedOrderValues(programId, o)),
    );
  }
  await tallyRows(sql, programId, "order", new Map([["accepted", accepted], ["duplicate", unchanged]]), at);
  return { stored: accepted, unchanged };
};

/** The tables of an incremental run's scope, named per program (real tables: dropped at the end of the run's turn). */
const scopeOf = (programId: number): IncrementalRunTables => ({
  hits: `ingest_scope_hits_${programId}`,
  trafficDays: `ingest_scope_traffic_days_${programId}`,
  orders: `ingest_scope_orders_${programId}`,
  salesDays: `ingest_scope_sales_days_${programId}`,
});

/** A scope table from a SELECT (ClickHouse's CREATE TABLE ... AS SELECT names its engine). */
const scopeTable = async (sql: ClickHouseStatements, table: string, select: string, parameters: ReadonlyArray<number>): Promise<void> => {
  await sql.run(`DROP TABLE IF EXISTS ${table}`);
  await sql.run(`CREATE TABLE ${table} ENGINE = MergeTree ORDER BY tuple() AS ${select}`, parameters);
};

/** Rows of a file of events read at once by the ingest path (readRest) when ClickHouse stores a file. */
const fileBatchRows = 20_000;

/** The columns of a file of events, read as the ingest path reads a row of POST /collect. */
const eventFileReading: ReadonlyArray<WantedColumn> = [
  { name: "event_id", as: "text" },
  { name: "type", as: "text" },
  { name: "time", as: "instant" },
  { name: "visitor_id", as: "text" },
  { name: "url", as: "text" },
  { name: "referrer", as: "text" },
  { name: "publisher_id", as: "text" },
  { name: "cost_link", as: "text" },
];

/**
 * The ingestion family on ClickHouse. `files` reads a bulk import's files (a ClickHouse server
 * cannot read this machine's files, so every row goes through `readRest`, the ingest path).
 */
export const clickHouseIngestionQueries = (line: ClickHouseLine, accessChecks: ClickHouseLine, files: () => Promise<FileRows>): IngestionQueries => {
  // Event writes waiting while another is stored: stored together in the next turn (a group commit), as on DuckDB,
  // a flush finding no write under way first gathering for `eventGatherMs` (a turn costs tens of ms on ClickHouse).
  type WaitingEventWrite = EventWrite & { readonly resolve: (rows: StoredRows) => void; readonly reject: (error: unknown) => void };
  const eventWrites: WaitingEventWrite[] = [];
  let flushing = false;
  const storeAlone = async (write: WaitingEventWrite): Promise<void> => {
    try {
      const [counts] = await line.transaction((sql) => storeEventWrites(sql, [write]));
      write.resolve(counts ?? { stored: 0, unchanged: write.hits.length });
    } catch (error) {
      write.reject(error);
    }
  };
  const flushEventWrites = async (): Promise<void> => {
    flushing = true;
    await new Promise((gathered) => setTimeout(gathered, eventGatherMs));
    while (eventWrites.length > 0) {
      const group = eventWrites.splice(0, eventWrites.length);
      try {
        const counts = await line.transaction((sql) => storeEventWrites(sql, group));
        group.forEach((write, r) => write.resolve(counts[r] ?? { stored: 0, unchanged: write.hits.length }));
      } catch (error) {
        // Each write is stored again in a turn of its own, so only the write at fault is refused. ClickHouse has no
        // rollback: a bad value fails its program's insert into hits, before that program's ids are kept; a program of
        // the group stored before it keeps its rows, and its writes then find their ids stored (answered as accepted).
        if (group.length === 1) group[0]?.reject(error);
        else for (const write of group) await storeAlone(write);
      }
    }
    flushing = false;
  };

  const importEventFile = async (programId: number, file: EventFileImport, at: number): Promise<ImportedEventFile> => {
    const reader = await files();
    return line.transaction(async (sql) => {
      let rows = 0;
      let stored = 0;
      let unchanged = 0;
      for await (const batch of reader.batches(file.path, file.format, eventFileReading, fileBatchRows)) {
        rows += batch.rows.length;
        const hits = file.readRest(batch.rows.map((values, i) => ({ row: batch.firstRow + i, values })));
        const kept = hits.filter((hit): hit is IngestedHit => hit !== null);
        if (kept.length === 0) continue;
        const [answer] = await storeEventWrites(sql, [{ programId, hits: kept, at }]);
        stored += answer?.stored ?? 0;
        unchanged += answer?.unchanged ?? 0;
      }
      return { rows, stored, unchanged };
    });
  };

  return {
    ...writeKeyQueries(line, accessChecks),

    addEvents: (programId, hits, at) =>
      hits.length === 0
        ? Promise.resolve({ stored: 0, unchanged: 0 })
        : new Promise<StoredRows>((resolve, reject) => {
            eventWrites.push({ programId, hits, at, resolve, reject });
            if (!flushing) void flushEventWrites();
          }),

    importEvents: async (programId, hits, at) =>
      hits.length === 0
        ? { stored: 0, unchanged: 0 }
        : ((await line.transaction((sql) => storeEventWrites(sql, [{ programId, hits, at }])))[0] ?? { stored: 0, unchanged: hits.length }),

    importEventFile,

    addVisitorEvents: (programId, events, at) => line.transaction((sql) => storeVisitorEvents(sql, programId, events, at)),

    putOrders: (programId, orders, at) => line.transaction((sql) => storeOrders(sql, programId, orders, at)),

    tallyRefused: (programId, kind, reasons, at) => line.transaction((sql) => tallyRows(sql, programId, kind, reasons, at)),

    recentEventIds: (programId, since, most) => line.exclusive((sql) => recentEventIds(sql, programId, since, most)),

    programsDue: () =>
      line.exclusive(async (sql) =>
        (await sql.rows("SELECT DISTINCT program_id FROM ingestion_due ORDER BY program_id")).map((r) => numberOf(r["program_id"])),
      ),

    process: (programId, plan, settings, at) =>
      line.transaction(async (sql) => {
        if ((await sql.rows("SELECT 1 AS due FROM ingestion_due WHERE program_id = $1 LIMIT 1", [programId])).length === 0) return null;
        const scope = scopeOf(programId);
        const due = `ingest_due_${programId}`;
        // The marks as they stand (the turn keeps every other write out until it ends).
        await scopeTable(sql, due, "SELECT hit_id, order_id FROM ingestion_due WHERE program_id = $1", [programId]);
        await scopeTable(sql, scope.hits, `SELECT DISTINCT hit_id FROM ${due} WHERE hit_id IS NOT NULL`, []);
        if (plan) await classify(sql, programId, plan, scope);
        await scopeTable(
          sql,
          scope.trafficDays,
          `SELECT DISTINCT hit_date AS day FROM hits WHERE program_id = $1 AND hit_id IN (SELECT hit_id FROM ${scope.hits})`,
          [programId],
        );
        await writeTrafficFacts(sql, programId, scope);
        // The orders a new click can reach (its visitors' orders up to the lookback after it), the orders fed or marked
        // by an identify, and the other orders of the fed orders' customers.
        await scopeTable(
          sql,
          scope.orders,
          `${reachedOrdersSql(scope.hits, `SELECT assumeNotNull(order_id) FROM ${due} WHERE order_id IS NOT NULL`)}
           UNION DISTINCT SELECT assumeNotNull(order_id) AS order_id FROM ${due} WHERE order_id IS NOT NULL`,
          [programId, settings.lookbackDays * dayMs],
        );
        // Their conversion days before (their touches) and after (the orders as stored now).
        await scopeTable(
          sql,
          scope.salesDays,
          `SELECT order_date AS day FROM touches WHERE program_id = $1 AND order_id IN (SELECT order_id FROM ${scope.orders})
           UNION DISTINCT SELECT order_date AS day FROM orders WHERE program_id = $1 AND order_id IN (SELECT order_id FROM ${scope.orders})`,
          [programId],
        );
        const orders = await countOf(sql, scope.orders);
        // No order reached: touches, journey paths and sales facts stand as they are.
        if (orders > 0) await attribute(sql, programId, settings, scope);
        // The journeys that did not convert of the visitors of the new clicks and of the orders fed.
        const journeyTables = {
          newClicks: `ingest_new_clicks_${programId}`,
          fedVisitors: `ingest_fed_visitors_${programId}`,
          extended: `ingest_extended_journeys_${programId}`,
        };
        await updateOpenJourneys(sql, programId, {
          hits: scope.hits,
          fed: `SELECT assumeNotNull(order_id) FROM ${due} WHERE order_id IS NOT NULL`,
          tables: journeyTables,
          table: (name, select) => scopeTable(sql, name, select, [programId]),
        });
        const carriesSpend = await sql.rows(
          `SELECT 1 AS spend FROM hits WHERE program_id = $1 AND hit_id IN (SELECT hit_id FROM ${scope.hits})
             AND cost_link IN (SELECT cost_link FROM variable_costs WHERE program_id = $1) LIMIT 1`,
          [programId],
        );
        if (carriesSpend.length > 0) {
          await writeCostFacts(sql, programId);
          await sql.run("DELETE FROM cost_refreshes_due WHERE program_id = $1", [programId]);
        }
        const changes = {
          hits: await countOf(sql, scope.hits),
          orders,
          trafficDays: await countOf(sql, scope.trafficDays),
          salesDays: await countOf(sql, scope.salesDays),
        };
        await sql.run("UPDATE attribution_runs SET materialised_at = $2 WHERE program_id = $1", [programId, at]);
        // Last: the marks go once every fact they called for is written.
        await sql.run("DELETE FROM ingestion_due WHERE program_id = $1", [programId]);
        for (const table of [...Object.values(scope), due, ...Object.values(journeyTables)]) await sql.run(`DROP TABLE IF EXISTS ${table}`);
        return changes;
      }),
  };
};
