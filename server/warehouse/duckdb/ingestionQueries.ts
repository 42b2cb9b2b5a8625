import type { DuckDBAppender } from "@duckdb/node-api";
import { taxonomyLevels } from "../../../src/domain/report/taxonomyLevels";
import type { EventFileImport, ImportedEventFile, IngestedHit, IngestionQueries, StoredRows, TalliedKind } from "../ingestionQueries";
import { insertRows, numberOf, textOf, type Statements } from "../statements";
import { writeKeyQueries } from "../writeKeyQueries";
import { orderBatchOutcome, storedOrderColumns, storedOrderValues } from "../sql/storedOrders";
import { answersOf, freshVisitorEvents, recentEventIds, sentFor, visitorEventColumns, visitorEventTallies, visitorEventValues, type EventWrite } from "../sql/eventWrites";
import { storeIdentities } from "../sql/visitorIdentities";
import { attribute, classify, reachedOrdersSql, updateOpenJourneys, writeCostFacts, writeTrafficFacts, type IncrementalRunTables, type OpenJourneyRunTables } from "../sql/attributionQueries";
import type { ConnectionLine } from "./connectionLine";
import { checkedEventsSql, enginesSql, eventFileColumns, landingsSql, passedHitColumns, passedHitsSql } from "./eventFileChecks";
import { fileReadings, numberedRowsOf } from "./fileRows";
import { dayInZoneSql, zoneParameters } from "./zoneDays";

/**
 * Ingestion on DuckDB (docs/engine.md, "Ingestion"). Writes run on the warehouse's one
 * write connection, each in a transaction that also marks what it changed in
 * `ingestion_due`; the write keys are writeKeyQueries.ts, shared with ClickHouse, their
 * lookups on the access-check connection.
 */

const dayMs = 86_400_000;

const placeholdersFrom = (first: number, count: number): string =>
  Array.from({ length: count }, (_, i) => `$${first + i}`).join(", ");

/** The day of `at` ($2) in the program's ($1) time zone (its IANA zone, or an older program's offset). */
const dayOfAtInProgramZone = `coalesce(
  (SELECT ${dayInZoneSql("$2", "time_zone", "utc_offset")} FROM programs WHERE id = $1),
  CAST(epoch_ms(CAST($2 AS BIGINT)) AS DATE))`;

/** Adds rows to the program's tally of the day of `at` in the program's time zone (kind 'event' or 'order'), in one statement. */
export const tallyRows = async (
  sql: Statements,
  programId: number,
  kind: TalliedKind,
  outcomes: ReadonlyMap<string, number>,
  at: number,
): Promise<void> => {
  const counted = [...outcomes].filter(([, rows]) => rows > 0);
  if (counted.length === 0) return;
  await sql.run(
    `INSERT INTO ingestion_tallies (program_id, day, kind, outcome, rows, last_at)
     SELECT $1, ${dayOfAtInProgramZone}, $3, t.outcome, t.rows, $2
     FROM (VALUES ${counted.map((_, i) => `($${4 + 2 * i}, CAST($${5 + 2 * i} AS BIGINT))`).join(", ")}) AS t(outcome, rows)
     ON CONFLICT (program_id, day, kind, outcome) DO UPDATE
     SET rows = ingestion_tallies.rows + excluded.rows, last_at = greatest(ingestion_tallies.last_at, excluded.last_at)`,
    [programId, at, kind, ...counted.flat()],
  );
};

/** The temporary tables of an incremental run's scope. */
const scope: IncrementalRunTables = {
  hits: "ingest_scope_hits",
  trafficDays: "ingest_scope_traffic_days",
  orders: "ingest_scope_orders",
  salesDays: "ingest_scope_sales_days",
};

/** The incremental run's tables for the journeys that did not convert (updateOpenJourneys). */
const openJourneyTables: OpenJourneyRunTables = {
  newClicks: "ingest_new_clicks",
  fedVisitors: "ingest_fed_visitors",
  extended: "ingest_extended_journeys",
};

/** The hit fields an event carries besides its id, visitor, instant, day and type. */
const hitFieldColumns = "source, medium, campaign, content, term, referrer, landing_url, publisher_id, cost_link";

const countOf = async (sql: Statements, table: string): Promise<number> =>
  numberOf((await sql.rows(`SELECT count(*) AS n FROM ${table}`))[0]?.["n"] ?? 0);

interface WaitingEventWrite extends EventWrite {
  readonly resolve: (rows: StoredRows) => void;
  readonly reject: (error: unknown) => void;
}

/** The JSON shape of the new hits as storeEvents passes them (one parameter: binding thousands costs more). */
const newHitShape = JSON.stringify([
  {
    visitor_id: "VARCHAR",
    ts: "BIGINT",
    hit_date: "DATE",
    event_type: "VARCHAR",
    ...Object.fromEntries(hitFieldColumns.split(", ").map((c) => [c, "VARCHAR"])),
  },
]);

/**
 * Stores a group of event writes in the caller's transaction: the first of each event id
 * (per program, in write and batch order) that the program has not stored becomes a hit
 * numbered after the program's last, with its id kept in collected_events and a mark in
 * ingestion_due. Answers each write's counts, in order.
 *
 * The hot path of POST /collect (docs/engine.md, "Ingestion"): repeats inside the group are
 * dropped and hit ids numbered here; the ids already stored and the program's last hit id
 * come back from one query; the new hits travel as one JSON parameter read straight into
 * hits (no temporary table, no window), and their ids are consecutive, so collected_events
 * and ingestion_due are written from the event ids alone and a range: five statements per
 * program and group, whatever the number of writes sharing the transaction.
 */
const storeEvents = async (
  sql: Statements,
  group: ReadonlyArray<EventWrite>,
  lastHitSeen: Map<number, number>,
): Promise<ReadonlyArray<StoredRows>> => {
  const storedByWrite = group.map(() => 0);
  const programIds = [...new Set(group.map((w) => w.programId))];
  for (const programId of programIds) {
    const firsts = new Map<string, { readonly hit: IngestedHit; readonly write: number }>();
    group.forEach((write, r) => {
      if (write.programId !== programId) return;
      for (const hit of write.hits) if (!firsts.has(hit.eventId)) firsts.set(hit.eventId, { hit, write: r });
    });
    const found = (
      await sql.rows(
        `SELECT (SELECT max(hit_id) FROM hits WHERE program_id = $1 AND hit_id >= $3) AS last,
           (SELECT coalesce(list(event_id), []) FROM collected_events
            WHERE program_id = $1 AND event_id IN (SELECT unnest(from_json($2, '["VARCHAR"]')))) AS stored`,
        [programId, JSON.stringify([...firsts.keys()]), lastHitSeen.get(programId) ?? 0],
      )
    )[0];
    // The last hit id seen bounds the scan (the row groups below it are skipped); when no hit reaches it any more
    // (a rolled-back write, a program planted again) the whole program is read.
    const last =
      found?.["last"] != null
        ? numberOf(found["last"])
        : numberOf((await sql.rows("SELECT coalesce(max(hit_id), 0) AS id FROM hits WHERE program_id = $1", [programId]))[0]?.["id"] ?? 0);
    for (const id of (found?.["stored"] ?? []) as ReadonlyArray<string>) firsts.delete(id);
    const fresh = [...firsts.values()];
    const at = Math.max(...group.filter((w) => w.programId === programId).map((w) => w.at));
    const first = last + 1;
    const end = first + fresh.length;
    if (fresh.length > 0) {
      const hits = JSON.stringify(
        fresh.map(({ hit: h }) => ({
          visitor_id: h.visitorId,
          ts: h.ts,
          hit_date: h.hitDate,
          event_type: h.eventType,
          source: h.source,
          medium: h.medium,
          campaign: h.campaign,
          content: h.content,
          term: h.term,
          referrer: h.referrer,
          landing_url: h.landingUrl,
          publisher_id: h.publisherId,
          cost_link: h.costLink,
        })),
      );
      await sql.run(
        `INSERT INTO hits (program_id, hit_id, visitor_id, ts, hit_date, event_type, ${hitFieldColumns}, ${taxonomyLevels.join(", ")})
         SELECT $1, hit_id, e.visitor_id, e.ts, e.hit_date, e.event_type, ${hitFieldColumns.split(", ").map((c) => `e.${c}`).join(", ")},
           'None', 'None', 'None', 'None'
         FROM (SELECT unnest(from_json($2, '${newHitShape}')) AS e, unnest(range($3, $4)) AS hit_id)`,
        [programId, hits, first, end],
      );
      await sql.run(
        `INSERT INTO collected_events (program_id, event_id, hit_id, received_at)
         SELECT $1, unnest(from_json($2, '["VARCHAR"]')), unnest(range($3, $4)), $5`,
        [programId, JSON.stringify(fresh.map((f) => f.hit.eventId)), first, end, at],
      );
      await sql.run("INSERT INTO ingestion_due (program_id, hit_id, order_id, marked_at) SELECT $1, unnest(range($2, $3)), NULL, $4", [
        programId,
        first,
        end,
        at,
      ]);
      for (const f of fresh) storedByWrite[f.write] = (storedByWrite[f.write] ?? 0) + 1;
    }
    lastHitSeen.set(programId, end - 1);
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

/** The temporary tables of a bulk import: the rows staged by the appender, in their places, and the new hits. */
const importStaged = "import_staged_events";
const importFresh = "import_fresh_hits";

/** The staged row's text columns after its place and instant, in the order they are appended. */
const stagedTextColumns = ["event_id", "visitor_id", "hit_date", "event_type", ...hitFieldColumns.split(", ")];

const stageTable = (sql: Statements): Promise<void> =>
  sql.run(`CREATE OR REPLACE TEMP TABLE ${importStaged} (place BIGINT, ts DOUBLE, ${stagedTextColumns.map((c) => `${c} VARCHAR`).join(", ")})`);

const appendText = (appender: DuckDBAppender, value: string | null): void => {
  if (value === null) appender.appendNull();
  else appender.appendVarchar(value);
};

const appendHits = (appender: DuckDBAppender, hits: ReadonlyArray<{ readonly place: number; readonly hit: IngestedHit }>): void => {
  for (const { place, hit: h } of hits) {
    appender.appendBigInt(BigInt(place));
    appender.appendDouble(h.ts);
    appender.appendVarchar(h.eventId);
    appender.appendVarchar(h.visitorId);
    appender.appendVarchar(h.hitDate);
    appender.appendVarchar(h.eventType);
    appendText(appender, h.source);
    appendText(appender, h.medium);
    appendText(appender, h.campaign);
    appendText(appender, h.content);
    appendText(appender, h.term);
    appendText(appender, h.referrer);
    appendText(appender, h.landingUrl);
    appendText(appender, h.publisherId);
    appendText(appender, h.costLink);
    appender.endRow();
  }
};

/**
 * A bulk import's chunk stored set-wise (docs/engine.md, "Bulk import"), with what storeEvents does for a
 * group: the chunk is staged with DuckDB's appender, each row with its place, then stored by storeStaged.
 */
const importEventChunk = async (
  line: ConnectionLine,
  sql: Statements,
  programId: number,
  hits: ReadonlyArray<IngestedHit>,
  at: number,
): Promise<StoredRows> => {
  await stageTable(sql);
  await line.appendTemporary(importStaged, (appender) => appendHits(appender, hits.map((hit, place) => ({ place, hit }))));
  const stored = await storeStaged(sql, programId, importStaged, hits.length, at);
  await sql.run(`DROP TABLE ${importStaged}`);
  return stored;
};

/**
 * The hits of `rows` (a relation of place, ts and the staged texts; `sent` rows) stored as one chunk: the first
 * row of each event id that the program's collected_events does not hold (two anti-joins, one against the
 * program's stored ids, one against the earlier rows of a repeated id) is numbered after the program's last hit
 * id in place order; then hits, collected_events, ingestion_due and the tallies are each one INSERT ... SELECT.
 */
const storeStaged = async (sql: Statements, programId: number, rows: string, sent: number, at: number): Promise<StoredRows> => {
  const last = numberOf((await sql.rows("SELECT coalesce(max(hit_id), 0) AS id FROM hits WHERE program_id = $1", [programId]))[0]?.["id"] ?? 0);
  // The new hits numbered on their places and ids alone (a narrow sort), then joined to their rows by place.
  await sql.run(
    `CREATE OR REPLACE TEMP TABLE ${importFresh} AS
     WITH sent AS (SELECT place, event_id FROM ${rows}),
       repeated AS (SELECT event_id, min(place) AS first FROM sent GROUP BY event_id HAVING count(*) > 1),
       stored AS (SELECT event_id FROM collected_events WHERE program_id = $1)
     SELECT s.place, s.event_id, CAST($2 AS BIGINT) + row_number() OVER (ORDER BY s.place) AS hit_id FROM sent s
       ANTI JOIN stored USING (event_id)
       ANTI JOIN repeated r ON r.event_id = s.event_id AND r.first <> s.place`,
    [programId, last],
  );
  const span = (await sql.rows(`SELECT count(*) AS n, min(place) AS first, max(place) AS last FROM ${importFresh}`))[0];
  const fresh = numberOf(span?.["n"] ?? 0);
  if (fresh > 0) {
    const first = numberOf(span?.["first"]);
    const columns = `s.visitor_id, CAST(s.ts AS BIGINT), CAST(s.hit_date AS DATE), s.event_type, ${hitFieldColumns
      .split(", ")
      .map((c) => `s.${c}`)
      .join(", ")}, 'None', 'None', 'None', 'None'`;
    const into = `INSERT INTO hits (program_id, hit_id, visitor_id, ts, hit_date, event_type, ${hitFieldColumns}, ${taxonomyLevels.join(", ")})`;
    // Places are unique: when the new hits' places leave no gap (every row new, as in a first import), the rows in
    // that span are exactly the new ones and a hit's id follows from its place; otherwise it is joined by place.
    if (numberOf(span?.["last"]) - first + 1 === fresh) {
      await sql.run(`${into} SELECT $1, CAST($2 AS BIGINT) + s.place - CAST($3 AS BIGINT) + 1, ${columns} FROM ${rows} s WHERE s.place BETWEEN $3 AND $4`, [
        programId,
        last,
        first,
        numberOf(span?.["last"]),
      ]);
    } else {
      await sql.run(`${into} SELECT $1, f.hit_id, ${columns} FROM ${rows} s JOIN ${importFresh} f USING (place)`, [programId]);
    }
    await sql.run(`INSERT INTO collected_events (program_id, event_id, hit_id, received_at) SELECT $1, event_id, hit_id, $2 FROM ${importFresh}`, [
      programId,
      at,
    ]);
    await sql.run(`INSERT INTO ingestion_due (program_id, hit_id, order_id, marked_at) SELECT $1, hit_id, NULL, $2 FROM ${importFresh}`, [
      programId,
      at,
    ]);
  }
  await tallyRows(sql, programId, "event", new Map([["accepted", fresh], ["duplicate", sent - fresh]]), at);
  await sql.run(`DROP TABLE ${importFresh}`);
  return { stored: fresh, unchanged: sent - fresh };
};

/** The temporary tables of a file of events: each row checked (eventFileChecks.ts), and the landings and engines read. */
const importChecked = "import_checked_events";
const importLandings = "import_landings";
const importEngines = "import_engines";
/** Rows the checks leave, read by the ingest path a page at a time. */
export const restPageSize = 20_000;

/**
 * A file of events imported in the caller's transaction (docs/engine.md, "Bulk import"): DuckDB reads the file,
 * numbering its rows in file order, and checks every row set-wise into a temporary table; the landing fields of
 * each distinct query and the engine of each distinct referrer of the rows that pass are read once; the rows left
 * are read page by page by `file.readRest` and the hits it gives staged with the appender; then the passing rows'
 * hits and the staged ones are stored as one chunk (storeStaged).
 */
const importEventFileIn = async (line: ConnectionLine, sql: Statements, programId: number, file: EventFileImport, at: number): Promise<ImportedEventFile> => {
  const readings = await fileReadings(
    (text, parameters) => sql.rows(text, parameters),
    file.path,
    file.format,
    eventFileColumns.map((name) => ({ name, as: name === "time" ? "instant" : "text" })),
  );
  const columns = eventFileColumns.map((name) => {
    const reading = readings.find((r) => r.wanted.name === name)?.reading ?? "NULL";
    return `CAST(${reading} AS ${name === "time" ? "DOUBLE" : "VARCHAR"}) AS ${name}`;
  });
  await sql.run(
    `CREATE OR REPLACE TEMP TABLE ${importChecked} AS
     ${checkedEventsSql(numberedRowsOf(file.format, columns), 2)}`,
    [file.path, file.earliest, file.latest, ...zoneParameters(file.timeZone)],
  );
  await sql.run(`CREATE OR REPLACE TEMP TABLE ${importLandings} AS ${landingsSql(importChecked)}`);
  await sql.run(`CREATE OR REPLACE TEMP TABLE ${importEngines} AS ${enginesSql(importChecked)}`);
  const rows = await countOf(sql, importChecked);
  await stageTable(sql);
  let after = 0;
  for (;;) {
    const page = await sql.rows(
      `SELECT place, event_id, event_type AS type, ts AS time, visitor_id, landing_url AS url, referrer, publisher_id, cost_link
       FROM ${importChecked} WHERE NOT passes AND place > $1 ORDER BY place LIMIT ${restPageSize}`,
      [after],
    );
    if (page.length === 0) break;
    const rest = page.map((r) => ({
      row: numberOf(r["place"]),
      values: Object.fromEntries(
        eventFileColumns.flatMap((name) => {
          const value = r[name];
          return typeof value === "string" || typeof value === "number" ? [[name, value]] : [];
        }),
      ),
    }));
    const hits = file.readRest(rest);
    const kept = rest.flatMap((r, i) => {
      const hit = hits[i];
      return hit ? [{ place: r.row, hit }] : [];
    });
    if (kept.length > 0) await line.appendTemporary(importStaged, (appender) => appendHits(appender, kept));
    after = rest[rest.length - 1]?.row ?? after;
  }
  const sent = numberOf((await sql.rows(`SELECT (SELECT count(*) FROM ${importChecked} WHERE passes) + (SELECT count(*) FROM ${importStaged}) AS n`))[0]?.["n"] ?? 0);
  const stored = await storeStaged(
    sql,
    programId,
    `(${passedHitsSql(importChecked, importLandings, importEngines)} UNION ALL SELECT ${passedHitColumns.join(", ")} FROM ${importStaged})`,
    sent,
    at,
  );
  for (const table of [importChecked, importLandings, importEngines, importStaged]) await sql.run(`DROP TABLE ${table}`);
  return { rows, ...stored };
};

/** How long a flush finding no write under way waits for others to join its transaction. */
export const eventGatherMs = 4;

export const duckDbIngestionQueries = (line: ConnectionLine, accessChecks: ConnectionLine): IngestionQueries => {
  // Event writes waiting while another is stored: stored together in the next transaction (a group commit), each
  // answered with its own counts once it committed. A transaction costs tens of ms on a loaded machine whatever its
  // size, so concurrent senders share it instead of queueing one transaction each. A flush that finds the line idle
  // first gathers for `eventGatherMs`: the senders answered by the last commit send again within a few ms, and
  // without the wait the first of them would take a transaction alone while the rest queue behind it.
  const eventWrites: WaitingEventWrite[] = [];
  // Per program, the last hit id a write saw or stored: a lower bound of the next write's, not a truth.
  const lastHitSeen = new Map<number, number>();
  let flushing = false;
  const storeAlone = async (write: WaitingEventWrite): Promise<void> => {
    try {
      const [counts] = await line.transaction((sql) => storeEvents(sql, [write], lastHitSeen));
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
        const counts = await line.transaction((sql) => storeEvents(sql, group, lastHitSeen));
        group.forEach((write, r) => write.resolve(counts[r] ?? { stored: 0, unchanged: write.hits.length }));
      } catch (error) {
        // The group was rolled back: each write is stored again in a transaction of its own, so only the write at
        // fault is refused (one bad write must never fail the requests that happened to share its commit).
        if (group.length === 1) group[0]?.reject(error);
        else for (const write of group) await storeAlone(write);
      }
    }
    flushing = false;
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

    addVisitorEvents: (programId, events, at) =>
      line.transaction(async (sql) => {
        const ids = [...new Set(events.map((e) => e.eventId))];
        const kept =
          ids.length === 0
            ? []
            : await sql.rows(`SELECT event_id FROM visitor_events WHERE program_id = $1 AND event_id IN (${placeholdersFrom(2, ids.length)})`, [
                programId,
                ...ids,
              ]);
        const fresh = freshVisitorEvents(events, new Set(kept.map((r) => textOf(r["event_id"]))));
        if (fresh.length > 0) await insertRows(sql, "visitor_events", visitorEventColumns, fresh.map((e) => visitorEventValues(programId, e, at)));
        await storeIdentities(sql, programId, fresh, at);
        for (const [kind, outcomes] of visitorEventTallies(events, fresh)) await tallyRows(sql, programId, kind, outcomes, at);
        return { stored: fresh.length, unchanged: events.length - fresh.length };
      }),

    importEvents: (programId, hits, at) =>
      hits.length === 0 ? Promise.resolve({ stored: 0, unchanged: 0 }) : line.transaction((sql) => importEventChunk(line, sql, programId, hits, at)),

    importEventFile: (programId, file, at) => line.transaction((sql) => importEventFileIn(line, sql, programId, file, at)),

    putOrders: (programId, orders, at) =>
      line.transaction(async (sql) => {
        const ids = [...new Set(orders.map((o) => o.orderId))];
        const stored =
          ids.length === 0
            ? []
            : await sql.rows(
                `SELECT order_id, visitor_id, ts, CAST(order_date AS VARCHAR) AS order_date, amount, status, customer_type, payment, customer_id, updated_at
                 FROM orders WHERE program_id = $1 AND order_id IN (${placeholdersFrom(2, ids.length)})`,
                [programId, ...ids],
              );
        const { changed, accepted, unchanged } = orderBatchOutcome(orders, stored);
        if (changed.length > 0) {
          await sql.run(
            `DELETE FROM orders WHERE program_id = $1 AND order_id IN (${placeholdersFrom(2, changed.length)})`,
            [programId, ...changed.map((o) => o.orderId)],
          );
          await insertRows(
            sql,
            "orders",
            storedOrderColumns,
            changed.map((o) => storedOrderValues(programId, o)),
          );
          await insertRows(sql, "ingestion_due", ["program_id", "hit_id", "order_id", "marked_at"], changed.map((o) => [programId, null, o.orderId, at]));
        }
        await tallyRows(sql, programId, "order", new Map([["accepted", accepted], ["duplicate", unchanged]]), at);
        return { stored: accepted, unchanged };
      }),

    tallyRefused: (programId, kind, reasons, at) => line.transaction((sql) => tallyRows(sql, programId, kind, reasons, at)),

    recentEventIds: (programId, since, most) => line.exclusive((sql) => recentEventIds(sql, programId, since, most)),

    programsDue: () =>
      line.exclusive(async (sql) =>
        (await sql.rows("SELECT DISTINCT program_id FROM ingestion_due ORDER BY 1")).map((r) => numberOf(r["program_id"])),
      ),

    process: (programId, plan, settings, at) =>
      line.transaction(async (sql) => {
        await sql.run("DROP TABLE IF EXISTS ingest_due");
        await sql.run("CREATE TEMP TABLE ingest_due AS SELECT hit_id, order_id FROM ingestion_due WHERE program_id = $1", [programId]);
        if ((await countOf(sql, "ingest_due")) === 0) {
          await sql.run("DROP TABLE ingest_due");
          return null;
        }
        for (const table of Object.values(scope)) await sql.run(`DROP TABLE IF EXISTS ${table}`);
        await sql.run(`CREATE TEMP TABLE ${scope.hits} AS SELECT DISTINCT hit_id FROM ingest_due WHERE hit_id IS NOT NULL`);
        if (plan) await classify(sql, programId, plan, scope);
        await sql.run(
          `CREATE TEMP TABLE ${scope.trafficDays} AS
           SELECT DISTINCT hit_date AS day FROM hits WHERE program_id = $1 AND hit_id IN (SELECT hit_id FROM ${scope.hits})`,
          [programId],
        );
        await writeTrafficFacts(sql, programId, scope);
        // The orders a new click can reach (its visitors' orders up to the lookback after it), the orders fed or marked
        // by an identify, and the other orders of the fed orders' customers.
        await sql.run(
          `CREATE TEMP TABLE ${scope.orders} AS
           ${reachedOrdersSql(scope.hits, "SELECT order_id FROM ingest_due WHERE order_id IS NOT NULL")}
           UNION SELECT order_id FROM ingest_due WHERE order_id IS NOT NULL`,
          [programId, settings.lookbackDays * dayMs],
        );
        // Their conversion days before (their touches) and after (the orders as stored now).
        await sql.run(
          `CREATE TEMP TABLE ${scope.salesDays} AS
           SELECT order_date AS day FROM touches WHERE program_id = $1 AND order_id IN (SELECT order_id FROM ${scope.orders})
           UNION SELECT order_date FROM orders WHERE program_id = $1 AND order_id IN (SELECT order_id FROM ${scope.orders})`,
          [programId],
        );
        // No order reached: touches, journey paths and sales facts stand as they are.
        if ((await countOf(sql, scope.orders)) > 0) await attribute(sql, programId, settings, scope);
        // The journeys that did not convert of the visitors of the new clicks and of the orders fed.
        await updateOpenJourneys(sql, programId, {
          hits: scope.hits,
          fed: "SELECT order_id FROM ingest_due WHERE order_id IS NOT NULL",
          tables: openJourneyTables,
          table: async (name, select) => {
            await sql.run(`DROP TABLE IF EXISTS ${name}`);
            await sql.run(`CREATE TEMP TABLE ${name} AS ${select}`, [programId]);
          },
        });
        const carriesSpend = await sql.rows(
          `SELECT 1 FROM hits WHERE program_id = $1 AND hit_id IN (SELECT hit_id FROM ${scope.hits})
             AND cost_link IN (SELECT cost_link FROM variable_costs WHERE program_id = $1) LIMIT 1`,
          [programId],
        );
        if (carriesSpend.length > 0) {
          await writeCostFacts(sql, programId);
          await sql.run("DELETE FROM cost_refreshes_due WHERE program_id = $1", [programId]);
        }
        await sql.run("DELETE FROM ingestion_due WHERE program_id = $1", [programId]);
        const changes = {
          hits: await countOf(sql, scope.hits),
          orders: await countOf(sql, scope.orders),
          trafficDays: await countOf(sql, scope.trafficDays),
          salesDays: await countOf(sql, scope.salesDays),
        };
        await sql.run("UPDATE attribution_runs SET materialised_at = $2 WHERE program_id = $1", [programId, at]);
        for (const table of [...Object.values(scope), ...Object.values(openJourneyTables), "ingest_due"]) await sql.run(`DROP TABLE ${table}`);
        return changes;
      }),
  };
};
