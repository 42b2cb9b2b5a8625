import type { RawDataBatch } from "../engineQueries";
import { insertRows, type Statements } from "../statements";
import type { DuckDBValue } from "@duckdb/node-api";
import { taxonomyLevels } from "../../../src/domain/report/taxonomyLevels";

/**
 * Ingest: hits, orders, classifications, settings, costs and data sets written
 * as they arrive (imports, tests), in the caller's transaction.
 */

/** A statement line that also writes rows in bulk (ClickHouse's, clickhouse/clickhouseLine.ts). */
interface BulkStatements extends Statements {
  insert(table: string, columns: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<DuckDBValue>>): Promise<void>;
}

const writesInBulk = (sql: Statements): sql is BulkStatements => "insert" in sql && typeof sql.insert === "function";

/**
 * Rows written as given: on ClickHouse one bulk insert (a multi-row INSERT of typed parameters costs a
 * parse per value there), on DuckDB multi-row parameterised INSERTs.
 */
export const writeRows = (
  sql: Statements,
  table: string,
  columns: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<DuckDBValue>>,
): Promise<void> => (writesInBulk(sql) ? sql.insert(table, columns, rows) : insertRows(sql, table, columns, rows));

/** Appends raw data and configuration as given (facts are not touched). */
export const appendRawData = async (sql: Statements, batch: RawDataBatch): Promise<void> => {
  await writeRows(
    sql,
    "hits",
    [
      "program_id",
      "hit_id",
      "visitor_id",
      "ts",
      "hit_date",
      "event_type",
      "source",
      "medium",
      "campaign",
      "content",
      "term",
      "referrer",
      "landing_url",
      "publisher_id",
      "cost_link",
      ...taxonomyLevels,
    ],
    (batch.hits ?? []).map((h) => [
      h.programId,
      h.hitId,
      h.visitorId,
      h.ts,
      h.hitDate,
      h.eventType,
      h.source ?? null,
      h.medium ?? null,
      h.campaign ?? null,
      h.content ?? null,
      h.term ?? null,
      h.referrer ?? null,
      h.landingUrl ?? null,
      h.publisherId ?? null,
      h.costLink ?? null,
      ...(h.taxonomy ?? ["None", "None", "None", "None"]),
    ]),
  );
  await writeRows(
    sql,
    "orders",
    ["program_id", "order_id", "visitor_id", "ts", "order_date", "amount", "status", "customer_type", "payment", "customer_id"],
    (batch.orders ?? []).map((o) => [
      o.programId,
      o.orderId,
      o.visitorId,
      o.ts,
      o.orderDate,
      o.amount,
      o.status,
      o.customerType,
      o.payment,
      o.customerId ?? null,
    ]),
  );
  await writeRows(
    sql,
    "visitor_identities",
    ["program_id", "visitor_id", "customer_id", "first_seen", "last_seen"],
    (batch.identities ?? []).map((i) => [i.programId, i.visitorId, i.customerId, i.firstSeen, i.lastSeen]),
  );
  for (const c of batch.classifications ?? []) {
    // A replaced tree is a new version, as a save makes it.
    const previous = await sql.rows("SELECT coalesce(version, 1) AS version FROM classifications WHERE program_id = $1", [c.programId]);
    await sql.run("DELETE FROM classifications WHERE program_id = $1", [c.programId]);
    await sql.run("INSERT INTO classifications (program_id, tree, saved_at, version) VALUES ($1, $2, $3, $4)", [
      c.programId,
      c.tree,
      c.savedAt,
      Number(previous[0]?.["version"] ?? 0) + 1,
    ]);
  }
  for (const s of batch.settings ?? []) {
    await sql.run("DELETE FROM program_settings WHERE program_id = $1", [s.programId]);
    await sql.run(
      "INSERT INTO program_settings (program_id, attribution_model, lookback_days, model_level, markov_order) VALUES ($1, $2, $3, $4, $5)",
      [s.programId, s.model, s.lookbackDays, s.modelLevel ?? 1, s.markovOrder ?? 1],
    );
  }
  await writeRows(
    sql,
    "fixed_costs",
    [
      "id",
      "program_id",
      ...taxonomyLevels,
      "cost",
      "start_date",
      "end_date",
      "frequency",
      "original_frequency",
      "created_at",
    ],
    (batch.fixedCosts ?? []).map((f) => [
      f.id,
      f.programId,
      ...f.taxonomy,
      f.cost,
      f.startDate,
      f.endDate,
      f.frequency,
      f.frequency,
      f.createdAt ?? 0,
    ]),
  );
  await writeRows(
    sql,
    "variable_costs",
    ["id", "program_id", "taxonomy_1", "cost", "cost_date", "cost_link"],
    (batch.variableCosts ?? []).map((v) => [v.id, v.programId, v.taxonomy1, v.cost, v.costDate, v.costLink]),
  );
  await writeRows(
    sql,
    "data_sets",
    ["id", "program_id", "data_set_tag", "field", "operator", "value"],
    (batch.dataSets ?? []).map((d) => [d.id, d.programId, d.tag, d.rule.field, d.rule.operator, d.rule.value]),
  );
};

