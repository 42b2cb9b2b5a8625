import type { Migration } from "../migrations";
import { openJourneysInsertSql } from "../sql/openJourneySql";

/**
 * The warehouse schema on ClickHouse, as an ordered list of migrations with the DuckDB
 * list's versions and names (duckdb/schema.ts), recorded in `schema_migrations` the same
 * way. The tables are the DuckDB tables with ClickHouse types and engines:
 *
 * - Every table is a MergeTree. Program data is ordered by (program_id, day, ...), so a
 *   report's read of one program and a date range touches one contiguous range of each
 *   part; small configuration tables are ordered by their lookup key.
 * - Columns that DuckDB allows to be NULL are Nullable here; the rest are not.
 * - ClickHouse has no unique or primary-key constraints (ORDER BY only sorts). Where the
 *   DuckDB schema refuses a second row (an idempotency key, a write key's digest, a
 *   collected event's id) the statements check before they write, inside one turn of the
 *   line (clickhouseLine.ts), which serialises a server's writes.
 * - Rows the API updates in place (a password reset used, a classification's version, a
 *   connector account's state) are updated with ClickHouse's lightweight UPDATE, which needs
 *   the block number and offset columns: every table keeps them (`mutable` below).
 *
 * Times are epoch milliseconds in Int64 columns; calendar days are Date.
 */

/** Table settings that allow lightweight UPDATE ... SET ... WHERE. */
const mutable = "SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1";

const mergeTree = (orderBy: string): string => `ENGINE = MergeTree ORDER BY (${orderBy}) ${mutable}`;

export const clickHouseMigrationLedger = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version Int32,
  name String,
  applied_at Int64
) ${mergeTree("version")}`;

/** The four taxonomy columns of a fact or touch. */
const taxonomyColumns = "taxonomy_1 String, taxonomy_2 String, taxonomy_3 String, taxonomy_4 String";

export const clickHouseMigrations: ReadonlyArray<Migration> = [
  {
    version: 1,
    name: "accounts, sessions, password resets and messages",
    statements: [
      `CREATE TABLE programs (
        id Int32, code String, name String, currency String, utc_offset String, locale String
      ) ${mergeTree("id")}`,
      `CREATE TABLE users (
        id Int32, username String, email String, password_hash String, is_admin Bool
      ) ${mergeTree("id")}`,
      `CREATE TABLE program_members (program_id Int32, user_id Int32) ${mergeTree("user_id, program_id")}`,
      `CREATE TABLE sessions (
        token_digest String, user_id Int32, opened_at Int64, expires_at Int64
      ) ${mergeTree("token_digest")}`,
      `CREATE TABLE password_resets (
        token_digest String, user_id Int32, email String, issued_at Int64, expires_at Int64, used_at Nullable(Int64)
      ) ${mergeTree("token_digest")}`,
      `CREATE TABLE messages (
        id Int32, audience String, user_id Nullable(Int32), program_id Nullable(Int32), html String,
        meta_icon Nullable(String), meta_type Nullable(String), created_at Int64
      ) ${mergeTree("id")}`,
      `CREATE TABLE message_dismissals (message_id Int32, user_id Int32, dismissed_at Int64) ${mergeTree("user_id, message_id")}`,
    ],
  },
  {
    version: 2,
    name: "raw traffic and orders, costs, classification, settings and report configuration",
    statements: [
      `CREATE TABLE program_settings (program_id Int32, attribution_model String, lookback_days Int32) ${mergeTree("program_id")}`,
      `CREATE TABLE hits (
        program_id Int32, hit_id Int64, visitor_id String, ts Int64, hit_date Date, event_type String,
        source Nullable(String), medium Nullable(String), campaign Nullable(String), content Nullable(String),
        term Nullable(String), referrer Nullable(String), landing_url Nullable(String), publisher_id Nullable(String),
        cost_link Nullable(String),
        taxonomy_1 String DEFAULT 'None', taxonomy_2 String DEFAULT 'None', taxonomy_3 String DEFAULT 'None',
        taxonomy_4 String DEFAULT 'None'
      ) ${mergeTree("program_id, hit_date, visitor_id, hit_id")}`,
      `CREATE TABLE orders (
        program_id Int32, order_id String, visitor_id String, ts Int64, order_date Date, amount Float64,
        status String, customer_type String, payment String
      ) ${mergeTree("program_id, order_date, order_id")}`,
      `CREATE TABLE classifications (program_id Int32, tree String, saved_at Int64) ${mergeTree("program_id")}`,
      `CREATE TABLE fixed_costs (
        id Int32, program_id Int32, taxonomy_1 String, taxonomy_2 String DEFAULT 'None',
        taxonomy_3 String DEFAULT 'None', taxonomy_4 String DEFAULT 'None', cost Float64, start_date Date,
        end_date Nullable(Date), frequency String, original_frequency String, created_at Int64
      ) ${mergeTree("program_id, id")}`,
      `CREATE TABLE variable_costs (
        id Int32, program_id Int32, taxonomy_1 String, cost Float64, cost_date Date, cost_link String
      ) ${mergeTree("program_id, cost_date, id")}`,
      `CREATE TABLE annotations (
        id Int32, program_id Int32, note_date Date, colour String, text String, created_by Nullable(Int32),
        created_at Int64
      ) ${mergeTree("program_id, note_date, id")}`,
      `CREATE TABLE seasonality_types (id Int32, program_id Int32, name String) ${mergeTree("program_id, id")}`,
      `CREATE TABLE seasonality_tags (program_id Int32, week_start Date, seasonality_type_id Int32) ${mergeTree("program_id, week_start")}`,
      `CREATE TABLE column_sets (
        id Int32, user_id Int32, name String, columns String, created_at Int64
      ) ${mergeTree("user_id, id")}`,
      `CREATE TABLE column_set_favourites (user_id Int32, column_set_id Int32) ${mergeTree("user_id")}`,
      `CREATE TABLE data_sets (
        id Int32, program_id Int32, data_set_tag String, field String, operator String, value String
      ) ${mergeTree("program_id, id")}`,
      `CREATE TABLE custom_reports (
        id Int32, program_id Int32, name String, level String, rules String, meta String, created_at Int64
      ) ${mergeTree("program_id, id")}`,
      `CREATE TABLE connector_accounts (
        user_id Int32, platform String, account_id String, account_name String, active Bool
      ) ${mergeTree("user_id, platform, account_id")}`,
      `CREATE TABLE connector_grants (user_id Int32, platform String, granted_at Int64) ${mergeTree("user_id, platform")}`,
      `CREATE TABLE connector_states (
        state String, user_id Int32, platform String, issued_at Int64, used_at Nullable(Int64)
      ) ${mergeTree("state")}`,
    ],
  },
  {
    version: 3,
    name: "attribution: touches and daily facts per taxonomy path",
    statements: [
      `CREATE TABLE touches (
        program_id Int32, order_id String, touch_index Int32, touch_count Int32, hit_id Nullable(Int64),
        ${taxonomyColumns}, ts Int64, first_credit Float64, last_credit Float64, attributed_credit Float64,
        funnel_role String, order_date Date, amount Float64, status String, customer_type String, payment String
      ) ${mergeTree("program_id, order_date, order_id, touch_index")}`,
      `CREATE TABLE traffic_facts (
        program_id Int32, day Date, level Int32, ${taxonomyColumns}, clicks Int64, impressions Int64
      ) ${mergeTree("program_id, level, day, taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4")}`,
      `CREATE TABLE sales_facts (
        program_id Int32, day Date, level Int32, ${taxonomyColumns}, status String, customer_type String,
        payment String, first_click_sales Float64, first_click_revenue Float64, last_click_sales Float64,
        last_click_revenue Float64, attributed_sales Float64, attributed_revenue Float64, solo_revenue Float64,
        solo_credit Float64, upper_funnel_revenue Float64, upper_funnel_credit Float64, mid_funnel_revenue Float64,
        mid_funnel_credit Float64, lower_funnel_revenue Float64, lower_funnel_credit Float64
      ) ${mergeTree("program_id, level, day, taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4")}`,
      `CREATE TABLE inclusion_facts (
        program_id Int32, day Date, level Int32, ${taxonomyColumns}, status String, customer_type String,
        payment String, orders Int64
      ) ${mergeTree("program_id, level, day, taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4")}`,
      `CREATE TABLE cost_facts (
        program_id Int32, day Date, level Int32, ${taxonomyColumns}, variable_cost Float64, fixed_cost Float64
      ) ${mergeTree("program_id, level, day, taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4")}`,
      `CREATE TABLE hit_ingested_cost_links (program_id Int32, hit_id Int64, cost_link Nullable(String)) ${mergeTree("program_id, hit_id")}`,
      `CREATE TABLE attribution_runs (
        program_id Int32, attribution_model Nullable(String), lookback_days Nullable(Int32), materialised_at Int64
      ) ${mergeTree("program_id")}`,
    ],
  },
  {
    version: 4,
    name: "idempotency keys of spend creates",
    statements: [
      `CREATE TABLE idempotency_keys (
        user_id Int32, program_id Int32, route String, idempotency_key String, body_digest String,
        answer_status Int32, answer_body String, created_at Int64
      ) ${mergeTree("program_id, user_id, route, idempotency_key")}`,
    ],
  },
  {
    version: 5,
    name: "programs whose cost facts wait for a refresh",
    statements: [
      `CREATE TABLE cost_refreshes_due (program_id Int32) ${mergeTree("program_id")}`,
      "INSERT INTO cost_refreshes_due (program_id) SELECT id FROM programs",
    ],
  },
  {
    version: 6,
    name: "consent states allowed once",
    statements: [`CREATE TABLE connector_consents (state String, allowed_at Int64) ${mergeTree("state")}`],
  },
  {
    version: 7,
    name: "the classification's version",
    statements: ["ALTER TABLE classifications ADD COLUMN version Nullable(Int32) DEFAULT 1"],
  },
  {
    version: 8,
    name: "journey paths per order",
    statements: [
      `CREATE TABLE journey_touchpoints (
        program_id Int32, level Int32, ${taxonomyColumns}, touchpoint Int32
      ) ${mergeTree("program_id, level, touchpoint")}`,
      `CREATE TABLE journey_paths (
        program_id Int32, order_id String, order_date Date, ts Int64, amount Float64, status String,
        customer_type String, payment String, touch_count Int32, date_rank Int64, length_rank Int64,
        path_1 Array(Int32), path_2 Array(Int32), path_3 Array(Int32), path_4 Array(Int32)
      ) ${mergeTree("program_id, date_rank")}`,
      // A ClickHouse warehouse is created at this version with no touches yet, so there are no paths to derive
      // from older touches (the DuckDB migration derives them for databases written before it).
    ],
  },
  {
    version: 9,
    name: "write keys, collected events and incremental processing",
    statements: [
      `CREATE TABLE write_keys (
        id Int32, program_id Int32, key_digest String, prefix String, created_at Int64, revoked_at Nullable(Int64)
      ) ${mergeTree("key_digest")}`,
      `CREATE TABLE collected_events (
        program_id Int32, event_id String, hit_id Int64, received_at Int64
      ) ${mergeTree("program_id, event_id")}`,
      `CREATE TABLE ingestion_due (program_id Int32, hit_id Nullable(Int64), order_id Nullable(String)) ${mergeTree("program_id")}`,
      `CREATE TABLE ingestion_tallies (
        program_id Int32, day Date, kind String, outcome String, rows Int64, last_at Int64
      ) ${mergeTree("program_id, day, kind, outcome")}`,
    ],
  },
  {
    version: 10,
    name: "when ingested changes were marked",
    statements: ["ALTER TABLE ingestion_due ADD COLUMN marked_at Nullable(Int64)"],
  },
  {
    version: 11,
    name: "publishable and secret write keys",
    statements: ["ALTER TABLE write_keys ADD COLUMN kind String DEFAULT 'legacy'"],
  },
  {
    version: 12,
    name: "authors of shared objects and spend versions",
    statements: [
      "ALTER TABLE custom_reports ADD COLUMN created_by Nullable(Int32)",
      "ALTER TABLE seasonality_types ADD COLUMN created_by Nullable(Int32)",
      "ALTER TABLE fixed_costs ADD COLUMN version Int64 DEFAULT 1",
    ],
  },
  {
    version: 13,
    name: "when a write key was last used",
    statements: ["ALTER TABLE write_keys ADD COLUMN last_used_at Nullable(Int64)"],
  },
  {
    version: 14,
    name: "ids drawn for records",
    statements: [`CREATE TABLE id_draws (table_name String, id Int64) ${mergeTree("table_name, id")}`],
  },
  {
    version: 15,
    name: "custom events and identifies of visitors",
    statements: [
      `CREATE TABLE visitor_events (
        program_id Int32, event_id String, visitor_id String, ts Int64, kind String, name Nullable(String), props Nullable(String),
        customer_id Nullable(String), received_at Int64
      ) ${mergeTree("program_id, event_id")}`,
    ],
  },
  {
    version: 16,
    name: "programs' time zones and archiving",
    statements: [
      "ALTER TABLE programs ADD COLUMN time_zone Nullable(String)",
      "ALTER TABLE programs ADD COLUMN archived_at Nullable(Int64)",
    ],
  },
  {
    version: 17,
    name: "customers of orders and identified visitors",
    statements: [
      "ALTER TABLE orders ADD COLUMN customer_id Nullable(String)",
      `CREATE TABLE visitor_identities (
        program_id Int32, visitor_id String, customer_id String, first_seen Int64, last_seen Int64
      ) ${mergeTree("program_id, customer_id, visitor_id")}`,
    ],
  },
  {
    version: 18,
    name: "when an order last changed",
    statements: ["ALTER TABLE orders ADD COLUMN updated_at Nullable(Int64)"],
  },
  {
    version: 19,
    name: "data-driven model weights",
    statements: [
      `CREATE TABLE model_weights (
        program_id Int32, attribution_model String, taxonomy_1 String, weight Float64, fitted_at Int64
      ) ${mergeTree("program_id, taxonomy_1")}`,
    ],
  },
  {
    version: 20,
    name: "people: invitations and last sign-in",
    statements: [
      "ALTER TABLE users ADD COLUMN last_signed_in_at Nullable(Int64)",
      "ALTER TABLE password_resets ADD COLUMN purpose String DEFAULT 'reset'",
      `CREATE TABLE invitations (
        id Int32, email String, is_admin Bool, program_ids String, invited_by Int32, invited_at Int64, expires_at Int64,
        ended_at Nullable(Int64)
      ) ${mergeTree("id")}`,
    ],
  },
  {
    version: 21,
    name: "the level and order of data-driven models",
    statements: [
      "ALTER TABLE program_settings ADD COLUMN model_level Int32 DEFAULT 1",
      "ALTER TABLE program_settings ADD COLUMN markov_order Int32 DEFAULT 1",
    ],
  },
  {
    version: 22,
    name: "audit trail",
    statements: [
      `CREATE TABLE audit_trail (
        id Int32, changed_at Int64, user_id Int32, user_name String, kind String, program_id Nullable(Int32),
        program_code Nullable(String), object_ref String, action String, before_state Nullable(String), after_state Nullable(String)
      ) ${mergeTree("id")}`,
    ],
  },
  {
    version: 23,
    name: "journeys that did not convert",
    statements: [
      `CREATE TABLE open_journeys (
        program_id Int32, visitor_id String, last_order_id Nullable(String), first_ts Nullable(Int64), last_ts Nullable(Int64),
        click_ts Array(Int64), path_1 Nullable(String), path_2 Nullable(String)
      ) ${mergeTree("program_id, visitor_id")}`,
      // written once from the data of a warehouse created before it (the DuckDB migration's comment says why)
      openJourneysInsertSql("clickhouse", null),
    ],
  },
];
