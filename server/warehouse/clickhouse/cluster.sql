-- The warehouse on a ClickHouse cluster: the tables of schema.ts (migrations 1-13), laid out for shards
-- and replicas. docs/engine.md ("Cluster") gives the reasoning; test/unit/warehouse/clusterSchema.test.ts
-- checks that every table of schema.ts is here with the same columns and types.
--
-- Run once, by an operator, before the first server start (clickhouse-client --multiquery < cluster.sql).
-- Every node's configuration defines the macros {cluster} (the cluster's name in remote_servers),
-- {shard} (the node's shard) and {replica} (a name unique to the node in the whole cluster); {database}
-- and {table} are filled in by ClickHouse.
--
-- Two kinds of table:
--
-- * Sharded (program data: hits, orders, touches, the facts, journeys, spend, notes, seasons, settings,
--   classification, reports, data sets, idempotency keys, ingestion marks and tallies): a
--   ReplicatedMergeTree local table named as the server names it, replicated inside its shard
--   (Keeper path /clickhouse/tables/{shard}/...), and a Distributed table <name>_all over the local
--   tables of every shard, with sharding key `program_id`.
--   The sharding expression is program_id itself: a row goes to shard program_id % (sum of weights),
--   every shard weighing 1, which is shardOf(programId, shardCount) in shardedWarehouse.ts. The "hash" is
--   the identity on purpose: program ids are small consecutive integers the app hands out, so the
--   remainder deals programs evenly to the shards (a hash such as intHash64 would scatter a few dozen
--   programs less evenly), and the same expression reads the same in TypeScript and in SQL, so the
--   server can route a program's calls to its shard itself. Balance is by program count, not by size:
--   a much larger program is moved by giving its shard a smaller weight or by moving its rows.
--   Every statement of the server is scoped to one program, so it runs whole on one shard: its joins
--   (hits with orders, touches with facts, settings and classification with hits) meet rows of one
--   program, all local. The server talks to one node of each shard over the local tables (CLICKHOUSE_URL
--   lists them, comma-separated, in shard order: one ClickHouse warehouse per shard behind
--   shardedWarehouse.ts); lightweight UPDATE and DELETE, which the server uses, run on local tables only.
--   The Distributed tables serve whatever reads across programs (an admin's totals, ad-hoc analysis)
--   and bulk loaders that insert rows of many programs at once (each row lands on its program's shard).
--   A per-program read of a Distributed table with optimize_skip_unused_shards = 1 and
--   `WHERE program_id = <constant>` is sent to that program's shard only instead of every shard; with
--   distributed_product_mode = 'local' a join of two _all tables joins each shard's local tables (right,
--   since both sides are sharded by the same key).
--
-- * Whole on every node (accounts, sessions, password resets and invitations, the audit trail, programs and memberships, messages and
--   their dismissals, a user's column sets and ad-platform connectors, write keys, the migration
--   ledger): a ReplicatedMergeTree whose Keeper path has no {shard}, so every node of the cluster is a
--   replica of one table and holds all of it. They are small (thousands of rows, not billions), read on
--   every sign-in and request (sessions, memberships), by statements of any program (programs), or
--   before the program is known (a write key's program, for POST /collect). Kept whole, each of those
--   reads is local to whichever node answers and no program statement ever needs a remote join.
--   A write goes to one node and reaches the others by replication (asynchronously: the server reads
--   them back from the node it wrote to). They have no Distributed table.
--
-- What a cross-program query costs: the programs list, memberships and users read one node's whole
-- tables (no fan-out). Anything over program data of every program (programs' ids with data, programs
-- with costs or ingested changes due) asks every shard once and merges: one round trip per shard, in
-- parallel, each shard reading only its own programs; through a Distributed table the same happens in
-- one query (the initiating node merges partial aggregates). Its cost grows with the number of shards,
-- not with the number of programs, and no data moves between shards.

CREATE DATABASE IF NOT EXISTS attribution ON CLUSTER '{cluster}';

CREATE TABLE attribution.schema_migrations ON CLUSTER '{cluster}' (
  version Int32,
  name String,
  applied_at Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (version)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.programs ON CLUSTER '{cluster}' (
  id Int32,
  code String,
  name String,
  currency String,
  utc_offset String,
  locale String,
  time_zone Nullable(String),
  archived_at Nullable(Int64)
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.users ON CLUSTER '{cluster}' (
  id Int32,
  username String,
  email String,
  password_hash String,
  is_admin Bool,
  last_signed_in_at Nullable(Int64)
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.program_members ON CLUSTER '{cluster}' (
  program_id Int32,
  user_id Int32
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (user_id, program_id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.sessions ON CLUSTER '{cluster}' (
  token_digest String,
  user_id Int32,
  opened_at Int64,
  expires_at Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (token_digest)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.password_resets ON CLUSTER '{cluster}' (
  token_digest String,
  user_id Int32,
  email String,
  issued_at Int64,
  expires_at Int64,
  used_at Nullable(Int64),
  purpose String DEFAULT 'reset'
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (token_digest)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.invitations ON CLUSTER '{cluster}' (
  id Int32,
  email String,
  is_admin Bool,
  program_ids String,
  invited_by Int32,
  invited_at Int64,
  expires_at Int64,
  ended_at Nullable(Int64)
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.audit_trail ON CLUSTER '{cluster}' (
  id Int32,
  changed_at Int64,
  user_id Int32,
  user_name String,
  kind String,
  program_id Nullable(Int32),
  program_code Nullable(String),
  object_ref String,
  action String,
  before_state Nullable(String),
  after_state Nullable(String)
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.messages ON CLUSTER '{cluster}' (
  id Int32,
  audience String,
  user_id Nullable(Int32),
  program_id Nullable(Int32),
  html String,
  meta_icon Nullable(String),
  meta_type Nullable(String),
  created_at Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.message_dismissals ON CLUSTER '{cluster}' (
  message_id Int32,
  user_id Int32,
  dismissed_at Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (user_id, message_id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.program_settings ON CLUSTER '{cluster}' (
  program_id Int32,
  attribution_model String,
  lookback_days Int32,
  model_level Int32 DEFAULT 1,
  markov_order Int32 DEFAULT 1
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.program_settings_all ON CLUSTER '{cluster}' AS attribution.program_settings
ENGINE = Distributed('{cluster}', attribution, program_settings, program_id);

CREATE TABLE attribution.hits ON CLUSTER '{cluster}' (
  program_id Int32,
  hit_id Int64,
  visitor_id String,
  ts Int64,
  hit_date Date,
  event_type String,
  source Nullable(String),
  medium Nullable(String),
  campaign Nullable(String),
  content Nullable(String),
  term Nullable(String),
  referrer Nullable(String),
  landing_url Nullable(String),
  publisher_id Nullable(String),
  cost_link Nullable(String),
  taxonomy_1 String DEFAULT 'None',
  taxonomy_2 String DEFAULT 'None',
  taxonomy_3 String DEFAULT 'None',
  taxonomy_4 String DEFAULT 'None'
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, hit_date, visitor_id, hit_id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.hits_all ON CLUSTER '{cluster}' AS attribution.hits
ENGINE = Distributed('{cluster}', attribution, hits, program_id);

CREATE TABLE attribution.orders ON CLUSTER '{cluster}' (
  program_id Int32,
  order_id String,
  visitor_id String,
  ts Int64,
  order_date Date,
  amount Float64,
  status String,
  customer_type String,
  payment String,
  customer_id Nullable(String),
  updated_at Nullable(Int64)
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, order_date, order_id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.orders_all ON CLUSTER '{cluster}' AS attribution.orders
ENGINE = Distributed('{cluster}', attribution, orders, program_id);

CREATE TABLE attribution.classifications ON CLUSTER '{cluster}' (
  program_id Int32,
  tree String,
  saved_at Int64,
  version Nullable(Int32) DEFAULT 1
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.classifications_all ON CLUSTER '{cluster}' AS attribution.classifications
ENGINE = Distributed('{cluster}', attribution, classifications, program_id);

CREATE TABLE attribution.fixed_costs ON CLUSTER '{cluster}' (
  id Int32,
  program_id Int32,
  taxonomy_1 String,
  taxonomy_2 String DEFAULT 'None',
  taxonomy_3 String DEFAULT 'None',
  taxonomy_4 String DEFAULT 'None',
  cost Float64,
  start_date Date,
  end_date Nullable(Date),
  frequency String,
  original_frequency String,
  created_at Int64,
  version Int64 DEFAULT 1
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.fixed_costs_all ON CLUSTER '{cluster}' AS attribution.fixed_costs
ENGINE = Distributed('{cluster}', attribution, fixed_costs, program_id);

CREATE TABLE attribution.variable_costs ON CLUSTER '{cluster}' (
  id Int32,
  program_id Int32,
  taxonomy_1 String,
  cost Float64,
  cost_date Date,
  cost_link String
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, cost_date, id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.variable_costs_all ON CLUSTER '{cluster}' AS attribution.variable_costs
ENGINE = Distributed('{cluster}', attribution, variable_costs, program_id);

CREATE TABLE attribution.annotations ON CLUSTER '{cluster}' (
  id Int32,
  program_id Int32,
  note_date Date,
  colour String,
  text String,
  created_by Nullable(Int32),
  created_at Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, note_date, id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.annotations_all ON CLUSTER '{cluster}' AS attribution.annotations
ENGINE = Distributed('{cluster}', attribution, annotations, program_id);

CREATE TABLE attribution.seasonality_types ON CLUSTER '{cluster}' (
  id Int32,
  program_id Int32,
  name String,
  created_by Nullable(Int32)
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.seasonality_types_all ON CLUSTER '{cluster}' AS attribution.seasonality_types
ENGINE = Distributed('{cluster}', attribution, seasonality_types, program_id);

CREATE TABLE attribution.seasonality_tags ON CLUSTER '{cluster}' (
  program_id Int32,
  week_start Date,
  seasonality_type_id Int32
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, week_start)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.seasonality_tags_all ON CLUSTER '{cluster}' AS attribution.seasonality_tags
ENGINE = Distributed('{cluster}', attribution, seasonality_tags, program_id);

CREATE TABLE attribution.column_sets ON CLUSTER '{cluster}' (
  id Int32,
  user_id Int32,
  name String,
  columns String,
  created_at Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (user_id, id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.column_set_favourites ON CLUSTER '{cluster}' (
  user_id Int32,
  column_set_id Int32
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (user_id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.data_sets ON CLUSTER '{cluster}' (
  id Int32,
  program_id Int32,
  data_set_tag String,
  field String,
  operator String,
  value String
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.data_sets_all ON CLUSTER '{cluster}' AS attribution.data_sets
ENGINE = Distributed('{cluster}', attribution, data_sets, program_id);

CREATE TABLE attribution.custom_reports ON CLUSTER '{cluster}' (
  id Int32,
  program_id Int32,
  name String,
  level String,
  rules String,
  meta String,
  created_at Int64,
  created_by Nullable(Int32)
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.custom_reports_all ON CLUSTER '{cluster}' AS attribution.custom_reports
ENGINE = Distributed('{cluster}', attribution, custom_reports, program_id);

CREATE TABLE attribution.connector_accounts ON CLUSTER '{cluster}' (
  user_id Int32,
  platform String,
  account_id String,
  account_name String,
  active Bool
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (user_id, platform, account_id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.connector_grants ON CLUSTER '{cluster}' (
  user_id Int32,
  platform String,
  granted_at Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (user_id, platform)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.connector_states ON CLUSTER '{cluster}' (
  state String,
  user_id Int32,
  platform String,
  issued_at Int64,
  used_at Nullable(Int64)
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (state)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.touches ON CLUSTER '{cluster}' (
  program_id Int32,
  order_id String,
  touch_index Int32,
  touch_count Int32,
  hit_id Nullable(Int64),
  taxonomy_1 String,
  taxonomy_2 String,
  taxonomy_3 String,
  taxonomy_4 String,
  ts Int64,
  first_credit Float64,
  last_credit Float64,
  attributed_credit Float64,
  funnel_role String,
  order_date Date,
  amount Float64,
  status String,
  customer_type String,
  payment String
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, order_date, order_id, touch_index)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.touches_all ON CLUSTER '{cluster}' AS attribution.touches
ENGINE = Distributed('{cluster}', attribution, touches, program_id);

CREATE TABLE attribution.traffic_facts ON CLUSTER '{cluster}' (
  program_id Int32,
  day Date,
  level Int32,
  taxonomy_1 String,
  taxonomy_2 String,
  taxonomy_3 String,
  taxonomy_4 String,
  clicks Int64,
  impressions Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, level, day, taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.traffic_facts_all ON CLUSTER '{cluster}' AS attribution.traffic_facts
ENGINE = Distributed('{cluster}', attribution, traffic_facts, program_id);

CREATE TABLE attribution.sales_facts ON CLUSTER '{cluster}' (
  program_id Int32,
  day Date,
  level Int32,
  taxonomy_1 String,
  taxonomy_2 String,
  taxonomy_3 String,
  taxonomy_4 String,
  status String,
  customer_type String,
  payment String,
  first_click_sales Float64,
  first_click_revenue Float64,
  last_click_sales Float64,
  last_click_revenue Float64,
  attributed_sales Float64,
  attributed_revenue Float64,
  solo_revenue Float64,
  solo_credit Float64,
  upper_funnel_revenue Float64,
  upper_funnel_credit Float64,
  mid_funnel_revenue Float64,
  mid_funnel_credit Float64,
  lower_funnel_revenue Float64,
  lower_funnel_credit Float64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, level, day, taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.sales_facts_all ON CLUSTER '{cluster}' AS attribution.sales_facts
ENGINE = Distributed('{cluster}', attribution, sales_facts, program_id);

CREATE TABLE attribution.inclusion_facts ON CLUSTER '{cluster}' (
  program_id Int32,
  day Date,
  level Int32,
  taxonomy_1 String,
  taxonomy_2 String,
  taxonomy_3 String,
  taxonomy_4 String,
  status String,
  customer_type String,
  payment String,
  orders Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, level, day, taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.inclusion_facts_all ON CLUSTER '{cluster}' AS attribution.inclusion_facts
ENGINE = Distributed('{cluster}', attribution, inclusion_facts, program_id);

CREATE TABLE attribution.cost_facts ON CLUSTER '{cluster}' (
  program_id Int32,
  day Date,
  level Int32,
  taxonomy_1 String,
  taxonomy_2 String,
  taxonomy_3 String,
  taxonomy_4 String,
  variable_cost Float64,
  fixed_cost Float64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, level, day, taxonomy_1, taxonomy_2, taxonomy_3, taxonomy_4)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.cost_facts_all ON CLUSTER '{cluster}' AS attribution.cost_facts
ENGINE = Distributed('{cluster}', attribution, cost_facts, program_id);

CREATE TABLE attribution.hit_ingested_cost_links ON CLUSTER '{cluster}' (
  program_id Int32,
  hit_id Int64,
  cost_link Nullable(String)
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, hit_id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.hit_ingested_cost_links_all ON CLUSTER '{cluster}' AS attribution.hit_ingested_cost_links
ENGINE = Distributed('{cluster}', attribution, hit_ingested_cost_links, program_id);

CREATE TABLE attribution.attribution_runs ON CLUSTER '{cluster}' (
  program_id Int32,
  attribution_model Nullable(String),
  lookback_days Nullable(Int32),
  materialised_at Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.attribution_runs_all ON CLUSTER '{cluster}' AS attribution.attribution_runs
ENGINE = Distributed('{cluster}', attribution, attribution_runs, program_id);

CREATE TABLE attribution.model_weights ON CLUSTER '{cluster}' (
  program_id Int32,
  attribution_model String,
  taxonomy_1 String,
  weight Float64,
  fitted_at Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, taxonomy_1)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.model_weights_all ON CLUSTER '{cluster}' AS attribution.model_weights
ENGINE = Distributed('{cluster}', attribution, model_weights, program_id);

CREATE TABLE attribution.idempotency_keys ON CLUSTER '{cluster}' (
  user_id Int32,
  program_id Int32,
  route String,
  idempotency_key String,
  body_digest String,
  answer_status Int32,
  answer_body String,
  created_at Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, user_id, route, idempotency_key)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.idempotency_keys_all ON CLUSTER '{cluster}' AS attribution.idempotency_keys
ENGINE = Distributed('{cluster}', attribution, idempotency_keys, program_id);

CREATE TABLE attribution.cost_refreshes_due ON CLUSTER '{cluster}' (
  program_id Int32
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.cost_refreshes_due_all ON CLUSTER '{cluster}' AS attribution.cost_refreshes_due
ENGINE = Distributed('{cluster}', attribution, cost_refreshes_due, program_id);

CREATE TABLE attribution.connector_consents ON CLUSTER '{cluster}' (
  state String,
  allowed_at Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (state)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.journey_touchpoints ON CLUSTER '{cluster}' (
  program_id Int32,
  level Int32,
  taxonomy_1 String,
  taxonomy_2 String,
  taxonomy_3 String,
  taxonomy_4 String,
  touchpoint Int32
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, level, touchpoint)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.journey_touchpoints_all ON CLUSTER '{cluster}' AS attribution.journey_touchpoints
ENGINE = Distributed('{cluster}', attribution, journey_touchpoints, program_id);

CREATE TABLE attribution.journey_paths ON CLUSTER '{cluster}' (
  program_id Int32,
  order_id String,
  order_date Date,
  ts Int64,
  amount Float64,
  status String,
  customer_type String,
  payment String,
  touch_count Int32,
  date_rank Int64,
  length_rank Int64,
  path_1 Array(Int32),
  path_2 Array(Int32),
  path_3 Array(Int32),
  path_4 Array(Int32)
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, date_rank)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.journey_paths_all ON CLUSTER '{cluster}' AS attribution.journey_paths
ENGINE = Distributed('{cluster}', attribution, journey_paths, program_id);

CREATE TABLE attribution.write_keys ON CLUSTER '{cluster}' (
  id Int32,
  program_id Int32,
  key_digest String,
  prefix String,
  created_at Int64,
  revoked_at Nullable(Int64),
  kind String DEFAULT 'legacy',
  last_used_at Nullable(Int64)
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (key_digest)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.id_draws ON CLUSTER '{cluster}' (
  table_name String,
  id Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/whole/{database}/{table}', '{replica}')
ORDER BY (table_name, id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.collected_events ON CLUSTER '{cluster}' (
  program_id Int32,
  event_id String,
  hit_id Int64,
  received_at Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, event_id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.collected_events_all ON CLUSTER '{cluster}' AS attribution.collected_events
ENGINE = Distributed('{cluster}', attribution, collected_events, program_id);

CREATE TABLE attribution.visitor_events ON CLUSTER '{cluster}' (
  program_id Int32,
  event_id String,
  visitor_id String,
  ts Int64,
  kind String,
  name Nullable(String),
  props Nullable(String),
  customer_id Nullable(String),
  received_at Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, event_id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.visitor_events_all ON CLUSTER '{cluster}' AS attribution.visitor_events
ENGINE = Distributed('{cluster}', attribution, visitor_events, program_id);

CREATE TABLE attribution.visitor_identities ON CLUSTER '{cluster}' (
  program_id Int32,
  visitor_id String,
  customer_id String,
  first_seen Int64,
  last_seen Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, customer_id, visitor_id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.visitor_identities_all ON CLUSTER '{cluster}' AS attribution.visitor_identities
ENGINE = Distributed('{cluster}', attribution, visitor_identities, program_id);

CREATE TABLE attribution.ingestion_due ON CLUSTER '{cluster}' (
  program_id Int32,
  hit_id Nullable(Int64),
  order_id Nullable(String),
  marked_at Nullable(Int64)
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.ingestion_due_all ON CLUSTER '{cluster}' AS attribution.ingestion_due
ENGINE = Distributed('{cluster}', attribution, ingestion_due, program_id);

CREATE TABLE attribution.ingestion_tallies ON CLUSTER '{cluster}' (
  program_id Int32,
  day Date,
  kind String,
  outcome String,
  rows Int64,
  last_at Int64
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, day, kind, outcome)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.ingestion_tallies_all ON CLUSTER '{cluster}' AS attribution.ingestion_tallies
ENGINE = Distributed('{cluster}', attribution, ingestion_tallies, program_id);

CREATE TABLE attribution.open_journeys ON CLUSTER '{cluster}' (
  program_id Int32,
  visitor_id String,
  last_order_id Nullable(String),
  first_ts Nullable(Int64),
  last_ts Nullable(Int64),
  click_ts Array(Int64),
  path_1 Nullable(String),
  path_2 Nullable(String)
) ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}')
ORDER BY (program_id, visitor_id)
SETTINGS enable_block_number_column = 1, enable_block_offset_column = 1;

CREATE TABLE attribution.open_journeys_all ON CLUSTER '{cluster}' AS attribution.open_journeys
ENGINE = Distributed('{cluster}', attribution, open_journeys, program_id);

-- The server's migration ledger: the versions above are applied, so a server started on the cluster finds
-- nothing to migrate. Run once, on any one node (the ledger is whole on every node by replication).
INSERT INTO attribution.schema_migrations (version, name, applied_at) VALUES
  (1, 'accounts, sessions, password resets and messages', 0),
  (2, 'raw traffic and orders, costs, classification, settings and report configuration', 0),
  (3, 'attribution: touches and daily facts per taxonomy path', 0),
  (4, 'idempotency keys of spend creates', 0),
  (5, 'programs whose cost facts wait for a refresh', 0),
  (6, 'consent states allowed once', 0),
  (7, 'the classification''s version', 0),
  (8, 'journey paths per order', 0),
  (9, 'write keys, collected events and incremental processing', 0),
  (10, 'when ingested changes were marked', 0),
  (11, 'publishable and secret write keys', 0),
  (12, 'authors of shared objects and spend versions', 0),
  (13, 'when a write key was last used', 0),
  (14, 'ids drawn for records', 0),
  (15, 'custom events and identifies of visitors', 0),
  (16, 'programs'' time zones and archiving', 0),
  (17, 'customers of orders and identified visitors', 0),
  (18, 'when an order last changed', 0),
  (19, 'data-driven model weights', 0),
  (20, 'people: invitations and last sign-in', 0),
  (21, 'the level and order of data-driven models', 0),
  (22, 'audit trail', 0),
  (23, 'journeys that did not convert', 0);
